import { kindsMixed } from "./list-mix";
import type { Client, Row } from "@libsql/client";
import { LRUCache } from "lru-cache";
import { HttpError } from "../../src/http";
import type { CityIndex, IndexedCity } from "../cities";
import { toListId } from "../../src/domain/categories";
import { US_STATES } from "../../src/domain/states";
import { distanceMiles } from "../../src/geo";
import { phraseWords } from "../../src/domain/phrase";
import { describePlace, isStale, type Place, type PlaceBrief, toPlace, wikipediaOf } from "./answers";
import {
  distanceBand,
  GEM_CATEGORIES,
  GEM_RADII,
  isErrand,
  LIST_MAX,
  type ListKind,
  NEARBY_RADII,
  orderList,
  TARGET,
} from "./ranking";
import { rankFeatured } from "./featured";
import { dropWhere, Pending } from "../../src/cache-drop";
import { type Affected, affectedBy } from "./changed-area";
import { PlaceSearch } from "./place-search";
import { placesWithin, withArticles } from "./store";
import { nearPoint, type Point } from "./near-point";
import { foldDuplicates, junkInList, notCurrent } from "./showcase";

export * from "./answers";
export * from "./ranking";
export * from "./store";
export { distanceMiles };

const PAGE_TTL_MS = 60_000;
/** Bytes of place rows and of list pages (JSON text) kept at most (see `rows` and `pages`). */
const ROWS_BYTES = 16 * 1024 * 1024;
const PAGES_BYTES = 8 * 1024 * 1024;
/** About what a row from the store takes in memory: an object of ~30 named and ~30 numbered fields, and its text. */
const rowBytes = (row: Row) => {
  let bytes = 1_700;
  for (const value of Object.values(row)) if (typeof value === "string") bytes += 2 * value.length;
  return bytes;
};
/** Miles around a city's centre its place search covers. */
const SEARCH_RADIUS = 25;
/** What a change of these states' places affects among the caches built around a city (./changed-area.ts). */
export const changedBy = (stateCodes: readonly string[]): Affected => affectedBy(stateCodes, SEARCH_RADIUS);
/** How long a list request waits for a live source (Overpass) before answering with what the store has. */
export const LIVE_WAIT_MS = 4_000;
/**
 * A source that can add places for a thin city on demand (./overpass.ts). `ensureCity`
 * should not reject; the service waits for it at most `liveWaitMs`, and the source calls
 * `invalidate()` when its import lands later.
 */
export interface LiveSource {
  ensureCity(city: IndexedCity): Promise<void>;
}

/**
 * Place lists for a city: candidates from the R*Tree inside the smallest radius that holds enough of
 * them (never a table scan), sorted by rating, quality, distance (docs/product.md#data-rules), kept in a small LRU so
 * paging is deterministic and repeat calls are cheap. Cleared when a state's places change.
 */
/** The work's answer if it comes within `ms`, else null; a failure is null too. The work itself goes on. */
async function within<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work.catch(() => null),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Imports a state's places (resolves when they are in); the state loader also reports progress (db/import/places). */
export type StateEnsurer = ((stateCode: string) => Promise<void>) & {
  status?: (stateCode: string) => { ready: boolean; percent: number };
};

/**
 * The caches (docs/decisions/016-one-cache-library.md): lru-cache everywhere. A `fetch` shares one
 * computation between concurrent callers; `clear()` on invalidation lets a running computation answer its
 * callers but keeps its result out of the cache (ignoreFetchAbort), so nothing computed before an import
 * is served after it.
 */
export class PlacesService {
  /** Ranked place ids per city and list; paging slices them, so pages are deterministic. */
  private readonly lists = new LRUCache<string, number[], { city: IndexedCity; kind: ListKind }>({
    max: 500,
    ignoreFetchAbort: true,
    fetchMethod: (key, _stale, { context }) =>
      this.listsPending.run(key, () => this.buildList(context.city, context.kind)),
  });
  private readonly listsPending = new Pending<string>();
  /**
   * Rows of the places the lists rank, within a byte budget (a row held in memory costs about 1.7 KB besides its
   * text): 100,000 rows held 200–400 MB once a few hundred cities' lists were built. A page whose rows were
   * dropped reads them again.
   */
  private readonly rows: LRUCache<number, Row>;
  /** Serialised pages for a minute ("openNow" moves with the clock); the hot path of every list screen. */
  private readonly pages = new LRUCache<
    string,
    string,
    { city: IndexedCity; kind: ListKind; count: number; offset: number }
  >({
    max: 5000,
    maxSize: PAGES_BYTES,
    sizeCalculation: (json, key) => 2 * (json.length + key.length),
    ttl: PAGE_TTL_MS,
    ignoreFetchAbort: true,
    fetchMethod: (key, _stale, { context: { city, kind, count, offset } }) =>
      this.pagesPending.run(key, async () => JSON.stringify(await this.page(city, kind, count, offset))),
  });
  private readonly pagesPending = new Pending<string>();
  /** Title search with its caches (./place-search.ts), dropped with the lists. */
  private readonly searches: PlaceSearch;
  private readonly invalidated: Array<(affected?: Affected) => void> = [];
  /** States whose places this service has seen imported (a list for them never waits on an import). */
  private readonly readyStates = new Set<string>();

