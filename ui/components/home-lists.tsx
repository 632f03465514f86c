/**
 * Home's two lists: one section component for both islands (the server's rows, or the lazily loaded live
 * list of ui/components/HomeLive.tsx that fetches them in the browser after a city change).
 */
import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from "react";
import type { CityRef } from "../queries";
import { POLL_HOME_MS, useCity, useCitySync, useMounted } from "../requests";
import type { SelectedCity } from "../state";
import { GemRows, NearbyRows, RowSkeletons, usePlaceDialog } from "./PlaceRows";
import type { Place } from "./places";
import { ChunkBoundary, reloadPage } from "./ChunkBoundary";
import { BUTTON, HomeSection, StateMessage, type StateText } from "./ui";

export const HOME_NEARBY_COUNT = 8;
export const HOME_GEMS_COUNT = 6;

export const NEARBY_TEXTS = {
  loadingLabel: "Loading nearby places…",
  error: { text: "Failed to load nearby places. Please try again." },
  empty: { title: "No Nearby Places Yet", text: "We're still discovering places in your area!" },
} satisfies { loadingLabel: string; error: StateText; empty: StateText };

export const GEMS_TEXTS = {
  loadingLabel: "Loading local gems…",
  waiting: "Loading after nearby discoveries...",
  error: { text: "Failed to load local gems. Please try again." },
  empty: { title: "No Local Gems Yet", text: "We're discovering local businesses in your area!" },
} satisfies { loadingLabel: string; waiting: string; error: StateText; empty: StateText };

export const nearbySkeletons = () => <RowSkeletons count={HOME_NEARBY_COUNT} label={NEARBY_TEXTS.loadingLabel} />;

/** Six skeletons, with the waiting text over them before the gems start loading. */
export function GemsLoading(props: { waiting: boolean }) {
  return (
    <div className="relative">
      <RowSkeletons
        count={HOME_GEMS_COUNT}
        label={props.waiting ? "" : GEMS_TEXTS.loadingLabel}
        preparing={!props.waiting}
      />
      {props.waiting && (
        <p
          role="status"
          className="absolute inset-x-0 top-12 mx-auto w-fit rounded-full bg-surface px-4 py-1.5 text-sm font-medium text-ink shadow ring-1 ring-line"
          data-testid="gems-waiting"
        >
          {GEMS_TEXTS.waiting}
        </p>
      )}
    </div>
  );
}

/** The rows, or the product's empty state when there are none. */
export function NearbyResult(props: { places: Place[]; onOpen: (place: Place) => void }) {
  return props.places.length === 0 ? (
    <StateMessage kind="empty" {...NEARBY_TEXTS.empty} />
  ) : (
    <NearbyRows places={props.places} onOpen={props.onOpen} />
  );
}
export function GemsResult(props: { places: Place[]; onOpen: (place: Place) => void }) {
  return props.places.length === 0 ? (
    <StateMessage kind="empty" {...GEMS_TEXTS.empty} />
  ) : (
    <GemRows places={props.places} onOpen={props.onOpen} />
  );
}

export const sameCity = (a: CityRef, b: CityRef) => a.name === b.name && a.stateCode === b.stateCode;
const cityKey = (city: CityRef) => `${city.name}|${city.stateCode}`;

/**
 * The visitor's city against the one the page was rendered for. `live`: the list loads in the browser,
 * because the server sent no rows or the city has changed (it stays live after that). `since`: when the
 * current city's wait began, on the page's clock: the page's start for the rendered city, else the change.
 */
function useCityChange(rendered: CityRef, current: CityRef, hasRows: boolean): { live: boolean; since: number } {
  const key = cityKey(current);
  const [last, setLast] = useState({ key: cityKey(rendered), at: 0 });
  useEffect(() => {
    if (key !== last.key) setLast({ key, at: performance.now() });
  }, [key, last.key]);
  const changed = last.at > 0 || key !== cityKey(rendered);
  return { live: !hasRows || changed, since: last.key === key ? last.at : performance.now() };
}

/** A live list whose code could not be loaded: the list's failure text, and Try Again reloads the page. */
function LiveListBoundary(props: { error: StateText; children: ReactNode }) {
  const action = (
    <button type="button" className={BUTTON} onClick={reloadPage}>
      Try Again
    </button>
  );
  return (
    <ChunkBoundary fallback={<StateMessage kind="error" {...props.error} action={action} />}>
      {props.children}
    </ChunkBoundary>
  );
}

/** What the live list gets: the city, the server's rows (for the city they were rendered for) and `since`. */
export interface LiveListProps {
  city: CityRef;
  seed: { city: CityRef; places: Place[] | null };
  since: number;
  onOpen: (place: Place) => void;
}

/**
 * A home list section: the server's rows for the page's city; after a city change (or when the server had
 * none ready) the live list, whose code loads on demand, in an error boundary. Before hydration and while
 * that code loads, the list's loading state holds the space.
 */
export function HomeList(props: {
  city: SelectedCity;
  initial: Place[] | null;
  section: { id: string; title: string; href: string; linkText: string };
  loading: ReactNode;
  error: StateText;
  Result: ComponentType<{ places: Place[]; onOpen: (place: Place) => void }>;
  Live: ComponentType<LiveListProps>;
}) {
  const city = useCity(props.city);
  useCitySync(POLL_HOME_MS);
  const { live, since } = useCityChange(props.city, city, props.initial !== null);
  const mounted = useMounted();
  const { open, dialog } = usePlaceDialog(city);
  const { Result, Live } = props;
  let list: ReactNode;
  if (!live) list = <Result places={props.initial ?? []} onOpen={open} />;
  else if (!mounted) list = props.loading;
  else
    list = (
      <LiveListBoundary error={props.error}>
        <Suspense fallback={props.loading}>
          <Live city={city} seed={{ city: props.city, places: props.initial }} since={since} onOpen={open} />
        </Suspense>
      </LiveListBoundary>
    );
  return (
    <HomeSection {...props.section}>
      {list}
      {dialog}
    </HomeSection>
  );
}
