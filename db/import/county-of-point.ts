import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countiesFile from "../data/basemap/counties-10m.json.gz" with { type: "file" };
import { inRing, type Ring } from "./places/state-of-point";

/**
 * The county a point lies in, from the county outlines that ship with the map (US Census via us-atlas, 2017;
 * ~0.004° precision): its 5-digit FIPS code (state 2 + county 3) and name.
 */
interface CountyShape {
  fips: string;
  name: string;
  box: [number, number, number, number];
  polygons: Ring[][];
}
let shapes: CountyShape[] | undefined;

function load(): CountyShape[] {
  const topology = JSON.parse(
    gunzipSync(readFileSync(countiesFile as unknown as string)).toString("utf8"),
  ) as Topology<{
    counties: GeometryCollection;
  }>;
  const collection = feature(topology, topology.objects.counties) as unknown as GeoJSON.FeatureCollection;
  const out: CountyShape[] = [];
  for (const f of collection.features) {
    if (!f.geometry || f.id === undefined) continue;
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
    out.push({
      fips: String(f.id).padStart(5, "0"),
      name: String((f.properties as { name?: string } | null)?.name ?? ""),
      box,
      polygons,
    });
  }
  return out;
}

/** The county holding this point (FIPS and name), or null (at sea, abroad, on an outline gap). */
export function countyOfPoint(latitude: number, longitude: number): { fips: string; name: string } | null {
  shapes ??= load();
  for (const s of shapes) {
    if (longitude < s.box[0] || longitude > s.box[2] || latitude < s.box[1] || latitude > s.box[3]) continue;
    for (const polygon of s.polygons) {
      if (!polygon[0] || !inRing(polygon[0], longitude, latitude)) continue;
      if (polygon.slice(1).some((hole) => inRing(hole, longitude, latitude))) continue;
      return { fips: s.fips, name: s.name };
    }
  }
  return null;
}
