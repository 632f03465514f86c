/**
 * The map's places: the initial batch through the query cache (5 min fresh, 10 min kept), then background
 * rounds and manual load-more, all through the pure reducer in ./state.ts (decision 011). A city change
 * resets the list and aborts whatever was on its way.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { CityRef } from "../requests";
import { fetchMapBatch } from "./api";
import {
  canStartLoad,
  cityKeyOf,
  initialMapState,
  legendCategories,
  MAP_RULES,
  mapReducer,
  sortPlaces,
  wantsBackgroundRound,
  type LoadMode,
  type MapAction,
  type Place,
} from "./state";

export function useMapPlaces(
  city: CityRef,
  served: { city: CityRef; batch: Place[] } | null,
  onCityChanged: () => void,
) {
  const cityKey = cityKeyOf(city);
  const cityRef = useRef(city);
  cityRef.current = city;
  // The server's first batch, for its own city only: the list renders (and hydrates) with it at once.
  const servedBatch = served && cityKeyOf(served.city) === cityKey ? served.batch : undefined;
  const [loadedAt] = useState(() => Date.now());

  const [state, dispatch] = useReducer(mapReducer, cityKey, (key) =>
    servedBatch
      ? mapReducer(initialMapState(key), { type: "initial-loaded", cityKey: key, batch: servedBatch })
      : initialMapState(key),
  );
  // Until the reset for a new city has run, show that city as loading.
  const view = state.cityKey === cityKey ? state : initialMapState(cityKey);
  const stateRef = useRef(view);
  stateRef.current = view;
  const abortRef = useRef<AbortController | null>(null);
  const loadingRef = useRef(false);
  const queryClient = useQueryClient();

  const queryKey = useMemo(() => ["map-places", city.name, city.stateCode] as const, [city.name, city.stateCode]);
  const initial = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchMapBatch(cityRef.current, 0, signal),
    staleTime: MAP_RULES.cacheFreshMs,
    gcTime: MAP_RULES.cacheKeptMs,
    initialData: servedBatch,
    initialDataUpdatedAt: servedBatch ? loadedAt : undefined,
  });
  useEffect(() => {
    if (state.cityKey !== cityKey || state.status !== "loading") return;
    if (initial.data) dispatch({ type: "initial-loaded", cityKey, batch: initial.data });
    else if (initial.isError && !initial.isFetching) dispatch({ type: "initial-failed", cityKey });
  }, [initial.data, initial.isError, initial.isFetching, state.cityKey, state.status, cityKey]);

  // City change: reset list, offset and flags (the caller re-centres the map and clears its selection).
  const onCityChangedRef = useRef(onCityChanged);
  onCityChangedRef.current = onCityChanged;
  useEffect(() => {
    abortRef.current?.abort();
    abortRef.current = new AbortController();
    loadingRef.current = false;
    if (state.cityKey !== cityKey) {
      dispatch({ type: "city-changed", cityKey });
      onCityChangedRef.current();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cityKey]);

  // Extra batches: background rounds and manual load-more.
  const loadMore = useCallback(async (mode: LoadMode) => {
    const current = stateRef.current;
    if (loadingRef.current || !canStartLoad(current, mode)) return;
    loadingRef.current = true;
    const signal = abortRef.current?.signal;
    dispatch({ type: "more-started", cityKey: current.cityKey, mode });
    try {
      const batch = await fetchMapBatch(cityRef.current, current.offset, signal);
      if (signal?.aborted) return;
      dispatch({ type: "more-loaded", cityKey: current.cityKey, mode, batch });
    } catch (error) {
      if (signal?.aborted) return;
      console.warn("LocalScope map: loading more places failed:", (error as Error)?.message ?? error);
      dispatch({ type: "more-failed", cityKey: current.cityKey, mode });
    } finally {
      if (!signal?.aborted) loadingRef.current = false;
    }
  }, []);

  useEffect(() => {
    if (!wantsBackgroundRound(view)) return;
    const timer = setTimeout(() => void loadMore("background"), MAP_RULES.backgroundDelayMs);
    return () => clearTimeout(timer);
  }, [view, loadMore]);

  const retry = useCallback(() => {
    dispatch({ type: "city-changed", cityKey });
    void queryClient.resetQueries({ queryKey });
  }, [cityKey, queryClient, queryKey]);

  const places = useMemo(() => sortPlaces(view.places), [view.places]);
  const byId = useMemo(() => new Map<number, Place>(view.places.map((p) => [p.id, p])), [view.places]);
  const legend = useMemo(() => legendCategories(view.places), [view.places]);

  return {
    view,
    /** The list as shown: sorted (rating, quality, distance, arrival). */
    places,
    byId,
    legend,
    loadMore,
    retry,
    /** The user moved the map, or "View on map" put a place in: reducer actions for this city. */
    dispatch: dispatch as (action: MapAction) => void,
    /** Busy while the first batch or any further batch (background rounds included) is on its way. */
    busy: view.status === "loading" || view.loadingMore !== null || wantsBackgroundRound(view),
  };
}
