import type { Client } from "@libsql/client";
import { LRUCache } from "lru-cache";
import type { CityIndex, IndexedCity } from "../cities";
import { distanceMiles } from "../../src/geo";
import { placesWithin } from "./service";
import { placeFromOsm } from "../../db/import/places/sources/osm-geojson";
import { importDatasetState } from "../../db/import/places/store";
import { formatSummary, type ImportSummary } from "../../db/import/places/summary";
import type { PlaceInput, ReadResult } from "../../db/import/places/types";
import { coords } from "../../db/import/places/util";
import { type OverpassElement, overpassQuery, parseOverpassAnswer } from "./overpass-query";

/**
 * The optional live OpenStreetMap source (docs/decisions/009-live-overpass.md).
 *
 * When `OVERPASS_URL` is set and a city has fewer than MIN_PLACES places within CHECK_RADIUS_MILES of its
 * centre, the Overpass API is asked for the named traveller places around that centre. The answer goes
 * through the same idempotent, deduplicating store path as every bundled dataset. Each fetch is recorded
 * in `overpass_fetches`, so a city is not asked again for a week after a success or an hour after a
 * failure. One request at a time per Overpass server and process, with a gap between requests; every
 * failure is a warning and the store's places are served as they are.
 */

/** Provenance shown with every place from this source and on /about. */
export const OVERPASS_SOURCE = {
  key: "osm-overpass",
  name: "OpenStreetMap (live, via the Overpass API)",
  licence: "ODbL-1.0",
  attribution: "© OpenStreetMap contributors. Places fetched live for cities the bundled data covers thinly.",
  url: "https://www.openstreetmap.org/copyright",
} as const;

/** Defaults; every one can be overridden per instance (tests use shorter ones). */
export const OVERPASS_DEFAULTS = {
  /** A city with fewer places than this within CHECK_RADIUS_MILES is "thin": two list pages of 12. */
  minPlaces: 24,
  checkRadiusMiles: 5,
  /** Radius of the `around:` query (5 mi). */
  queryRadiusMeters: 8047,
  /** The HTTP request (answer body included) is aborted after this long. */
  requestTimeoutMs: 10_000,
  /** Minimum pause between the end of one request to a server and the start of the next. */
  minGapMs: 2_000,
  /** A city is not asked again for this long after a successful fetch … */
  okTtlMs: 7 * 24 * 3600_000,
  /** … or after a failed one. */
  failedTtlMs: 3600_000,
} as const;

export const OVERPASS_USER_AGENT = "LocalScope/0.1 (self-hosted US city guide; live OpenStreetMap places)";

/**
 * Overpass elements → place records of this source. A feature without addr:state goes to the state of
 * the nearest city (a town near a state line gets places from both sides).
 */
export function placesFromElements(
  elements: OverpassElement[],
  cityIndex: CityIndex,
  fallbackState: string,
): ReadResult[] {
  return elements.map((element) => {
    const tags: Record<string, string> = {};
    for (const [k, v] of Object.entries(element.tags ?? {}))
      if (typeof v === "string" || typeof v === "number") tags[k] = String(v);
    const point = element.type === "node" ? { lat: element.lat, lon: element.lon } : element.center;
    const position =
      point && typeof point.lat === "number" && typeof point.lon === "number" ? coords(point.lat, point.lon) : null;
    const nearestState = position
      ? (cityIndex.nearest(position.latitude, position.longitude)?.stateCode ?? fallbackState)
      : fallbackState;
    const result = placeFromOsm(tags, position, `${element.type}/${element.id}`, nearestState);
    return "skip" in result ? result : ({ ...result, source: OVERPASS_SOURCE.key } satisfies PlaceInput);
  });
}

/** Import mapped elements through the store, one state at a time. Idempotent: OSM ids are the source ids. */
export async function importOverpassElements(
  client: Client,
  cityIndex: CityIndex,
  city: Pick<IndexedCity, "stateCode">,
  elements: OverpassElement[],
  ensureState: (stateCode: string) => Promise<void> = async () => {},
): Promise<ImportSummary[]> {
  const results = placesFromElements(elements, cityIndex, city.stateCode);
  const byState = new Map<string, ReadResult[]>();
  const skipped: ReadResult[] = [];
  for (const r of results) {
    if ("skip" in r) skipped.push(r);
    else (byState.get(r.stateCode) ?? byState.set(r.stateCode, []).get(r.stateCode)!).push(r);
  }
  // Skip reasons are reported with the city's own state.
  if (!byState.has(city.stateCode)) byState.set(city.stateCode, []);
  byState.get(city.stateCode)!.push(...skipped);
  const summaries: ImportSummary[] = [];
  for (const [stateCode, rows] of [...byState].sort(([a], [b]) => a.localeCompare(b))) {
    if (!rows.length) continue;
    // The bundled datasets of that state go in first, so they stay the primary sources and never race this import.
    await ensureState(stateCode);
    summaries.push(
      await importDatasetState(
        client,
        {
          key: OVERPASS_SOURCE.key,
          licence: OVERPASS_SOURCE.licence,
          observedAt: new Date().toISOString().slice(0, 10),
          read: () => rows,
        },
        stateCode,
        { rows },
      ),
    );
  }
  return summaries;
}

