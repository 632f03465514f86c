/** /place/:id: the place detail page (server-rendered with the place when it exists). */
import { Shell } from "../components/Shell";
import type { Place } from "../components/places";
import PlaceView from "../islands/PlaceView";
import { Island } from "../island";

export function PlacePage(props: { id: number; place: Place | null; notFound: boolean }) {
  return (
    <Shell path={`/place/${props.id}`}>
      <Island
        name="PlaceView"
        component={PlaceView}
        props={{ id: props.id, place: props.place, notFound: props.notFound }}
      />
    </Shell>
  );
}
