import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { GemRows, RowSkeletons, usePlaceDialog } from "../components/PlaceRows";
import { BUTTON_SOFT, StateMessage } from "../components/ui";
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
  const { data, isPending, isError, refetch, isFetching } = useQuery({ ...localGemsQuery(city, HOME_GEMS_COUNT), enabled: startedFor === key });
  const waiting = startedFor !== key && !data;
  const { open, dialog } = usePlaceDialog(city);
  return (
    <section aria-labelledby="gems-heading" className="mt-8">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="gems-heading" className="text-lg font-bold">
          Local Gems
        </h2>
        <a href="/local-gems" className="text-sm font-medium text-primary underline-offset-2 hover:underline focus-ring">
          View More Gems
        </a>
      </div>
      {waiting || isPending ? (
        <div className="relative">
          <RowSkeletons count={HOME_GEMS_COUNT} label={waiting ? "" : "Loading local gems…"} />
          {waiting && (
            <p role="status" className="absolute inset-x-0 top-12 mx-auto w-fit rounded-full bg-surface px-4 py-1.5 text-sm font-medium text-ink shadow ring-1 ring-line" data-testid="gems-waiting">
              Loading after nearby discoveries...
            </p>
          )}
        </div>
      ) : isError ? (
        <StateMessage
          kind="error"
          text="Failed to load local gems. Please try again."
          action={
            <button type="button" className={BUTTON_SOFT} disabled={isFetching} onClick={() => void refetch()}>
              Try Again
            </button>
          }
        />
      ) : data.length === 0 ? (
        <StateMessage kind="empty" title="No Local Gems Yet" text="We're discovering local businesses in your area!" />
      ) : (
        <GemRows places={data} onOpen={open} />
      )}
      {dialog}
    </section>
  );
}
