import { LIST } from "../../src/domain/lists";
import type { Client } from "@libsql/client";
import { LRUCache } from "lru-cache";
import { normalise, type IndexedCity } from "../cities";
import type { PlaceBrief, PlacesService } from "../places";
import type { Logger } from "../../src/http";
import type { AssociatedPerson, CityStoryTexts, StoryHistory, StorySource } from "./stories";
import { NEAREST_MAX_MILES, type NearestCity, nearestBox, nearestOfAtLeast, nearestThreshold } from "./story/nearest";
import { townOf, type Town } from "./story/towns";
import { worthTelling } from "./story/truth";

/** Where a fact or entry comes from: named always, linked where it is a web page (the story composer's). */
export type ContentSource = StorySource;

/** docs/product.md: a fun fact as clients receive it, plus its source. */
export interface FunFact {
  title: string;
  summary: string;
  category: string;
  source?: ContentSource;
}

/** docs/product.md: a history entry (the story composer's; a model's entry may lack a source). */
export type HistoryEntry = Omit<StoryHistory, "source"> & { source?: ContentSource };

export type DeeperLevel = 1 | 2 | 3;

/**
 * Everything true we know about a city, gathered from the cities dataset and the places store. Both
 * providers write from this and nothing else: the grounded one composes sentences, a model rewrites them.
 */
export interface CityContext {
  key: string;
  city: IndexedCity & { density: number; incorporated: boolean; urbanArea: boolean; countyFips: string };
  zips: string[];
  stateRank: { rank: number; of: number };
  /** Share of US cities and towns (in the SimpleMaps data) that are less densely populated, 0–100. */
  densityPercentile: number;
  county: { places: number; largest: { name: string; population: number } | null };
  /** The nearest city of at least `atLeast` people (more than this one's, and at least 10,000). */
  nearestLarger: NearestCity | null;
  /** For each historic place outside the city, the town whose centre is nearest it (absent: inside the city). */
  towns: Map<number, Town>;
  /** The historic places whose town is known (in the city, or in `towns`); only these are told. */
  placed: Set<number>;
  /** Share of US cities and towns lying farther south / farther east, 0–100. */
  northOf: number;
  westOf: number;
  /** Places within `radius` miles of the centre, nearest first. */
  radius: number;
  places: PlaceBrief[];
  /** Text about the city from Wikipedia, Wikivoyage, WordNet, The Pudding and GeoNames (db/import/city-texts.ts). */
  texts: CityStoryTexts;
}

/** A provider writes facts, history and deeper details from a city's grounded context. */
export interface ContentProvider {
  /** Stable name used as the cache key ("grounded", "ollama:llama3.2"). */
  readonly name: string;
  /** False while the model is skipped (the LLM seam's shared breaker); absent = always available. */
  available?(): boolean;
  /** An ordered batch of facts; `avoid` lists titles already written for this city. */
  facts(context: CityContext, avoid: string[]): Promise<FunFact[]>;
  history(context: CityContext, avoid: string[]): Promise<HistoryEntry[]>;
  deeper(context: CityContext, fact: { title: string; summary: string }, level: DeeperLevel): Promise<string>;
}

export const cityKey = (city: Pick<IndexedCity, "id">) => String(city.id);
export const itemKey = (title: string) => normalise(title).replace(/ /g, "-").slice(0, 120);

const CONTEXT_RADIUS = 10;

