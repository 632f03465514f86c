import { Shell } from "../components/Shell";
import MapExplorer, { type MapExplorerProps } from "../islands/MapExplorer";
import { Island } from "../island";

/** What the map island takes (the first batch is nearby + featured at offset 0, when the server had it ready). */
export type MapPageProps = MapExplorerProps;

/** /map: the interactive map. Everything on it is one island; maplibre itself loads lazily inside it. */
export function MapPage(props: MapPageProps) {
  return (
    <Shell path="/map" wide>
      <Island
        name="MapExplorer"
        component={MapExplorer}
        props={{
          city: props.city,
          fromCookie: props.fromCookie,
          tileUrl: props.tileUrl,
          focus: props.focus ?? null,
          initial: props.initial ?? null,
          away: props.away ?? null,
        }}
      />
    </Shell>
  );
}
