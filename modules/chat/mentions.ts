import { phraseWords } from "../../src/domain/phrase";
import type { SourcePlace } from "./sources";

/**
 * A sight with no record of its own can still be named in what the sources say about a place that has one ("the
 * Liberty Bell" in the article on Philadelphia's Old City): the answer says so and quotes the sentence, never more.
 */

/** Longest quote, in characters. */
const QUOTE_MAX = 280;

/** The first sentence of `text` that names `phrase` as words, shortened at a word to QUOTE_MAX. */
export function sentenceNaming(text: string, phrase: string): string | null {
  const words = phraseWords(phrase).pattern;
  const sentence = text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+(?=[\p{Lu}"“])/u)
    .find((s) => words.test(s));
  if (!sentence) return null;
  if (sentence.length <= QUOTE_MAX) return sentence.trim();
  const at = sentence.search(words);
  const start = Math.max(0, sentence.lastIndexOf(" ", Math.max(0, at - QUOTE_MAX / 2)));
  const cut = sentence.slice(start, start + QUOTE_MAX);
  return `${start > 0 ? "… " : ""}${cut.slice(0, cut.lastIndexOf(" ")).trim()} …`;
}

/** What the answer says of a named sight that only other places' descriptions mention. */
export function mentionNote(asked: string, mentions: SourcePlace[], where: string): string {
  const [first] = mentions;
  const quote = first ? sentenceNaming(first.description, asked) : null;
  const names = mentions.map((p) => p.title);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
  return [
    `LocalScope has no record of its own for “${asked}” in ${where}, but the sources name it in what they say about ${listed}.`,
    quote && first ? `Of ${first.title}: “${quote}”` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * Whether a place's description gives `phrase` as another name of the place itself ("the Metropolitan Museum of
 * Art, colloquially referred to as the Met"; "the Museum of Modern Art (MoMA)"): then the question is about it.
 */
export function isAliasOf(p: Pick<SourcePlace, "description">, phrase: string): boolean {
  const name = phraseWords(phrase.replace(/^the\s+/i, "")).tail;
  const alias = new RegExp(
    `(?:(?:known|referred to|called|nicknamed|dubbed)(?:\\s+(?:as|simply|locally|popularly))*\\s+["“]?(?:the\\s+)?["“]?|\\(\\s*(?:the\\s+)?)${name}`,
    "iu",
  );
  return alias.test(p.description);
}
