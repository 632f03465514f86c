import { useEffect, useRef, useState } from "react";
import { placePosition } from "../map/state";
import { directionsUrl } from "../components/directions";
import { mapCategory } from "../map/categories";
import { useMapEngine, useMapTabScrollsUp } from "../map/use-map-engine";
import { useMapPlaces } from "../map/use-map-places";
import { distanceText, MAP_RULES, showDiscoverMore, showHeaderLoadMore, type Place } from "../map/state";
import { PlaceDialogFrame } from "../components/PlaceDialogFrame";
import { BUTTON_SOFT } from "../components/ui";
import { useCity, useCitySync } from "../requests";
import { useSetAtom } from "jotai";
import { locationText, persistCity, selectedCityAtom, type SelectedCity } from "../state";
import { withQuery } from "../query-client";
import { FilteredPlaces, PlaceFilterChips, useLoadOnView, usePlaceFilters } from "../components/place-filters";

export interface MapExplorerProps {
  city: SelectedCity;
  /** True when the server rendered the city from the visitor's cookie. */
  fromCookie: boolean;
  /** Raster tile URL template (config TILE_URL). */
  tileUrl: string;
  /** The place to show first (/map?place=ID, "View on map" on a place page). */
  focus?: Place | null;
  /** The server's first batch for `city`, so the list is in the page's HTML (issue 16); null: load it here. */
  initial?: Place[] | null;
  /** "View on map" for a place far from `city`: the map shows the place's own city instead, `city` stays chosen. */
  away?: MapAway | null;
}

/** The city a far place is in, and its distance in miles from the chosen city (null: unknown). */
export interface MapAway {
  city: SelectedCity;
  miles: number | null;
}

const cityCentre = (city: SelectedCity): [number, number] | null =>
  typeof city.latitude === "number" && typeof city.longitude === "number" ? [city.longitude, city.latitude] : null;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The map screen: header, MapLibre map with markers, the "All Places" list and the place dialog. The city
 * is the shared one (picker, other tabs, polling every second); places come from useMapPlaces, the map
 * from useMapEngine (decision 011).
 */
