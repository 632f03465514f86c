import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtom } from "jotai";
import { useHydrateAtoms } from "jotai/utils";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { apiRequest } from "../api";
import { fetchMapBatch } from "../map/api";
import { mapCategory } from "../map/categories";
import { createMapEngine, type BasemapMode, type MapEngine } from "../map/engine";
import { pageIsDark, watchDarkMode } from "../map/dark";
import { PlaceDialog } from "../map/PlaceDialog";
import {
  canStartLoad,
  cityKeyOf,
  distanceText,
  initialMapState,
  legendCategories,
  MAP_RULES,
  mapReducer,
  placePosition,
  showDiscoverMore,
  showHeaderLoadMore,
  sortPlaces,
  wantsBackgroundRound,
  type LoadMode,
  type MapPlace,
} from "../map/state";
import { persistCity, selectedCityAtom, STORAGE_KEYS, storedLocation, type SelectedCity } from "../state";
import { withQuery } from "../query-client";

export interface MapExplorerProps {
  city: SelectedCity;
  /** True when the server rendered the city from the visitor's cookie. */
  fromCookie: boolean;
  /** Raster tile URL template (config TILE_URL). */
  tileUrl: string;
  /** The place to show first (/map?place=ID, "View on map" on a place page). */
  focus?: MapPlace | null;
}

const cityCentre = (city: SelectedCity): [number, number] | null =>
  typeof city.latitude === "number" && typeof city.longitude === "number" ? [city.longitude, city.latitude] : null;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The map screen: header, MapLibre map with markers, the "All Places" list and the marker dialog. */
