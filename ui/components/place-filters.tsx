/**
 * Filters and paging shared by /nearby and /map (docs/decisions/026-traveller-polish.md): category chips, "Open now" (places whose hours
 * no source gives are listed apart, never hidden), "Nearest first", and loading more as the end of a list
 * comes into view. One hook and three small parts; each screen renders its own rows. Not in the home page's
 * first load: only the list islands import it.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";

export interface FilterablePlace {
  id: number;
  categoryId: number;
  openNow?: boolean | null;
  distance?: number | null;
}

export interface PlaceFilters<T extends FilterablePlace> {
  /** The category chosen, or null for All (a category no longer among the places counts as All). */
  category: number | null;
  setCategory: (id: number | null) => void;
  openNow: boolean;
  setOpenNow: (on: boolean) => void;
  nearest: boolean;
  setNearest: (on: boolean) => void;
  /** The categories among the places, in id order (one chip each). */
  categories: number[];
  /** The chosen category's places, in the screen's order or nearest first. */
  shown: T[];
  /** With "Open now": the places known to be open, those with unknown hours, and how many are closed. */
  open: T[];
  unknown: T[];
  closed: number;
  /** What the screen lists (and the map marks): `shown`, or with "Open now" the open and the unknown. */
  visible: T[];
}

const byDistance = (a: FilterablePlace, b: FilterablePlace) => (a.distance ?? Infinity) - (b.distance ?? Infinity);

export function usePlaceFilters<T extends FilterablePlace>(places: T[]): PlaceFilters<T> {
  const [chosen, setCategory] = useState<number | null>(null);
  const [openNow, setOpenNow] = useState(false);
  const [nearest, setNearest] = useState(false);
  return useMemo(() => {
    const categories = [...new Set(places.map((p) => p.categoryId))].sort((a, b) => a - b);
    const category = chosen !== null && categories.includes(chosen) ? chosen : null;
    const inCategory = category === null ? places : places.filter((p) => p.categoryId === category);
    // A stable sort: places at the same distance keep the screen's order.
    const shown = nearest ? [...inCategory].sort(byDistance) : inCategory;
    const open = shown.filter((p) => p.openNow === true);
    const unknown = shown.filter((p) => p.openNow === null || p.openNow === undefined);
    const closed = shown.length - open.length - unknown.length;
    const visible = openNow ? [...open, ...unknown] : shown;
    return {
      category,
      setCategory,
      openNow,
      setOpenNow,
      nearest,
      setNearest,
      categories,
      shown,
      open,
      unknown,
      closed,
      visible,
    };
  }, [places, chosen, openNow, nearest]);
}

const CHIP = "shrink-0 whitespace-nowrap rounded-full px-3.5 py-1.5 text-sm font-semibold focus-ring";
const chipClass = (on: boolean) =>
  `${CHIP} ${on ? "bg-primary text-white" : "bg-surface text-ink ring-1 ring-line hover:bg-black/5 dark:hover:bg-white/10"}`;

/** The chips: All, one per category, "Open now" and "Nearest first" (toggle buttons, aria-pressed). */
export function PlaceFilterChips<T extends FilterablePlace>(props: {
  filters: PlaceFilters<T>;
  label: (categoryId: number) => string;
  testId: string;
  className?: string;
}) {
  const f = props.filters;
  return (
    <div
      role="group"
      aria-label="Filter places"
      className={`-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 lg:flex-wrap lg:overflow-visible ${props.className ?? ""}`}
      data-testid={props.testId}
    >
      <button
        type="button"
        aria-pressed={f.category === null}
        className={chipClass(f.category === null)}
        onClick={() => f.setCategory(null)}
      >
        All
      </button>
      {f.categories.map((id) => (
        <button
          key={id}
          type="button"
          aria-pressed={f.category === id}
          className={chipClass(f.category === id)}
          onClick={() => f.setCategory(f.category === id ? null : id)}
        >
          {props.label(id)}
        </button>
      ))}
      <button
        type="button"
        aria-pressed={f.openNow}
        className={chipClass(f.openNow)}
        onClick={() => f.setOpenNow(!f.openNow)}
      >
        Open now
      </button>
      <button
        type="button"
        aria-pressed={f.nearest}
        className={chipClass(f.nearest)}
        onClick={() => f.setNearest(!f.nearest)}
      >
        Nearest first
      </button>
    </div>
  );
}

const NOTE = "card px-5 py-6 text-center text-ink-soft";

/**
 * The filtered list: `rows` renders one list of places (the screen's own rows). With "Open now" the known-open
 * places come first, the closed are counted, and places with unknown hours follow under their own heading.
 */
export function FilteredPlaces<T extends FilterablePlace>(props: {
  filters: PlaceFilters<T>;
  rows: (places: T[], group: "all" | "open" | "unknown") => ReactNode;
  headingLevel?: 2 | 3;
}) {
  const f = props.filters;
  const Heading = props.headingLevel === 3 ? "h3" : "h2";
  // A chip changes the list without moving focus: say what it now shows (silent while no filter is on).
  const status = (
    <p role="status" className="sr-only">
      {f.openNow
        ? `${f.open.length} open now, ${f.unknown.length} with hours unknown`
        : f.category !== null
          ? `${f.shown.length} places shown`
          : ""}
    </p>
  );
  if (!f.openNow)
    return (
      <>
        {status}
        {f.shown.length ? props.rows(f.shown, "all") : <p className={NOTE}>No places of this kind loaded yet.</p>}
      </>
    );
  return (
    <div className="flex flex-col gap-6">
      {status}
      <div data-testid="open-now">
        {f.open.length ? (
          props.rows(f.open, "open")
        ) : (
          <p className={NOTE}>None of the places loaded is known to be open now.</p>
        )}
        {f.closed > 0 && (
          <p className="mt-2 text-sm text-ink-soft">
            {f.closed} closed {f.closed === 1 ? "place" : "places"} not shown.
          </p>
        )}
      </div>
      {f.unknown.length > 0 && (
        <section aria-labelledby="hours-unknown-heading" data-testid="hours-unknown">
          <Heading id="hours-unknown-heading" className="text-lg font-bold">
            Hours unknown
          </Heading>
          <p className="mb-3 text-sm text-ink-soft">No source gives their opening hours: they may be open.</p>
          {props.rows(f.unknown, "unknown")}
        </section>
      )}
    </div>
  );
}

/**
 * Calls `load` whenever the returned element comes within 200 px of the viewport while `enabled` (the end of
 * a list: the next page loads as the user scrolls). A filtered list that gets short brings the element into
 * view, so more load on their own. `round` (e.g. the number of places) re-arms it after each load, so an end
 * still in view after a page arrives asks for the next one.
 */
export function useLoadOnView<E extends HTMLElement>(enabled: boolean, load: () => void, round: unknown) {
  const ref = useRef<E>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const target = ref.current;
    if (!target || !enabled || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadRef.current(), {
      rootMargin: "200px",
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [enabled, round]);
  return ref;
}
