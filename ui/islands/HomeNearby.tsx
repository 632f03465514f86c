import { useQuery } from "@tanstack/react-query";
import { NearbyRows, RowSkeletons, usePlaceDialog } from "../components/PlaceRows";
import { BUTTON_SOFT, StateMessage } from "../components/ui";
import { nearbyQuery, POLL_HOME_MS, useCity, useCitySync } from "../queries";
import type { SelectedCity } from "../state";

export const HOME_NEARBY_COUNT = 8;

/** Home: Nearby Discoveries (8) and "View More Discoveries". */
export default function HomeNearby(props: { city: SelectedCity }) {
  const city = useCity(props.city);
  useCitySync(POLL_HOME_MS);
  const { data, isPending, isError, refetch, isFetching } = useQuery(nearbyQuery(city, HOME_NEARBY_COUNT));
  const { open, dialog } = usePlaceDialog(city);
  return (
    <section aria-labelledby="nearby-heading" className="mt-8">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="nearby-heading" className="text-lg font-bold">
          Nearby Discoveries
        </h2>
        <a href="/nearby" className="text-sm font-medium text-primary underline-offset-2 hover:underline focus-ring">
          View More Discoveries
        </a>
      </div>
      {isPending ? (
        <RowSkeletons count={HOME_NEARBY_COUNT} label="Loading nearby places…" />
      ) : isError ? (
        <StateMessage
          kind="error"
          text="Failed to load nearby places. Please try again."
          action={
            <button type="button" className={BUTTON_SOFT} disabled={isFetching} onClick={() => void refetch()}>
              Try Again
            </button>
          }
        />
      ) : data.length === 0 ? (
        <StateMessage kind="empty" title="No Nearby Places Yet" text="We're still discovering places in your area!" />
      ) : (
        <NearbyRows places={data} onOpen={open} />
      )}
      {dialog}
    </section>
  );
}
