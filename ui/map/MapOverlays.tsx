import type { ReactNode } from "react";
import { mapCategory } from "./categories";
import type { BasemapMode } from "./engine";
import type { MapStatus } from "./use-map-engine";

/**
 * What lies over the map: the city's name (or `topLeft` in its place: a trip day's legend), the category
 * legend, "Loading more places...", the offline basemap's note, "Show the map" before it started, the no-WebGL
 * note and the first load's "Discovering Places".
 */
export function MapOverlays(props: {
  cityLabel: string;
  /** Shown at the top left instead of the city's name. */
  topLeft?: ReactNode;
  legend: number[];
  loadingMore: boolean;
  basemap: BasemapMode;
  mapStatus: MapStatus;
  /** The first batch of the city is loading. */
  discovering: boolean;
  onStart: () => void;
}) {
  return (
    <>
      {props.topLeft ?? (
        <p
          className="pointer-events-none absolute left-3 top-3 z-10 flex max-w-[60%] items-center gap-1.5 rounded-full bg-surface/95 px-3 py-1.5 text-sm font-semibold text-ink shadow"
          data-testid="map-city"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0 text-primary" fill="currentColor">
            <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
          </svg>
          <span className="truncate">{props.cityLabel}</span>
        </p>
      )}

      {props.legend.length > 0 && (
        <div
          className="absolute right-3 top-3 z-10 hidden rounded-xl bg-surface/95 px-3 py-2 text-xs text-ink shadow sm:block"
          data-testid="map-legend"
        >
          <p className="sr-only">Categories on the map</p>
          <ul className="space-y-1">
            {props.legend.map((id) => {
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

      {props.loadingMore && (
        <p
          role="status"
          className="absolute left-1/2 top-14 z-10 -translate-x-1/2 whitespace-nowrap rounded-full bg-primary px-3 py-1 text-xs font-semibold text-white shadow"
        >
          Loading more places...
        </p>
      )}

      {props.basemap === "outline" && (
        <p
          role="status"
          className="pointer-events-none absolute bottom-10 left-3 z-10 max-w-[calc(100%-5rem)] rounded-md bg-surface/90 px-2 py-1 text-xs text-ink shadow-sm"
          data-testid="offline-basemap"
        >
          Offline map: state and county outlines
        </p>
      )}

      {props.mapStatus === "idle" && (
        <div className="absolute inset-0 flex items-center justify-center p-6" data-testid="map-placeholder">
          <button
            type="button"
            onClick={props.onStart}
            className="rounded-full bg-surface px-4 py-2 text-sm font-semibold text-ink shadow ring-1 ring-line hover:ring-primary focus-ring"
          >
            Show the map
          </button>
        </div>
      )}

      {props.mapStatus === "failed" && (
        <div className="absolute inset-0 z-10 flex items-center justify-center p-6 text-center text-sm text-ink-soft">
          <p>The map cannot be shown in this browser (it needs WebGL). Every place is still listed below.</p>
        </div>
      )}

      {props.discovering && (
        <div
          className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-3 bg-surface/80 backdrop-blur-sm"
          role="status"
        >
          <span
            aria-hidden="true"
            className="h-10 w-10 animate-spin rounded-full border-4 border-primary border-t-transparent motion-reduce:animate-none"
          />
          <p className="text-lg font-semibold text-ink">Discovering Places</p>
          <p className="text-sm text-ink-soft">Finding real places in {props.cityLabel}…</p>
        </div>
      )}
    </>
  );
}