/** Build a city's grounded context (four queries plus the places around; cached by the content service). */
export async function buildCityContext(client: Client, places: PlacesService, city: IndexedCity): Promise<CityContext> {
  const row = (
    await client.execute({ sql: "SELECT density, incorporated, county_fips FROM cities WHERE id = ?", args: [city.id] })
  ).rows[0];
  const density = Number(row?.density ?? 0);
  const box = nearestBox(city);
  const [counts, largest, bigger] = await Promise.all([
    // Every count the facts need, in one pass over the cities table.
    client.execute({
      sql: `SELECT COUNT(*) AS total,
              SUM(state_code = ?) AS inState,
              SUM(state_code = ? AND population > ?) AS largerInState,
              SUM(state_code = ? AND county_name = ?) AS inCounty,
              SUM(density < ?) AS lessDense,
              SUM(latitude < ?) AS south,
              SUM(longitude > ?) AS east
            FROM cities`,
      args: [
        city.stateCode,
        city.stateCode,
        city.population,
        city.stateCode,
        city.countyName,
        density,
        city.latitude,
        city.longitude,
      ],
    }),
    client.execute({
      sql: "SELECT name, population FROM cities WHERE state_code = ? AND county_name = ? ORDER BY population DESC, id LIMIT 1",
      args: [city.stateCode, city.countyName],
    }),
    // Cities of at least the rule's size within 300 miles (the box holds the circle at any latitude).
    client.execute({
      sql: `SELECT name, state_code, latitude, longitude, population FROM cities
            WHERE population >= ? AND latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?`,
      args: [nearestThreshold(city.population), box.south, box.north, box.west, box.east],
    }),
  ]);
  const n = (column: string) => Number(counts.rows[0]![column] ?? 0);
  const total = Math.max(1, n("total"));
  const nearest = nearestOfAtLeast(
    city,
    bigger.rows.map((r) => ({
      name: String(r.name),
      stateCode: String(r.state_code),
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      population: Number(r.population),
    })),
  );
  const around = await places.around(city, CONTEXT_RADIUS);
  const largestRow = largest.rows[0];
  return {
    key: cityKey(city),
    city: {
      ...city,
      density,
      incorporated: Boolean(Number(row?.incorporated ?? 0)),
      urbanArea: city.ranking <= 2,
      countyFips: String(row?.county_fips ?? ""),
    },
    zips: city.zips.split(/\s+/).filter(Boolean).sort(),
    stateRank: { rank: n("largerInState") + 1, of: n("inState") },
    densityPercentile: Math.round((n("lessDense") / total) * 100),
    northOf: Math.round((n("south") / total) * 100),
    westOf: Math.round((n("east") / total) * 100),
    county: {
      places: n("inCounty"),
      largest: largestRow ? { name: String(largestRow.name), population: Number(largestRow.population) } : null,
    },
    nearestLarger: nearest && nearest.miles <= NEAREST_MAX_MILES ? nearest : null,
    ...(await historicTowns(client, places, { ...city, density }, around)),
    radius: CONTEXT_RADIUS,
    places: around,
    texts: await cityTexts(client, city.id),
  };
}

/** The city's row of `city_texts`, as the story composer reads it. */
async function cityTexts(client: Client, cityId: number): Promise<CityStoryTexts> {
  const r = (await client.execute({ sql: "SELECT * FROM city_texts WHERE city_id = ?", args: [cityId] })).rows[0];
  const str = (v: unknown) => (v == null ? null : String(v));
  return {
    wikipediaTitle: str(r?.wikipedia_title),
    wikipediaUrl: str(r?.wikipedia_url),
    wikivoyageUrl: str(r?.wikivoyage_url),
    wikivoyageByline: str(r?.wikivoyage_byline),
    wikivoyageNearby: str(r?.wikivoyage_nearby),
    wordnetLemmas: str(r?.wordnet_lemmas),
    wordnetGloss: str(r?.wordnet_gloss),
    people: r?.people ? (JSON.parse(String(r.people)) as AssociatedPerson[]) : [],
    seat: str(r?.seat),
  };
}

const HISTORY_LOOKUPS = 25;

/**
 * Where each historic place lies: `towns` holds the town (in the cities data) whose centre is nearest a place that
 * is not in the city; `placed` every place whose answer is known. A place within half the radius of a circle of
 * the city's area is in the city without a look-up; beyond it, the nearest HISTORY_LOOKUPS places with a story
 * are looked up (one query for the towns around, one per place); the others stay unplaced and are not told.
 */
async function historicTowns(
  client: Client,
  places: PlacesService,
  city: IndexedCity & { density: number },
  around: PlaceBrief[],
): Promise<{ towns: Map<number, Town>; placed: Set<number> }> {
  const towns = new Map<number, Town>();
  const placed = new Set<number>();
  const areaKm2 = city.density > 0 ? city.population / city.density : 0;
  const core = Math.sqrt(areaKm2 / Math.PI) / 1.609 / 2;
  const historic = around.filter((p) => p.categoryId === LIST.history && worthTelling(p));
  for (const p of historic) if (p.distance <= core) placed.add(p.id);
  const far = historic.filter((p) => p.distance > core).slice(0, HISTORY_LOOKUPS);
  if (!far.length) return { towns, placed };
  const box = (CONTEXT_RADIUS + 15) / 69;
  const wide = box / Math.max(0.1, Math.cos((city.latitude * Math.PI) / 180));
  const rows = (
    await client.execute({
      sql: `SELECT name, state_code, latitude, longitude, population FROM cities
            WHERE latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?`,
      args: [city.latitude - box, city.latitude + box, city.longitude - wide, city.longitude + wide],
    })
  ).rows.map((r) => ({
    name: String(r.name),
    stateCode: String(r.state_code),
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    population: Number(r.population),
  }));
  for (const p of far) {
    const full = await places.get(p.id, city).catch(() => null);
    if (!full) continue;
    placed.add(p.id);
    const town = townOf(city, { latitude: full.latitude, longitude: full.longitude }, rows);
    if (town) towns.set(p.id, { ...town, miles: p.distance });
  }
  return { towns, placed };
}

