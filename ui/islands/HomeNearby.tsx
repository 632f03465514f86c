import { useQuery } from "@tanstack/react-query";
import { NearbyRows, RowSkeletons, usePlaceDialog } from "../components/PlaceRows";
import { HomeSection, QueryStates } from "../components/ui";
import { nearbyQuery, POLL_HOME_MS, useCity, useCitySync } from "../queries";
import type { SelectedCity } from "../state";

export const HOME_NEARBY_COUNT = 8;

/** Home: Nearby Discoveries (8) and "View More Discoveries". */
export default function HomeNearby(props: { city: SelectedCity }) {
  const city = useCity(props.city);
  useCitySync(POLL_HOME_MS);
  const query = useQuery(nearbyQuery(city, HOME_NEARBY_COUNT));
  const { open, dialog } = usePlaceDialog(city);
  return (
    <HomeSection id="nearby-heading" title="Nearby Discoveries" href="/nearby" linkText="View More Discoveries">
      <QueryStates
        query={query}
        loading={<RowSkeletons count={HOME_NEARBY_COUNT} label="Loading nearby places…" />}
        error={{ text: "Failed to load nearby places. Please try again." }}
        empty={{ title: "No Nearby Places Yet", text: "We're still discovering places in your area!" }}
      >
        {(data) => <NearbyRows places={data} onOpen={open} />}
      </QueryStates>
      {dialog}
    </HomeSection>
  );
}
