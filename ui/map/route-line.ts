import type { GeoJSONSource, Map as MapLibreMap } from "maplibre-gl";

/** The line joining a trip day's stops in order (a straight line stop to stop: we have no walking routes). */
export const ROUTE_SOURCE = "ls-route";
export const ROUTE_LAYER = "ls-route-line";

/**
 * A day's view keeps every stop clear of what lies over the map: the legend (top left, ./RouteLegend.tsx, as tall
 * as its lines wrap: measured, `routePadding`), the zoom buttons (right), and at the bottom the attribution and
 * the offline map's note, stacked (the note appears after the first fit, so its room is always kept).
 */
export const ROUTE_PADDING = { top: 104, right: 56, bottom: 88, left: 48 };
/** A numbered marker's radius and a margin: how far a stop's centre stays from an overlay's edge. */
const MARKER_CLEARANCE = 22;

/** The route's padding in `container` (the map's element), with the top overlays' measured height; each edge
 * keeps at most a third of the map, so a short map still shows its stops. */
export function routePadding(container: HTMLElement) {
  const box = container.getBoundingClientRect();
  let top = ROUTE_PADDING.top;
  for (const overlay of container.parentElement?.querySelectorAll<HTMLElement>("[data-map-overlay='top']") ?? []) {
    const edge = overlay.getBoundingClientRect().bottom - box.top;
    if (edge > 0) top = Math.max(top, edge + MARKER_CLEARANCE);
  }
  const cap = (edge: number) => Math.round(Math.min(edge, box.height / 3));
  return { ...ROUTE_PADDING, top: cap(top), bottom: cap(ROUTE_PADDING.bottom) };
}

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
