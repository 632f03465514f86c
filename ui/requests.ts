/**
 * The client's plain requests and city watcher, with no query library: favorites (check, add, remove),
 * activity records, and the selected city followed across islands and tabs. Pages whose islands need no
 * query cache (home) use these directly (decision 014); ui/queries.ts re-exports them.
 */
import { useAtomValue, useStore } from "jotai";
import { useHydrateAtoms } from "jotai/utils";
import { useEffect, useState } from "react";
import { apiRequest, ApiError } from "./api";
import type { ActivityType, FavoriteItemType } from "../src/domain/accounts";
import { locationText, persistCity, selectedCityAtom, STORAGE_KEYS, storedLocation, type SelectedCity } from "./state";

export type CityRef = Pick<SelectedCity, "name" | "stateCode">;

/** City polling intervals (docs/product.md). */
export const POLL_HOME_MS = 500;
export const POLL_NEARBY_MS = 1000;
export const LOCAL_GEMS_DELAY_MS = 1000;

// ---------------------------------------------------------------------------------------------------------
// Favorites (401 = not signed in = not favorited)

export type FavoriteType = FavoriteItemType;
import type { Favorite } from "../modules/favorites";
export type { Favorite };

export const favoritePath = (type: FavoriteType, itemId: string) =>
  `${encodeURIComponent(type)}/${encodeURIComponent(itemId)}`;

/** Whether an item is saved: 401 (signed out) and other client errors read as "not saved". */
export async function checkFavorite(type: FavoriteType, itemId: string, signal?: AbortSignal): Promise<boolean> {
  try {
    const answer = await apiRequest<{ isFavorited: boolean }>(
      "GET",
      `/api/favorites/check/${favoritePath(type, itemId)}`,
      undefined,
      signal,
    );
    return Boolean(answer?.isFavorited);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return false;
    throw error;
  }
}

export const favoriteCheckQuery = (type: FavoriteType, itemId: string) => ({
  queryKey: ["favorites", "check", type, itemId],
  queryFn: ({ signal }: { signal?: AbortSignal }) => checkFavorite(type, itemId, signal),
  retry: false,
});

export const addFavorite = (itemType: FavoriteType, itemId: string, itemData: string) =>
  apiRequest<Favorite>("POST", "/api/favorites", { itemType, itemId, itemData });
export const removeFavorite = (itemType: FavoriteType, itemId: string) =>
  apiRequest<void>("DELETE", `/api/favorites/${favoritePath(itemType, itemId)}`);

// ---------------------------------------------------------------------------------------------------------
// Activity tracking: POST /api/activities, failures swallowed.

export type { ActivityType };
export interface Activity {
  activityType?: ActivityType;
  cityName?: string;
  cityState?: string;
  placeId?: number | string | null;
  categoryId?: number | null;
  activityData?: Record<string, unknown>;
}

export function trackActivity(activity: Activity): void {
  if (!activity.activityType) {
    console.warn("LocalScope: activity not tracked because activityType is missing", activity);
    return;
  }
  const record = {
    activityType: activity.activityType,
    cityName: activity.cityName ?? null,
    cityState: activity.cityState ?? null,
    placeId: activity.placeId ?? null,
    categoryId: activity.categoryId ?? null,
    activityData: activity.activityData ?? {},
  };
  const body = JSON.stringify(record);
  try {
    // A beacon carries the session cookie, survives navigation and never surfaces a failed answer.
    if (
      typeof navigator !== "undefined" &&
      navigator.sendBeacon?.("/api/activities", new Blob([body], { type: "application/json" }))
    )
      return;
    void apiRequest("POST", "/api/activities", record, { keepalive: true }).catch(() => {});
  } catch {
    // Tracking must never break the page.
  }
}

// ---------------------------------------------------------------------------------------------------------
// The selected city in islands

/** False on the server and while hydrating, true after (so the first client render matches the server's HTML). */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/**
 * The selected city: the server's city for the hydrating render (so the HTML matches), then the shared atom,
 * which the picker, storage events and polling update.
 */
export function useCity(initial: SelectedCity): SelectedCity {
  useHydrateAtoms([[selectedCityAtom, initial]]);
  const current = useAtomValue(selectedCityAtom);
  return useMounted() && current ? current : initial;
}

type Store = ReturnType<typeof useStore>;
interface CitySync {
  intervals: Map<symbol, number>;
  timer?: ReturnType<typeof setInterval>;
  every?: number;
  lastSeen?: string | null;
  adopting?: string;
  check: () => void;
  stop: () => void;
}
let citySync: CitySync | undefined;

const cityKey = (city: CityRef | null | undefined) => (city ? `${city.name}|${city.stateCode}` : "");

function createCitySync(store: Store): CitySync {
  let previous = cityKey(store.get(selectedCityAtom));
  const unsubscribe = store.sub(selectedCityAtom, () => {
    const city = store.get(selectedCityAtom);
    const key = cityKey(city);
    if (!city || key === previous) return;
    previous = key;
    // The query cache marks its lists stale itself (ui/query-client.tsx); this page may not have loaded it.
    trackActivity({
      activityType: "city_discovered",
      cityName: city.name,
      cityState: city.stateCode,
      activityData: { displayName: city.displayName },
    });
  });

  async function adopt(location: { city: string; stateCode: string }) {
    const text = `${location.city}, ${location.stateCode}`;
    if (sync.adopting === text) return;
    sync.adopting = text;
    try {
      const [match] = await apiRequest<SelectedCity[]>(
        "GET",
        `/api/cities/search?q=${encodeURIComponent(text)}&limit=1`,
      );
      if (match && match.name === location.city && match.stateCode === location.stateCode) {
        store.set(selectedCityAtom, match);
        persistCity(match);
      }
    } catch {
      // Keep the current city; the next change is picked up again.
    } finally {
      sync.adopting = undefined;
    }
  }

  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.location || event.key === null) sync.check();
  };

  const sync: CitySync = {
    intervals: new Map(),
    check() {
      let raw: string | null = null;
      try {
        raw = localStorage.getItem(STORAGE_KEYS.location);
      } catch {
        return;
      }
      if (raw === sync.lastSeen) return;
      sync.lastSeen = raw;
      const stored = storedLocation();
      const current = store.get(selectedCityAtom);
      if (stored && (!current || locationText(current) !== `${stored.city}, ${stored.stateCode}`)) void adopt(stored);
    },
    stop() {
      clearInterval(sync.timer);
      window.removeEventListener("storage", onStorage);
      unsubscribe();
    },
  };
  window.addEventListener("storage", onStorage);
  return sync;
}

function reschedule(sync: CitySync) {
  const every = Math.min(...sync.intervals.values());
  if (every === sync.every) return;
  clearInterval(sync.timer);
  sync.every = every;
  sync.timer = Number.isFinite(every) ? setInterval(sync.check, every) : undefined;
}

/**
 * Follow the city chosen in this tab or another: storage events plus polling every `pollMs`
 * (500 ms on home and local gems, 1 s on nearby). One timer serves every island on the page.
 */
export function useCitySync(pollMs: number) {
  const store = useStore();
  useEffect(() => {
    citySync ??= createCitySync(store);
    const sync = citySync;
    const id = Symbol("island");
    sync.intervals.set(id, pollMs);
    reschedule(sync);
    sync.check();
    return () => {
      sync.intervals.delete(id);
      if (sync.intervals.size === 0) {
        sync.stop();
        citySync = undefined;
      } else reschedule(sync);
    };
  }, [store, pollMs]);
}
