import { useMemo, useRef, useState } from "react";
import type { Day } from "../../modules/trips";
import { dayTotals } from "../../src/domain";
import { StopBody, dayTitle } from "../components/TripDay";
import { TextBackLink } from "../components/back-link";
import { MapOverlays } from "../map/MapOverlays";
import { RouteLegend } from "../map/RouteLegend";
import { MAP_COLUMNS, MapFrame, showMapSection } from "../map/MapFrame";
import type { MapPoint } from "../map/markers";
import { useMapEngine } from "../map/use-map-engine";

export interface TripDayMapProps {
  trip: { title: string; city: string; walkingMph: number };
  day: Day;
  /** Every day's number, for the day switcher. */
  dayNumbers: number[];
  /** The address of day N on the map is `${dayHref}${N}`. */
  dayHref: string;
  /** Back to the trip (its page, or its share link). */
  back: { href: string; label: string };
  tileUrl: string;
}

/** The day's stops as map points, numbered in the day's order (a stop whose place left the store is listed, not drawn). */
export const stopPoints = (day: Day): MapPoint[] =>
  day.stops.flatMap((stop, i) =>
    stop.place
      ? [
          {
            id: stop.id,
            title: stop.place.title,
            categoryId: stop.place.categoryId,
            latitude: stop.place.latitude,
            longitude: stop.place.longitude,
            address: stop.place.address,
            label: String(i + 1),
          },
        ]
      : [],
  );

/** "5 stops on the map", or "5 stops, 3 on the map" when some places have left the store. */
export function onMap(stops: number, points: number): string {
  const counted = `${stops} ${stops === 1 ? "stop" : "stops"}`;
  return stops === points ? `${counted} on the map` : `${counted}, ${points} on the map`;
}

/**
 * /map?trip={id}&day={n} (and a share link's /t/{token}/map?day={n}): one day of a trip on the map, its stops
 * numbered and joined by a line in order (straight lines), the day's distance and estimated walking time, and
 * beside the map the stops in the day's order. A card shows its stop on the map; a marker selects its card.
 */
function TripDayMap(props: TripDayMapProps) {
  const { day, trip } = props;
  const points = useMemo(() => stopPoints(day), [day]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const card = (id: number) => document.querySelector<HTMLElement>(`[data-testid="route-stop"][data-stop-id="${id}"]`);
  const { engine, status, basemap, start } = useMapEngine({
    container: containerRef,
    tileUrl: props.tileUrl,
    centre: null,
    places: points,
    selectedId,
    autoFit: true,
    startAtOnce: true,
    route: true,
    events: {
      onMarkerClick(id) {
        setSelectedId(id);
        const point = points.find((p) => p.id === id);
        if (point) engine.current?.showPlace(point);
      },
      // "View details" in a stop's popup: its card in the list, with the place's link and notes.
      onPopupDetails(id) {
        card(id)?.scrollIntoView({ block: "nearest" });
        card(id)?.querySelector<HTMLElement>("a, button")?.focus({ preventScroll: true });
      },
      onUserMove() {},
    },
  });
  const title = `${trip.title}: ${dayTitle(day)}`;
  return (
    <div>
      <header data-testid="map-header">
        <TextBackLink href={props.back.href} label={props.back.label} />
        <h1 className="text-xl font-bold leading-tight text-ink sm:text-2xl">{title}</h1>
        <p className="text-sm text-ink-soft">
          {trip.city} · {onMap(day.stops.length, points.length)}
        </p>
        <p className="mt-1 text-sm font-medium text-ink" data-testid="route-totals">
          {dayTotals(day, trip.walkingMph)}
        </p>
        {props.dayNumbers.length > 1 && (
          <nav aria-label="Days of the trip" className="mt-2 flex flex-wrap gap-2">
            {props.dayNumbers.map((n) => (
              <a
                key={n}
                href={`${props.dayHref}${n}`}
                aria-current={n === day.number ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ring-1 focus-ring ${n === day.number ? "bg-primary text-white ring-primary" : "text-ink ring-line hover:ring-primary"}`}
              >
                Day {n}
              </a>
            ))}
          </nav>
        )}
      </header>
      {day.stops.length === 0 ? (
        <p className="card mt-4 p-6 text-ink-soft" data-testid="route-empty">
          No stops on this day yet: add places to it from the trip, then see them here.
        </p>
      ) : (
        <div className={points.length ? MAP_COLUMNS : undefined}>
          {points.length === 0 ? (
            <p className="card mt-4 p-6 text-ink-soft" data-testid="route-unmapped">
              Not shown on the map: none of this day's places is listed any more, so there is nothing to draw.
            </p>
          ) : (
            <MapFrame
              label={`Map of ${title}`}
              sectionRef={sectionRef}
              containerRef={containerRef}
              basemap={basemap}
              status={status}
            >
              <MapOverlays
                cityLabel={trip.city}
                topLeft={<RouteLegend totals={dayTotals(day, trip.walkingMph)} />}
                legend={[]}
                loadingMore={false}
                basemap={basemap}
                mapStatus={status}
                discovering={false}
                onStart={start}
              />
            </MapFrame>
          )}
          <section aria-labelledby="route-heading" className="mt-6 lg:mt-0">
            <h2 id="route-heading" className="text-lg font-bold text-ink">
              The day in order
            </h2>
            <ol className="mt-3 space-y-3" data-testid="route-list">
              {day.stops.map((stop, i) => (
                <li
                  key={stop.id}
                  data-testid="route-stop"
                  data-stop-id={stop.id}
                  className={`card flex p-3 ${selectedId === stop.id ? "ring-2 ring-primary" : ""}`}
                >
                  <StopBody stop={stop} index={i}>
                    {!stop.place && <p className="mt-1 text-xs text-ink-soft">Not shown on the map</p>}
                    {stop.place && (
                      <button
                        type="button"
                        aria-pressed={selectedId === stop.id}
                        onClick={() => {
                          const point = points.find((p) => p.id === stop.id);
                          setSelectedId(stop.id);
                          if (point) engine.current?.showPlace(point);
                          showMapSection(sectionRef.current);
                        }}
                        className="mt-2 inline-flex min-h-9 items-center rounded-full px-3 text-sm font-semibold text-primary ring-1 ring-line hover:ring-primary focus-ring"
                      >
                        Show stop {i + 1} on the map
                      </button>
                    )}
                  </StopBody>
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </div>
  );
}

export default TripDayMap;
