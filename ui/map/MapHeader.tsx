import type { RefObject } from "react";
import { BackLink } from "../components/back-link";
import type { SelectedCity } from "../state";

/**
 * The map screen's header: back to home, "Explore <city>" (focusable: it takes focus when the city changes
 * under the traveller), the count badge and, while more places can be loaded, "Load More".
 */
export function MapHeader(props: {
  city: SelectedCity;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** What the count badge says ("12 places", or "3 of 12 places" with a filter on). */
  countText: string;
  showLoadMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  return (
    // At 390 px the title keeps its words whole: the count and Load More wrap below it when they do not fit.
    <header className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="map-header">
      <BackLink header className="icon-btn shrink-0 ring-1 ring-line bg-surface" />
      <div className="min-w-0 flex-[1_1_11rem]">
        <h1
          ref={props.headingRef}
          tabIndex={-1}
          className="text-xl font-bold leading-tight text-ink outline-none [overflow-wrap:break-word] sm:text-2xl"
        >
          Explore {props.city.name}
        </h1>
        <p className="text-sm text-ink-soft">
          <span>{props.city.state}</span>
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
          {props.countText}
        </span>
        {props.showLoadMore && (
          <button
            type="button"
            onClick={props.onLoadMore}
            disabled={props.loadingMore}
            className="min-h-11 whitespace-nowrap rounded-full px-3 py-1 text-sm font-semibold text-primary ring-1 ring-primary hover:bg-primary hover:text-white disabled:opacity-60 focus-ring"
          >
            Load More
          </button>
        )}
      </div>
    </header>
  );
}