/** Serialises requests to one Overpass server within this process and keeps a gap between them. */
class Limiter {
  private tail: Promise<unknown> = Promise.resolve();
  private lastEnd = 0;
  run<T>(minGapMs: number, task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(async () => {
      const wait = this.lastEnd + minGapMs - Date.now();
      if (wait > 0) await Bun.sleep(wait);
      try {
        return await task();
      } finally {
        this.lastEnd = Date.now();
      }
    });
    this.tail = result.catch(() => {});
    return result;
  }
}
const limiters = new Map<string, Limiter>();
const limiterFor = (url: string) => {
  const origin = new URL(url).origin;
  let limiter = limiters.get(origin);
  if (!limiter) limiters.set(origin, (limiter = new Limiter()));
  return limiter;
};

/** The key of a city in `overpass_fetches`: "NV/Las Vegas/1840020364". */
export const overpassCityKey = (city: Pick<IndexedCity, "id" | "name" | "stateCode">) =>
  `${city.stateCode}/${city.name}/${city.id}`;

type Log = { info(...args: unknown[]): void; warn(...args: unknown[]): void };

export interface OverpassOptions {
  url: string;
  log?: Log;
  /** Import a state's bundled datasets before Overpass places are written into it (the state loader). */
  ensureState?: (stateCode: string) => Promise<void>;
  /** Runs after an import that wrote places (callers drop their list caches). */
  onImported?: (city: IndexedCity, stateCodes: string[]) => void;
  /** Clock, for tests. */
  now?: () => number;
  minPlaces?: number;
  checkRadiusMiles?: number;
  queryRadiusMeters?: number;
  requestTimeoutMs?: number;
  minGapMs?: number;
  okTtlMs?: number;
  failedTtlMs?: number;
}

/**
 * The live source PlacesService calls before building a city's lists. `ensureCity` never rejects: it
 * resolves when the city needs nothing, or when the fetch and import are done (or failed).
 */
export class OverpassSource {
  private readonly settings: Required<Omit<OverpassOptions, "log" | "ensureState" | "onImported" | "now">>;
  private readonly log: Log;
  private readonly now: () => number;
  /** Cities that need nothing until the given time (memory mirror of the table and of the count check). */
  private readonly quiet: LRUCache<string, true>;
  /** One check per city at a time: concurrent callers share it (the result is not kept: `quiet` is). */
  private readonly running: LRUCache<string, true, IndexedCity>;

  constructor(
    private readonly client: Client,
    private readonly cityIndex: CityIndex,
    private readonly options: OverpassOptions,
  ) {
    this.settings = {
      url: options.url,
      minPlaces: options.minPlaces ?? OVERPASS_DEFAULTS.minPlaces,
      checkRadiusMiles: options.checkRadiusMiles ?? OVERPASS_DEFAULTS.checkRadiusMiles,
      queryRadiusMeters: options.queryRadiusMeters ?? OVERPASS_DEFAULTS.queryRadiusMeters,
      requestTimeoutMs: options.requestTimeoutMs ?? OVERPASS_DEFAULTS.requestTimeoutMs,
      minGapMs: options.minGapMs ?? OVERPASS_DEFAULTS.minGapMs,
      okTtlMs: options.okTtlMs ?? OVERPASS_DEFAULTS.okTtlMs,
      failedTtlMs: options.failedTtlMs ?? OVERPASS_DEFAULTS.failedTtlMs,
    };
    this.log = options.log ?? { info() {}, warn() {} };
    this.now = options.now ?? Date.now;
    // Per-entry TTLs on the source's own clock (tests move it), read on every check (ttlResolution 0).
    this.quiet = new LRUCache<string, true>({ max: 100_000, ttlResolution: 0, perf: { now: () => this.now() } });
    this.running = new LRUCache<string, true, IndexedCity>({
      max: 10_000,
      ignoreFetchAbort: true,
      fetchMethod: async (key, _stale, { context: city }) => {
        await this.check(city, key).catch((error) =>
          this.log.warn(`Overpass: ${city.name}, ${city.stateCode}: ${message(error)}`),
        );
        return undefined;
      },
    });
  }

  /** Quiet (needs nothing) until the given time. */
  private quietUntil(key: string, until: number) {
    const ttl = until - this.now();
    if (ttl > 0) this.quiet.set(key, true, { ttl });
  }

  ensureCity(city: IndexedCity): Promise<void> {
    const key = overpassCityKey(city);
    if (this.quiet.has(key)) return Promise.resolve();
    return this.running.fetch(key, { context: city }).then(() => {});
  }

  /** Places within the check radius, counted through the R*Tree (never a table scan). */
  async placesNear(
    city: Pick<IndexedCity, "latitude" | "longitude">,
    radius = this.settings.checkRadiusMiles,
  ): Promise<number> {
    return (await placesWithin(this.client, city, radius, { columns: "p.latitude, p.longitude" })).length;
  }

