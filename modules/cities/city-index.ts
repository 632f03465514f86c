import { LRUCache } from "lru-cache";
import { US_STATES } from "../../src/domain/states";
/**
 * In-memory US city search index (see docs/decisions/003-city-search-index.md).
 *
 * - A trie over normalised names (accents, case and punctuation ignored; "St."/"Saint", "Ft."/"Fort",
 *   "Mt."/"Mount" both ways). Every node keeps its 10 most populous distinct cities, so a prefix query
 *   is a walk of |q| nodes plus a merge of at most a handful of short lists.
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

const TOP_K = 10;

/** Lower-case, strip accents and punctuation, collapse spaces: "San José" → "san jose", "St. Louis" → "st louis". */
export function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[.'’`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const ALIASES: Array<[string, string]> = [
  ["st ", "saint "],
  ["ste ", "sainte "],
  ["ft ", "fort "],
  ["mt ", "mount "],
];

/** Every key a city can be found by. */
function keysFor(name: string): string[] {
  const base = normalise(name);
  const keys = new Set([base]);
  for (const [short, long] of ALIASES) {
    if (base.startsWith(short)) keys.add(long + base.slice(short.length));
    if (base.startsWith(long)) keys.add(short + base.slice(long.length));
  }
  return [...keys].filter(Boolean);
}

/**
 * A trie node: its children's characters (one string, in insertion order) and the children in the same order.
 * ~100,000 nodes with a Map and two arrays each held ~60 MB of heap, most of an idle server's; in this form,
 * with empty lists shared and a chain's top list shared with its only child, the whole index holds ~25 MB
 * (decision 033).
 */
interface TrieNode {
  chars: string;
  kids: TrieNode[];
  /** Cities whose key ends exactly here. */
  ends: number[];
  /** The TOP_K most populous distinct cities in this subtree. */
  top: number[];
}

/** The empty list every node without children or ends shares (frozen: a push into it would throw). */
const NONE = Object.freeze([]) as unknown as never[];
const newNode = (): TrieNode => ({ chars: "", kids: NONE, ends: NONE, top: [] });
const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** After the build: a node whose subtree holds the same cities as its only child (a chain) shares the child's top list. */
function shareTops(node: TrieNode): void {
  for (const kid of node.kids) shareTops(kid);
  if (node.kids.length === 1 && sameList(node.kids[0]!.top, node.top)) node.top = node.kids[0]!.top;
}

const childOf = (node: TrieNode, ch: string): TrieNode | undefined => {
  const at = node.chars.indexOf(ch);
  return at < 0 ? undefined : node.kids[at];
};

const STATE_NAMES = Object.entries(US_STATES).map(([code, name]) => ({ code, key: normalise(name) }));

/** Score: population on a log scale, an exact name beats a prefix, a typo costs more than it. */
const EXACT_BONUS = 1;
const TYPO_PENALTY = 1.5;
const STATE_HINT_BONUS = 0.75;
const popScore = (population: number) => Math.log10(Math.max(population, 0) + 10);

export class CityIndex {
  readonly cities: IndexedCity[];
  private readonly root: TrieNode;
  private readonly byState = new Map<string, { keys: string[]; ids: number[] }>();
  private readonly byZip = new Map<string, number[]>();
  private readonly sortedZips: string[];
  private readonly byNameState = new Map<string, number>();

