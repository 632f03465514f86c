/**
 * Client data rules (docs/product.md sections 4 and 9), on TanStack Query:
 * fresh 5 min / kept 10 min by default, nearby and local-gems lists fresh 30 min / kept 60 min, no retry on
 * 4xx except 408/429 (up to 2), up to 3 otherwise, 1 s doubling capped at 30 s; the city re-read from
 * local storage on storage events and by polling; activity tracking with failures swallowed. What needs no
 * query library (plain requests, the city watcher, activity records) is in ui/requests.ts, re-exported here.
 */
import type { QueryClient } from "@tanstack/react-query";
import { apiRequest, ApiError } from "./api";
import type { FunFact, HistoryEntry, Place } from "./components/places";
import type { CityRef, Favorite } from "./requests";
import type { PublicCategory } from "../src/domain/categories";

export * from "./requests";

// ---------------------------------------------------------------------------------------------------------
// Retries and cache times

const statusOf = (error: unknown): number | undefined => (error instanceof ApiError ? error.status : undefined);

/** Queries: 4xx are final except 408 and 429 (retried up to 2 times); anything else up to 3 times. */
export function retryRule(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500)
    return (status === 408 || status === 429) && failureCount < 2;
  return failureCount < 3;
}

/** Mutations: up to 2 retries, only for 5xx or no status (network), never for client errors. */
export function mutationRetryRule(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && status < 500) return false;
  return failureCount < 2;
}

/**
 * The first retry's wait: 1 s, or in browser tests the server's TEST_RETRY_BASE_MS, which it renders as
 * `data-retry-ms` on <html> (decision 025; never in production).
 */
function retryBaseMs(): number {
  const served = typeof document === "undefined" ? undefined : document.documentElement.dataset.retryMs;
  return served !== undefined && /^\d+$/.test(served) ? Number(served) : 1000;
}

/** 1 s, 2 s, 4 s … capped at 30 s (attempt counts from 0). */
export const retryDelay = (attempt: number) => Math.min(retryBaseMs() * 2 ** attempt, 30_000);

export const QUERY_DEFAULTS = {
  queries: { staleTime: 5 * 60_000, gcTime: 10 * 60_000, retry: retryRule, retryDelay, refetchOnWindowFocus: false },
  mutations: { retry: mutationRetryRule, retryDelay },
} as const;

/** Nearby and local-gems lists: fresh 30 min, kept 60 min. */
export const LIST_CACHE = { staleTime: 30 * 60_000, gcTime: 60 * 60_000 } as const;

// ---------------------------------------------------------------------------------------------------------
// Fetchers: non-ok answers become the product's thrown messages (section 8), keeping the status for retries.

function failWith(error: unknown, message: string): never {
  if (error instanceof ApiError) throw new ApiError(error.status, message, error.errors);
  if (error instanceof DOMException && error.name === "AbortError") throw error;
  throw new Error(message);
}

async function get<T>(url: string, message: string, signal?: AbortSignal): Promise<T> {
  try {
    return await apiRequest<T>("GET", url, undefined, signal);
  } catch (error) {
    failWith(error, message);
  }
}

const cityQuery = (city: CityRef, extra: Record<string, string | number> = {}) =>
  new URLSearchParams({
    city: city.name,
    state: city.stateCode,
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
  }).toString();
const cityPath = (city: CityRef) => `${encodeURIComponent(city.name)}/${encodeURIComponent(city.stateCode)}`;

/** A category as /api/categories answers it (the server's record without its list numbering). */
export type Category = PublicCategory;

export const nearbyQuery = (city: CityRef, count: number) => ({
  queryKey: ["places", "nearby", city.name, city.stateCode, count],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    get<Place[]>(`/api/places/nearby?${cityQuery(city, { count })}`, "Failed to fetch nearby places", signal),
  ...LIST_CACHE,
});

export const localGemsQuery = (city: CityRef, count: number) => ({
  queryKey: ["places", "local-gems", city.name, city.stateCode, count],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    get<Place[]>(
      `/api/places/local-gems?${cityQuery(city, { local: "true", count })}`,
      "Failed to fetch local gems",
      signal,
    ),
  ...LIST_CACHE,
});

export const featuredQuery = (city: CityRef) => ({
  queryKey: ["places", "featured", city.name, city.stateCode],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    get<Place[]>(`/api/places/featured?${cityQuery(city)}`, "Failed to fetch featured places", signal),
});

