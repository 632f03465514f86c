import { lazy, Suspense } from "react";
import { NearbyResult, nearbySkeletons, LiveListBoundary, NEARBY_TEXTS, useLiveList } from "../components/home-lists";
import { usePlaceDialog } from "../components/PlaceRows";
import type { Place } from "../components/places";
import { HomeSection } from "../components/ui";
import { POLL_HOME_MS, useCity, useCitySync, useMounted } from "../requests";
import type { SelectedCity } from "../state";


const LiveNearby = lazy(() => import("../components/HomeLive").then((m) => ({ default: m.LiveNearby })));

/**
 * Home: Nearby Discoveries (8) and "View More Discoveries". The server renders the rows for the page's
 * city; after a city change (or when the server had none ready) the list loads in the browser.
 */
export default function HomeNearby(props: { city: SelectedCity; initial: Place[] | null }) {
  const city = useCity(props.city);
  useCitySync(POLL_HOME_MS);
  const live = useLiveList(props.city, city, props.initial);
  const mounted = useMounted();
  const { open, dialog } = usePlaceDialog(city);
  return (
    <HomeSection id="nearby-heading" title="Nearby Discoveries" href="/nearby" linkText="View More Discoveries">
      {live && !mounted ? (
        nearbySkeletons()
      ) : live ? (
        <LiveListBoundary error={NEARBY_TEXTS.error}>
          <Suspense fallback={nearbySkeletons()}>
            <LiveNearby city={city} seed={{ city: props.city, places: props.initial }} onOpen={open} />
          </Suspense>
        </LiveListBoundary>
      ) : (
        <NearbyResult places={props.initial ?? []} onOpen={open} />
      )}
      {dialog}
    </HomeSection>
  );
}
