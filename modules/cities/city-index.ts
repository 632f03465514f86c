import { LRUCache } from "lru-cache";
import { keysFor, normalise, statesMatching, trailingStates } from "./city-names";
import { childOf, insertKey, newNode, shareTops, type TrieNode, walkWithinOneEdit } from "./city-trie";
import { lowerBound, prefixDistance } from "./prefix-distance";

/**
 * One job: the in-memory US city search index (see docs/decisions/003-city-search-index.md) — building it from
 * the cities and answering searches with a score per city.
 *
 * - A trie over normalised names (accents, case and punctuation ignored; "St."/"Saint", "Ft."/"Fort",
 *   "Mt."/"Mount" both ways; city-names.ts). Every node keeps its 10 most populous distinct cities, so a prefix
 *   query is a walk of |q| nodes plus a merge of at most a handful of short lists (city-trie.ts).
 * - One typo (insert, delete, substitute or swap two neighbours) is tolerated by walking the trie with a
 *   Levenshtein row, pruned as soon as the row's minimum exceeds 1.
 * - Per-state sorted key arrays answer "City, ST" / "City ST" queries.
 * - A ZIP map answers 5-digit ZIP codes (and ZIP prefixes while typing).
 */

export interface IndexedCity {
  id: number;
  name: string;
  stateCode: string;
  stateName: string;
  population: number;
  latitude: number;
  longitude: number;
  countyName: string;
  timezone: string;
  ranking: number;
  zips: string;
}

export interface CityMatch {
  city: IndexedCity;
  score: number;
}

/** Score: population on a log scale, an exact name beats a prefix, a typo costs more than it. */
const EXACT_BONUS = 1;
const TYPO_PENALTY = 1.5;
const STATE_HINT_BONUS = 0.75;
const popScore = (population: number) => Math.log10(Math.max(population, 0) + 10);

/** What a search reads: the name trie, per-state sorted keys and the ZIP codes (CityIndex.prepare). */
interface SearchTables {
  root: TrieNode;
  byState: Map<string, { keys: string[]; ids: number[] }>;
  byZip: Map<string, number[]>;
  sortedZips: string[];
}

export class CityIndex {
  readonly cities: IndexedCity[];
  private readonly byNameState = new Map<string, number>();
  private tables: SearchTables | undefined;

  constructor(input: IndexedCity[]) {
    // Most populous first: the first TOP_K distinct cities to reach a node are its top list.
    this.cities = [...input].sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
    this.cities.forEach((city, idx) => {
      const nameKey = `${normalise(city.name)}|${city.stateCode}`;
      if (!this.byNameState.has(nameKey)) this.byNameState.set(nameKey, idx);
    });
  }

  /**
   * Build the search tables now (about a CPU-second for 32,000 cities). The first search builds them otherwise:
   * a process that only finds cities by name or position (an import script, most test processes) never pays
   * for them; the server builds them before it listens (src/server.ts), so no visitor's search waits.
   */
  prepare(): SearchTables {
    if (this.tables) return this.tables;
    const root = newNode();
    const byState = new Map<string, { keys: string[]; ids: number[] }>();
    const byZip = new Map<string, number[]>();
    const stateEntries = new Map<string, Array<[string, number]>>();
    this.cities.forEach((city, idx) => {
      for (const key of keysFor(city.name)) {
        insertKey(root, key, idx);
        let list = stateEntries.get(city.stateCode);
        if (!list) stateEntries.set(city.stateCode, (list = []));
        list.push([key, idx]);
      }
      for (const zip of city.zips.split(/\s+/)) {
        if (!/^\d{5}$/.test(zip)) continue;
        const list = byZip.get(zip);
        if (list) list.push(idx);
        else byZip.set(zip, [idx]);
      }
    });
    for (const [code, entries] of stateEntries) {
      entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
      byState.set(code, { keys: entries.map((e) => e[0]), ids: entries.map((e) => e[1]) });
    }
    shareTops(root);
    this.tables = { root, byState, byZip, sortedZips: [...byZip.keys()].sort() };
    return this.tables;
  }

  get size() {
    return this.cities.length;
  }

