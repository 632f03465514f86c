import { Shell } from "../components/Shell";
import TrafficView from "../islands/TrafficView";
import { Island } from "../island";

/** /admin/traffic (admin only, checked on the server): the traffic screen, loaded in its island ('Loading traffic data...'). */
export function TrafficPage() {
  return (
    <Shell path="/admin/traffic">
      <Island name="TrafficView" component={TrafficView} props={{}} />
    </Shell>
  );
}
