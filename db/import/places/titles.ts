import { keptPerText } from "./kept";

/**
 * Lower-case, accents and punctuation removed, a leading "the" dropped: "The Bean Café" → "bean cafe".
 * Memoised: an import asks for the key of one record's title about ten times (the chain rule, the brands, the
 * merge grid, the row written), and chain names come back across records; an ASCII title skips the Unicode
 * decomposition, which changes nothing in it.
 */
export const titleKey: (title: string) => string = keptPerText(computeTitleKey, 20_000);
const ASCII = /^[\x00-\x7f]*$/;

/** The key without the cache (exported for the test that compares the two). */
export function computeTitleKey(title: string): string {
  return (ASCII.test(title) ? title : title.normalize("NFD").replace(/\p{M}+/gu, ""))
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/^the /, "");
}
