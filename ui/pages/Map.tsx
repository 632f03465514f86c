import { Shell } from "../components/Shell";
import MapExplorer, { type MapAway } from "../islands/MapExplorer";
import { Island } from "../island";
import type { SelectedCity } from "../state";
import type { Place } from "../map/state";

export interface MapPageProps {
  city: SelectedCity;
  /** True when the city came from the visitor's cookie (not the default). */
  fromCookie: boolean;
  /** Raster tile URL template (config TILE_URL). */
  tileUrl: string;
  /** The place to show first (/map?place=ID). */
  focus?: Place | null;
  /** The first batch (nearby + featured at offset 0) when the server had it ready; otherwise the island loads it. */
  initial?: Place[] | null;
  /** "View on map" for a place far from `city`: the place's own city, and how far it is from `city` (docs/decisions/026-traveller-polish.md). */
  away?: MapAway | null;
}

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
