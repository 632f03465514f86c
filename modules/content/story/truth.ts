/**
 * What a story may say of a place, read from the place's own text:
 * - a paragraph is about the place only when its first sentence names the place's title (its distinctive words);
 * - a year is a "built"/"opened" year only when the sentence saying it is about the place, not what it replaced;
 * - a tag value ("yes") is not text;
 * - an entry needs a real sentence about its subject: a kind ("Monument."), a bare listing line ("Listed on the
 *   National Register of Historic Places in 1988.") or the data's own filler ("Historic site in X, ST.") is not one.
 */
import { sentences, YEAR } from "./text";

/** Words a title shares with every title of its kind: they do not say which place a paragraph is about. */
const GENERIC =
  /^(the|a|an|of|and|at|on|in|for|to|historic|historical|district|house|home|building|site|national|landmark|register|old|new|north|south|east|west|upper|lower|st|saint|street|avenue|road|company|co|inc|no|number|mount|mt|fort|ft)$/;

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’]s\b/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** The words of a title that tell it from others of its kind ("Germantown" of "Germantown Historic District"). */
export function titleWords(title: string): string[] {
  const all = words(title.replace(/\(.*?\)/g, " "));
  const core = all.filter((w) => !GENERIC.test(w));
  return core.length ? core : all;
}

/** True when the paragraph's first sentence names the title: every distinctive word of it appears there. */
export function namesTitle(title: string, paragraph: string): boolean {
  const first = sentences(paragraph)[0] ?? "";
  const present = new Set(words(first));
  return titleWords(title).every((w) => present.has(w));
}

const BUILT_VERB = "built|constructed|completed|erected|opened|founded|established|laid out|platted|incorporated";
const BUILT = new RegExp(
  `\\b(${BUILT_VERB})\\b(?:[^.;]{0,40}?)\\b(?:in|c\\.|circa|about|around|between|from)?\\s*${YEAR}\\b|\\b(Built|Erected|Opened)\\s+${YEAR}\\b`,
  "i",
);
/** A sentence about something else: what the place replaced, its predecessor, an earlier or original building. */
const OTHER_SUBJECT =
  /\b(replac\w*|predecessor|previous|earlier|original|former|prior|demolished|destroyed|burned|succeed\w*|rebuil\w*)\b/i;

/**
 * The year a place's own text says it was built, opened or founded, with the verb used; only from a sentence
 * about the place (its first sentence, or one that opens with "It", "This" or its title's words), and only from
 * the part of it before a clause about what it replaced or what came before.
 */
export function builtYearOf(title: string, text: string): { year: number; verb: string } | null {
  const core = titleWords(title);
  const all = sentences(text);
  for (const [i, sentence] of all.entries()) {
    // Only the part before a clause about something else ("…, replacing an earlier bridge built 1927").
    const s = sentence.split(OTHER_SUBJECT)[0]!;
    const opening = words(s.slice(0, 60));
    const aboutIt =
      i === 0 ||
      /^(it|its|this|the (?:present|current) )/i.test(s) ||
      /^(?:Built|Erected|Opened)\s/.test(s) ||
      core.some((w) => opening.includes(w));
    if (!aboutIt) continue;
    const m = BUILT.exec(s);
    if (!m) continue;
    const year = Number(m[2] ?? m[4]);
    const verb = (m[1] ?? m[3] ?? "built").toLowerCase();
    if (Number.isFinite(year)) return { year, verb };
  }
  return null;
}

/** A tag value that says only that a tag is set ("yes", "no", "unknown"), quoted as if it were text. */
const TAG_VALUE = /(?:^|\s)[A-Z][a-z]+:\s*[“"](?:yes|no|true|false|unknown|none|\?)[”"]\.?\s*$/i;

/** The place's description less a tag value shown as text (OSM's `inscription=yes` became `Inscription: “yes”`). */
export function cleanText(description: string): string {
  return TAG_VALUE.test(description) ? description.replace(TAG_VALUE, "").trim() : description;
}

const LISTING = /^(?:it was |it is |)(?:listed|added|designated|placed|declared|recorded)\b[^.]*\.$/i;
/**
 * A name line: another name the place goes by or has gone by, or what the building is now, and nothing else
 * ("Also known as the James S. White Building.", "Now the Neil Simon Theater.", "Later Automation House, now
 * Richard L. Feigen & Co.", "Designated as the Allen-Beville House.").
 */
const NAME_LINE =
  /^(?:(?:Also|Formerly|Originally|Later|Once|Now)\b[^.]*?\b(?:known|called|named)\s+(?:as\b|the\b|\p{Lu})|(?:Also|Formerly|Originally|Later|Once|Now),?\s+(?:the\s+)?(?:\p{Lu}|\d)|(?:Also\s+)?(?:Known|Designated|Listed|Called)\s+as\b|A\.?k\.?a\.?\s)/u;
/** A verb that makes a name line a sentence about the place ("Also called the Old Stone Church, it was …"). */
const TELLING_VERB =
  /\b(?:is|was|were|are|has|had|have|became|served|serves|stands|stood|built|housed|houses|held|holds)\b/i;
/** The data's own line when a source gives no text: "War memorial in St. Paul, MN (since 2015)." */
const FILLER = /^[\p{L} '’-]+ in [^,.]+(?:\.[^,.]+)*, [A-Z]{2}(?: \([^)]*\))?\.$/u;
const WORD = /[\p{L}\p{N}’'-]+/gu;

/**
 * A sentence that tells something: eight words or more, not a bare listing line, not a name line, not the data's
 * "Kind in City, ST." filler.
 */
export function realSentence(s: string): boolean {
  const n = s.match(WORD)?.length ?? 0;
  if (n < 8) return false;
  if (LISTING.test(s) && n <= 16) return false;
  if ((NAME_LINE.test(s) && !TELLING_VERB.test(s)) || FILLER.test(s)) return false;
  return true;
}

/** A text that holds a real sentence (an entry shown with it is not a shell). */
export const tellsSomething = (text: string) => sentences(cleanText(text)).some(realSentence);

/** A place's text holds a real sentence about it (see the file's header); the place need not be a Wikipedia one. */
type Told = { title: string; description: string; url: string | null };
const telling = new WeakMap<Told, boolean>();
export function worthTelling(p: Told): boolean {
  let known = telling.get(p);
  if (known === undefined) telling.set(p, (known = readWorthTelling(p)));
  return known;
}

function readWorthTelling(p: Told): boolean {
  const text = cleanText(p.description);
  if (!tellsSomething(text)) return false;
  // A paragraph from an article must be about this place.
  if (p.url && /wikipedia\.org\/wiki\//.test(p.url) && text.length >= 80) return namesTitle(p.title, text);
  return true;
}
