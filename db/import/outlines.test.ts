import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import countiesFile from "../data/basemap/counties-10m.json.gz" with { type: "file" };
import { inRing, outlineHolding, outlinesOf } from "./outlines";

const square = (x0: number, y0: number, x1: number, y1: number) => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
  [x0, y0],
];
// A TopoJSON object with two outlines: a square with a square hole, and a nameless square that is passed over.
const topology = {
  type: "Topology",
  objects: {
    areas: {
      type: "GeometryCollection",
      geometries: [
        { type: "Polygon", properties: { name: "Ring" }, arcs: [[0], [1]] },
        { type: "Polygon", properties: {}, arcs: [[2]] },
      ],
    },
  },
  arcs: [square(0, 0, 10, 10), square(4, 4, 6, 6), square(20, 20, 30, 30)],
};

test("a point's outline is the one whose outer ring holds it and none of whose holes do", () => {
  const outlines = outlinesOf(JSON.stringify(topology), "areas", (f) => f.properties?.name as string | undefined);
  expect(outlines.map((o) => [o.value, o.box])).toEqual([["Ring", [0, 0, 10, 10]]]);
  expect(outlineHolding(outlines, 2, 2)).toBe("Ring");
  expect(outlineHolding(outlines, 5, 5)).toBeNull(); // in the hole
  expect(outlineHolding(outlines, 25, 25)).toBeNull(); // the outline without a value
  expect(outlineHolding(outlines, 12, 5)).toBeNull();
});

test("the look-up by 1° cells finds the first outline holding a point, as testing every outline in order does (the county outlines, points all over the country and on cell edges)", () => {
  const text = gunzipSync(readFileSync(countiesFile as unknown as string)).toString("utf8");
  const counties = outlinesOf(text, "counties", (f) => (f.id === undefined ? null : String(f.id)));
  const everyOutline = (latitude: number, longitude: number) =>
    counties.find(
      (s) =>
        longitude >= s.box[0] &&
        longitude <= s.box[2] &&
        latitude >= s.box[1] &&
        latitude <= s.box[3] &&
        s.polygons.some(
          (polygon) =>
            !!polygon[0] &&
            inRing(polygon[0], longitude, latitude) &&
            !polygon.slice(1).some((hole) => inRing(hole, longitude, latitude)),
        ),
    )?.value ?? null;
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const points: Array<[number, number]> = [
    [40, -75], // a cell corner
    [38.9, -77], // on a meridian cell edge
    [Number.NaN, -100],
  ];
  for (let i = 0; i < 3000; i++) points.push([18 + random() * 54, -180 + random() * 115]);
  let held = 0;
  for (const [latitude, longitude] of points) {
    const found = outlineHolding(counties, latitude, longitude);
    expect(found).toBe(everyOutline(latitude, longitude));
    if (found) held++;
  }
  expect(held).toBeGreaterThan(500);
}, 60_000);
