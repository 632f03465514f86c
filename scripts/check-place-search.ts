/**
 * Place search answers, written down or compared: a change to how search reads the store must give the same
 * places in the same order. Searches a few hundred texts (parts of the titles around each city, common words,
 * query syntax) in several cities and without a city, at three limits, on a copy of a database with states
 * imported, then the common texts again and the benchmark's texts once the cities' windows hold their titles,
 * and prints the in-process CPU per search.
 *
 *   bun scripts/check-place-search.ts --from .tmp/test-templates/e2e.db --save before.json
 *   bun scripts/check-place-search.ts --from .tmp/test-templates/e2e.db --compare before.json   # exits 1 on a difference
 *
 * `openNow` moves with the clock, so it is left out of what is compared.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bootServices } from "../src/boot";
import { option } from "./lib/args";
import { lasVegasTitleParts } from "./lib/search-texts";

const from = option("--from", ".tmp/test-templates/e2e.db");
const save = option("--save", "");
const compare = option("--compare", "");
if (!existsSync(from)) throw new Error(`${from} is missing: build the templates (bun scripts/test-template.ts DIR)`);
const dir = mkdtempSync(join(tmpdir(), "localscope-search-check-"));
copyFileSync(from, join(dir, "check.db"));
const quiet = { info() {}, warn() {}, error: console.error };
const { database, cityIndex, places } = await bootServices(
  { DATABASE_URL: `file:${join(dir, "check.db")}`, DATABASE_AUTH_TOKEN: undefined, OVERPASS_URL: undefined },
  quiet,
);
const CITIES = [
  ["Las Vegas", "NV"],
  ["Reno", "NV"],
  ["New York", "NY"],
  ["Boston", "MA"],
  ["Pittsburgh", "PA"],
  ["Springfield", "IL"],
  ["Savannah", "GA"],
  ["Abbeville", "AL"],
  ["West Yellowstone", "MT"],
] as const;
const COMMON = ["museum", "park", "coffee", "church", "the", "sprin", "ount", "hill", "café", '"neon', "a OR b"];
const PER_CITY = 30;
/** The benchmark's texts asked in Las Vegas. */
const BENCH_TEXTS = 300;

/** Parts (3–7 characters) of the titles of places around a city: texts that find something there. */
async function textsAround(latitude: number, longitude: number): Promise<string[]> {
  const { rows } = await database.client.execute({
    sql: "SELECT title FROM places WHERE latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ? ORDER BY id LIMIT 3000",
    args: [latitude - 0.3, latitude + 0.3, longitude - 0.3, longitude + 0.3],
  });
  const texts = new Set<string>();
  rows.forEach((r, i) => {
    const title = String(r.title).toLowerCase();
    const size = 3 + (i % 5);
    const at = (i * 7) % Math.max(1, title.length - size + 1);
    const text = title.slice(at, at + size);
    if (text.trim().length >= 3) texts.add(text);
  });
  const all = [...texts];
  return Array.from(
    { length: Math.min(PER_CITY, all.length) },
    (_, i) => all[Math.floor((i * all.length) / PER_CITY)]!,
  );
}

const answers: Record<string, unknown> = {};
let searches = 0;
let cpu = 0;
const search = async (key: string, q: string, city: Parameters<typeof places.search>[1], limit: number) => {
  const c0 = process.cpuUsage();
  const found = await places.search(q, city, limit);
  const used = process.cpuUsage(c0);
  cpu += (used.user + used.system) / 1000;
  searches++;
  answers[key] = found.map(({ openNow: _, ...place }) => place);
};
for (const [name, state] of CITIES) {
  const city = cityIndex.find(name, state);
  if (!city) throw new Error(`${name}, ${state} is not in the city index`);
  for (const q of [...COMMON, ...(await textsAround(city.latitude, city.longitude))])
    for (const limit of [5, 20, 50]) await search(`${q}|${name}, ${state}|${limit}`, q, city, limit);
}
// The common texts again, now that each city's window holds its titles and places (read at a window's 32nd
// search): the first pass asked them before. Other limits: the answers of the first pass are cached.
for (const [name, state] of CITIES)
  for (const q of COMMON)
    for (const limit of [6, 21, 49])
      await search(`${q}|${name}, ${state}|${limit}|again`, q, cityIndex.find(name, state)!, limit);
// The benchmark's texts (scripts/bench-place-search.ts), in Las Vegas's window with its titles.
const lasVegas = cityIndex.find("Las Vegas", "NV")!;
const benchTexts = await lasVegasTitleParts(join(dir, "check.db"));
for (let i = 0; i < BENCH_TEXTS && benchTexts.length; i++) {
  const q = benchTexts[Math.floor((i * benchTexts.length) / BENCH_TEXTS)]!;
  await search(`${q}|Las Vegas, NV|20|bench`, q, lasVegas, 20);
}
for (const q of COMMON) await search(`${q}||20`, q, undefined, 20);
database.close();
rmSync(dir, { recursive: true, force: true });

const found = Object.values(answers).reduce<number>((n, a) => n + (a as unknown[]).length, 0);
console.log(
  `${searches} searches (${CITIES.length} cities and none, limits 5/20/50 and 6/21/49 again; 300 of the benchmark's texts in Las Vegas), ${found} places in the answers, CPU ${(cpu / searches).toFixed(2)} ms a search (in process)`,
);
if (save) {
  writeFileSync(save, JSON.stringify(answers));
  console.log(`answers written to ${save}`);
}
if (compare) {
  const before = JSON.parse(readFileSync(compare, "utf8")) as Record<string, unknown>;
  const differ = Object.keys({ ...before, ...answers }).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(answers[key]),
  );
  for (const key of differ.slice(0, 10)) console.log(`differs: ${key}`);
  console.log(
    differ.length
      ? `${differ.length} of ${searches} answers differ from ${compare}`
      : `all ${searches} answers are the same as in ${compare} (same places, same order, same fields)`,
  );
  process.exit(differ.length ? 1 : 0);
}
