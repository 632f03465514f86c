import { lazy, Suspense, useEffect, useState } from "react";
import { GemsLoading, GemsResult, LiveListBoundary, GEMS_TEXTS, useLiveList } from "../components/home-lists";
import { usePlaceDialog } from "../components/PlaceRows";
import type { Place } from "../components/places";
import { HomeSection } from "../components/ui";
import { POLL_HOME_MS, useCity, useCitySync, useMounted } from "../requests";
import type { SelectedCity } from "../state";


const LiveGems = lazy(() => import("../components/HomeLive").then((m) => ({ default: m.LiveGems })));

/**
 * Home: Local Gems (6) and "View More Gems". The server renders the rows for the page's city. Loaded in
 * the browser (after a city change, or when the server had none ready), they wait 1 s after the list
 * appears or the city changes, with "Loading after nearby discoveries...", so nearby places go first.
 */
export default function HomeLocalGems(props: { city: SelectedCity; initial: Place[] | null }) {
  const city = useCity(props.city);
  useCitySync(POLL_HOME_MS);
  const live = useLiveList(props.city, city, props.initial);
  const mounted = useMounted();
  // When the wait for the gems began: the page's start (0) for the rendered city, else the city change.
  const key = `${city.name}|${city.stateCode}`;
  const [waitFrom, setWaitFrom] = useState({ key: `${props.city.name}|${props.city.stateCode}`, at: 0 });
  useEffect(() => {
    if (key !== waitFrom.key) setWaitFrom({ key, at: performance.now() });
  }, [key, waitFrom.key]);
  const since = waitFrom.key === key ? waitFrom.at : performance.now();
  const { open, dialog } = usePlaceDialog(city);
  return (
    <HomeSection id="gems-heading" title="Local Gems" href="/local-gems" linkText="View More Gems">
      {live && !mounted ? (
        <GemsLoading waiting />
      ) : live ? (
        <LiveListBoundary error={GEMS_TEXTS.error}>
          <Suspense fallback={<GemsLoading waiting />}>
            <LiveGems city={city} seed={{ city: props.city, places: props.initial }} onOpen={open} since={since} />
          </Suspense>
        </LiveListBoundary>
      ) : (
        <GemsResult places={props.initial ?? []} onOpen={open} />
      )}
      {dialog}
    </HomeSection>
  );
}
