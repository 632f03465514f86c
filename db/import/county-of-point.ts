import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import countiesFile from "../data/basemap/counties-10m.json.gz" with { type: "file" };
import { type Outline, outlineHolding, outlinesOf } from "./outlines";

/**
 * The county a point lies in, from the county outlines that ship with the map (US Census via us-atlas, 2017;
 * ~0.004° precision): its 5-digit FIPS code (state 2 + county 3) and name.
 */
interface County {
  fips: string;
  name: string;
}
let shapes: Outline<County>[] | undefined;

function load(): Outline<County>[] {
  const text = gunzipSync(readFileSync(countiesFile as unknown as string)).toString("utf8");
  return outlinesOf<County>(text, "counties", (f) =>
    f.id === undefined
      ? null
      : {
          fips: String(f.id).padStart(5, "0"),
          name: String((f.properties as { name?: string } | null)?.name ?? ""),
        },
  );
}

/** The county holding this point (FIPS and name), or null (at sea, abroad, on an outline gap). */
export function countyOfPoint(latitude: number, longitude: number): { fips: string; name: string } | null {
  shapes ??= load();
  const county = outlineHolding(shapes, latitude, longitude);
  return county ? { fips: county.fips, name: county.name } : null;
}
