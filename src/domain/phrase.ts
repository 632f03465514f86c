/**
 * A phrase as whole words, any case, its last word singular or plural ("civil rights" also holds "civil right",
 * "trains" finds "train"): how a question's words are looked for in titles and descriptions.
 */
export function phraseWords(phrase: string): { like: string; pattern: RegExp } {
  const stem = phrase.trim().replace(/(?<=\p{L}{3})(?:es|s)$/iu, "");
  const escaped = stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return { like: stem, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?:s|es)?(?![\\p{L}\\p{N}])`, "iu") };
}
