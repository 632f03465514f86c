import { Shell } from "../components/Shell";
import TripList from "../islands/TripList";
import { Island } from "../island";

/** /trips: the user's trips and a form to start one (the list loads in the island). */
export function TripsPage(props: { city: string }) {
  return (
    <Shell path="/trips">
      <Island name="TripList" component={TripList} props={{ city: props.city }} />
    </Shell>
  );
}
