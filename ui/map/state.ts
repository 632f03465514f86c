/**
 * The map screen's pure logic: constants, de-duplication, ordering and the loading state machine
 * (spec docs/product.md#screens-and-routes "Map loading", docs/product.md de-duplication, docs/product.md map constants). No DOM, no fetch: the
 * island (ui/islands/MapExplorer.tsx) dispatches the actions and performs the requests this module asks for.
 */
import type { Place } from "../../modules/places";

export const MAP_RULES = {
  /** Places asked from each endpoint (nearby and featured) per request. */
  pageSize: 6,
  /** Each batch advances the offset by this much (both endpoints use the same offset). */
  offsetStep: 12,
  /** The initial batch must return at least this many places for background loading to start. */
  backgroundStartMin: 6,
  backgroundRounds: 3,
  backgroundDelayMs: 100,
  /** Background loading aims for up to this many new places in total … */
  backgroundTargetNew: 13,
  /** … and stops when the list holds this many. */
  backgroundStopTotal: 25,
  /** A batch keeps "has more" on only if it held at least this many places. */
  fullBatchMin: 6,
  /** A manual load-more that brings fewer new places than this turns "has more" off. */
  manualMinNew: 3,
  headerLoadMoreAt: 24,
  blockLoadMoreAt: 15,
  minZoom: 8,
  maxZoom: 18,
  initialZoom: 14,
  placeZoom: 16,
  fitPadding: 30,
  fitMaxZoom: 14,
  /** [longitude, latitude]: the geographic centre of the contiguous US, used when a city has no position. */
  fallbackCentre: [-98.58, 39.83] as [number, number],
  cityPollMs: 1000,
  cacheFreshMs: 5 * 60_000,
  cacheKeptMs: 10 * 60_000,
  legendMax: 5,
  skeletons: 5,
} as const;

/** A place as the API answers it: the one wire type, published by modules/places. */
export type { Place };

// ---------------------------------------------------------------------------------------------
// De-duplication (docs/product.md#validation)

/** Lower-case, trimmed, non-alphanumerics removed. */
export function normaliseTitle(title: string | null | undefined): string {
  return (title ?? "")
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]/g, "");
}