  private grid: Map<string, number[]> | undefined;

  /** The state code of the nearest city (what importers need for features that carry no state). */
  readonly nearestState = (latitude: number, longitude: number): string | undefined =>
    this.nearest(latitude, longitude)?.stateCode;

  /** The city whose centre is nearest to a point (for placing features that carry no state). */
  nearest(latitude: number, longitude: number): IndexedCity | undefined {
    if (!this.grid) {
      this.grid = new Map();
      this.cities.forEach((c, idx) => {
        const key = `${Math.floor(c.latitude)}:${Math.floor(c.longitude)}`;
        const list = this.grid!.get(key);
        if (list) list.push(idx);
        else this.grid!.set(key, [idx]);
      });
    }
    let best: IndexedCity | undefined;
    let bestD = Infinity;
    const lat0 = Math.floor(latitude);
    const lng0 = Math.floor(longitude);
    for (let ring = 0; ring <= 3 && !best; ring++) {
      for (let dLat = -ring; dLat <= ring; dLat++) {
        for (let dLng = -ring; dLng <= ring; dLng++) {
          if (Math.max(Math.abs(dLat), Math.abs(dLng)) !== ring) continue;
          for (const idx of this.grid.get(`${lat0 + dLat}:${lng0 + dLng}`) ?? []) {
            const c = this.cities[idx]!;
            const d =
              (c.latitude - latitude) ** 2 + ((c.longitude - longitude) * Math.cos((latitude * Math.PI) / 180)) ** 2;
            if (d < bestD) {
              bestD = d;
              best = c;
            }
          }
        }
      }
    }
    return best;
  }

  /** The city with this exact name (accents/case ignored) in this state, if any. */
  private ids: Map<number, IndexedCity> | undefined;
  /** The city with this id (built on first use). */
  byId(id: number): IndexedCity | undefined {
    this.ids ??= new Map(this.cities.map((city) => [city.id, city]));
    return this.ids.get(id);
  }

  find(name: string, stateCode: string): IndexedCity | undefined {
    // Every list call names its city: the answer per spelling is kept (normalising costs ~1 µs a call).
    const asked = `${name}|${stateCode}`;
    let idx = this.found.get(asked);
    if (idx === undefined) {
      idx = this.byNameState.get(`${normalise(name)}|${stateCode.toUpperCase()}`) ?? -1;
      this.found.set(asked, idx);
    }
    return idx < 0 ? undefined : this.cities[idx];
  }
  private readonly found = new LRUCache<string, number>({ max: 2_000 });

  search(query: string, limit = 10): IndexedCity[] {
    return this.searchScored(query, limit).map((m) => m.city);
  }

  searchScored(query: string, limit = 10): CityMatch[] {
    const raw = query.trim();
    if (/^\d{1,5}$/.test(raw)) return this.searchZip(raw, limit);

    const scores = new Map<number, number>();
    const add = (idx: number, score: number) => {
      const prev = scores.get(idx);
      if (prev === undefined || score > prev) scores.set(idx, score);
    };

    const comma = raw.lastIndexOf(",");
    if (comma >= 0) {
      const namePart = normalise(raw.slice(0, comma));
      const states = statesMatching(normalise(raw.slice(comma + 1)));
      if (namePart && states.length > 0) {
        this.searchStates(
          states.map((code) => ({ code, rest: namePart })),
          limit,
          0,
          add,
        );
        return this.rank(scores, limit);
      }
      // "springfield," or an unknown state: fall back to the name alone.
      this.searchAll(namePart || normalise(raw), limit, add, true);
      return this.rank(scores, limit);
    }

    const key = normalise(raw);
    if (!key) return [];
    // "Springfield IL" / "Springfield Illinois": also read the end of the query as a state.
    const stateHits = this.searchStates(trailingStates(key), limit, STATE_HINT_BONUS, add);
    this.searchAll(key, limit, add, stateHits === 0);
    return this.rank(scores, limit);
  }

