import { LIST } from "../../../../src/domain/lists";
import { categoryFromOsmTags, osmAddress } from "../osm-tags";
import type { Dataset, PlaceInput, ReadResult } from "../types";
import { geometryCentre, phone, text, website } from "../util";
import chicagoLoop from "../../../data/places/osm_pois_chicago_loop.geojson.gz" with { type: "file" };
import bostonBackBay from "../../../data/places/osm_pois_boston_back_bay.geojson.gz" with { type: "file" };
import { readText } from "../../../../src/files";

type Feature = { geometry?: { type?: string; coordinates?: unknown }; properties?: Record<string, unknown> };

/** One OSM feature → a place (or why not). `stateCode` comes from addr:state, else from the caller. */
/**
 * OSM's cuisine list as words: "steak_house;steak;italian" → "steak house, italian" (an item that is a word of
 * another is left out; at most three).
 */
export function cuisineText(value: string): string {
  const items = [...new Set(value.split(/[;,]/).map((c) => c.replace(/_/g, " ").trim().toLowerCase()))].filter(Boolean);
  return items
    .filter((c) => !items.some((other) => other !== c && other.split(" ").includes(c)))
    .slice(0, 3)
    .join(", ");
}

export function placeFromOsm(
  tags: Record<string, string>,
  position: { latitude: number; longitude: number } | null,
  id: string,
  fallbackState: string | null,
): ReadResult {
  const name = text(tags.name);
  if (!name) return { skip: "no name" };
  if (!position) return { skip: "no coordinates" };
  const category = categoryFromOsmTags(tags);
  if (!category) return { skip: "not a traveller's place (tags)" };
  const stateCode = (tags["addr:state"]?.length === 2 ? tags["addr:state"].toUpperCase() : null) ?? fallbackState;
  if (!stateCode) return { skip: "state unknown" };
  const extra: Record<string, string> = {};
  for (const key of ["cuisine", "brand", "operator", "wikipedia", "heritage", "ref:nrhp", "tourism", "amenity"])
    if (tags[key]) extra[key] = tags[key];
  const place: PlaceInput = {
    source: "osm",
    sourceId: id,
    categoryId: category.categoryId,
    kind:
      tags.cuisine && category.categoryId === LIST.food
        ? `${category.kind} (${cuisineText(tags.cuisine)})`
        : category.kind,
    title: name,
    description: text(tags.description),
    address: osmAddress(tags),
    city: text(tags["addr:city"]),
    stateCode,
    zip: text(tags["addr:postcode"]),
    phone: phone(tags.phone ?? tags["contact:phone"]),
    website: website(tags.website ?? tags["contact:website"]),
    openingHours: text(tags.opening_hours),
    wikidata: text(tags.wikidata),
    since: text(tags.start_date),
    ...position,
    tags: Object.keys(extra).length ? extra : null,
  };
  return place;
}

/** Read a GeoJSON FeatureCollection of OSM features (as exported by osmium or Overpass tools). */
export async function* readOsmGeoJson(path: string, fallbackState: string | null): AsyncIterable<ReadResult> {
  const json = JSON.parse(await readText(path)) as { features?: Feature[] };
  for (const feature of json.features ?? []) {
    const props = feature.properties ?? {};
    const tags: Record<string, string> = {};
    for (const [k, v] of Object.entries(props)) if (typeof v === "string" || typeof v === "number") tags[k] = String(v);
    const id = `${tags.osm_type ?? "node"}/${tags.osm_id ?? tags["@id"] ?? tags.id ?? ""}`;
    if (id.endsWith("/")) {
      yield { skip: "no OSM id" };
      continue;
    }
    yield placeFromOsm(tags, geometryCentre(feature.geometry), id, fallbackState);
  }
}

/** The two bundled OSM samples (Chicago Loop, Boston Back Bay). */
const SAMPLES: Record<string, string[]> = { IL: [chicagoLoop], MA: [bostonBackBay] };

export const osmSamples: Dataset = {
  key: "osm",
  observedAt: "2026-11-20", // no date in the file; SOURCES.md: the repository snapshot was gathered 2026-11-20 (the newest the data can be)
  name: "OpenStreetMap",
  licence: "ODbL-1.0",
  attribution: "© OpenStreetMap contributors",
  url: "https://www.openstreetmap.org/copyright",
  states: Object.keys(SAMPLES),
  async *read(stateCode: string): AsyncIterable<ReadResult> {
    for (const path of SAMPLES[stateCode] ?? []) {
      for await (const result of readOsmGeoJson(path, stateCode)) {
        if ("skip" in result || result.stateCode === stateCode) yield result;
      }
    }
  },
};
