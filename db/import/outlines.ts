import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

/**
 * Outlines read from a TopoJSON file (the state and county shapes that ship with the map) and the lookup of the
 * outline holding a point: a box test first, then even-odd ray casting on the outer ring, holes excluded.
 */
export type Ring = Array<[number, number]>;
export interface Outline<T> {
  value: T;
  box: [number, number, number, number];
  polygons: Ring[][];
}

/** Every feature of one TopoJSON object with a geometry and a value `pick` gives it (others are passed over). */
export function outlinesOf<T>(
  topologyText: string,
  objectName: string,
  pick: (f: GeoJSON.Feature) => T | null | undefined,
): Outline<T>[] {
  const topology = JSON.parse(topologyText) as Topology<Record<string, GeometryCollection>>;
  const object = topology.objects[objectName];
  if (!object) throw new Error(`no ${objectName} in the outlines`);
  const collection = feature(topology, object) as unknown as GeoJSON.FeatureCollection;
  const out: Outline<T>[] = [];
  for (const f of collection.features) {
    if (!f.geometry) continue;
    const value = pick(f);
    if (value === null || value === undefined) continue;
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
    out.push({ value, box, polygons });
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

/**
 * The outlines whose box touches each 1° cell, by index in their list (ascending): a point's candidates are its
 * cell's, so a look-up tests a few boxes instead of every county's (3,000 box tests a point were most of the
 * point-in-county rule's time during an import). Built once per list of outlines.
 */
const grids = new WeakMap<Outline<unknown>[], Map<number, number[]>>();
const cellKey = (latitude: number, longitude: number) =>
  (Math.floor(latitude) + 90) * 1000 + (Math.floor(longitude) + 360);

function gridOf(outlines: Outline<unknown>[]): Map<number, number[]> {
  let grid = grids.get(outlines);
  if (grid) return grid;
  grid = new Map();
  for (const [index, { box }] of outlines.entries()) {
    if (!box.every(Number.isFinite)) continue; // no ring: it holds no point
    for (let lat = Math.floor(box[1]); lat <= Math.floor(box[3]); lat++)
      for (let lng = Math.floor(box[0]); lng <= Math.floor(box[2]); lng++) {
        const key = cellKey(lat, lng);
        const cell = grid.get(key);
        if (cell) cell.push(index);
        else grid.set(key, [index]);
      }
  }
  grids.set(outlines, grid);
  return grid;
}

/** The value of the first outline holding this point, or null (at sea, abroad, on an outline gap). */
export function outlineHolding<T>(outlines: Outline<T>[], latitude: number, longitude: number): T | null {
  // Only the outlines whose box touches the point's cell can hold it; they are tested in list order.
  for (const index of gridOf(outlines).get(cellKey(latitude, longitude)) ?? []) {
    const s = outlines[index]!;
    if (longitude < s.box[0] || longitude > s.box[2] || latitude < s.box[1] || latitude > s.box[3]) continue;
    for (const polygon of s.polygons) {
      if (!polygon[0] || !inRing(polygon[0], longitude, latitude)) continue;
      if (polygon.slice(1).some((hole) => inRing(hole, longitude, latitude))) continue;
      return s.value;
    }
  }
  return null;
}