function MapExplorer(props: MapExplorerProps) {
  useHydrateAtoms([[selectedCityAtom, props.city]]);
  const [storedCity, setCity] = useAtom(selectedCityAtom);
  const city = storedCity ?? props.city;
  const cityKey = cityKeyOf(city);
  const cityRef = useRef(city);
  cityRef.current = city;

  const [state, dispatch] = useReducer(mapReducer, cityKey, initialMapState);
  // Until the reset for a new city has run, show that city as loading.
  const view = state.cityKey === cityKey ? state : initialMapState(cityKey);
  const stateRef = useRef(view);
  stateRef.current = view;

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialogId, setDialogId] = useState<number | null>(null);
  const [basemap, setBasemap] = useState<BasemapMode>("tiles");
  const [mapStatus, setMapStatus] = useState<"loading" | "ready" | "failed">("loading");
  const engineRef = useRef<MapEngine | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const mapSectionRef = useRef<HTMLElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const loadingRef = useRef(false);
  const queryClient = useQueryClient();

  const places = useMemo(() => sortPlaces(view.places), [view.places]);
  const byId = useMemo(() => new Map(view.places.map((p) => [p.id, p])), [view.places]);
  const legend = useMemo(() => legendCategories(view.places), [view.places]);

  // --- the initial batch, cached 5 min fresh / 10 min kept
  const queryKey = useMemo(() => ["map-places", city.name, city.stateCode] as const, [city.name, city.stateCode]);
  const initial = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchMapBatch(cityRef.current, 0, signal),
    staleTime: MAP_RULES.cacheFreshMs,
    gcTime: MAP_RULES.cacheKeptMs,
  });
  useEffect(() => {
    if (state.cityKey !== cityKey || state.status !== "loading") return;
    if (initial.data) dispatch({ type: "initial-loaded", cityKey, batch: initial.data });
    else if (initial.isError && !initial.isFetching) dispatch({ type: "initial-failed", cityKey });
  }, [initial.data, initial.isError, initial.isFetching, state.cityKey, state.status, cityKey]);

  // --- city change: reset list, offset and flags, re-centre, re-enable auto-fit
  useEffect(() => {
    abortRef.current?.abort();
    abortRef.current = new AbortController();
    loadingRef.current = false;
    if (state.cityKey !== cityKey) {
      dispatch({ type: "city-changed", cityKey });
      setSelectedId(null);
      setDialogId(null);
      engineRef.current?.centreOn(cityCentre(city));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cityKey]);

  // --- extra batches (background rounds and manual load-more)
  const runLoad = useCallback(async (mode: LoadMode) => {
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
    const timer = setTimeout(() => void runLoad("background"), MAP_RULES.backgroundDelayMs);
    return () => clearTimeout(timer);
  }, [view, runLoad]);

  // --- the city is re-read from local storage every second and on storage events
  useEffect(() => {
    let lastTried = "";
    async function check() {
      const stored = storedLocation();
      if (!stored) return;
      const current = cityRef.current;
      if (stored.city === current.name && stored.stateCode === current.stateCode) {
        lastTried = "";
        return;
      }
      const text = `${stored.city}, ${stored.stateCode}`;
      if (text === lastTried) return;
      lastTried = text;
      try {
        const [match] = await apiRequest<SelectedCity[]>("GET", `/api/cities/search?q=${encodeURIComponent(text)}&limit=1`);
        if (match && match.name === stored.city && match.stateCode === stored.stateCode) {
          setCity(match);
          persistCity(match);
        }
      } catch {
        // Keep the current city; the next change is tried again.
      }
    }
    void check();
    const timer = setInterval(() => void check(), MAP_RULES.cityPollMs);
    const keys: string[] = Object.values(STORAGE_KEYS);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || keys.includes(event.key)) void check();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      clearInterval(timer);
      window.removeEventListener("storage", onStorage);
    };
  }, [setCity]);

  // --- the map itself (maplibre loads here, lazily)
  useEffect(() => {
    let disposed = false;
    const container = containerRef.current;
    if (!container) return;
    const stopDark = watchDarkMode((dark) => engineRef.current?.setDark(dark));
    createMapEngine(
      { container, tileUrl: props.tileUrl, centre: cityCentre(cityRef.current), dark: pageIsDark() },
      {
        onMarkerClick(id) {
          setSelectedId(id);
          setDialogId(id);
        },
        onPopupDetails(id) {
          setDialogId(id);
        },
        onUserMove() {
          dispatch({ type: "user-moved" });
        },
        onBasemap: setBasemap,
      },
    ).then(
      (engine) => {
        if (disposed) return engine.destroy();
        engineRef.current = engine;
        setMapStatus("ready");
      },
      (error) => {
        if (disposed) return;
        console.warn("LocalScope map: the map could not start:", (error as Error)?.message ?? error);
        setMapStatus("failed");
      },
    );
    return () => {
      disposed = true;
      stopDark();
      engineRef.current?.destroy();
      engineRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Markers follow the list; the view fits them until the user moves the map.
  useEffect(() => {
    engineRef.current?.setPlaces(places, selectedId);
  }, [places, selectedId, mapStatus]);
  useEffect(() => {
    if (mapStatus === "ready" && view.autoFit && view.places.length > 0) engineRef.current?.fitToPlaces(view.places);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.places, mapStatus]);

  // --- tapping the Map tab while on the map scrolls to the top
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!link || link.getAttribute("href") !== "/map" || location.pathname !== "/map") return;
      event.preventDefault();
      window.scrollTo({ top: 0, behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  // --- "View on map": once the map and the first batch are ready, the place joins the list and opens.
  const focusDone = useRef(false);
  useEffect(() => {
    const focus = props.focus;
    if (!focus || focusDone.current || mapStatus !== "ready" || view.status !== "ready") return;
    focusDone.current = true;
    dispatch({ type: "place-focused", cityKey, place: focus });
    const shown = view.places.find((p) => p.id === focus.id) ?? focus;
    setTimeout(() => selectPlace(shown), 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mapStatus, view.status]);

  function selectPlace(place: MapPlace) {
    setSelectedId(place.id);
    // The user chose where to look: the view stays on the place even when more places arrive.
    dispatch({ type: "user-moved" });
    if (!placePosition(place)) return;
    engineRef.current?.showPlace(place);
    const section = mapSectionRef.current;
    if (section) {
      const box = section.getBoundingClientRect();
      if (box.top < 56 || box.bottom > window.innerHeight) {
        section.scrollIntoView({ block: "center", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
      }
    }
  }

  function retry() {
    dispatch({ type: "city-changed", cityKey });
    void queryClient.resetQueries({ queryKey });
  }

  const count = view.places.length;
  const loadingMore = view.loadingMore !== null;
  // Busy while the first batch or any further batch (background rounds included) is on its way.
  const busy = view.status === "loading" || loadingMore || wantsBackgroundRound(view);
  const dialogPlace = dialogId !== null ? (byId.get(dialogId) ?? null) : null;
  const cityLabel = `${city.name}, ${city.stateCode}`;

  return (
    <div className="lg:ml-[50%] lg:w-[80rem] lg:max-w-[calc(100vw-2rem)] lg:-translate-x-1/2">
      <header className="flex items-center gap-3">
        <a href="/" className="icon-btn shrink-0 ring-1 ring-line bg-surface" aria-label="Back to home" data-tooltip="Back to home">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M15 18l-6-6 6-6" />
          </svg>
        </a>
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-bold leading-tight text-ink [overflow-wrap:anywhere] sm:text-2xl">Explore {city.name}</h1>
          <p className="truncate text-sm text-ink-soft">
            <span>{city.state}</span>
            <span aria-hidden="true"> · </span>
            <span>Interactive Map</span>
          </p>
        </div>
        <span className="shrink-0 rounded-full bg-primary px-3 py-1 text-sm font-semibold text-white" data-testid="place-count" aria-live="polite">
          {plural(count, "place", "places")}
        </span>
        {showHeaderLoadMore(view) && (
          <button
            type="button"
            onClick={() => void runLoad("manual")}
            disabled={loadingMore}
            className="shrink-0 rounded-full px-3 py-1 text-sm font-semibold text-primary ring-1 ring-primary hover:bg-primary hover:text-white disabled:opacity-60 focus-ring"
          >
            Load More
          </button>
        )}
      </header>

      <div className="mt-4 lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-6">
        <section
          ref={mapSectionRef}
          aria-label={`Map of ${cityLabel}`}
          className="relative h-[52vh] min-h-[300px] overflow-hidden rounded-2xl bg-line ring-1 ring-line lg:sticky lg:top-20 lg:h-[calc(100vh-14rem)] lg:min-h-[420px]"
        >
          <div ref={containerRef} className="h-full w-full" data-testid="map" data-basemap={basemap} data-map-status={mapStatus} />

          <p className="pointer-events-none absolute left-3 top-3 z-10 flex max-w-[60%] items-center gap-1.5 rounded-full bg-surface/95 px-3 py-1.5 text-sm font-semibold text-ink shadow" data-testid="map-city">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0 text-primary" fill="currentColor">
              <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
            </svg>
            <span className="truncate">{cityLabel}</span>
          </p>

          {legend.length > 0 && (
            <div className="absolute right-3 top-3 z-10 hidden rounded-xl bg-surface/95 px-3 py-2 text-xs text-ink shadow sm:block" data-testid="map-legend">
              <p className="sr-only">Categories on the map</p>
              <ul className="space-y-1">
                {legend.map((id) => {
                  const category = mapCategory(id);
                  return (
                    <li key={id} className="flex items-center gap-2">
                      <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full" style={{ background: category.color }} />
                      {category.label}
                    </li>
                  );
                })}
              </ul>
            </div>
          )}

          {loadingMore && (
            <p role="status" className="absolute left-1/2 top-14 z-10 -translate-x-1/2 whitespace-nowrap rounded-full bg-primary px-3 py-1 text-xs font-semibold text-white shadow">
              Loading more places...
            </p>
          )}

          {basemap === "outline" && (
            <p role="status" className="pointer-events-none absolute left-3 top-14 z-10 rounded-md bg-surface/90 px-2 py-1 text-[11px] text-ink-soft shadow-sm" data-testid="offline-basemap">
              Offline map: state and county outlines
            </p>
          )}

          {mapStatus === "failed" && (
            <div className="absolute inset-0 z-10 flex items-center justify-center p-6 text-center text-sm text-ink-soft">
              <p>The map cannot be shown in this browser (it needs WebGL). Every place is still listed below.</p>
            </div>
          )}

          {view.status === "loading" && (
            <div className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-3 bg-surface/80 backdrop-blur-sm" role="status">
              <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-primary border-t-transparent motion-reduce:animate-none" />
              <p className="text-lg font-semibold text-ink">Discovering Places</p>
              <p className="text-sm text-ink-soft">Finding real places in {cityLabel}…</p>
            </div>
          )}
        </section>

        <section aria-labelledby="all-places-heading" aria-busy={busy} data-testid="all-places" className="mt-6 lg:mt-0">
          <h2 id="all-places-heading" className="text-lg font-bold text-ink">
            All Places
          </h2>

          {view.status === "loading" && (
            <ul className="mt-3 space-y-3" aria-hidden="true" data-testid="map-skeletons">
              {Array.from({ length: MAP_RULES.skeletons }, (_, i) => (
                <li key={i} className="card animate-pulse p-4 motion-reduce:animate-none">
                  <div className="h-4 w-24 rounded-full bg-black/10" />
                  <div className="mt-3 h-5 w-3/4 rounded bg-black/10" />
                  <div className="mt-2 h-4 w-full rounded bg-black/10" />
                  <div className="mt-1 h-4 w-2/3 rounded bg-black/10" />
                </li>
              ))}
            </ul>
          )}

          {view.status === "error" && (
            <div className="card mt-3 p-6 text-center" role="alert">
              <p className="text-lg font-semibold text-ink">Unable to Load Places</p>
              <p className="mt-1 text-sm text-ink-soft">There was an error loading places for {cityLabel}. Please try again.</p>
              <button type="button" onClick={retry} className="mt-4 rounded-xl bg-primary px-4 py-2 text-sm font-semibold text-white hover:bg-primary-dark focus-ring">
                Try again
              </button>
            </div>
          )}

          {view.status === "ready" && count === 0 && (
            <div className="card mt-3 p-6 text-center">
              <p className="text-lg font-semibold text-ink">No Places Found</p>
              <p className="mt-1 text-sm text-ink-soft">We couldn't find any places in {cityLabel}</p>
            </div>
          )}

          {view.status === "ready" && count > 0 && (
            <ul className="mt-3 space-y-3" data-testid="map-list">
              {places.map((place) => {
                const category = mapCategory(place.categoryId);
                const distance = distanceText(place.distance);
                const selected = place.id === selectedId;
                return (
                  <li key={place.id}>
                    <button
                      type="button"
                      aria-pressed={selected}
                      onClick={() => selectPlace(place)}
                      className={`card block w-full p-4 text-left transition hover:ring-primary focus-ring ${selected ? "ring-2 ring-primary" : ""}`}
                    >
                      <span className="flex items-center justify-between gap-2">
                        <span className="rounded-full px-2.5 py-0.5 text-xs font-semibold text-white" style={{ background: category.color }}>
                          {category.label}
                        </span>
                        {distance && <span className="text-xs text-ink-soft">{distance}</span>}
                      </span>
                      <span className="mt-2 block font-semibold text-ink" data-testid="place-title">{place.title}</span>
                      {place.description && <span className="mt-1 block text-sm text-ink-soft line-clamp-2">{place.description}</span>}
                      {place.address && <span className="mt-1 block text-xs text-ink-soft">{place.address}</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}

          {showDiscoverMore(view) && (
            <div className="card mt-4 p-5 text-center" data-testid="discover-more">
              <h3 className="text-base font-bold text-ink">Discover More Places</h3>
              <p className="mt-1 text-sm text-ink-soft">Found {plural(count, "place", "places")} to explore</p>
              <button
                type="button"
                onClick={() => void runLoad("manual")}
                disabled={loadingMore}
                aria-busy={view.loadingMore === "manual"}
                className="mt-3 rounded-xl bg-primary px-4 py-2 text-sm font-semibold text-white hover:bg-primary-dark disabled:opacity-60 focus-ring"
              >
                Load More Places
              </button>
            </div>
          )}
        </section>
      </div>

      <PlaceDialog place={dialogPlace} onClose={() => setDialogId(null)} />
    </div>
  );
}

export default withQuery(MapExplorer);
