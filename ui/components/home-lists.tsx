/**
 * Home's two lists, shared by their islands (which show the server's rows) and by the lazily loaded
 * live versions (ui/components/HomeLive.tsx) that fetch them in the browser after a city change.
 */
import { useEffect, useState, type ReactNode } from "react";
import type { CityRef } from "../queries";
import { GemRows, NearbyRows, RowSkeletons } from "./PlaceRows";
import type { Place } from "./places";
import { ChunkBoundary, reloadPage } from "./ChunkBoundary";
import { BUTTON, StateMessage, type StateText } from "./ui";

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
      <RowSkeletons count={HOME_GEMS_COUNT} label={props.waiting ? "" : GEMS_TEXTS.loadingLabel} />
      {props.waiting && (
        <p role="status" className="absolute inset-x-0 top-12 mx-auto w-fit rounded-full bg-surface px-4 py-1.5 text-sm font-medium text-ink shadow ring-1 ring-line" data-testid="gems-waiting">
          {GEMS_TEXTS.waiting}
        </p>
      )}
    </div>
  );
}

/** The rows, or the spec's empty state when there are none. */
export function NearbyResult(props: { places: Place[]; onOpen: (place: Place) => void }) {
  return props.places.length === 0 ? <StateMessage kind="empty" {...NEARBY_TEXTS.empty} /> : <NearbyRows places={props.places} onOpen={props.onOpen} />;
}
export function GemsResult(props: { places: Place[]; onOpen: (place: Place) => void }) {
  return props.places.length === 0 ? <StateMessage kind="empty" {...GEMS_TEXTS.empty} /> : <GemRows places={props.places} onOpen={props.onOpen} />;
}

const sameCity = (a: CityRef, b: CityRef) => a.name === b.name && a.stateCode === b.stateCode;

/**
 * Whether a home list must load in the browser: when the server sent no rows (its places were not ready in
 * time) or once the visitor's city differs from the one the page was rendered for. It stays live after that.
 */
export function useLiveList(rendered: CityRef, current: CityRef, initial: Place[] | null): boolean {
  const moved = !sameCity(rendered, current);
  const [live, setLive] = useState(initial === null);
  useEffect(() => {
    if (moved) setLive(true);
  }, [moved]);
  return live || moved;
}

/** A live list whose code could not be loaded: the list's failure text, and Try Again reloads the page. */
export function LiveListBoundary(props: { error: StateText; children: ReactNode }) {
  const action = (
    <button type="button" className={BUTTON} onClick={reloadPage}>
      Try Again
    </button>
  );
  return <ChunkBoundary fallback={<StateMessage kind="error" {...props.error} action={action} />}>{props.children}</ChunkBoundary>;
}

/** What the server rendered, handed to the live list so that returning to that city shows it at once. */
export interface HomeSeed {
  city: CityRef;
  places: Place[] | null;
}

export type HomeListProps = { city: CityRef; seed: HomeSeed; onOpen: (place: Place) => void };
