import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { GemRows, RowSkeletons, usePlaceDialog } from "../components/PlaceRows";
import { HomeSection, QueryStates } from "../components/ui";
import { LOCAL_GEMS_DELAY_MS, localGemsQuery, POLL_HOME_MS, useCity, useCitySync } from "../queries";
import type { SelectedCity } from "../state";

export const HOME_GEMS_COUNT = 6;

/**
 * Home: Local Gems (6) and "View More Gems". It waits 1 s after the screen appears or the city changes,
 * so the nearby list goes first.
 */
export default function HomeLocalGems(props: { city: SelectedCity }) {
  const city = useCity(props.city);
  useCitySync(POLL_HOME_MS);
  const key = `${city.name}|${city.stateCode}`;
  const [startedFor, setStartedFor] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setStartedFor(key), LOCAL_GEMS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const query = useQuery({ ...localGemsQuery(city, HOME_GEMS_COUNT), enabled: startedFor === key });
  const waiting = startedFor !== key && !query.data;
  const { open, dialog } = usePlaceDialog(city);
  return (
    <HomeSection id="gems-heading" title="Local Gems" href="/local-gems" linkText="View More Gems">
      <QueryStates
        query={query}
        waiting={waiting}
        loading={
          <div className="relative">
            <RowSkeletons count={HOME_GEMS_COUNT} label={waiting ? "" : "Loading local gems…"} />
            {waiting && (
              <p role="status" className="absolute inset-x-0 top-12 mx-auto w-fit rounded-full bg-surface px-4 py-1.5 text-sm font-medium text-ink shadow ring-1 ring-line" data-testid="gems-waiting">
                Loading after nearby discoveries...
              </p>
            )}
          </div>
        }
        error={{ text: "Failed to load local gems. Please try again." }}
        empty={{ title: "No Local Gems Yet", text: "We're discovering local businesses in your area!" }}
      >
        {(data) => <GemRows places={data} onOpen={open} />}
      </QueryStates>
      {dialog}
    </HomeSection>
  );
}
