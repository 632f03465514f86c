/**
 * A city's window's titles in memory, folded to lower case, with an index of their three-character sequences:
 * which of its places' titles hold a text, without a query of the title index (that query was the largest part
 * of a search's CPU: a trigram index of every state reads each of the text's trigrams in every segment, about
 * 0.5–1 ms a search; here about 0.02 ms). Same matches: a title holds the text when its lower-case form holds
 * the text's (the title index's trigram match folds case the same way; docs/decisions/072-connections-and-search-cpu.md).
 */

/** The titles of a window's places (in the window's order) and their index. */
export interface TitleIndex {
  /** The titles in lower case, each followed by SEPARATOR. */
  text: string;
  /** Where each place's title starts in `text` (ascending). */
  starts: Int32Array;
  /** A trigram's postings: `postings[from .. to)` with [from, to] at `ranges.get(key)`. */
  ranges: Map<number, readonly [number, number]>;
  /** Where each trigram occurs in `text` (ascending for each trigram). */
  postings: Int32Array;
  /** Bytes held, for the windows' budget. */
  bytes: number;
}

/** Between titles: a character no title holds (a window whose titles hold it gets no index). */
export const TITLE_SEPARATOR = "\u0001";
const SEPARATOR = TITLE_SEPARATOR;

/**
 * A trigram's key: ten bits of each character, a small integer (a Map's fastest key). Characters past U+03FF can
 * share a key: each occurrence is checked against the whole text, so that only adds candidates.
 */
const keyAt = (text: string, at: number) =>
  ((text.charCodeAt(at) & 1023) << 20) | ((text.charCodeAt(at + 1) & 1023) << 10) | (text.charCodeAt(at + 2) & 1023);

/**
 * The index of `titles` (as read, in the window's order, joined by SEPARATOR), or null when it cannot answer
 * as the title index would: a title holds the separator, or folding changes a title's length (a few letters,
 * such as the dotted capital I, fold to two characters: the positions would no longer line up).
 */
export function titleIndex(joined: string, count: number): TitleIndex | null {
  const text = `${joined.toLowerCase()}${SEPARATOR}`;
  if (text.length !== joined.length + 1) return null;
  const starts = new Int32Array(count);
  let n = 0;
  for (let at = 0, start = 0; at < text.length; at++) {
    if (text.charCodeAt(at) !== 1) continue;
    if (n === count) return null;
    starts[n++] = start;
    start = at + 1;
  }
  if (n !== count) return null;
  // Two passes: count each trigram's occurrences, then place them (a postings array per trigram cost 5× more).
  const slots = new Map<number, number>();
  const slotOf = new Int32Array(text.length).fill(-1);
  let counts = new Int32Array(1024);
  for (let at = 0; at + 2 < text.length; at++) {
    if (text.charCodeAt(at + 2) === 1) {
      at += 2; // the next trigram starts after the separator
      continue;
    }
    if (text.charCodeAt(at) === 1 || text.charCodeAt(at + 1) === 1) continue;
    const key = keyAt(text, at);
    let slot = slots.get(key);
    if (slot === undefined) {
      slot = slots.size;
      slots.set(key, slot);
      if (slot === counts.length) {
        const grown = new Int32Array(counts.length * 2);
        grown.set(counts);
        counts = grown;
      }
    }
    counts[slot]!++;
    slotOf[at] = slot;
  }
  const firsts = new Int32Array(slots.size + 1);
  for (let slot = 0; slot < slots.size; slot++) firsts[slot + 1] = firsts[slot]! + counts[slot]!;
  const postings = new Int32Array(firsts[slots.size]!);
  const fill = firsts.slice(0, slots.size);
  for (let at = 0; at < slotOf.length; at++) {
    const slot = slotOf[at]!;
    if (slot >= 0) postings[fill[slot]!++] = at;
  }
  const ranges = new Map<number, readonly [number, number]>();
  for (const [key, slot] of slots) ranges.set(key, [firsts[slot]!, firsts[slot + 1]!]);
  return {
    text,
    starts,
    ranges,
    postings,
    bytes: text.length * 2 + starts.byteLength + postings.byteLength + 48 * ranges.size,
  };
}

/**
 * The positions (in the window's order, ascending) of the places whose title holds `text`, at most `max`; null
 * when the index cannot tell (a text of fewer than three characters, or one that folding changes in length).
 */
export function titlesHolding(index: TitleIndex, text: string, max: number): number[] | null {
  const wanted = text.toLowerCase();
  if (wanted.length !== text.length || wanted.includes(SEPARATOR) || [...wanted].length < 3) return null;
  // The rarest of the text's trigrams: each of its occurrences is checked against the whole text.
  let from = 0;
  let to = 0;
  let offset = -1;
  for (let at = 0; at + 2 < wanted.length; at++) {
    const range = index.ranges.get(keyAt(wanted, at));
    if (!range) return [];
    if (offset < 0 || range[1] - range[0] < to - from) {
      [from, to] = range;
      offset = at;
    }
  }
  const found: number[] = [];
  const { starts } = index;
  let last = -1;
  for (let i = from; i < to && found.length < max; i++) {
    const start = index.postings[i]! - offset;
    if (start < 0 || !index.text.startsWith(wanted, start)) continue;
    // The title it starts in (the greatest start not past it); a match never crosses a separator, which no
    // title and no text looked up here holds.
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (starts[mid]! <= start) low = mid;
      else high = mid - 1;
    }
    if (low !== last) found.push((last = low));
  }
  return found;
}
