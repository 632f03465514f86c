import { useEffect, useRef, useState } from "react";
import { placePosition } from "../map/state";
import { directionsUrl } from "../components/directions";
import { mapCategory } from "../map/categories";
import { useMapEngine, useMapTabScrollsUp } from "../map/use-map-engine";
import { useMapPlaces } from "../map/use-map-places";
import { showDiscoverMore, showHeaderLoadMore, MAP_RULES, type Place } from "../map/state";
import { MapHeader } from "../map/MapHeader";
import { type MapAway, MapAwayNote } from "../map/MapAwayNote";
import { MapOverlays } from "../map/MapOverlays";
import { MAP_COLUMNS, MapFrame, showMapSection } from "../map/MapFrame";
import { DiscoverMore, MapListEmpty, MapListError, MapListSkeletons, MapPlaceRows } from "../map/MapPlaceList";
import { PlaceDialogFrame } from "../components/PlaceDialogFrame";
import { AddToTrip } from "../components/AddToTrip";
import { BUTTON_SOFT } from "../components/ui";
import { useCity, useCitySync } from "../requests";
import { useSetAtom } from "jotai";
import { persistCity, selectedCityAtom, type SelectedCity } from "../state";
import { withQuery } from "../query-client";
import { FilteredPlaces, PlaceFilterChips, useLoadOnView, usePlaceFilters } from "../components/place-filters";

export type { MapAway };

export interface MapExplorerProps {
  city: SelectedCity;
  /** True when the server rendered the city from the visitor's cookie. */
  fromCookie: boolean;
  /** Raster tile URL template (config TILE_URL). */
  tileUrl: string;
  /** The place to show first (/map?place=ID, "View on map" on a place page). */
  focus?: Place | null;
  /** The server's first batch for `city`, so the list is in the page's HTML (docs/decisions/019-request-hardening.md); null: load it here. */
  initial?: Place[] | null;
  /** "View on map" for a place far from `city`: the map shows the place's own city instead, `city` stays chosen. */
  away?: MapAway | null;
}

const cityCentre = (city: SelectedCity): [number, number] | null =>
  typeof city.latitude === "number" && typeof city.longitude === "number" ? [city.longitude, city.latitude] : null;

const placesText = (n: number) => `${n} ${n === 1 ? "place" : "places"}`;

/**
 * The map screen: header, MapLibre map with markers, the "All Places" list and the place dialog. The city
 * is the shared one (picker, other tabs, polling every second); places come from useMapPlaces, the map
 * from useMapEngine (decision 011).
 */
function MapExplorer(props: MapExplorerProps) {
  const chosen = useCity(props.city);
  useCitySync(MAP_RULES.cityPollMs);
  const setChosen = useSetAtom(selectedCityAtom);
  // "View on map" for a far place (docs/decisions/026-traveller-polish.md): the map shows the place's city until the traveller goes back,
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
    if (scroll) showMapSection(mapSectionRef.current);
  }

  const count = view.places.length;
  const filtered = filters.category !== null || filters.openNow;
  const loadingMore = view.loadingMore !== null;
  const load = () => void loadMore("manual");
  const dialogPlace = dialogId !== null ? (byId.get(dialogId) ?? null) : null;
  const dialogPosition = dialogPlace ? placePosition(dialogPlace) : null;
  const cityLabel = `${city.name}, ${city.stateCode}`;
  // Scrolling to the end of the list loads more, as the "Load More Places" button does .
  const listEnd = useLoadOnView<HTMLDivElement>(showDiscoverMore(view) && !loadingMore, load, count);

  const countText = placesText(count);

  return (
    <div>
      <MapHeader
        city={city}
        headingRef={headingRef}
        // With a filter on, the badge says how many of the loaded places the list and the map show.
        countText={filtered ? `${filters.visible.length} of ${countText}` : countText}
        showLoadMore={showHeaderLoadMore(view)}
        loadingMore={loadingMore}
        onLoadMore={load}
      />

      {away && <MapAwayNote away={away} chosen={chosen} placeTitle={props.focus?.title} onLeave={leaveAway} />}

      <div className={MAP_COLUMNS}>
        <MapFrame
          label={`Map of ${cityLabel}`}
          sectionRef={mapSectionRef}
          containerRef={containerRef}
          basemap={basemap}
          status={mapStatus}
        >
          <MapOverlays
            cityLabel={cityLabel}
            legend={legend}
            loadingMore={loadingMore}
            basemap={basemap}
            mapStatus={mapStatus}
            discovering={view.status === "loading"}
            onStart={startMap}
          />
        </MapFrame>

        <section
          aria-labelledby="all-places-heading"
          aria-busy={busy}
          data-testid="all-places"
          className="mt-6 lg:mt-0"
        >
          <h2 id="all-places-heading" className="text-lg font-bold text-ink">
            All Places
          </h2>
          {view.status === "loading" && <MapListSkeletons />}
          {view.status === "error" && <MapListError cityLabel={cityLabel} onRetry={retry} />}
          {view.status === "ready" && count === 0 && <MapListEmpty cityLabel={cityLabel} />}
          {view.status === "ready" && count > 0 && (
            <>
              <PlaceFilterChips
                filters={filters}
                label={(id) => mapCategory(id).label}
                testId="map-filters"
                className="mt-3"
              />
              <div className="mt-3">
                <FilteredPlaces
                  filters={filters}
                  rows={(list, group) => (
                    <MapPlaceRows places={list} group={group} selectedId={selectedId} onSelect={selectPlace} />
                  )}
                  headingLevel={3}
                />
              </div>
            </>
          )}
          {showDiscoverMore(view) && (
            <DiscoverMore
              endRef={listEnd}
              countText={countText}
              loadingMore={loadingMore}
              busy={view.loadingMore === "manual"}
              onLoadMore={load}
            />
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
              <AddToTrip placeId={dialogPlace.id} className={`${BUTTON_SOFT} px-2 text-sm`} />
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
