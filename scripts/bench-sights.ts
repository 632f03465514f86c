/**
 * Do travellers find the sights they came for, and lodging that is lodging?
 *   bun scripts/bench-sights.ts [--db FILE] [--cities N] [--imported]
 * Imports the states of the cities it measures into FILE (default .tmp/bench-sights.db, kept: a second run reuses
 * it; delete it after a data change), then prints the lines below. With --imported it imports nothing and measures
 * only the cities of the states FILE already holds (a quick run on a test template's database).
 * 1. For each city of SIGHTS, how many of its best-known sights reach the first 12 featured rows, and how many
 *    the store holds at all within 25 mi (a sight the data lacks cannot be ranked).
 * 2. Of the 100 largest cities, how many have hotel-type lodging (hotel, motel, inn, B&B, hostel, resort, lodge)
 *    within 10 mi, and how many lodging lists lead with one.
 * 3. The share of food, store and lodging places whose newest data is older than five years.
 * 4. Over the first 12 rows of featured, nearby, local gems and lodging of the N largest cities (default 120):
 *    junk (organisation names, places flagged not to list or not current, campgrounds in featured, camps and
 *    offices in lodging, non-lodging in lodging) and near-duplicates (one place twice within 0.3 mi).
 * SIGHTS is a test expectation (what a guidebook names), never data: nothing here feeds the product.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Row } from "@libsql/client";
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { importCities } from "../db/import/cities";
import { importState } from "../db/import/places";
import { US_STATES } from "../src/domain/states";
import { distanceMiles } from "../src/geo";
import { loadCityIndex, type IndexedCity } from "../modules/cities";
import { type Place, PlacesService } from "../modules/places/service";
import { junkInList, lodgingClass, sameSight } from "../modules/places/showcase";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
const root = join(import.meta.dir, "..");
mkdirSync(join(root, ".tmp"), { recursive: true });
const file = option("--db", join(root, ".tmp", "bench-sights.db"));
const LIST_CITIES = Number(option("--cities", "120"));

/** City → its best-known sights, each a pattern its record's title matches. A test expectation, not data. */
const SIGHTS: Array<[string, string, string[]]> = [
  [
    "New York",
    "NY",
    [
      "statue of liberty",
      "metropolitan museum",
      "central park",
      "times square",
      "brooklyn bridge",
      "empire state building",
      "museum of modern art",
      "rockefeller center",
      "grand central",
      "september 11",
    ],
  ],
  [
    "Chicago",
    "IL",
    [
      "millennium park",
      "art institute of chicago",
      "navy pier",
      "willis tower|sears tower",
      "field museum",
      "shedd aquarium",
      "wrigley field",
      "museum of science and industry",
      "lincoln park zoo",
      "adler planetarium",
    ],
  ],
  [
    "Los Angeles",
    "CA",
    [
      "griffith observatory",
      "county museum of art|lacma",
      "getty center|j\\.? paul getty",
      "walk of fame",
      "walt disney concert hall",
      "natural history museum of los angeles",
      "chinese theat",
      "santa monica pier",
      "la brea tar pits",
      "universal studios",
    ],
  ],
  [
    "San Francisco",
    "CA",
    [
      "golden gate bridge",
      "alcatraz",
      "coit tower",
      "fisherman's wharf|fishermans wharf",
      "palace of fine arts",
      "golden gate park",
      "lombard street",
      "ferry building",
      "california academy of sciences",
      "de young",
    ],
  ],
  [
    "Washington",
    "DC",
    [
      "united states capitol|u\\.s\\. capitol",
      "lincoln memorial",
      "washington monument",
      "white house",
      "air and space museum",
      "national gallery of art",
      "jefferson memorial",
      "vietnam veterans memorial",
      "library of congress",
      "natural history",
    ],
  ],
  [
    "Philadelphia",
    "PA",
    [
      "independence hall",
      "liberty bell",
      "independence national historical park",
      "philadelphia museum of art",
      "reading terminal market",
      "eastern state penitentiary",
      "franklin institute",
      "barnes foundation",
      "elfreth",
      "betsy ross",
    ],
  ],
  [
    "Boston",
    "MA",
    [
      "faneuil hall",
      "boston common",
      "fenway park",
      "museum of fine arts",
      "isabella stewart gardner",
      "old north church",
      "uss constitution|u\\.s\\.s\\. constitution",
      "paul revere house",
      "new england aquarium",
      "boston public library",
    ],
  ],
  [
    "Seattle",
    "WA",
    [
      "space needle",
      "pike place",
      "museum of pop culture|experience music project",
      "chihuly",
      "seattle art museum",
      "seattle aquarium",
      "pioneer square",
      "museum of flight",
      "olympic sculpture park",
      "smith tower",
    ],
  ],
  [
    "San Antonio",
    "TX",
    [
      "alamo",
      "river walk|riverwalk",
      "san antonio missions",
      "san fernando",
      "tower of the americas",
      "witte museum",
      "mcnay",
      "san antonio museum of art",
      "market square",
      "japanese tea garden",
    ],
  ],
  [
    "St. Louis",
    "MO",
    [
      "gateway arch|jefferson national expansion",
      "forest park",
      "saint louis art museum|st\\.? louis art museum",
      "missouri botanical garden",
      "saint louis zoo|st\\.? louis zoo",
      "city museum",
      "anheuser",
      "cathedral basilica",
      "missouri history museum",
      "science center",
    ],
  ],
  [
    "New Orleans",
    "LA",
    [
      "french quarter|vieux carr",
      "jackson square",
      "st\\.? louis cathedral",
      "world war ii museum|wwii museum",
      "garden district",
      "preservation hall",
      "cafe du monde",
      "new orleans museum of art",
      "audubon zoo",
      "cabildo",
    ],
  ],
  [
    "Las Vegas",
    "NV",
    [
      "fremont street",
      "neon museum",
      "mob museum",
      "bellagio",
      "caesars palace",
      "stratosphere|the strat",
      "golden nugget",
      "venetian",
      "red rock canyon",
      "springs preserve",
    ],
  ],
  [
    "Miami",
    "FL",
    [
      "vizcaya",
      "south beach",
      "art deco",
      "wynwood",
      "perez art museum",
      "little havana",
      "bayside",
      "frost science",
      "freedom tower",
      "zoo miami",
    ],
  ],
  [
    "San Diego",
    "CA",
    [
      "balboa park",
      "san diego zoo",
      "midway",
      "gaslamp",
      "old town san diego",
      "cabrillo",
      "hotel del coronado",
      "seaport village",
      "la jolla cove",
      "star of india",
    ],
  ],
  [
    "Nashville",
    "TN",
    [
      "grand ole opry",
      "ryman",
      "country music hall of fame",
      "parthenon",
      "johnny cash",
      "belle meade",
      "hermitage",
      "frist",
      "tennessee state capitol",
      "bicentennial",
    ],
  ],
  [
    "Denver",
    "CO",
    [
      "red rocks",
      "denver art museum",
      "colorado state capitol",
      "union station",
      "larimer square",
      "denver botanic",
      "museum of nature",
      "coors field",
      "molly brown",
      "denver zoo",
    ],
  ],
  [
    "Atlanta",
    "GA",
    [
      "georgia aquarium",
      "world of coca-cola|world of coca cola",
      "martin luther king",
      "centennial olympic park",
      "high museum",
      "fox theatre",
      "atlanta botanical",
      "piedmont park",
      "zoo atlanta",
      "stone mountain",
    ],
  ],
  [
    "Savannah",
    "GA",
    [
      "forsyth park",
      "river street",
      "bonaventure",
      "cathedral of st\\.? john",
      "mercer",
      "owens-thomas|owens thomas",
      "telfair",
      "juliette gordon low",
      "wormsloe",
      "fort pulaski",
    ],
  ],
  [
    "Charleston",
    "SC",
    [
      "fort sumter",
      "rainbow row",
      "city market",
      "white point",
      "magnolia plantation",
      "middleton place",
      "boone hall",
      "nathaniel russell",
      "waterfront park",
      "patriots point",
    ],
  ],
  [
    "Honolulu",
    "HI",
    [
      "pearl harbor|uss arizona",
      "diamond head",
      "waikiki",
      "iolani palace",
      "bishop museum",
      "honolulu museum of art|academy of arts",
      "hanauma",
      "aloha tower",
      "kawaiahao",
      "foster botanical",
    ],
  ],
  [
    "Memphis",
    "TN",
    [
      "graceland",
      "beale street",
      "civil rights museum",
      "sun studio",
      "peabody",
      "stax",
      "memphis zoo",
      "brooks museum",
      "mud island",
      "pyramid",
    ],
  ],
  [
    "Santa Fe",
    "NM",
    [
      "palace of the governors",
      "o'keeffe|okeeffe",
      "loretto",
      "st\\.? francis",
      "san miguel",
      "canyon road",
      "folk art",
      "meow wolf",
      "santa fe plaza",
      "new mexico museum of art",
    ],
  ],
];

