import { LRUCache } from "lru-cache";
import type { IndexedCity } from "../cities";
import type { Place } from "./answers";
import { dropWhere, Pending } from "../../src/cache-drop";

/** Bytes of search answers (JSON text) kept at most. */
const SEARCH_CACHE_BYTES = 8 * 1024 * 1024;
const SEARCH_TTL_MS = 60_000;

/**
 * Search answers for a minute by (text in lower case — the index ignores case —, city, limit), as JSON text
 * within a byte budget: a repeated search costs a parse, not the index and the Wikipedia look-up. Concurrent
 * searches for the same text share one look-up; `clear()` (a state's places changed) keeps a running look-up's
 * answer out of the cache (docs/decisions/016-one-cache-library.md).
 */
export class SearchAnswers {
  private readonly cache: LRUCache<string, string, { q: string; city?: IndexedCity; limit: number }>;
  private readonly pending = new Pending<string>();

  /** `lookUp`: the answer as JSON text. */
  constructor(lookUp: (q: string, city: IndexedCity | undefined, limit: number) => Promise<string>) {
    this.cache = new LRUCache({
      maxSize: SEARCH_CACHE_BYTES,
      sizeCalculation: (json, key) => json.length + key.length,
      ttl: SEARCH_TTL_MS,
      ignoreFetchAbort: true,
      fetchMethod: (key, _stale, { context: { q, city, limit } }) =>
        this.pending.run(key, () => lookUp(q, city, limit)),
    });
  }

  async answer(q: string, city: IndexedCity | undefined, limit: number): Promise<Place[]> {
    return JSON.parse(await this.answerJson(q, city, limit)) as Place[];
  }

  /** The answer as the JSON text the API sends (no parse and serialise again on the way out). */
  async answerJson(q: string, city: IndexedCity | undefined, limit: number): Promise<string> {
    const key = `${q.toLowerCase()}|${city?.id ?? ""}|${limit}`;
    return (await this.cache.fetch(key, { context: { q, city, limit } }))!;
  }

  /** Drop the answers for cities `affected` picks by id ("" for a search with no city: across every state). */
  drop(affected: (cityId: string) => boolean) {
    // The key is "text|city|limit", and the text may hold "|".
    dropWhere(this.cache, (key) => affected(key.split("|").at(-2) ?? ""), this.pending);
  }

  clear() {
    this.cache.clear();
  }
}
