import type { TripSummary } from "../../modules/trips";
import { Shell } from "../components/Shell";
import TripList from "../islands/TripList";
import { Island } from "../island";

/**
 * /trips: the user's trips (rendered with the page) and a form to start one. The list and the form work as
 * HTML until the visitor uses the form, so the island (and React) load at the first touch, key or focus in it
 * (docs/decisions/077-islands-on-first-use.md); offline it hydrates at once and refreshes the list from the
 * device's copy.
 */
export function TripsPage(props: { city: string; trips: TripSummary[] }) {
  return (
    <Shell path="/trips">
      <Island
        name="TripList"
        component={TripList}
        props={{ city: props.city, trips: props.trips }}
        hydrate="interaction"
      />
    </Shell>
  );
}
