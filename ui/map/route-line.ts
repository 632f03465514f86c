import type { GeoJSONSource, Map as MapLibreMap } from "maplibre-gl";

/** The line joining a trip day's stops in order (a straight line stop to stop: we have no walking routes). */
export const ROUTE_SOURCE = "ls-route";
export const ROUTE_LAYER = "ls-route-line";

/** A day's view keeps its first and last stops clear of the legend (top left, ./RouteLegend.tsx) and the zoom buttons. */
export const ROUTE_PADDING = { top: 104, right: 56, bottom: 48, left: 48 };

/** The theme's primary colour (MapLibre paints need a colour, not a CSS variable). */
const primary = () => getComputedStyle(document.documentElement).getPropertyValue("--ls-primary").trim() || "#16a34a";

/**
 * Draw or replace the line through `positions` ([longitude, latitude], in order), above every other layer; with
 * fewer than two positions there is no line (a one-point LineString is not valid GeoJSON), so any drawn one goes.
 */
export function drawRoute(map: MapLibreMap, positions: ReadonlyArray<[number, number]>) {
  if (positions.length < 2) {
    if (map.getLayer(ROUTE_LAYER)) map.removeLayer(ROUTE_LAYER);
    if (map.getSource(ROUTE_SOURCE)) map.removeSource(ROUTE_SOURCE);
    return;
  }
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

/** Paint the line in the page's primary colour again (after the page's theme or mode changed). */
export function recolourRoute(map: MapLibreMap) {
  if (map.getLayer(ROUTE_LAYER)) map.setPaintProperty(ROUTE_LAYER, "line-color", primary());
}

/** Where a layer added later goes so that the route stays on top: before the route line when there is one. */
export const beneathRoute = (map: MapLibreMap) => (map.getLayer(ROUTE_LAYER) ? ROUTE_LAYER : undefined);