const database = await openDatabase(`file:${file}`);
await migrate(database.client);
await importCities(database);
const t0 = performance.now();
// The states of the cities measured (every state the 120 largest cities and the sight list touch).
const cityIndexFirst = await loadCityIndex(database.db);
const states = new Set([
  ...SIGHTS.map(([, state]) => state),
  ...cityIndexFirst.cities.slice(0, LIST_CITIES).map((c) => c.stateCode),
]);
const importedOnly = args.includes("--imported");
if (!importedOnly)
  for (const state of Object.keys(US_STATES)) if (states.has(state)) await importState(database.client, state);
const imported = new Set(
  (
    await database.client.execute(
      "SELECT DISTINCT substr(dataset, -2) AS state FROM data_imports WHERE dataset LIKE 'places:%'",
    )
  ).rows.map((r) => String(r.state)),
);
const measured = (stateCode: string) => imported.has(stateCode);
console.log(`states imported (or already in ${file}) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
const cityIndex = cityIndexFirst;
const service = new PlacesService(database.client, cityIndex, async () => {});

const line = (s: string) => console.log(s);
const city = (name: string, state: string) => {
  const found = cityIndex.find(name, state);
  if (!found) throw new Error(`${name}, ${state} is not in the city list`);
  return found;
};

// 1. Famous sights in the first 12 featured rows.
line("\n1. Best-known sights (test expectation) in the first 12 featured rows");
let hits = 0;
let held = 0;
let total = 0;
for (const [name, state, sights] of SIGHTS) {
  if (!measured(state)) continue;
  const c = city(name, state);
  const featured = await service.page(c, "featured", 12, 0);
  const rows = (
    await database.client.execute({
      sql: "SELECT title, latitude, longitude FROM places WHERE state_code = ? AND latitude BETWEEN ? AND ?",
      args: [c.stateCode, c.latitude - 0.37, c.latitude + 0.37],
    })
  ).rows.filter((r) => distanceMiles(c.latitude, c.longitude, Number(r.latitude), Number(r.longitude)) <= 25);
  const missed: string[] = [];
  let cityHits = 0;
  let cityHeld = 0;
  for (const sight of sights) {
    const pattern = new RegExp(sight, "i");
    const inList = featured.some((p) => pattern.test(p.title));
    const inStore = inList || rows.some((r) => pattern.test(String(r.title)));
    cityHits += inList ? 1 : 0;
    cityHeld += inStore ? 1 : 0;
    if (inStore && !inList) missed.push(sight.split("|")[0]!);
  }
  hits += cityHits;
  held += cityHeld;
  total += sights.length;
  line(
    `  ${`${name}, ${state}`.padEnd(20)} ${cityHits}/${cityHeld} held (of ${sights.length})${missed.length ? `  held but below 12th: ${missed.join("; ")}` : ""}`,
  );
}
line(
  `  total: ${hits} of ${held} held sights in the first 12 (${((100 * hits) / Math.max(held, 1)).toFixed(0)} %); the store holds ${held} of ${total}`,
);

// The N largest cities (SimpleMaps ranks its two largest by urban area: the index sorts by that population).
const largest = (n: number): IndexedCity[] => cityIndex.cities.filter((c) => measured(c.stateCode)).slice(0, n);

// 2. Hotel-type lodging within 10 mi of the 100 largest cities.
const top100 = largest(100);
line(`\n2. Lodging in the 100 largest cities (${top100.length} of them in the imported states)`);
let withHotel = 0;
let leadsWithHotel = 0;
const noHotel: string[] = [];
for (const c of top100) {
  const within = (
    await database.client.execute({
      sql: "SELECT title, kind, tags, latitude, longitude FROM places WHERE category_id = 11 AND latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?",
      args: [c.latitude - 0.15, c.latitude + 0.15, c.longitude - 0.2, c.longitude + 0.2],
    })
  ).rows.filter((r) => distanceMiles(c.latitude, c.longitude, Number(r.latitude), Number(r.longitude)) <= 10);
  if (within.some((r) => lodgingClass(r) === "hotel")) withHotel++;
  else noHotel.push(`${c.name} ${c.stateCode}`);
  const first = (await service.byCategory(c, 11, 1, 0))[0];
  if (first && lodgingClass((await rowsOf([first]))[0]!) === "hotel") leadsWithHotel++;
}
line(
  `  hotel-type lodging within 10 mi: ${withHotel} of ${top100.length}${noHotel.length ? ` (none: ${noHotel.join(", ")})` : ""}`,
);
line(`  lodging list leads with hotel-type lodging: ${leadsWithHotel} of ${top100.length}`);

// 3. Data age of food, stores and lodging.
const age = (
  await database.client.execute(
    `SELECT count(*) AS n, sum(CASE WHEN observed_at IS NULL OR CAST(substr(observed_at, 1, 4) AS INTEGER) < ${new Date().getUTCFullYear() - 5} THEN 1 ELSE 0 END) AS old
     FROM places WHERE category_id IN (10, 11, 12)`,
  )
).rows[0]!;
line(
  `\n3. Food, store and lodging places older than five years: ${Number(age.old)} of ${Number(age.n)} (${((100 * Number(age.old)) / Number(age.n)).toFixed(0)} %)`,
);

// 4. Junk and duplicates in first-12 lists.
const listed = largest(LIST_CITIES);
line(
  `\n4. Junk and near-duplicates in the first 12 rows of ${listed.length} cities' lists (the ${LIST_CITIES} largest in the imported states)`,
);
const lists = [
  ["featured", (c: IndexedCity) => service.page(c, "featured", 12, 0)],
  ["nearby", (c: IndexedCity) => service.page(c, "nearby", 12, 0)],
  ["local gems", (c: IndexedCity) => service.page(c, "local-gems", 12, 0)],
  ["lodging", (c: IndexedCity) => service.byCategory(c, 11, 12, 0)],
] as const;
for (const [label, get] of lists) {
  let junk = 0;
  let dupes = 0;
  const examples: string[] = [];
  for (const c of listed) {
    const rows = await rowsOf(await get(c));
    for (const r of rows) {
      const why = junkInList(r, label === "lodging" ? "lodging" : label === "featured" ? "featured" : "list");
      if (why) {
        junk++;
        if (examples.length < 8) examples.push(`${r.title} (${c.name}: ${why})`);
      }
    }
    for (let i = 0; i < rows.length; i++)
      for (let j = 0; j < i; j++)
        if (sameSight(rows[i]!, rows[j]!)) {
          dupes++;
          if (examples.length < 8) examples.push(`${rows[j]!.title} = ${rows[i]!.title} (${c.name})`);
        }
  }
  line(
    `  ${label.padEnd(10)} junk ${junk}, duplicates ${dupes}${examples.length ? `  e.g. ${examples.join("; ")}` : ""}`,
  );
}

/** The store's rows of a list's places, in the list's order. */
async function rowsOf(places: Place[]): Promise<Row[]> {
  if (!places.length) return [];
  const found = await database.client.execute({
    sql: `SELECT * FROM places WHERE id IN (${places.map(() => "?").join(",")})`,
    args: places.map((p) => p.id),
  });
  const byId = new Map(found.rows.map((r) => [Number(r.id), r]));
  return places.flatMap((p) => {
    const r = byId.get(p.id);
    return r ? [r] : [];
  });
}

database.close();