  private rank(scores: Map<number, number>, limit: number): CityMatch[] {
    return [...scores]
      .map(([idx, score]) => ({ city: this.cities[idx]!, score }))
      .sort(
        (a, b) => b.score - a.score || b.city.population - a.city.population || a.city.name.localeCompare(b.city.name),
      )
      .slice(0, limit);
  }

  private searchAll(key: string, limit: number, add: (idx: number, score: number) => void, allowFuzzy: boolean) {
    let node: TrieNode | undefined = this.prepare().root;
    for (const ch of key) {
      node = childOf(node, ch);
      if (!node) break;
    }
    let found = 0;
    if (node) {
      for (const idx of node.top) add(idx, popScore(this.cities[idx]!.population));
      for (const idx of node.ends) add(idx, popScore(this.cities[idx]!.population) + EXACT_BONUS);
      found = node.top.length;
    }
    // Only pay for typo tolerance when the exact prefix does not fill the list.
    if (allowFuzzy && found < limit && key.length >= 4) this.fuzzyAll(key, add);
  }

  /** Every subtree within one edit of the key, a typo costing TYPO_PENALTY (city-trie.ts). */
  private fuzzyAll(key: string, add: (idx: number, score: number) => void) {
    walkWithinOneEdit(this.prepare().root, key, (node, dist) => {
      const penalty = dist === 0 ? 0 : TYPO_PENALTY;
      for (const idx of node.top) add(idx, popScore(this.cities[idx]!.population) - penalty);
      for (const idx of node.ends) add(idx, popScore(this.cities[idx]!.population) + EXACT_BONUS - penalty);
    });
  }

  /** Prefix search inside the given states; typo tolerance only when nothing matched exactly. Returns exact hits. */
  private searchStates(
    targets: Array<{ code: string; rest: string }>,
    limit: number,
    bonus: number,
    add: (idx: number, score: number) => void,
  ): number {
    let found = 0;
    for (const { code, rest } of targets) found += this.searchState(code, rest, bonus, add);
    if (found === 0 && targets.length <= 2) {
      for (const { code, rest } of targets) this.fuzzyState(code, rest, bonus, add);
    }
    return found;
  }

  private searchState(code: string, key: string, bonus: number, add: (idx: number, score: number) => void): number {
    const state = this.prepare().byState.get(code);
    if (!state || !key) return 0;
    const { keys, ids } = state;
    let found = 0;
    for (let i = lowerBound(keys, key); i < keys.length && keys[i]!.startsWith(key); i++) {
      const idx = ids[i]!;
      add(idx, popScore(this.cities[idx]!.population) + bonus + (keys[i] === key ? EXACT_BONUS : 0));
      found++;
    }
    return found;
  }

  private fuzzyState(code: string, key: string, bonus: number, add: (idx: number, score: number) => void) {
    const state = this.prepare().byState.get(code);
    if (!state || key.length < 4) return;
    const { keys, ids } = state;
    const a = key.charCodeAt(0);
    const b = key.charCodeAt(1);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      // One edit keeps the first or second letter of the key in the first two places.
      const k0 = k.charCodeAt(0);
      const k1 = k.charCodeAt(1);
      if (k0 !== a && k0 !== b && k1 !== a && k1 !== b) continue;
      if (prefixDistance(key, k) === 1) {
        const idx = ids[i]!;
        add(
          idx,
          popScore(this.cities[idx]!.population) + bonus - TYPO_PENALTY + (k.length === key.length ? EXACT_BONUS : 0),
        );
      }
    }
  }

  private searchZip(digits: string, limit: number): CityMatch[] {
    const scores = new Map<number, number>();
    const take = (zip: string) => {
      for (const idx of this.prepare().byZip.get(zip) ?? []) scores.set(idx, popScore(this.cities[idx]!.population));
    };
    if (digits.length === 5) take(digits);
    else if (digits.length >= 3) {
      // A ZIP prefix while typing: the cities of the first few hundred ZIP codes that start with it.
      const zips = this.prepare().sortedZips;
      for (
        let i = lowerBound(zips, digits), seen = 0;
        i < zips.length && zips[i]!.startsWith(digits) && seen < 300;
        i++, seen++
      ) {
        take(zips[i]!);
      }
    }
    return this.rank(scores, limit);
  }
}
