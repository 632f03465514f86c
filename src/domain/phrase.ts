/**
 * A phrase as whole words, any case, its last word singular or plural ("civil rights" also holds "civil right",
 * "trains" finds "train"): how a question's words are looked for in titles and descriptions.
 */
export function phraseWords(phrase: string): { like: string; pattern: RegExp; tail: string } {
  const stem = phrase.trim().replace(/(?<=\p{L}{3})(?:es|s)$/iu, "");
  const escaped = stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // The phrase and its end, for a pattern that puts its own words before it ("known as the Met").
  const tail = `${escaped}(?:s|es)?(?![\\p{L}\\p{N}])`;
  return { like: stem, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${tail}`, "iu"), tail };
}
