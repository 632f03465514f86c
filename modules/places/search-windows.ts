import type { Client } from "@libsql/client";
import { LRUCache } from "lru-cache";

/** Bytes of window ids kept at most (a big city's 25-mile window holds 15,000–25,000 places: 60–100 KB). */
const WINDOW_BYTES = 4 * 1024 * 1024;
/** Cities remembered as searched once (a window is built for a city's second search). */
const SEEN_CITIES = 2_000;

/**
 * The ids of the places in a city's search window (the box around its centre), sorted, from the R*Tree: a
 * search then keeps the title matches inside the window by a binary search in memory instead of reading each
 * match's coordinates from the store (a common text's matches lie mostly in other states: reading them was most
 * of a search's CPU). Built for a city's second search (a single search in a city costs what it did, so cycling
 * through cities cannot make each search pay for a window), kept within a byte budget, dropped with the other
 * caches when places change. The R*Tree's boxes are rounded outward, so the window holds every place whose exact
 * coordinates are in the box (and perhaps a few on its edge): the search checks the exact coordinates after.
 */
export class SearchWindows {
  private readonly windows: LRUCache<string, Int32Array, { box: Box }>;
  private readonly seen = new LRUCache<string, true>({ max: SEEN_CITIES });

  constructor(private readonly client: Client) {
    this.windows = new LRUCache({
      maxSize: WINDOW_BYTES,
      sizeCalculation: (ids) => Math.max(1, ids.byteLength),
      ignoreFetchAbort: true,
      fetchMethod: (_key, _stale, { context: { box } }) => this.build(box),
    });
  }

  /** The window's sorted ids, or null when this is the first search in it (read the store directly then). */
  async ids(key: string, box: Box): Promise<Int32Array | null> {
    if (!this.windows.has(key) && !this.seen.get(key)) {
      this.seen.set(key, true);
      return null;
    }
    return (await this.windows.fetch(key, { context: { box } })) ?? null;
  }

  clear() {
    this.windows.clear();
  }

  private async build(box: Box): Promise<Int32Array> {
    const { rows } = await this.client.execute({
      sql: "SELECT group_concat(id) AS ids FROM places_rtree WHERE max_lat >= ? AND min_lat <= ? AND max_lng >= ? AND min_lng <= ?",
      args: [box.minLat, box.maxLat, box.minLng, box.maxLng],
    });
    const text = rows[0]?.ids;
    return text == null ? new Int32Array(0) : Int32Array.from(String(text).split(","), Number).sort();
  }
}

export interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** Whether sorted `ids` holds `id`. */
export function holds(ids: Int32Array, id: number): boolean {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = ids[mid]!;
    if (at === id) return true;
    if (at < id) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}
