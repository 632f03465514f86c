/**
 * Chat reply text for the /chat screen (docs/product.md, AI chat screen): markdown removed, 10-digit
 * phone numbers as call links, street addresses as links to a maps search. Pure, for the chat island only.
 */

export function stripMarkdown(text: string): string {
  return text
    .replace(/```[a-z]*\n?/gi, "")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\*\*([^*]+)\*\*/g, "$1")
    .replace(/__([^_]+)__/g, "$1")
    .replace(/(^|[\s(])[*_]([^*_\n]+)[*_](?=[\s).,;:!?]|$)/g, "$1$2")
    .replace(/^\s{0,3}#{1,6}\s+/gm, "")
    .replace(/^\s*[-*+]\s+/gm, "")
    .replace(/^\s*>\s?/gm, "")
    .replace(/\[([^\]]+)\]\((?:[^)]+)\)/g, "$1")
    .replace(/\*\*/g, "");
}

export type Segment =
  | { kind: "text"; text: string }
  | { kind: "phone"; text: string; href: string }
  | { kind: "address"; text: string; href: string }
  /** One of the app's own pages the assistant names (a trip it planned or changed), by its title when given. */
  | { kind: "app"; text: string; href: string };

/** (702) 387-6366, 702-387-6366, 702.387.6366, 7023876366, +1 702 387 6366: exactly 10 digits after an optional +1. */
const PHONE = /(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}\b/g;
const SUFFIX =
  "(?:St|Street|Ave|Avenue|Blvd|Boulevard|Rd|Road|Dr|Drive|Ln|Lane|Way|Ct|Court|Pl|Place|Pkwy|Parkway|Hwy|Highway|Ter|Terrace|Cir|Circle|Sq|Square|Trl|Trail|Loop|Plaza|Pike|Row)";
/** A house number, up to five words, a street suffix, optionally a direction (N, SW…). */
const ADDRESS = new RegExp(
  `\\b\\d{1,6}(?:-\\d{1,4})?\\s+(?:[NSEW]\\.?\\s+|North\\s+|South\\s+|East\\s+|West\\s+)?(?:[A-Z0-9][\\w'.-]*\\s+){0,4}${SUFFIX}\\b\\.?(?:\\s+(?:N|S|E|W|NE|NW|SE|SW)\\b)?`,
  "g",
);

/** The app's pages an answer may link to: a trip, and the trips page. */
const APP_PATH = /(?<![\w/])\/trips(?:\/\d{1,15})?(?![\w/])/g;
/** A page named by its title, its path after it: “A day in Savannah” (/trips/12) reads as the title, linked. */
const TITLED_PATH = /“([^”\n]{1,120})” \((\/trips(?:\/\d{1,15})?)\)/g;

/** The same maps search as the place page's "Get Directions". */
export const mapsSearchUrl = (address: string, near?: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(near ? `${address}, ${near}` : address)}`;

/** Split a reply into text, phone links, the app's trip links and address links (an address never inside another). */
export function segments(text: string, near?: string): Segment[] {
  const found: Array<{ start: number; end: number; segment: Segment }> = [];
  for (const m of text.matchAll(PHONE)) {
    const digits = m[0].replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
    if (digits.length !== 10) continue;
    found.push({
      start: m.index!,
      end: m.index! + m[0].length,
      segment: { kind: "phone", text: m[0], href: `tel:+1${digits}` },
    });
  }
  for (const m of text.matchAll(TITLED_PATH))
    found.push({
      start: m.index!,
      end: m.index! + m[0].length,
      segment: { kind: "app", text: m[1]!, href: m[2]! },
    });
  for (const m of text.matchAll(APP_PATH)) {
    const start = m.index!;
    if (found.some((f) => start >= f.start && start < f.end)) continue;
    found.push({ start, end: start + m[0].length, segment: { kind: "app", text: m[0], href: m[0] } });
  }
  for (const m of text.matchAll(ADDRESS)) {
    const start = m.index!;
    const end = start + m[0].replace(/\.$/, "").length;
    if (found.some((f) => start < f.end && end > f.start)) continue;
    const address = text.slice(start, end);
    found.push({ start, end, segment: { kind: "address", text: address, href: mapsSearchUrl(address, near) } });
  }
  found.sort((a, b) => a.start - b.start);
  const out: Segment[] = [];
  let at = 0;
  for (const f of found) {
    if (f.start > at) out.push({ kind: "text", text: text.slice(at, f.start) });
    out.push(f.segment);
    at = f.end;
  }
  if (at < text.length) out.push({ kind: "text", text: text.slice(at) });
  return out;
}

/** The product's city key: the lowercased name with spaces turned into hyphens. */
export const chatCityKey = (name: string) => name.toLowerCase().replace(/\s+/g, "-");
export const CHAT_CACHE_KEY = "localscope-chat-cache";
export const CHAT_CACHE_MS = 86_400_000;
export const CHAT_ERROR_REPLY = "Sorry, I'm having trouble processing your request right now. Please try again later.";
export const SUGGESTED_PROMPTS = [
  "What restaurants are popular here?",
  "What activities can I do today?",
  "Show me historical places nearby",
  "Where can I shop locally?",
] as const;