type Kind = "facts" | "history";
type Item<K extends Kind> = K extends "facts" ? FunFact : HistoryEntry;

/** How many items a city may accumulate per kind across model rounds (grounded lists are complete at once). */
const MAX_ITEMS = 40;
const CONTEXT_TTL_MS = 10 * 60_000;

/**
 * Facts, history and deeper details for a city. Chooses the configured provider (a model), falls back to
 * the data-grounded one when it fails or is slow, caches every written item per city and provider in the
 * database, and remembers which items each signed-in user has been shown so "load more" never repeats one.
 */
export class ContentService {
  /** A city's grounded context for CONTEXT_TTL_MS; concurrent callers share one build; cleared on import. */
  private readonly contexts = new LRUCache<number, CityContext, IndexedCity>({
    max: 200,
    ttl: CONTEXT_TTL_MS,
    ignoreFetchAbort: true,
    fetchMethod: (_id, _stale, { context: city }) => buildCityContext(this.deps.client, this.deps.places, city),
  });
  /** Work under way, shared by concurrent requests for it (single-flight: the result is not kept here). */
  private readonly inflight = new LRUCache<string, { value: unknown }, () => Promise<unknown>>({
    max: 1000,
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context: run }) => ({ value: await run() }),
  });

  constructor(
    private readonly deps: {
      client: Client;
      places: PlacesService;
      grounded: ContentProvider;
      model?: ContentProvider;
      log: Logger;
    },
  ) {}

  context(city: IndexedCity): Promise<CityContext> {
    return this.contexts.fetch(city.id, { context: city }) as Promise<CityContext>;
  }

  /** Forget contexts (called when a state's places change). */
  invalidate() {
    this.contexts.clear();
  }

  /**
   * A batch of items. `more` = load more: only items this user has not been shown for this city (the
   * caller has checked sign-in). Otherwise the first `count` items, the same for everyone.
   */
  async batch<K extends Kind>(
    kind: K,
    city: IndexedCity,
    count: number,
    options: { userId?: number; more: boolean },
  ): Promise<Array<Item<K>>> {
    const key = cityKey(city);
    const shown =
      options.userId !== undefined && options.more
        ? await this.shownKeys(options.userId, key, kind)
        : new Set<string>();
    let list = await this.cached<K>(kind, city);
    let fresh = list.filter((item) => !shown.has(itemKey(item.title)));
    // A model can write more; ask it for another round while it has not reached the cap.
    if (options.more && fresh.length < count && list.length < MAX_ITEMS && this.deps.model) {
      list = await this.extend(kind, city, list);
      fresh = list.filter((item) => !shown.has(itemKey(item.title)));
    }
    const picked = fresh.slice(0, count);
    if (options.userId !== undefined && picked.length)
      await this.markShown(
        options.userId,
        key,
        kind,
        picked.map((item) => itemKey(item.title)),
      );
    return picked;
  }

  /** A deeper detail of a fact at level 1–3, cached per city, fact and level. */
  async deeper(city: IndexedCity, fact: { title: string; summary: string }, level: DeeperLevel): Promise<string> {
    const key = `${itemKey(fact.title)}#${level}`;
    if (this.deps.model) {
      const [found] = await this.readCache(cityKey(city), "deeper", this.deps.model.name, key);
      if (found) return JSON.parse(found.payload) as string;
    }
    const context = await this.context(city);
    const [text, provider] = await this.withFallback((p) => p.deeper(context, fact, level), "deeper");
    if (provider !== this.deps.grounded)
      await this.writeCache(cityKey(city), "deeper", provider.name, [{ key, payload: JSON.stringify(text) }], 0);
    return text;
  }

  /** Run with the model when configured; any failure or timeout falls back to the grounded provider. */
  private async withFallback<T>(
    run: (provider: ContentProvider) => Promise<T>,
    what: string,
  ): Promise<[T, ContentProvider]> {
    const { model, grounded, log } = this.deps;
    if (model && (model.available?.() ?? true)) {
      try {
        return [await run(model), model];
      } catch (error) {
        // The LLM seam's breaker now skips a failed or slow model for a minute, for every caller.
        log.warn(
          `Content: the model could not write ${what} (${error instanceof Error ? error.message : String(error)}); using the data-grounded provider.`,
        );
      }
    }
    return [await run(grounded), grounded];
  }

  /** The cached list for a city (the model's when it has written one, else the grounded one), writing it on first use. */
  private async cached<K extends Kind>(kind: K, city: IndexedCity): Promise<Array<Item<K>>> {
    const key = cityKey(city);
    if (this.deps.model) {
      const rows = await this.readCache(key, kind, this.deps.model.name);
      if (rows.length) return rows.map((row) => JSON.parse(row.payload) as Item<K>);
    }
    return this.once(`${kind}|${key}`, async () => {
      const context = await this.context(city);
      const [items, provider] = await this.withFallback(
        (p) => (kind === "facts" ? p.facts(context, []) : p.history(context, [])) as Promise<Array<Item<K>>>,
        kind,
      );
      const unique = dedupe(items);
      // Only a model's writing is stored: the grounded list is cheap and should follow the data as it grows.
      if (provider !== this.deps.grounded)
        await this.writeCache(
          key,
          kind,
          provider.name,
          unique.map((item) => ({ key: itemKey(item.title), payload: JSON.stringify(item) })),
          0,
        );
      return unique;
    });
  }

  /** Another model round for a city, avoiding every title it already has; the grounded list is final. */
  private async extend<K extends Kind>(kind: K, city: IndexedCity, list: Array<Item<K>>): Promise<Array<Item<K>>> {
    const key = cityKey(city);
    const model = this.deps.model!;
    const modelRows = await this.readCache(key, kind, model.name);
    if (!modelRows.length) return list; // the list is the grounded one: nothing more to write
    return this.once(`extend|${kind}|${key}`, async () => {
      const context = await this.context(city);
      const avoid = list.map((item) => item.title);
      try {
        const more = kind === "facts" ? await model.facts(context, avoid) : await model.history(context, avoid);
        const known = new Set(list.map((item) => itemKey(item.title)));
        const added = dedupe(more as Array<Item<K>>).filter((item) => !known.has(itemKey(item.title)));
        await this.writeCache(
          key,
          kind,
          model.name,
          added.map((item) => ({ key: itemKey(item.title), payload: JSON.stringify(item) })),
          list.length,
        );
        return [...list, ...added];
      } catch (error) {
        this.deps.log.warn(
          `Content: the model could not write more ${kind} (${error instanceof Error ? error.message : String(error)}).`,
        );
        return list;
      }
    });
  }

  /** Concurrent requests for the same work share one promise. */
  private async once<T>(key: string, run: () => Promise<T>): Promise<T> {
    try {
      return (await this.inflight.fetch(key, { context: run }))!.value as T;
    } finally {
      this.inflight.delete(key);
    }
  }

  private async readCache(city: string, kind: string, provider: string, item?: string) {
    const result = await this.deps.client.execute({
      sql: `SELECT item_key, payload FROM content_cache WHERE city_key = ? AND kind = ? AND provider = ?${item ? " AND item_key = ?" : ""} ORDER BY position, item_key`,
      args: item ? [city, kind, provider, item] : [city, kind, provider],
    });
    return result.rows.map((r) => ({ itemKey: String(r.item_key), payload: String(r.payload) }));
  }

  private async writeCache(
    city: string,
    kind: string,
    provider: string,
    items: Array<{ key: string; payload: string }>,
    start: number,
  ) {
    if (!items.length) return;
    const now = Date.now();
    await this.deps.client.batch(
      items.map((item, i) => ({
        sql: "INSERT OR IGNORE INTO content_cache (city_key, kind, provider, item_key, position, payload, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        args: [city, kind, provider, item.key, start + i, item.payload, now],
      })),
      "write",
    );
  }

  private async shownKeys(userId: number, city: string, kind: string): Promise<Set<string>> {
    const result = await this.deps.client.execute({
      sql: "SELECT item_key FROM content_shown WHERE user_id = ? AND city_key = ? AND kind = ?",
      args: [userId, city, kind],
    });
    return new Set(result.rows.map((r) => String(r.item_key)));
  }

  private async markShown(userId: number, city: string, kind: string, keys: string[]) {
    const now = Date.now();
    await this.deps.client.batch(
      keys.map((key) => ({
        sql: "INSERT OR IGNORE INTO content_shown (user_id, city_key, kind, item_key, shown_at) VALUES (?, ?, ?, ?, ?)",
        args: [userId, city, kind, key, now],
      })),
      "write",
    );
  }
}

function dedupe<T extends { title: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = itemKey(item.title);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
