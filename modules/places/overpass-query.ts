import { OSM_MAPPED_VALUES } from "../../db/import/places/osm-tags";

/** What the live OpenStreetMap source (overpass.ts) asks the Overpass API, and how its answer is read. */

/**
 * Values the mapping knows that the live query leaves out: common and seldom what a traveller looks for
 * (community centres, playgrounds, dog parks, rented apartments, mountain huts), so the answer stays small.
 */
const NOT_ASKED_LIVE: Readonly<Record<keyof typeof OSM_MAPPED_VALUES, readonly string[]>> = {
  amenity: ["community_centre"],
  tourism: ["apartment", "alpine_hut"],
  leisure: ["dog_park", "playground"],
};
const asked = (key: keyof typeof OSM_MAPPED_VALUES) =>
  OSM_MAPPED_VALUES[key].filter((value) => !NOT_ASKED_LIVE[key].includes(value));

/**
 * Tag values asked for: the values `categoryFromOsmTags` in osm-tags.ts maps, less those above. This is only a
 * pre-filter that keeps the answer small (no parking lots or benches); that mapping stays the one that decides
 * the category, and a test checks that every value listed here maps to one.
 */
export const QUERY_TAGS: Record<string, readonly string[] | "*"> = {
  amenity: asked("amenity"),
  tourism: asked("tourism"),
  leisure: asked("leisure"),
  shop: "*",
  historic: "*",
  heritage: "*",
  "ref:nrhp": "*",
};

/** The Overpass QL query: named nodes, ways and relations with the tags above, around the centre, with centres and tags. */
export function overpassQuery(
  latitude: number,
  longitude: number,
  radiusMeters: number,
  timeoutSeconds: number,
): string {
  const around = `(around:${Math.round(radiusMeters)},${latitude.toFixed(6)},${longitude.toFixed(6)})`;
  const selectors = Object.entries(QUERY_TAGS).map(([key, values]) => {
    const tag = values === "*" ? `["${key}"]` : `["${key}"~"^(${values.join("|")})$"]`;
    return `  nwr${tag}["name"]${around};`;
  });
  return `[out:json][timeout:${Math.max(1, Math.ceil(timeoutSeconds))}];\n(\n${selectors.join("\n")}\n);\nout center tags;`;
}

/** One element of an Overpass JSON answer (`out center tags`). */
export interface OverpassElement {
  type: "node" | "way" | "relation";
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  tags?: Record<string, string>;
}

/** Parse and check an Overpass JSON answer; throws a short message when it is not one. */
export function parseOverpassAnswer(text: string): OverpassElement[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`the answer is not JSON (${JSON.stringify(text.slice(0, 60))}…)`);
  }
  if (!json || typeof json !== "object" || !Array.isArray((json as { elements?: unknown }).elements))
    throw new Error("the answer has no elements list");
  // Overpass reports a query that ran out of time or memory in "remark", with whatever it had so far.
  const remark = (json as { remark?: unknown }).remark;
  if (typeof remark === "string" && /error/i.test(remark)) throw new Error(`Overpass: ${remark.slice(0, 200)}`);
  return (json as { elements: unknown[] }).elements.filter(
    (e): e is OverpassElement =>
      !!e &&
      typeof e === "object" &&
      ["node", "way", "relation"].includes((e as OverpassElement).type) &&
      typeof (e as OverpassElement).id === "number",
  );
}
