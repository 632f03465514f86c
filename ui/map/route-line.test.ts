import { describe, expect, test } from "bun:test";
import type { Map as MapLibreMap } from "maplibre-gl";
import { drawRoute, ROUTE_LAYER, ROUTE_SOURCE } from "./route-line";

/**
 * A stand-in for MapLibre's map that keeps the sources and layers added to it; its route layer is there from the
 * start (adding it reads the page's colour, which needs a browser).
 */
function fakeMap() {
  const sources = new Map<string, { data: unknown; setData(d: unknown): void }>();
  const layers = new Map<string, unknown>([[ROUTE_LAYER, { id: ROUTE_LAYER }]]);
  const map = {
    getSource: (id: string) => sources.get(id),
    addSource: (id: string, spec: { data: unknown }) => {
      const source = {
        data: spec.data,
        setData(d: unknown) {
          source.data = d;
        },
      };
      sources.set(id, source);
    },
    removeSource: (id: string) => sources.delete(id),
    getLayer: (id: string) => layers.get(id),
    addLayer: (layer: { id: string }) => layers.set(layer.id, layer),
    removeLayer: (id: string) => layers.delete(id),
  };
  return { map: map as unknown as MapLibreMap, sources, layers };
}
const coordinates = (data: unknown) => (data as { geometry: { coordinates: number[][] } }).geometry.coordinates;

describe("the line joining a day's stops", () => {
  test("two stops or more: a line through them in order", () => {
    const { map, sources, layers } = fakeMap();
    drawRoute(map, [
      [-81.1, 32.1],
      [-81.2, 32.2],
    ]);
    expect(coordinates(sources.get(ROUTE_SOURCE)!.data)).toEqual([
      [-81.1, 32.1],
      [-81.2, 32.2],
    ]);
  });
  test("one stop: no line (a one-point LineString is not valid GeoJSON), and a line drawn before goes", () => {
    const { map, sources, layers } = fakeMap();
    drawRoute(map, [[-81.1, 32.1]]);
    expect({ sources: sources.size, layers: layers.size }).toEqual({ sources: 0, layers: 0 });
    layers.set(ROUTE_LAYER, { id: ROUTE_LAYER });
    drawRoute(map, [
      [-81.1, 32.1],
      [-81.2, 32.2],
    ]);
    drawRoute(map, [[-81.1, 32.1]]);
    expect({ sources: sources.size, layers: layers.size }).toEqual({ sources: 0, layers: 0 });
  });
});
