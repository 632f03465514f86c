import type { GeoJSONSource, Map as MapLibreMap } from "maplibre-gl";

/** The line joining a trip day's stops in order (a straight line stop to stop: we have no walking routes). */
export const ROUTE_SOURCE = "ls-route";
export const ROUTE_LAYER = "ls-route-line";

/** A day's view keeps its first and last stops clear of the legend (top left, ./RouteLegend.tsx) and the zoom buttons. */
export const ROUTE_PADDING = { top: 104, right: 56, bottom: 48, left: 48 };

/** The theme's primary colour (MapLibre paints need a colour, not a CSS variable). */
const primary = () => getComputedStyle(document.documentElement).getPropertyValue("--ls-primary").trim() || "#16a34a";

/** Draw or replace the line through `positions` ([longitude, latitude], in order), above every other layer. */
export function drawRoute(map: MapLibreMap, positions: ReadonlyArray<[number, number]>) {
  const data: GeoJSON.Feature = {
    type: "Feature",
    properties: {},
    geometry: { type: "LineString", coordinates: positions.map((p) => [...p]) },
  };
  const source = map.getSource(ROUTE_SOURCE) as GeoJSONSource | undefined;
  if (source) source.setData(data);
  else map.addSource(ROUTE_SOURCE, { type: "geojson", data });
  if (!map.getLayer(ROUTE_LAYER))
    map.addLayer({
      id: ROUTE_LAYER,
      type: "line",
      source: ROUTE_SOURCE,
      layout: { "line-join": "round", "line-cap": "round" },
      paint: { "line-color": primary(), "line-width": 4, "line-opacity": 0.85, "line-dasharray": [2, 1.5] },
    });
}

/** Where a layer added later goes so that the route stays on top: before the route line when there is one. */
export const beneathRoute = (map: MapLibreMap) => (map.getLayer(ROUTE_LAYER) ? ROUTE_LAYER : undefined);
