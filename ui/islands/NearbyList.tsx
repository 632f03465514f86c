import { useQuery } from "@tanstack/react-query";
import { NearbyRows, RowSkeletons, usePlaceDialog } from "../components/PlaceRows";
import { QueryStates } from "../components/ui";
import { nearbyQuery, POLL_NEARBY_MS, useCity, useCitySync } from "../queries";
import type { SelectedCity } from "../state";
import { withQuery } from "../query-client";

export const NEARBY_PAGE_COUNT = 12;
export const NEARBY_SKELETONS = 8;

/** /nearby: the full Nearby Discoveries list (12), polling the city every second. */
function NearbyList(props: { city: SelectedCity }) {
  const city = useCity(props.city);
  useCitySync(POLL_NEARBY_MS);
  const query = useQuery(nearbyQuery(city, NEARBY_PAGE_COUNT));
  const { open, dialog } = usePlaceDialog(city);
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" className="text-2xl font-bold">
        Nearby Discoveries
      </h1>
      <p className="mt-1 text-ink-soft">
        Around {city.name}, {city.stateCode}
      </p>
      <div className="mt-4">
        <QueryStates
          query={query}
          loading={<RowSkeletons count={NEARBY_SKELETONS} label="Loading nearby places…" />}
          error={{ title: "Unable to Load Discoveries", text: "There was an error loading nearby places." }}
          empty={{ title: "No Discoveries Found", text: `We're discovering amazing places near ${city.name}. Check back soon!` }}
        >
          {(data) => <NearbyRows places={data} onOpen={open} />}
        </QueryStates>
      </div>
      {dialog}
    </section>
  );
}

export default withQuery(NearbyList);
