import type { Trip } from "../../modules/trips";
import { Shell } from "../components/Shell";
import TripEditor from "../islands/TripEditor";
import { Island } from "../island";

/** /trips/{id}: one of the user's trips, rendered with its data and edited in the island. */
export function TripPage(props: { trip: Trip }) {
  return (
    <Shell path="/trips">
      <Island name="TripEditor" component={TripEditor} props={{ trip: props.trip as never }} />
    </Shell>
  );
}