  /** When the recorded fetch of this city stops being fresh (0 when there is none). */
  private async freshUntil(key: string): Promise<number> {
    const row = (
      await this.client.execute({
        sql: "SELECT status, fetched_at FROM overpass_fetches WHERE city_key = ?",
        args: [key],
      })
    ).rows[0];
    if (!row) return 0;
    return Number(row.fetched_at) + (row.status === "ok" ? this.settings.okTtlMs : this.settings.failedTtlMs);
  }

  private async check(city: IndexedCity, key: string): Promise<void> {
    const until = await this.freshUntil(key);
    if (until > this.now()) {
      this.quietUntil(key, until);
      return;
    }
    if ((await this.placesNear(city)) >= this.settings.minPlaces) {
      // Enough places; imports only ever add, so look again only after the success period.
      this.quietUntil(key, this.now() + this.settings.okTtlMs);
      return;
    }
    await limiterFor(this.settings.url).run(this.settings.minGapMs, async () => {
      // Another process sharing the database may have fetched this city while this one waited.
      const again = await this.freshUntil(key);
      if (again > this.now()) {
        this.quietUntil(key, again);
        return;
      }
      // … or a neighbouring town's import may have filled this one while it waited.
      if ((await this.placesNear(city)) >= this.settings.minPlaces) {
        this.quietUntil(key, this.now() + this.settings.okTtlMs);
        return;
      }
      await this.fetchAndImport(city, key);
    });
  }

  private async record(key: string, status: "ok" | "failed", places: number, text: string | null) {
    const at = this.now();
    await this.client.execute({
      sql: `INSERT INTO overpass_fetches (city_key, status, places, message, fetched_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (city_key) DO UPDATE SET status = excluded.status, places = excluded.places, message = excluded.message, fetched_at = excluded.fetched_at`,
      args: [key, status, places, text, at],
    });
    this.quietUntil(key, at + (status === "ok" ? this.settings.okTtlMs : this.settings.failedTtlMs));
  }

  private async fetchAndImport(city: IndexedCity, key: string) {
    let elements: OverpassElement[];
    try {
      elements = await this.request(city);
    } catch (error) {
      const text = message(error);
      this.log.warn(
        `Overpass: no live places for ${city.name}, ${city.stateCode} (${text}); serving the stored places. Next try in ${Math.round(this.settings.failedTtlMs / 60_000)} min.`,
      );
      await this.record(key, "failed", 0, text.slice(0, 500));
      return;
    }
    let summaries: ImportSummary[];
    try {
      summaries = await importOverpassElements(this.client, this.cityIndex, city, elements, this.options.ensureState);
    } catch (error) {
      // Recorded too, so a store that cannot take the answer does not send the city to Overpass on every request.
      const text = `import failed: ${message(error)}`;
      this.log.warn(`Overpass: ${city.name}, ${city.stateCode}: ${text}; serving the stored places.`);
      await this.record(key, "failed", 0, text.slice(0, 500));
      return;
    }
    const written = summaries.reduce((n, s) => n + s.inserted + s.merged + s.updated, 0);
    await this.record(key, "ok", written, summaries.map(formatSummary).join("; ") || "no elements");
    this.log.info(
      `Overpass: ${city.name}, ${city.stateCode}: ${elements.length} elements; ${summaries.map(formatSummary).join("; ") || "nothing to import"}`,
    );
    if (written)
      this.options.onImported?.(
        city,
        summaries.map((s) => s.stateCode),
      );
  }

  /** POST the query as a `data=` form, as Overpass expects; the whole exchange is bounded by requestTimeoutMs. */
  private async request(city: IndexedCity): Promise<OverpassElement[]> {
    const { url, requestTimeoutMs, queryRadiusMeters } = this.settings;
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`timed out after ${requestTimeoutMs / 1000} s`)),
      requestTimeoutMs,
    );
    try {
      const response = await fetch(url, {
        method: "POST",
        body: new URLSearchParams({
          data: overpassQuery(city.latitude, city.longitude, queryRadiusMeters, requestTimeoutMs / 1000),
        }),
        headers: { "user-agent": OVERPASS_USER_AGENT, accept: "application/json" },
        signal: controller.signal,
      });
      const body = await response.text();
      if (!response.ok)
        throw new Error(
          `HTTP ${response.status}${
            body
              ? `: ${body
                  .replace(/<[^>]*>/g, " ")
                  .replace(/\s+/g, " ")
                  .trim()
                  .slice(0, 120)}`
              : ""
          }`,
        );
      return parseOverpassAnswer(body);
    } catch (error) {
      if (controller.signal.aborted)
        throw controller.signal.reason instanceof Error
          ? controller.signal.reason
          : new Error(`timed out after ${requestTimeoutMs / 1000} s`);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

function message(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { code?: string }).code;
    return cause && !error.message.includes(cause) ? `${error.message} (${cause})` : error.message;
  }
  return String(error);
}
