// One job: serving a city's facts, history and deeper details — provider choice and fallback, the model's
// extra rounds, and "load more" without repeats (the context is built in context.ts, stored in store.ts).
import type { Client } from "@libsql/client";
import { LRUCache } from "lru-cache";
import type { IndexedCity } from "../cities";
import type { Affected, PlacesService } from "../places";
import { dropWhere, Pending } from "../../src/cache-drop";
import type { Logger } from "../../src/http";
import { buildCityContext } from "./context";
import {
  type CityContext,
  type ContentProvider,
  cityKey,
  type DeeperLevel,
  type FunFact,
  type HistoryEntry,
  itemKey,
} from "./provider";
import { ContentStore } from "./store";

type Kind = "facts" | "history";
type Item<K extends Kind> = K extends "facts" ? FunFact : HistoryEntry;

/** How many items a city may accumulate per kind across model rounds (grounded lists are complete at once). */
const MAX_ITEMS = 40;
const CONTEXT_TTL_MS = 10 * 60_000;
/** Bytes of city contexts kept at most: a big city's holds thousands of places (1–2 MB in memory). */
const CONTEXT_BYTES = 16 * 1024 * 1024;
/** About what a context takes in memory: its places (an object each, and their text), towns and texts. */
function contextBytes(context: CityContext): number {
  let bytes = 4_096 + 200 * context.towns.size + 16 * context.placed.size + 2 * JSON.stringify(context.texts).length;
  for (const p of context.places)
    bytes += 400 + 2 * (p.title.length + p.description.length + (p.address?.length ?? 0) + (p.url?.length ?? 0));
  return bytes;
}

/**
 * Facts, history and deeper details for a city. Chooses the configured provider (a model), falls back to
 * the data-grounded one when it fails or is slow, caches every written item per city and provider in the
 * database, and remembers which items each signed-in user has been shown so "load more" never repeats one.
 */
export class ContentService {
  private readonly store: ContentStore;
  /** A city's grounded context for CONTEXT_TTL_MS; concurrent callers share one build; cleared on import. */
  private readonly contexts = new LRUCache<number, CityContext, IndexedCity>({
    max: 200,
    maxSize: CONTEXT_BYTES,
    sizeCalculation: contextBytes,
    ttl: CONTEXT_TTL_MS,
    ignoreFetchAbort: true,
    fetchMethod: (id, _stale, { context: city }) =>
      this.building.run(id, () => buildCityContext(this.deps.client, this.deps.places, city)),
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
  ) {
    this.store = new ContentStore(deps.client);
  }

  context(city: IndexedCity): Promise<CityContext> {
    return this.contexts.fetch(city.id, { context: city }) as Promise<CityContext>;
  }

  /** Contexts being built (one still building when places change is not kept). */
  private readonly building = new Pending<number>();

  /**
   * Forget contexts (called when a state's places change): those of the cities `affected` picks (the places
   * service's invalidate, ../places/changed-area.ts), else every one.
   */
  invalidate(affected?: Affected) {
    if (!affected) this.contexts.clear();
    else dropWhere(this.contexts, (_id, context) => !context || affected(context.city), this.building);
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
        ? await this.store.shownKeys(options.userId, key, kind)
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
      await this.store.markShown(
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
      const [found] = await this.store.readCache(cityKey(city), "deeper", this.deps.model.name, key);
      if (found) return JSON.parse(found.payload) as string;
    }
    const context = await this.context(city);
    const [text, provider] = await this.withFallback((p) => p.deeper(context, fact, level), "deeper");
    if (provider !== this.deps.grounded)
      await this.store.writeCache(cityKey(city), "deeper", provider.name, [{ key, payload: JSON.stringify(text) }], 0);
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
      const rows = await this.store.readCache(key, kind, this.deps.model.name);
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
        await this.store.writeCache(
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
    const modelRows = await this.store.readCache(key, kind, model.name);
    if (!modelRows.length) return list; // the list is the grounded one: nothing more to write
    return this.once(`extend|${kind}|${key}`, async () => {
      const context = await this.context(city);
      const avoid = list.map((item) => item.title);
      try {
        const more = kind === "facts" ? await model.facts(context, avoid) : await model.history(context, avoid);
        const known = new Set(list.map((item) => itemKey(item.title)));
        const added = dedupe(more as Array<Item<K>>).filter((item) => !known.has(itemKey(item.title)));
        await this.store.writeCache(
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