  constructor(input: IndexedCity[]) {
    const root = newNode();
    // Most populous first: the first TOP_K distinct cities to reach a node are its top list.
    this.cities = [...input].sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
    const stateEntries = new Map<string, Array<[string, number]>>();
    this.cities.forEach((city, idx) => {
      for (const key of keysFor(city.name)) {
        this.insert(root, key, idx);
        let list = stateEntries.get(city.stateCode);
        if (!list) stateEntries.set(city.stateCode, (list = []));
        list.push([key, idx]);
      }
      for (const zip of city.zips.split(/\s+/)) {
        if (!/^\d{5}$/.test(zip)) continue;
        const list = this.byZip.get(zip);
        if (list) list.push(idx);
        else this.byZip.set(zip, [idx]);
      }
      const nameKey = `${normalise(city.name)}|${city.stateCode}`;
      if (!this.byNameState.has(nameKey)) this.byNameState.set(nameKey, idx);
    });
    for (const [code, entries] of stateEntries) {
      entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
      this.byState.set(code, { keys: entries.map((e) => e[0]), ids: entries.map((e) => e[1]) });
    }
    this.sortedZips = [...this.byZip.keys()].sort();
    shareTops(root);
    this.root = root;
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

  private insert(root: TrieNode, key: string, idx: number) {
    let node = root;
    const touch = (n: TrieNode) => {
      if (n.top.length < TOP_K && !n.top.includes(idx)) n.top.push(idx);
    };
    touch(node);
    for (const ch of key) {
      let next = childOf(node, ch);
      if (!next) {
        next = newNode();
        node.chars += ch;
        if (node.kids === NONE) node.kids = [next];
        else node.kids.push(next);
      }
      node = next;
      touch(node);
    }
    if (node.ends === NONE) node.ends = [idx];
    else if (!node.ends.includes(idx)) node.ends.push(idx);
  }

  /** The city with this exact name (accents/case ignored) in this state, if any. */
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
      const states = this.statesMatching(normalise(raw.slice(comma + 1)));
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
    const stateHits = this.searchStates(this.trailingStates(key), limit, STATE_HINT_BONUS, add);
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

  private statesMatching(stateKey: string): string[] {
    if (!stateKey) return [];
    const upper = stateKey.toUpperCase();
    if (stateKey.length === 2 && US_STATES[upper]) return [upper];
    return STATE_NAMES.filter((s) => s.key.startsWith(stateKey)).map((s) => s.code);
  }

  private trailingStates(key: string): Array<{ code: string; rest: string }> {
    const out: Array<{ code: string; rest: string }> = [];
    const lastSpace = key.lastIndexOf(" ");
    if (lastSpace > 0) {
      const last = key.slice(lastSpace + 1).toUpperCase();
      if (last.length === 2 && US_STATES[last]) out.push({ code: last, rest: key.slice(0, lastSpace) });
    }
    for (const { code, key: stateKey } of STATE_NAMES) {
      if (key.length > stateKey.length + 1 && key.endsWith(` ${stateKey}`)) {
        out.push({ code, rest: key.slice(0, key.length - stateKey.length - 1) });
      }
    }
    return out;
  }

  private searchAll(key: string, limit: number, add: (idx: number, score: number) => void, allowFuzzy: boolean) {
    let node: TrieNode | undefined = this.root;
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

  /** Trie walk with a Levenshtein (optimal string alignment) row; collects subtrees within one edit of the key. */
  private fuzzyAll(key: string, add: (idx: number, score: number) => void) {
    const n = key.length;
    // rows[d] is the row after d characters of the trie path; the path is never longer than n + 1 here.
    const rows = Array.from({ length: n + 3 }, () => new Int32Array(n + 1));
    for (let j = 0; j <= n; j++) rows[0]![j] = j;
    const codes = Array.from(key, (c) => c.charCodeAt(0));
    const path: number[] = [];
    const visit = (node: TrieNode, depth: number) => {
      const prev = rows[depth - 1]!;
      const row = rows[depth]!;
      const ch = path[depth - 1]!;
      const prevCh = depth > 1 ? path[depth - 2]! : -1;
      const prevPrev = depth > 1 ? rows[depth - 2]! : null;
      row[0] = depth;
      let min = depth;
      for (let j = 1; j <= n; j++) {
        let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (codes[j - 1] === ch ? 0 : 1));
        if (prevPrev && j > 1 && codes[j - 1] === prevCh && codes[j - 2] === ch) d = Math.min(d, prevPrev[j - 2]! + 1);
        row[j] = d;
        if (d < min) min = d;
      }
      const dist = row[n]!;
      if (dist <= 1) {
        const penalty = dist === 0 ? 0 : TYPO_PENALTY;
        for (const idx of node.top) add(idx, popScore(this.cities[idx]!.population) - penalty);
        for (const idx of node.ends) add(idx, popScore(this.cities[idx]!.population) + EXACT_BONUS - penalty);
        if (dist === 0) return;
      }
      if (min > 1 || depth >= n + 2) return;
      for (let k = 0; k < node.kids.length; k++) {
        path[depth] = node.chars.charCodeAt(k);
        visit(node.kids[k]!, depth + 1);
      }
    };
    for (let k = 0; k < this.root.kids.length; k++) {
      path[0] = this.root.chars.charCodeAt(k);
      visit(this.root.kids[k]!, 1);
    }
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
    const state = this.byState.get(code);
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
    const state = this.byState.get(code);
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
      for (const idx of this.byZip.get(zip) ?? []) scores.set(idx, popScore(this.cities[idx]!.population));
    };
    if (digits.length === 5) take(digits);
    else if (digits.length >= 3) {
      // A ZIP prefix while typing: the cities of the first few hundred ZIP codes that start with it.
      const zips = this.sortedZips;
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

function lowerBound(sorted: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Smallest number of edits (optimal string alignment) turning `key` into some prefix of `target`,
 * capped at 2 ("more than one"). Used for the small per-state lists.
 */
export function prefixDistance(key: string, target: string): number {
  const n = key.length;
  let prevPrev: number[] | null = null;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let best = prev[n]!;
  const m = Math.min(target.length, n + 1);
  for (let i = 1; i <= m; i++) {
    const ch = target[i - 1]!;
    const row = new Array<number>(n + 1);
    row[0] = i;
    let min = i;
    for (let j = 1; j <= n; j++) {
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (key[j - 1] === ch ? 0 : 1));
      if (prevPrev && j > 1 && key[j - 1] === target[i - 2] && key[j - 2] === ch) d = Math.min(d, prevPrev[j - 2]! + 1);
      row[j] = d;
      if (d < min) min = d;
    }
    if (row[n]! < best) best = row[n]!;
    if (min > 1) break;
    prevPrev = prev;
    prev = row;
  }
  return Math.min(best, 2);
}
