/**
 * Hotel-type lodging near the 100 largest cities, and what the new sources add (run: bun scripts/bench-lodging.ts).
 * Reads the lodging datasets' rows for the states of the 100 largest cities (one shared pass per file, as the
 * background import's split does), applies the import's junk rules and lodging sub-kinds, and prints how many of the
 * 100 cities have a hotel, motel, inn, B&B, hostel, resort or lodge within 10 mi without All the Places (the data
 * before it) and with it, then the rows each new source gives nationwide.
 */
import { readBundledCities } from "../db/import/cities";
import { DATASETS } from "../db/import/places";
import { junkReason } from "../db/import/places/filters";
import { isHotelType, lodgingType } from "../db/import/places/quality";
import { CATEGORY, type Dataset, type PlaceInput, type ReadResult } from "../db/import/places/types";
import { shareCsvReads } from "../db/import/places/util";
import { US_STATES } from "../src/domain/states";
import { distanceMiles } from "../src/geo";

const started = performance.now();
const cities = (await readBundledCities(undefined, null, null))
  .sort((a, b) => b.population - a.population)
  .slice(0, 100);
const states = [...new Set(cities.map((c) => c.stateCode))];

/** Every row of a dataset for the given states, in one shared pass over its files. */
async function rowsOf(dataset: Dataset, codes: readonly string[]): Promise<PlaceInput[]> {
  const wanted = codes.filter((code) => dataset.states === "all" || dataset.states.includes(code));
  const out: PlaceInput[] = [];
  await shareCsvReads(wanted.length, (finished) =>
    Promise.all(
      wanted.map(async (code) => {
        try {
          for await (const r of dataset.read(code) as AsyncIterable<ReadResult>) if (!("skip" in r)) out.push(r);
        } finally {
          finished();
        }
      }),
    ),
  );
  return out;
}

const LODGING_SOURCES = [
  "osm",
  "osm-city-extracts",
  "dc-open-data",
  "ridb-campgrounds",
  "osm-campgrounds",
  "wof-simplegeo",
];
const hotels: Array<{ source: string; latitude: number; longitude: number }> = [];
let notLodging = 0;
let lodgingRows = 0;
for (const dataset of DATASETS.filter((d) => [...LODGING_SOURCES, "alltheplaces"].includes(d.key))) {
  for (const p of await rowsOf(dataset, states)) {
    if (p.categoryId !== CATEGORY.lodging) continue;
    lodgingRows++;
    const junk = junkReason(p);
    if (junk?.startsWith("not lodging")) notLodging++;
    if (junk) continue;
    if (isHotelType(lodgingType(p.kind, p.title)))
      hotels.push({ source: p.source, latitude: p.latitude, longitude: p.longitude });
  }
}
const covered = (withAtp: boolean) =>
  cities.filter((c) =>
    hotels.some(
      (h) =>
        (withAtp || h.source !== "alltheplaces") &&
        distanceMiles(c.latitude, c.longitude, h.latitude, h.longitude) <= 10,
    ),
  );
const before = covered(false);
const after = covered(true);
console.log(
  `Lodging rows read in the ${states.length} states of the 100 largest cities: ${lodgingRows.toLocaleString("en-US")}; dropped as not lodging (camps, day-use sites, offices, housing): ${notLodging}`,
);
console.log(
  `100 largest cities with a hotel-type place within 10 mi: ${before.length} without All the Places, ${after.length} with it`,
);
console.log(
  `  still without: ${
    cities
      .filter((c) => !after.includes(c))
      .map((c) => `${c.name} ${c.stateCode}`)
      .join(", ") || "none"
  }`,
);

// What the new sources add, nationwide (rows kept after the junk rules).
for (const key of ["nps", "alltheplaces"]) {
  const dataset = DATASETS.find((d) => d.key === key)!;
  const rows = (await rowsOf(dataset, Object.keys(US_STATES))).filter((p) => !junkReason(p));
  const byCategory = new Map<number, number>();
  for (const p of rows) byCategory.set(p.categoryId, (byCategory.get(p.categoryId) ?? 0) + 1);
  const names = Object.fromEntries(Object.entries(CATEGORY).map(([k, v]) => [v, k]));
  console.log(
    `${key}: ${rows.length.toLocaleString("en-US")} places (${[...byCategory].map(([c, n]) => `${names[c]} ${n.toLocaleString("en-US")}`).join(", ")})`,
  );
}
console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
