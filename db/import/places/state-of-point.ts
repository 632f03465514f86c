import { readFileSync } from "node:fs";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import statesFileImport from "../../data/basemap/states-10m.json" with { type: "file" };
import { stateCodeFromName } from "../../../src/domain/states";

/**
 * The state a point lies in, from the bundled US Census state outlines (us-atlas, 2017; ~0.004° precision).
 * For datasets whose own state column is the nearest city's state, which is wrong near a border (the Empire
 * State Building's nearest SimpleMaps point is Hoboken, NJ).
 */
export type Ring = Array<[number, number]>;
interface StateShape {
  code: string;
  box: [number, number, number, number];
  polygons: Ring[][];
}
let shapes: StateShape[] | undefined;

function load(): StateShape[] {
  const topology = JSON.parse(readFileSync(statesFileImport as unknown as string, "utf8")) as Topology<{
    states: GeometryCollection;
  }>;
  const collection = feature(topology, topology.objects.states) as unknown as GeoJSON.FeatureCollection;
  const out: StateShape[] = [];
  for (const f of collection.features) {
    const code = stateCodeFromName((f.properties as { name?: string } | null)?.name);
    if (!code || !f.geometry) continue;
    const polygons = (
      f.geometry.type === "Polygon"
        ? [f.geometry.coordinates]
        : f.geometry.type === "MultiPolygon"
          ? f.geometry.coordinates
          : []
    ) as Ring[][];
    const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const polygon of polygons)
      for (const [x, y] of polygon[0] ?? []) {
        box[0] = Math.min(box[0], x);
        box[1] = Math.min(box[1], y);
        box[2] = Math.max(box[2], x);
        box[3] = Math.max(box[3], y);
      }
    out.push({ code, box, polygons });
  }
  return out;
}

export function inRing(ring: Ring, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The two-letter code of the state (or DC, PR) holding this point, or null (at sea, abroad, on an outline gap). */
export function stateOfPoint(latitude: number, longitude: number): string | null {
  shapes ??= load();
  for (const s of shapes) {
    if (longitude < s.box[0] || longitude > s.box[2] || latitude < s.box[1] || latitude > s.box[3]) continue;
    for (const polygon of s.polygons) {
      if (!polygon[0] || !inRing(polygon[0], longitude, latitude)) continue;
      if (polygon.slice(1).some((hole) => inRing(hole, longitude, latitude))) continue;
      return s.code;
    }
  }
  return null;
}