  constructor(
    private readonly client: Client,
    private readonly cityIndex: CityIndex,
    private readonly ensureState: StateEnsurer,
    private readonly live: { source?: LiveSource; waitMs?: number } = {},
    /** Bytes of place rows kept at most (tests give a small budget). */
    rowsBytes = ROWS_BYTES,
  ) {
    this.rows = new LRUCache<number, Row>({ maxSize: rowsBytes, sizeCalculation: rowBytes });
    this.searches = new PlaceSearch(client, ensureState, SEARCH_RADIUS);
  }

  /**
   * Whether a city's state has its places yet (decision 024): asking puts a state not yet started first in
   * the import queue. `percent` is the share of the state's datasets imported so far.
   */
  preparation(city: IndexedCity): { stateCode: string; state: string; ready: boolean; percent: number } {
    const state = US_STATES[city.stateCode] ?? city.stateCode;
    if (this.readyStates.has(city.stateCode)) return { stateCode: city.stateCode, state, ready: true, percent: 100 };
    const status = this.ensureState.status?.(city.stateCode);
    if (status)
      return { stateCode: city.stateCode, state, ready: status.ready, percent: status.ready ? 100 : status.percent };
    void this.ensureState(city.stateCode).then(
      () => this.readyStates.add(city.stateCode),
      () => {},
    );
    return { stateCode: city.stateCode, state, ready: false, percent: 0 };
  }

  private refreshed: { at: number; list: Promise<Array<{ source: string; version: string }>> } | undefined;
  /** Sources an operator refreshed (`npm run import:osm|import:overture -- --state`), newest data date each; cached a minute. */
  refreshedSources(): Promise<Array<{ source: string; version: string }>> {
    if (!this.refreshed || Date.now() - this.refreshed.at > 60_000) {
      const list = this.client
        .execute(
          "SELECT substr(dataset, 9, instr(substr(dataset, 9), ':') - 1) AS source, max(version) AS version FROM data_imports WHERE dataset LIKE 'refresh:%' GROUP BY 1",
        )
        .then((r) => r.rows.map((row) => ({ source: String(row.source), version: String(row.version) })))
        .catch(() => []);
      this.refreshed = { at: Date.now(), list };
    }
    return this.refreshed.list;
  }

  /**
   * Drop the caches built on places that changed, then tell the listeners (the content service's contexts):
   * given the states whose places changed, only what they can reach (./changed-area.ts: their rows, the lists,
   * pages, searches and windows of the cities they reach; other states' stay warm); without, everything.
   */
  invalidate(stateCodes?: readonly string[]) {
    const affected = stateCodes ? changedBy(stateCodes) : undefined;
    const states = new Set(stateCodes);
    // A key's city (by its id): an unknown one is dropped.
    const cityAffected = (id: string | undefined) => {
      const city = affected && id ? this.cityIndex.byId(Number(id)) : undefined;
      return !city || affected!(city);
    };
    dropWhere(this.lists, (key) => cityAffected(key.split("|")[1]), this.listsPending);
    dropWhere(this.pages, (key) => cityAffected(key.split("|")[1]), this.pagesPending);
    dropWhere(this.rows, (_id, row) => !stateCodes || !row || states.has(String(row.state_code)));
    this.searches.drop(cityAffected);
    for (const listener of this.invalidated) listener(affected);
  }

  /** Run `listener` after every invalidate(), with what it affects (none: everything); caches built on places follow. */
  onInvalidate(listener: (affected?: Affected) => void) {
    this.invalidated.push(listener);
  }

  /** A list page as JSON text if it is cached (the hot path answers it without a promise), else undefined. */
  cachedPageJson(city: IndexedCity, kind: ListKind, count: number, offset: number): string | undefined {
    return this.pages.get(`${kind}|${city.id}|${count}|${offset}`);
  }

