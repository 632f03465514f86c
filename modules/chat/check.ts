/**
 * The model's text checked against its context: every phone number, street address, price, rating, year and
 * proper name it writes must come from the context it was given (LocalScope has no ratings at all). An answer
 * that fails is replaced by the grounded answer; the reason is logged.
 */

const PHONE = /(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-])?\b\d{3}[\s.-]\d{4}\b/g;
const SUFFIX =
  "(?:St|Street|Ave|Avenue|Blvd|Boulevard|Rd|Road|Dr|Drive|Ln|Lane|Way|Ct|Court|Pl|Place|Pkwy|Parkway|Hwy|Highway|Ter|Terrace|Cir|Circle|Sq|Square|Trl|Trail|Loop|Plaza|Pike|Row)";
const ADDRESS = new RegExp(`\\b\\d{1,6}\\s+(?:[A-Za-z0-9][\\w'.-]*\\s+){0,4}${SUFFIX}\\b`, "gi");
const PRICE = /\$\s?\d[\d,.]*|\b\d[\d,.]*\s?(?:dollars|usd|bucks)\b/gi;
const RATING =
  /\b\d(?:\.\d)?\s*(?:\/\s*(?:5|10)|out of (?:5|five|10|ten)|stars?)\b|\b(?:rated|rating of|ratings? (?:is|are|of))\b/gi;
const YEAR = /\b(?:1[5-9]\d\d|20\d\d)\b/g;
/** Capitalised words in a row (joined by "of", "the", "de", "and", "&"): a proper name. */
const NAME = /\b[A-Z][\w'’.-]*(?:\s+(?:(?:of|the|de|la|and|&)\s+)*[A-Z][\w'’.-]*)+/g;

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[’]/g, "'")
    .replace(/\s+/g, " ");
const digits = (text: string) => text.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");

export interface CheckContext {
  /** Everything the model was given, as text (the context JSON, the city, the places' names). */
  text: string;
}

export function checkContext(parts: string[]): CheckContext {
  return { text: fold(parts.join("\n")) };
}

/** Why a text is not grounded in the context, or null when every checked item comes from it. */
export function ungrounded(text: string, context: CheckContext): string | null {
  const known = context.text;
  const phones = [...known.matchAll(PHONE)].map((m) => digits(m[0]));
  for (const m of text.matchAll(PHONE)) {
    const d = digits(m[0]);
    if (!phones.some((p) => p === d || (d.length === 7 && p.endsWith(d))))
      return `phone number “${m[0]}” is not in the context`;
  }
  for (const m of text.matchAll(ADDRESS))
    if (!known.includes(fold(m[0]))) return `street address “${m[0]}” is not in the context`;
  for (const m of text.matchAll(RATING)) return `a rating (“${m[0]}”): LocalScope has none`;
  for (const m of text.matchAll(PRICE)) if (!known.includes(fold(m[0]))) return `price “${m[0]}” is not in the context`;
  for (const m of text.matchAll(YEAR)) if (!known.includes(m[0])) return `year ${m[0]} is not in the context`;
  for (const m of text.matchAll(NAME)) {
    const typed = m[0].replace(/[.'’-]+$/, "");
    const name = fold(typed);
    if (known.includes(name)) continue;
    // A sentence's first word is capitalised anyway ("Try Mob Museum"): the name may start after it.
    const rest = name.replace(/^\S+\s+(?:(?:of|the|de|la|and|&)\s+)*/, "");
    const sentenceStart = /(?:^|[.!?:]\s+|\n)$/.test(text.slice(0, m.index));
    if (sentenceStart && (rest.split(" ").length < 2 || known.includes(rest))) continue;
    return `name “${typed}” is not in the context`;
  }
  return null;
}

/** The end of the first whole sentence in `text` (after its punctuation and spaces), or -1. */
export function sentenceEnd(text: string): number {
  const m = /[.!?](?:["”')\]]*)(?:\s+|$)(?=\s*[A-Z0-9"“(]|$)/.exec(text);
  if (!m || m.index + m[0].length >= text.length) return -1;
  return m.index + m[0].length;
}
