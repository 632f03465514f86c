import type { Client } from "@libsql/client";
import { LRUCache } from "lru-cache";
import type { boxAround } from "../../src/geo";
import { dropWhere, Pending } from "../../src/cache-drop";
import { readWindowPlaces, type WindowPlaces } from "./search-places";
import { TITLE_SEPARATOR, type TitleIndex, titleIndex } from "./search-titles";

/**
 * Bytes of windows kept at most. A big city's 25-mile window holds 15,000–25,000 places: 60–100 KB of ids, and
 * 1.5–2.5 MB with its titles' index (./search-titles.ts).
 */
const WINDOW_BYTES = 24 * 1024 * 1024;
/**
 * A window's titles are read into memory at its 32nd search: about 50–100 ms of CPU once (on a busy machine),
 * which pays back after some 100 searches at 0.5–1 ms saved each. A city searched a few times (a visitor's, or a
 * client cycling through cities: 120 searches a minute reach four cities' titles) never pays for them.
 */
const TITLES_AT = 32;
/** A window of more places than this searches the title index instead (its titles would take over 6 MB). */
const MAX_TITLED = 60_000;
/** Cities remembered as searched once (a window is built for a city's second search). */
const SEEN_CITIES = 2_000;
/** Id ranges a window is read in at most: a city's places come from a few imports (its state's, a neighbour's). */
const MAX_RUNS = 8;
/**
 * Gaps between a window's ids narrower than this do not split a range: each range costs a query of the title
 * index (about 0.2–0.3 ms, whatever its width), and reading a range's matches costs about 0.2 µs each, so a
 * range is split only where the gap holds a state's worth of places (another state's import).
 */
const MIN_GAP = 50_000;

/**
 * A city's window: its places' ids, sorted, and the few id ranges that hold them all (a state's places are
 * imported together, so a city's ids lie in its state's ranges; the title index reads a range without reading
 * the matches before it).
 */
export interface Window {
  ids: Int32Array;
  runs: Array<[number, number]>;
  /** Searches made in it so far. */
  searches: number;
  /**
   * Its places' titles (in the order of `ids`) and their index, once read (null when they cannot be); searches
   * made while they are read go on without them.
   */
  titles?: TitleIndex | null;
  /** Its places' positions and folding keys (./search-places.ts), read with the titles. */
  places?: WindowPlaces;
  /** The reading of its titles and places, once started (settles when they are there, or not to be). */
  titling?: Promise<void>;
}

/**
 * The ids of the places in a city's search window (the box around its centre), sorted, from the R*Tree: a
 * search then keeps the title matches inside the window by a binary search in memory instead of reading each
 * match's coordinates from the store (a common text's matches lie mostly in other states: reading them was most
 * of a search's CPU). Built for a city's second search (a single search in a city costs what it did, so cycling
 * through cities cannot make each search pay for a window), kept within a byte budget, dropped with the other
 * caches when places change. The R*Tree's boxes are rounded outward, so the window holds every place whose exact
 * coordinates are in the box (and perhaps a few on its edge): the search checks the exact coordinates after.
 */
/** The bytes of each window's titles, once read. */
const titledBytes = new WeakMap<Window, number>();

export class SearchWindows {
  private readonly windows: LRUCache<string, Window, { box: Box }>;
  private readonly seen = new LRUCache<string, true>({ max: SEEN_CITIES });
  private readonly pending = new Pending<string>();

  /** `titlesAt`: the window's search that reads its titles (tests read them sooner). */
  constructor(
    private readonly client: Client,
    private readonly titlesAt = TITLES_AT,
  ) {
    this.windows = new LRUCache({
      maxSize: WINDOW_BYTES,
      sizeCalculation: (window) =>
        Math.max(1, window.ids.byteLength + 16 * window.runs.length + (titledBytes.get(window) ?? 0)),
      ignoreFetchAbort: true,
      fetchMethod: (key, _stale, { context: { box } }) => this.pending.run(key, () => this.build(box)),
    });
  }

  /**
   * The window, or null when this is the first search in it (read the store directly then) unless `now` (the
   * first search met more matches than it reads: only a window finds the city's own among them).
   */
  async window(key: string, box: Box, now = false): Promise<Window | null> {
    if (!now && !this.windows.has(key) && !this.seen.get(key)) {
      this.seen.set(key, true);
      return null;
    }
    const window = (await this.windows.fetch(key, { context: { box } })) ?? null;
    if (window && ++window.searches >= this.titlesAt && !window.titling && window.ids.length <= MAX_TITLED)
      window.titling = this.titles(key, window).then(
        (titles) => {
          window.titles = titles;
        },
        () => {
          window.titles = null; // a read that failed (a lock met): the title index answers, as before
        },
      );
    return window;
  }

  clear() {
    this.windows.clear();
  }

  /** Drop the windows of the cities `affected` picks by id (a window's key starts with its city's id). */
  drop(affected: (cityId: string) => boolean) {
    dropWhere(this.windows, (key) => affected(key.split("|")[0] ?? ""), this.pending);
  }

  private async build(box: Box): Promise<Window> {
    const { rows } = await this.client.execute({
      sql: "SELECT group_concat(id) AS ids FROM places_rtree WHERE max_lat >= ? AND min_lat <= ? AND max_lng >= ? AND min_lng <= ?",
      args: [box.minLat, box.maxLat, box.minLng, box.maxLng],
    });
    const text = rows[0]?.ids;
    const ids = text == null ? new Int32Array(0) : Int32Array.from(String(text).split(","), Number).sort();
    return { ids, runs: runsOf(ids), searches: 0 };
  }

  /**
   * The titles of the window's places and the places' positions and folding keys (./search-places.ts), read in
   * chunks between other requests; null when the window's places are no longer all there (they changed since:
   * the window is dropped soon) or the titles cannot be indexed. The window's size then counts them.
   */
  private async titles(key: string, window: Window): Promise<TitleIndex | null> {
    const read = window.ids.length ? await readWindowPlaces(this.client, window.ids) : null;
    const index = read && titleIndex(read.titles.join(TITLE_SEPARATOR), window.ids.length);
    if (!read || !index) return null;
    // The places are there before the titles are: a search given the titles finds them beside.
    window.places = read.places;
    if (this.windows.peek(key) === window) {
      titledBytes.set(window, index.bytes + read.places.bytes);
      this.windows.set(key, window); // counted again, with its titles and places
    }
    return index;
  }
}

/** The id ranges holding sorted `ids`: split at the widest gaps (at most MAX_RUNS ranges, gaps of MIN_GAP or more). */
export function runsOf(ids: Int32Array): Array<[number, number]> {
  if (!ids.length) return [];
  const gaps: number[] = [];
  for (let i = 1; i < ids.length; i++) if (ids[i]! - ids[i - 1]! >= MIN_GAP) gaps.push(i);
  const splits = gaps
    .sort((a, b) => ids[b]! - ids[b - 1]! - (ids[a]! - ids[a - 1]!) || a - b)
    .slice(0, MAX_RUNS - 1)
    .sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  let start = 0;
  for (const at of [...splits, ids.length]) {
    runs.push([ids[start]!, ids[at - 1]!]);
    start = at;
  }
  return runs;
}

export type Box = ReturnType<typeof boxAround>;

/** Whether sorted `ids` holds `id`. */
export const holds = (ids: Int32Array, id: number): boolean => positionOf(ids, id) >= 0;

/** The position of `id` in sorted `ids`, or -1. */
export function positionOf(ids: Int32Array, id: number): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = ids[mid]!;
    if (at === id) return mid;
    if (at < id) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}