  /** A list page as JSON text, cached for PAGE_TTL_MS. */
  async pageJson(city: IndexedCity, kind: ListKind, count: number, offset: number): Promise<string> {
    return (await this.pages.fetch(`${kind}|${city.id}|${count}|${offset}`, {
      context: { city, kind, count, offset },
    }))!;
  }

  /**
   * A list page for a page rendered on the server: null unless the city's state is already imported and the
   * answer comes within `ms` (a live fetch may hold it up). A state import is never started from here: it is
   * heavy work, and the page must go out at once; the browser then asks for the list through the API.
   */
  async pageIfReady(city: IndexedCity, kind: ListKind, count: number, ms: number): Promise<Place[] | null> {
    if (!this.readyStates.has(city.stateCode)) {
      // Imported by the background run (decision 024)? Asking also moves a waiting state to the front.
      if (!this.ensureState.status?.(city.stateCode).ready) return null;
      this.readyStates.add(city.stateCode);
    }
    const json = await within(this.pageJson(city, kind, count, 0), ms);
    return json === null ? null : (JSON.parse(json) as Place[]);
  }

  private candidates(
    city: IndexedCity,
    radius: number,
    filter: { categories?: number[] | null; title?: string; minNotability?: number; orLegalName?: boolean } = {},
  ): Promise<Row[]> {
    return placesWithin(this.client, city, radius, filter);
  }

  private async list(city: IndexedCity, kind: ListKind): Promise<number[]> {
    return (await this.lists.fetch(`${kind}|${city.id}`, { context: { city, kind } }))!;
  }

  private async buildList(city: IndexedCity, kind: ListKind): Promise<number[]> {
    await this.ensureState(city.stateCode);
    this.readyStates.add(city.stateCode);
    await this.waitForLive(city);
    const sorted = await withArticles(
      this.client,
      (await this.rank(city, kind)).slice(0, LIST_MAX).map(({ r }) => r),
    );
    const ids = sorted.map((r) => {
      this.rows.set(Number(r.id), r);
      return Number(r.id);
    });
    return ids;
  }

  /**
   * The orders of docs/decisions/023 and 043: featured by fame within a radius scaled by city size (old data and
   * scores below 1 never feature); nearby and category lists by distance band, recent before stale, local before
   * chains, then notability and quality; local gems: independent food and stores downtown, in the same bands.
   */
  private async rank(city: IndexedCity, kind: ListKind): Promise<Array<{ r: Row; d: number }>> {
    if (kind === "featured") return rankFeatured(this.client, city);
    const dist = (r: Row) => distanceMiles(city.latitude, city.longitude, Number(r.latitude), Number(r.longitude));
    let categories: number[] | null = null;
    let radii = NEARBY_RADII;
    let target = TARGET;
    let keep = (_r: Row) => true;
    if (kind === "local-gems") {
      categories = GEM_CATEGORIES;
      radii = GEM_RADII;
      target = 24;
      // A farmers market is a season, and a season known only from an old listing (the USDA file of 2017; its
      // dated seasons that ended are out of the store) is no gem to send a visitor to: it stays in stores, labelled.
      keep = (r) =>
        r.brand == null &&
        !isErrand(String(r.kind)) &&
        !(
          r.kind === "farmers market" && isStale(Number(r.category_id), r.observed_at as string | null, String(r.kind))
        );
    } else if (kind.startsWith("category-")) {
      categories = [Number(kind.slice("category-".length))];
    }
    // The smallest radius that holds enough places; it depends only on the city and list, never on offset.
    let rows: Row[] = [];
    for (const radius of radii) {
      rows = (await this.candidates(city, radius, { categories })).filter(keep);
      if (rows.length >= target) break;
    }
    // Showcase lists (nearby, local gems, lodging) show no junk; every list leaves out what is no longer there.
    const showcase = kind === "category-11" ? "lodging" : kind === "nearby" || kind === "local-gems" ? "list" : null;
    const shown = rows.filter((r) => (showcase ? !junkInList(r, showcase) : !notCurrent(r)));
    const ordered = orderList(shown, dist, kind === "category-11");
    return foldDuplicates(kind === "local-gems" ? kindsMixed(ordered, distanceBand) : ordered);
  }

  /** Give a thin city's live fetch up to `waitMs`; past that the list is built from the store and the import finishes later. */
  private async waitForLive(city: IndexedCity): Promise<void> {
    const source = this.live.source;
    if (source) await within(source.ensureCity(city), this.live.waitMs ?? LIVE_WAIT_MS);
  }

