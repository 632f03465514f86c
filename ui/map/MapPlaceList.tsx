import type { Ref } from "react";
import { mapCategory } from "./categories";
import { distanceText, MAP_RULES, type Place } from "./state";

/** One list of the map's places as cards; a tap shows the place on the map (the shell's `onSelect`). */
export function MapPlaceRows(props: {
  places: Place[];
  group: "all" | "open" | "unknown";
  selectedId: number | null;
  onSelect: (place: Place) => void;
}) {
  return (
    <ul className="space-y-3" data-testid={props.group === "unknown" ? "map-list-unknown" : "map-list"}>
      {props.places.map((place) => {
        const category = mapCategory(place.categoryId);
        const distance = distanceText(place.distance);
        const selected = place.id === props.selectedId;
        return (
          <li key={place.id}>
            <button
              type="button"
              aria-pressed={selected}
              data-place-id={place.id}
              onClick={() => props.onSelect(place)}
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
}

/** The list's skeleton cards while the city's first batch loads. */
export function MapListSkeletons() {
  return (
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
  );
}

/** The first batch failed: say so, with a way to try again. */
export function MapListError(props: { cityLabel: string; onRetry: () => void }) {
  return (
    <div className="card mt-3 p-6 text-center" role="alert">
      <p className="text-lg font-semibold text-ink">Unable to Load Places</p>
      <p className="mt-1 text-sm text-ink-soft">
        There was an error loading places for {props.cityLabel}. Please try again.
      </p>
      <button
        type="button"
        onClick={props.onRetry}
        className="mt-4 rounded-xl bg-primary px-4 py-2 text-sm font-semibold text-white hover:bg-primary-dark focus-ring"
      >
        Try again
      </button>
    </div>
  );
}

/** The city has no places. */
export function MapListEmpty(props: { cityLabel: string }) {
  return (
    <div className="card mt-3 p-6 text-center">
      <p className="text-lg font-semibold text-ink">No Places Found</p>
      <p className="mt-1 text-sm text-ink-soft">We couldn't find any places in {props.cityLabel}</p>
    </div>
  );
}

/** The list's end while more places can be loaded: a button, and (through `endRef`) loading when it comes into view. */
export function DiscoverMore(props: {
  endRef: Ref<HTMLDivElement>;
  countText: string;
  loadingMore: boolean;
  busy: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div ref={props.endRef} className="card mt-4 p-5 text-center" data-testid="discover-more">
      <h3 className="text-base font-bold text-ink">Discover More Places</h3>
      <p className="mt-1 text-sm text-ink-soft">Found {props.countText} to explore</p>
      <button
        type="button"
        onClick={props.onLoadMore}
        disabled={props.loadingMore}
        aria-busy={props.busy}
        className="mt-3 rounded-xl bg-primary px-4 py-2 text-sm font-semibold text-white hover:bg-primary-dark disabled:opacity-60 focus-ring"
      >
        Load More Places
      </button>
    </div>
  );
}
