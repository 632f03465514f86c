import { Shell } from "../components/Shell";
import { Island } from "../island";
import TripDayMap, { type TripDayMapProps } from "../islands/TripDayMap";

/** One day of a trip on the map (/map?trip={id}&day={n}, or a share link's /t/{token}/map?day={n}). */
export function TripMapPage(props: TripDayMapProps & { path: string }) {
  const { path, ...island } = props;
  return (
    <Shell path={path} wide>
      <Island name="TripDayMap" component={TripDayMap} props={island} />
    </Shell>
  );
}