function MapExplorer(props: MapExplorerProps) {
  const chosen = useCity(props.city);
  useCitySync(MAP_RULES.cityPollMs);
  const setChosen = useSetAtom(selectedCityAtom);
  // "View on map" for a far place (issue 17.2): the map shows the place's city until the traveller goes back,
  // makes it their city, or chooses a city elsewhere; the chosen city is never changed behind their back.
  const [away, setAway] = useState(props.away ?? null);
  const chosenKey = `${chosen.name}|${chosen.stateCode}`;
  const firstChosenKey = useRef(chosenKey);
  useEffect(() => {
    if (chosenKey !== firstChosenKey.current) setAway(null);
  }, [chosenKey]);
  const city = away?.city ?? chosen;
  function leaveAway(makeItMine: boolean) {
    if (!away) return;
    if (makeItMine) {
      setChosen(away.city);
      persistCity(away.city);
    }
    setAway(null);
    history.replaceState(history.state, "", "/map");
    // The note (and the button that had focus) is gone: focus the heading, which now names the city.
    requestAnimationFrame(() => headingRef.current?.focus());
  }
  const headingRef = useRef<HTMLHeadingElement>(null);

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialogId, setDialogId] = useState<number | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const mapSectionRef = useRef<HTMLElement>(null);

  const { view, places, byId, legend, loadMore, retry, dispatch, busy } = useMapPlaces(
    city,
    props.initial ? { city: props.away?.city ?? props.city, batch: props.initial } : null,
    () => {
      setSelectedId(null);
      setDialogId(null);
      engine.current?.centreOn(cityCentre(city));
    },
  );
  // Category chips, "Open now" and "Nearest first" (shared with /nearby): the list and the markers show the same places.
  const filters = usePlaceFilters(places);
  const {
    engine,
    status: mapStatus,
    basemap,
    start: startMap,
  } = useMapEngine({
    container: containerRef,
    tileUrl: props.tileUrl,
    centre: cityCentre(city),
    places: filters.visible,
    selectedId,
    autoFit: view.autoFit,
    startAtOnce: props.focus != null,
    focus: props.focus,
    events: {
      onMarkerClick(id) {
        // Markers are pointer-only (engine.ts); the place's list card takes focus, so the dialog returns it there.
        document
          .querySelector<HTMLElement>(`[data-testid="all-places"] [data-place-id="${id}"]`)
          ?.focus({ preventScroll: true });
        setSelectedId(id);
        setDialogId(id);
      },
      onPopupDetails: setDialogId,
      onUserMove: () => dispatch({ type: "user-moved" }),
    },
  });
  useMapTabScrollsUp();

  // --- "View on map": once the map and the first batch are ready, the place joins the list and opens.
  const focusDone = useRef(false);
  useEffect(() => {
    const focus = props.focus;
    if (!focus || focusDone.current || mapStatus !== "ready" || view.status !== "ready") return;
    focusDone.current = true;
    dispatch({ type: "place-focused", cityKey: view.cityKey, place: focus });
    const shown = view.places.find((p) => p.id === focus.id) ?? focus;
    // A place in another city: the page stays at its top, where the note says so (the map is in view below it).
    setTimeout(() => selectPlace(shown, !away), 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mapStatus, view.status]);

  // A card chosen before the map had started (that tap is what starts it): show the place once the map is ready.
  useEffect(() => {
    if (mapStatus !== "ready" || selectedId === null || props.focus) return;
    const place = byId.get(selectedId);
    if (place && placePosition(place)) engine.current?.showPlace(place);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mapStatus]);

  function selectPlace(place: Place, scroll = true) {
    setSelectedId(place.id);
    // The user chose where to look: the view stays on the place even when more places arrive.
    dispatch({ type: "user-moved" });
    if (!placePosition(place)) return;
    engine.current?.showPlace(place);
    const section = mapSectionRef.current;
    if (section && scroll) {
      const box = section.getBoundingClientRect();
      if (box.top < 56 || box.bottom > window.innerHeight) {
        section.scrollIntoView({
          block: "center",
          behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
        });
      }
    }
  }

  const count = view.places.length;
  const filtered = filters.category !== null || filters.openNow;
  const loadingMore = view.loadingMore !== null;
  const runLoad = loadMore;
  const dialogPlace = dialogId !== null ? (byId.get(dialogId) ?? null) : null;
  const dialogPosition = dialogPlace ? placePosition(dialogPlace) : null;
  const cityLabel = `${city.name}, ${city.stateCode}`;
  // Scrolling to the end of the list loads more, as the "Load More Places" button does (issue 17.10).
  const listEnd = useLoadOnView<HTMLDivElement>(
    showDiscoverMore(view) && !loadingMore,
    () => void runLoad("manual"),
    count,
  );

  const rows = (list: Place[], group: "all" | "open" | "unknown") => (
    <ul className="space-y-3" data-testid={group === "unknown" ? "map-list-unknown" : "map-list"}>
      {list.map((place) => {
        const category = mapCategory(place.categoryId);
        const distance = distanceText(place.distance);
        const selected = place.id === selectedId;
        return (
          <li key={place.id}>
            <button
              type="button"
              aria-pressed={selected}
              data-place-id={place.id}
              onClick={() => selectPlace(place)}
              className={`card block w-full p-4 text-left transition hover:ring-primary focus-ring ${selected ? "ring-2 ring-primary" : ""}`}
            >
              <span className="flex items-center justify-between gap-2">
                <span
                  className="rounded-full px-2.5 py-0.5 text-xs font-semibold"
                  style={{ background: category.color, color: category.text }}
                >
                  {category.label}
                </span>
                {distance && <span className="text-xs text-ink-soft">{distance}</span>}
              </span>
              <span className="mt-2 block font-semibold text-ink" data-testid="place-title">
                {place.title}
              </span>
              {place.description && (
                <span className="mt-1 block text-sm text-ink-soft line-clamp-2">{place.description}</span>
              )}
              {place.address && <span className="mt-1 block text-xs text-ink-soft">{place.address}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );

  return (
    <div>
      {/* At 390 px the title keeps its words whole: the count and Load More wrap below it when they do not fit. */}
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="map-header">
        <a
          href="/"
          className="icon-btn shrink-0 ring-1 ring-line bg-surface"
          aria-label="Back to home"
          data-tooltip="Back to home"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M15 18l-6-6 6-6" />
          </svg>
        </a>
        <div className="min-w-0 flex-[1_1_11rem]">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-bold leading-tight text-ink outline-none [overflow-wrap:break-word] sm:text-2xl"
          >
            Explore {city.name}
          </h1>
          <p className="text-sm text-ink-soft">
            <span>{city.state}</span>
            <span aria-hidden="true"> · </span>
            <span className="whitespace-nowrap">Interactive Map</span>
          </p>
        </div>
        {/* Below sm the count has a row of its own, as tall as Load More: the button appearing later (background
            rounds) neither wraps the header nor moves the map down (CLS). */}
        <div className="ml-auto flex min-h-11 w-full shrink-0 items-center justify-end gap-2 sm:w-auto">
          <span
            className="whitespace-nowrap rounded-full bg-primary px-3 py-1 text-sm font-semibold text-white"
            data-testid="place-count"
            aria-live="polite"
          >
            {/* With a filter on, the badge says how many of the loaded places the list and the map show. */}
            {filtered
              ? `${filters.visible.length} of ${plural(count, "place", "places")}`
              : plural(count, "place", "places")}
          </span>
          {showHeaderLoadMore(view) && (
            <button
              type="button"
              onClick={() => void runLoad("manual")}
              disabled={loadingMore}
              className="min-h-11 whitespace-nowrap rounded-full px-3 py-1 text-sm font-semibold text-primary ring-1 ring-primary hover:bg-primary hover:text-white disabled:opacity-60 focus-ring"
            >
              Load More
            </button>
          )}
        </div>
      </header>

      {away && (
        <div
          className="card mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 p-4 text-sm"
          data-testid="map-away"
          role="region"
          aria-label="A place in another city"
        >
          <p className="min-w-0 flex-[1_1_16rem] text-ink">
            {props.focus ? <strong>{props.focus.title}</strong> : "This place"} is in {locationText(away.city)}
            {away.miles !== null
              ? `, ${away.miles.toLocaleString("en-US", { maximumFractionDigits: 0 })} mi from ${locationText(chosen)}`
              : ""}
            . You are still exploring {locationText(chosen)}.
          </p>
          <span className="flex flex-wrap gap-2">
            <button type="button" onClick={() => leaveAway(false)} className={`${BUTTON_SOFT} text-sm`}>
              Back to {locationText(chosen)}
            </button>
            <button
              type="button"
              onClick={() => leaveAway(true)}
              className="rounded-full bg-primary px-4 py-2 text-sm font-semibold text-white hover:bg-primary-dark focus-ring"
            >
              Make {locationText(away.city)} my city
            </button>
          </span>
        </div>
      )}

      <div className="mt-4 lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-6">
        <section
          ref={mapSectionRef}
          aria-label={`Map of ${cityLabel}`}
          className="relative h-[52vh] min-h-[300px] overflow-hidden rounded-2xl bg-line ring-1 ring-line lg:sticky lg:top-20 lg:h-[calc(100vh-14rem)] lg:min-h-[420px]"
        >
          <div
            ref={containerRef}
            className="h-full w-full"
            data-testid="map"
            data-basemap={basemap}
            data-map-status={mapStatus}
          />

          <p
            className="pointer-events-none absolute left-3 top-3 z-10 flex max-w-[60%] items-center gap-1.5 rounded-full bg-surface/95 px-3 py-1.5 text-sm font-semibold text-ink shadow"
            data-testid="map-city"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0 text-primary" fill="currentColor">
              <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
            </svg>
            <span className="truncate">{cityLabel}</span>
          </p>

          {legend.length > 0 && (
            <div
              className="absolute right-3 top-3 z-10 hidden rounded-xl bg-surface/95 px-3 py-2 text-xs text-ink shadow sm:block"
              data-testid="map-legend"
            >
              <p className="sr-only">Categories on the map</p>
              <ul className="space-y-1">
                {legend.map((id) => {
                  const category = mapCategory(id);
                  return (
                    <li key={id} className="flex items-center gap-2">
                      <span
                        aria-hidden="true"
                        className="h-2.5 w-2.5 rounded-full"
                        style={{ background: category.color }}
                      />
                      {category.label}
                    </li>
                  );
                })}
              </ul>
            </div>
          )}

          {loadingMore && (
            <p
              role="status"
              className="absolute left-1/2 top-14 z-10 -translate-x-1/2 whitespace-nowrap rounded-full bg-primary px-3 py-1 text-xs font-semibold text-white shadow"
            >
              Loading more places...
            </p>
          )}

          {basemap === "outline" && (
            <p
              role="status"
              className="pointer-events-none absolute bottom-10 left-3 z-10 max-w-[calc(100%-5rem)] rounded-md bg-surface/90 px-2 py-1 text-xs text-ink shadow-sm"
              data-testid="offline-basemap"
            >
              Offline map: state and county outlines
            </p>
          )}

          {mapStatus === "idle" && (
            <div className="absolute inset-0 flex items-center justify-center p-6" data-testid="map-placeholder">
              <button
                type="button"
                onClick={startMap}
                className="rounded-full bg-surface px-4 py-2 text-sm font-semibold text-ink shadow ring-1 ring-line hover:ring-primary focus-ring"
              >
                Show the map
              </button>
            </div>
          )}

          {mapStatus === "failed" && (
            <div className="absolute inset-0 z-10 flex items-center justify-center p-6 text-center text-sm text-ink-soft">
              <p>The map cannot be shown in this browser (it needs WebGL). Every place is still listed below.</p>
            </div>
          )}

          {view.status === "loading" && (
            <div
              className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-3 bg-surface/80 backdrop-blur-sm"
              role="status"
            >
              <span
                aria-hidden="true"
                className="h-10 w-10 animate-spin rounded-full border-4 border-primary border-t-transparent motion-reduce:animate-none"
              />
              <p className="text-lg font-semibold text-ink">Discovering Places</p>
              <p className="text-sm text-ink-soft">Finding real places in {cityLabel}…</p>
            </div>
          )}
        </section>

        <section
          aria-labelledby="all-places-heading"
          aria-busy={busy}
          data-testid="all-places"
          className="mt-6 lg:mt-0"
        >
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
              <p className="mt-1 text-sm text-ink-soft">
                There was an error loading places for {cityLabel}. Please try again.
              </p>
              <button
                type="button"
                onClick={retry}
                className="mt-4 rounded-xl bg-primary px-4 py-2 text-sm font-semibold text-white hover:bg-primary-dark focus-ring"
              >
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
            <>
              <PlaceFilterChips
                filters={filters}
                label={(id) => mapCategory(id).label}
                testId="map-filters"
                className="mt-3"
              />
              <div className="mt-3">
                <FilteredPlaces filters={filters} rows={rows} headingLevel={3} />
              </div>
            </>
          )}

          {showDiscoverMore(view) && (
            <div ref={listEnd} className="card mt-4 p-5 text-center" data-testid="discover-more">
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

      {dialogPlace && (
        <PlaceDialogFrame
          place={dialogPlace}
          onClose={() => setDialogId(null)}
          closeIcon={false}
          actions={
            <>
              {dialogPosition && (
                <a
                  href={directionsUrl(dialogPlace)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${BUTTON_SOFT} px-2 text-sm`}
                >
                  Get Directions
                </a>
              )}
              <button type="button" onClick={() => setDialogId(null)} className={`${BUTTON_SOFT} px-2 text-sm`}>
                Close
              </button>
            </>
          }
        />
      )}
    </div>
  );
}

export default withQuery(MapExplorer);