export const categoryPlacesQuery = (categoryId: number, city: CityRef, message = "Failed to fetch places") => ({
  queryKey: ["places", "category", categoryId, city.name, city.stateCode],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    get<Place[]>(`/api/places/category/${categoryId}?${cityQuery(city)}`, message, signal),
});

export const storesQuery = (city: CityRef) => ({
  queryKey: ["local-stores", city.name, city.stateCode],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    get<Place[]>(`/api/local-stores/${cityPath(city)}`, "Failed to fetch local stores", signal),
});

export const activitiesQuery = (city: CityRef) => ({
  queryKey: ["activities", city.name, city.stateCode],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    get<Place[]>(`/api/activities/${cityPath(city)}`, "Failed to fetch activities", signal),
});

export const placeQuery = (id: number) => ({
  queryKey: ["place", id],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    get<Place>(`/api/places/${id}`, "Failed to fetch place details", signal),
});

/** A refetch never shrinks a list the visitor has extended with "load more" (section 4). */
const keepLonger = <T>(queryClient: QueryClient, key: readonly unknown[], fresh: T[]): T[] => {
  const cached = queryClient.getQueryData<T[]>(key);
  return cached && cached.length > fresh.length ? cached : fresh;
};

export const FACTS_BATCH = 5;
export const HISTORY_BATCH = 4;
export const MAX_DEEPER_LEVEL = 3;

export const factsQuery = (queryClient: QueryClient, city: CityRef) => {
  const queryKey = ["fun-facts", city.name, city.stateCode];
  return {
    queryKey,
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      try {
        const { facts } = await apiRequest<{ facts: FunFact[] }>(
          "POST",
          "/api/fun-facts/city",
          { cityName: city.name, stateCode: city.stateCode, count: FACTS_BATCH },
          signal,
        );
        return keepLonger(queryClient, queryKey, facts ?? []);
      } catch (error) {
        failWith(error, "Failed to fetch fun facts");
      }
    },
  };
};

export const historyQuery = (queryClient: QueryClient, city: CityRef) => {
  const queryKey = ["city-history", city.name, city.stateCode];
  return {
    queryKey,
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      const entries = await get<HistoryEntry[]>(
        `/api/city-history/${cityPath(city)}`,
        "Failed to fetch city history",
        signal,
      );
      return keepLonger(queryClient, queryKey, entries ?? []);
    },
  };
};

export const moreFacts = (city: CityRef) =>
  apiRequest<{ facts: FunFact[] }>("POST", "/api/fun-facts/city", {
    cityName: city.name,
    stateCode: city.stateCode,
    count: FACTS_BATCH,
    more: true,
  }).then((r) => r.facts ?? []);
export const moreHistory = (city: CityRef) =>
  apiRequest<{ history: HistoryEntry[] }>("POST", "/api/city-history/more", {
    cityName: city.name,
    stateCode: city.stateCode,
    count: HISTORY_BATCH,
  }).then((r) => r.history ?? []);
export const diveDeeper = (fact: FunFact, city: CityRef, level: number) =>
  apiRequest<{ details: string }>("POST", "/api/fun-facts/dive-deeper", {
    factTitle: fact.title,
    factSummary: fact.summary,
    cityName: city.name,
    stateCode: city.stateCode,
    level,
  }).then((r) => r.details);

export const favoritesQuery = () => ({
  queryKey: ["favorites", "list"],
  queryFn: async ({ signal }: { signal?: AbortSignal }) => {
    try {
      return (await apiRequest<Favorite[]>("GET", "/api/favorites", undefined, signal)) ?? [];
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) return [] as Favorite[];
      failWith(error, "Failed to fetch favorites");
    }
  },
});

/**
 * A list the server sent with its page (decision 033): the query's first data while the visitor's city is
 * still the page's, fresh for at least a minute (the server's own page cache), so hydration fetches nothing.
 * After a city change the list loads as before.
 */
export function seededList<Q extends { queryKey: readonly unknown[] }>(
  query: Q,
  pageCity: CityRef,
  city: CityRef,
  initial: Place[] | null | undefined,
): Q {
  if (!initial || pageCity.name !== city.name || pageCity.stateCode !== city.stateCode) return query;
  return {
    ...query,
    initialData: initial,
    staleTime: Math.max((query as { staleTime?: number }).staleTime ?? 0, 60_000),
  };
}