/** A coordinate as a finite number, or null when it is missing or not numeric. */
export function toCoordinate(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "" && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

/** [longitude, latitude] when both are numeric and in range; markers are drawn only for these places. */
export function placePosition(place: { latitude: unknown; longitude: unknown }): [number, number] | null {
  const lat = toCoordinate(place.latitude);
  const lng = toCoordinate(place.longitude);
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return [lng, lat];
}

/** Latitude and longitude rounded to 4 decimals, or null without a numeric position. */
export function coordinateKey(place: { latitude: unknown; longitude: unknown }): string | null {
  const position = placePosition(place);
  if (!position) return null;
  return `${position[1].toFixed(4)},${position[0].toFixed(4)}`;
}

export interface SeenKeys {
  ids: Set<number>;
  titles: Set<string>;
  coordinates: Set<string>;
}

export function seenKeys(places: readonly Place[] = []): SeenKeys {
  const seen: SeenKeys = { ids: new Set(), titles: new Set(), coordinates: new Set() };
  for (const place of places) remember(seen, place);
  return seen;
}

function remember(seen: SeenKeys, place: Place) {
  seen.ids.add(place.id);
  const title = normaliseTitle(place.title);
  if (title) seen.titles.add(title);
  const coordinates = coordinateKey(place);
  if (coordinates) seen.coordinates.add(coordinates);
}

/**
 * The places of `incoming` not yet seen, in order. A place is dropped if its id, its normalised title or
 * its 4-decimal coordinates were already seen — among `existing` or earlier in `incoming`.
 * An empty normalised title or a missing position is no key (it cannot collide).
 */
export function dedupePlaces(incoming: readonly Place[], existing: readonly Place[] = []): Place[] {
  const seen = seenKeys(existing);
  const fresh: Place[] = [];
  for (const place of incoming) {
    const title = normaliseTitle(place.title);
    const coordinates = coordinateKey(place);
    if (seen.ids.has(place.id)) continue;
    if (title && seen.titles.has(title)) continue;
    if (coordinates && seen.coordinates.has(coordinates)) continue;
    remember(seen, place);
    fresh.push(place);
  }
  return fresh;
}

// ---------------------------------------------------------------------------------------------
// Ordering (docs/product.md#validation "sorted by rating", docs/product.md#data-rules tie-breaks)

const numberOr = (value: unknown, fallback: number) => {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
};

/** docs/product.md#data-rules's quality score: one point each for address, phone, website, hours and wikidata. */
export function qualityScore(place: Place): number {
  return [place.address, place.phone, place.website, place.openingHours, place.wikidata].filter(
    (v) => typeof v === "string" && v.trim() !== "",
  ).length;
}

/** Rating (highest first), then quality (highest first), then distance (nearest first); otherwise arrival order. */
export function sortPlaces(places: readonly Place[]): Place[] {
  return places
    .map((place, index) => ({ place, index }))
    .sort(
      (a, b) =>
        numberOr(b.place.rating, 0) - numberOr(a.place.rating, 0) ||
        qualityScore(b.place) - qualityScore(a.place) ||
        numberOr(a.place.distance, Infinity) - numberOr(b.place.distance, Infinity) ||
        a.index - b.index,
    )
    .map(({ place }) => place);
}

// ---------------------------------------------------------------------------------------------
// Loading state machine (docs/product.md#screens-and-routes)

export type LoadMode = "background" | "manual";

export interface MapLoadState {
  /** "City|ST" of the city this state belongs to; answers for another city are ignored. */
  cityKey: string;
  status: "loading" | "error" | "ready";
  /** Every place loaded so far, in arrival order (the list and the markers sort them). */
  places: Place[];
  /** Offset of the next batch. */
  offset: number;
  hasMore: boolean;
  /** Which extra load is running; it blocks another one. */
  loadingMore: LoadMode | null;
  /** Background rounds done, and the new places they added. */
  rounds: number;
  backgroundAdded: number;
  /** Whether background rounds should continue. */
  backgroundActive: boolean;
  /** Fit the map to the markers until the user moves the map. */
  autoFit: boolean;
  /** New places the last extra load added (for the live announcement). */
  lastAdded: number;
}

export type MapAction =
  | { type: "city-changed"; cityKey: string }
  | { type: "initial-loaded"; cityKey: string; batch: Place[] }
  | { type: "initial-failed"; cityKey: string }
  | { type: "more-started"; cityKey: string; mode: LoadMode }
  | { type: "more-loaded"; cityKey: string; mode: LoadMode; batch: Place[] }
  | { type: "more-failed"; cityKey: string; mode: LoadMode }
  | { type: "user-moved" }
  /** "View on map" from a place page (/map?place=ID): that place joins the list and auto-fit stops. */
  | { type: "place-focused"; cityKey: string; place: Place };

export const cityKeyOf = (city: { name: string; stateCode: string }) => `${city.name}|${city.stateCode}`;

/** The state for a city before anything is loaded; also what a city change resets to. */
export function initialMapState(cityKey: string): MapLoadState {
  return {
    cityKey,
    status: "loading",
    places: [],
    offset: 0,
    hasMore: false,
    loadingMore: null,
    rounds: 0,
    backgroundAdded: 0,
    backgroundActive: false,
    autoFit: true,
    lastAdded: 0,
  };
}

export function mapReducer(state: MapLoadState, action: MapAction): MapLoadState {
  if (action.type === "city-changed") return initialMapState(action.cityKey);
  if (action.type === "user-moved") return state.autoFit ? { ...state, autoFit: false } : state;
  // An answer that belongs to a city the user has left is dropped.
  if (action.cityKey !== state.cityKey) return state;

  switch (action.type) {
    case "initial-loaded": {
      if (state.status !== "loading") return state;
      const places = dedupePlaces(action.batch);
      const enough = places.length >= MAP_RULES.backgroundStartMin;
      return {
        ...state,
        status: "ready",
        places,
        offset: MAP_RULES.offsetStep,
        hasMore: enough,
        backgroundActive: enough,
      };
    }
    case "initial-failed":
      if (state.status !== "loading") return state;
      return { ...state, status: "error", hasMore: false, backgroundActive: false };
    case "more-started":
      if (!canStartLoad(state, action.mode)) return state;
      return { ...state, loadingMore: action.mode };
    case "place-focused": {
      if (state.status !== "ready") return state;
      const fresh = dedupePlaces([action.place], state.places);
      return { ...state, places: fresh.length ? [...state.places, ...fresh] : state.places, autoFit: false };
    }
    case "more-failed":
      if (state.loadingMore !== action.mode) return state;
      return { ...state, loadingMore: null, hasMore: false, backgroundActive: false, lastAdded: 0 };
    case "more-loaded": {
      if (state.loadingMore !== action.mode) return state;
      const fresh = dedupePlaces(action.batch, state.places);
      const offset = state.offset + MAP_RULES.offsetStep;
      if (action.mode === "manual") {
        const places = [...state.places, ...fresh];
        return {
          ...state,
          places,
          offset,
          loadingMore: null,
          hasMore: fresh.length >= MAP_RULES.manualMinNew,
          lastAdded: fresh.length,
        };
      }
      // Background: keep at most what the target of 13 new and the stop at 25 total leave room for.
      const room = Math.max(
        0,
        Math.min(
          MAP_RULES.backgroundTargetNew - state.backgroundAdded,
          MAP_RULES.backgroundStopTotal - state.places.length,
        ),
      );
      const kept = fresh.slice(0, room);
      const places = [...state.places, ...kept];
      const rounds = state.rounds + 1;
      const backgroundAdded = state.backgroundAdded + kept.length;
      const hasMore =
        fresh.length > 0 &&
        action.batch.length >= MAP_RULES.fullBatchMin &&
        places.length < MAP_RULES.backgroundStopTotal;
      const backgroundActive =
        hasMore &&
        rounds < MAP_RULES.backgroundRounds &&
        backgroundAdded < MAP_RULES.backgroundTargetNew &&
        places.length < MAP_RULES.backgroundStopTotal;
      return {
        ...state,
        places,
        offset,
        loadingMore: null,
        hasMore,
        rounds,
        backgroundAdded,
        backgroundActive,
        lastAdded: kept.length,
      };
    }
  }
}

/** Whether an extra load may start now: the list is loaded, more may exist, and no load is running. */
export function canStartLoad(state: MapLoadState, mode: LoadMode): boolean {
  if (state.status !== "ready" || state.loadingMore !== null || !state.hasMore) return false;
  return mode === "manual" || state.backgroundActive;
}

/** The next background round should be scheduled (about 100 ms later). */
export const wantsBackgroundRound = (state: MapLoadState) => canStartLoad(state, "background");

/** Header "Load More": 24 or more places and more available. */
export const showHeaderLoadMore = (state: MapLoadState) =>
  state.status === "ready" && state.places.length >= MAP_RULES.headerLoadMoreAt && state.hasMore;

/** "Discover More Places" block: 15 or more places and more available. */
export const showDiscoverMore = (state: MapLoadState) =>
  state.status === "ready" && state.places.length >= MAP_RULES.blockLoadMoreAt && state.hasMore;

/** Up to five list category ids present in the places, most frequent first (ties: lower id first). */
export function legendCategories(places: readonly Place[]): number[] {
  const counts = new Map<number, number>();
  for (const place of places) {
    if (place.categoryId == null) continue;
    counts.set(place.categoryId, (counts.get(place.categoryId) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, MAP_RULES.legendMax)
    .map(([id]) => id);
}

/** "0.4 mi away", or null without a numeric distance (docs/product.md#validation: never trust the answer's types blindly). */
export function distanceText(distance: unknown): string | null {
  const n = numberOr(distance, NaN);
  if (!Number.isFinite(n)) return null;
  return `${n.toFixed(1)} mi away`;
}
