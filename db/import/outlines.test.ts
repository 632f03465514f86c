import { expect, test } from "bun:test";
import { outlineHolding, outlinesOf } from "./outlines";

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