  async page(city: IndexedCity, kind: ListKind, count: number, offset: number): Promise<Place[]> {
    const ids = await this.list(city, kind);
    const slice = ids.slice(offset, offset + count);
    // The page is built from the rows at hand and those just read, never read back from the cache: rows put in
    // it can push out others (or not fit at all) when its budget is spent.
    const found = new Map<number, Row>();
    for (const id of slice) {
      const row = this.rows.get(id);
      if (row) found.set(id, row);
    }
    const missing = slice.filter((id) => !found.has(id));
    if (missing.length) {
      const result = await this.client.execute({
        sql: `SELECT * FROM places WHERE id IN (${missing.map(() => "?").join(",")})`,
        args: missing,
      });
      for (const r of await withArticles(this.client, result.rows)) {
        found.set(Number(r.id), r);
        this.rows.set(Number(r.id), r);
      }
    }
    return slice.flatMap((id) => {
      const row = found.get(id);
      return row ? [toPlace(row, city, city.timezone)] : [];
    });
  }

  async byCategory(city: IndexedCity, categoryId: number, count: number, offset: number): Promise<Place[]> {
    const listId = toListId(categoryId);
    if (listId === undefined)
      throw new HttpError(400, `Unknown category id ${categoryId}. Use 1–6 or 7–12.`, {
        categoryId: ["Category ids are 1–6 or 7–12."],
      });
    if (listId === 7) return []; // fun facts are not places
    return this.page(city, `category-${listId}`, count, offset);
  }

  /** One place; its distance is measured from the nearest city centre. */
  async get(id: number, from?: IndexedCity): Promise<Place> {
    const result = await this.client.execute({ sql: "SELECT * FROM places WHERE id = ?", args: [id] });
    const found = result.rows[0];
    if (!found) throw new HttpError(404, "Place not found.");
    const [row] = (await withArticles(this.client, [found])) as [Row];
    const origin = from ?? this.cityIndex.nearest(Number(row.latitude), Number(row.longitude));
    return toPlace(row, origin ?? null, origin?.timezone ?? "America/New_York");
  }

  /** Every place within `radius` miles, briefly (for the content providers' grounded context), nearest first. */
  async around(city: IndexedCity, radius: number): Promise<PlaceBrief[]> {
    await this.ensureState(city.stateCode);
    return (await this.candidates(city, radius))
      .map((r) => ({
        id: Number(r.id),
        title: String(r.title),
        kind: String(r.kind),
        categoryId: Number(r.category_id),
        since: r.since == null ? null : String(r.since),
        description: describePlace({
          description: r.description as string | null,
          kind: String(r.kind),
          city: r.city as string | null,
          stateCode: String(r.state_code),
          since: r.since as string | null,
        }),
        address: r.address == null ? null : String(r.address),
        url: wikipediaOf(r) ?? (r.website == null ? null : String(r.website)),
        source: String(r.source),
        licence: String(r.licence),
        quality: Number(r.quality),
        distance:
          Math.round(distanceMiles(city.latitude, city.longitude, Number(r.latitude), Number(r.longitude)) * 10) / 10,
      }))
      .sort((a, b) => a.distance - b.distance || a.id - b.id);
  }

  /**
   * Places within `radius` miles whose description names `phrase` as words, singular or plural ("the Liberty Bell" in Old City's
   * article): what the data says of a sight that has no record of its own. Most notable first, then nearest.
   */
  async mentioning(phrase: string, city: IndexedCity, radius: number, limit: number): Promise<Place[]> {
    await this.ensureState(city.stateCode);
    const { like, pattern } = phraseWords(phrase);
    const rows = (await placesWithin(this.client, city, radius, { descriptionHolding: like }))
      .filter((r) => pattern.test(String(r.description)) && !notCurrent(r))
      .sort((a, b) => Number(b.notability) - Number(a.notability) || Number(b.quality) - Number(a.quality))
      .slice(0, limit);
    return (await withArticles(this.client, rows)).map((r) => toPlace(r, city, city.timezone));
  }

  /** The places of some lists nearest a point of the city's area (./near-point.ts). */
  async nearPoint(city: IndexedCity, point: Point, lists: number[] | null, limit: number) {
    await this.ensureState(city.stateCode);
    return nearPoint(this.client, city, point, lists, limit);
  }

  /** Title search (./search.ts); within a city's area (25 mi), nearest first, when one is given, else across all imported places. */
  async search(q: string, city: IndexedCity | undefined, limit: number): Promise<Place[]> {
    return this.searches.answer(q, city, limit);
  }

  /** The same answer as JSON text, for the API. */
  searchJson(q: string, city: IndexedCity | undefined, limit: number): Promise<string> {
    return this.searches.answerJson(q, city, limit);
  }
}
