import type { TripSummary } from "../../modules/trips";
import { Shell } from "../components/Shell";
import TripList from "../islands/TripList";
import { Island } from "../island";

/** /trips: the user's trips (rendered with the page, refreshed by the island) and a form to start one. */
export function TripsPage(props: { city: string; trips: TripSummary[] }) {
  return (
    <Shell path="/trips">
      <Island name="TripList" component={TripList} props={{ city: props.city, trips: props.trips }} />
    </Shell>
  );
}
