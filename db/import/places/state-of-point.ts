import { readFileSync } from "node:fs";
import statesFileImport from "../../data/basemap/states-10m.json" with { type: "file" };
import { stateCodeFromName } from "../../../src/domain/states";
import { type Outline, outlineHolding, outlinesOf } from "../outlines";

/**
 * The state a point lies in, from the bundled US Census state outlines (us-atlas, 2017; ~0.004° precision).
 * For datasets whose own state column is the nearest city's state, which is wrong near a border (the Empire
 * State Building's nearest SimpleMaps point is Hoboken, NJ).
 */
let shapes: Outline<string>[] | undefined;

function load(): Outline<string>[] {
  return outlinesOf(readFileSync(statesFileImport as unknown as string, "utf8"), "states", (f) =>
    stateCodeFromName((f.properties as { name?: string } | null)?.name),
  );
}

/** The two-letter code of the state (or DC, PR) holding this point, or null (at sea, abroad, on an outline gap). */
export function stateOfPoint(latitude: number, longitude: number): string | null {
  shapes ??= load();
  return outlineHolding(shapes, latitude, longitude);
}

/** The box around a state's outline, [west, south, east, north] in degrees, or null for a code with no outline. */
export function stateBox(stateCode: string): [number, number, number, number] | null {
  shapes ??= load();
  const boxes = shapes.filter((s) => s.value === stateCode).map((s) => s.box);
  if (!boxes.length) return null;
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}
