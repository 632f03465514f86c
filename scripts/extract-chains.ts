/**
 * Chains the name-suggestion-index does not know (closed ones above all: Circuit City, Borders, Waldenbooks,
 * KB Toys …), found in the bundled data itself: a food or store name (normalised like place titles, branch
 * suffixes cut) that the bundled business datasets list at REPEATED.locations or more distinct places in
 * REPEATED.states or more states. Writes db/data/brands/repeated_names.json.gz (decision 035).
 *
 *   node_modules/.bin/bun scripts/extract-chains.ts
 *
 * Read: the SimpleGeo/Who's On First venue files (2011, 25 states; "Food & Drink" and "Retail Goods") and the
 * OpenStreetMap city extracts (California 2013; New York, Chicago, Washington 2017; food and shop classes).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chainKey, REPEATED } from "../db/import/places/filters";
import { csvRows } from "../db/import/places/util";

const dir = join(import.meta.dir, "../db/data/places");
const seen = new Map<string, { states: Set<string>; places: Set<string> }>();
function add(name: string | undefined, state: string | undefined, lat: string | undefined, lng: string | undefined) {
  const key = name ? chainKey(name) : "";
  const latitude = Number(lat);
  const longitude = Number(lng);
  if (!key || !state || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return;
  const entry = seen.get(key) ?? seen.set(key, { states: new Set(), places: new Set() }).get(key)!;
  entry.states.add(state);
  // Places ~100 m apart are distinct branches; the same branch listed twice is one.
  entry.places.add(`${latitude.toFixed(3)},${longitude.toFixed(3)}`);
}

let rows = 0;
for (const file of readdirSync(dir).filter((f) => /^wof_simplegeo_venues_[A-Z]{2}\.csv\.gz$/.test(f))) {
  for await (const row of csvRows(join(dir, file))) {
    if (row.sg_type !== "Food & Drink" && row.sg_type !== "Retail Goods") continue;
    rows++;
    add(row.name, row.state, row.lat, row.lon);
  }
}
const OSM_BUSINESS = new Set(["eat", "cafe", "drink", "shop"]);
for await (const row of csvRows(join(dir, "osm_pois_california_2013_nyc_chicago_dc_2017.csv.gz"))) {
  if (!OSM_BUSINESS.has(row.category ?? "")) continue;
  rows++;
  add(row.name, row.state_polygon || row.nearest_state, row.latitude, row.longitude);
}

const names = [...seen]
  .filter(([, e]) => e.states.size >= REPEATED.states && e.places.size >= REPEATED.locations)
  .map(([key]) => key)
  .sort();
const out = join(import.meta.dir, "../db/data/brands/repeated_names.json.gz");
await Bun.write(out, gzipSync(JSON.stringify({ rule: REPEATED, names })));
console.log(
  `${rows.toLocaleString("en-US")} food and store rows, ${seen.size.toLocaleString("en-US")} names; ${names.length} at ≥ ${REPEATED.locations} places in ≥ ${REPEATED.states} states → ${out}`,
);
