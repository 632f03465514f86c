/**
 * City stories coverage and honesty: over the 1,000 largest cities (by SimpleMaps population), how many have a
 * history entry with narrative text (a Wikipedia paragraph), how many facts each city gets, the share of the first
 * five facts that are statistics (population, county/parish/borough, seat, time zone, ZIP codes, nearest city: read
 * off the titles, whatever flag the composer sets), how many cities have three facts that are not statistics, the
 * share of history entries that are shells (no real sentence about the subject, by the story's own rule), and
 * history entries from another town that are not labelled (the town whose centre is nearest the place's own point,
 * unless it is the city or a part of it: a borough whose ZIP codes are the city's, a neighbourhood point without
 * ZIP codes inside the circle of the city's area). Imports every state first (minutes).
 *
 *   npm run bench:stories                 # all states, the 1,000 largest cities
 *   npm run bench:stories -- --top 200    # fewer cities
 *   npm run bench:stories -- --db FILE    # reuse a database that already has the states imported
 *   npm run bench:stories -- --spread 1000  # 1,000 cities spread evenly over all 31,254 (small towns too)
 *   npm run bench:stories -- --db FILE --imported  # only the cities of states FILE already holds in full
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countyOfPoint } from "../db/import/county-of-point";
import { datasetsFor } from "../db/import/places";
import { createContentService, partOfCity, TOWN_COLUMNS, tellsSomething, townFromRow } from "../modules/content";
import { bootServices } from "../src/boot";
import { distanceMiles } from "../src/geo";
import { silentLog } from "../src/testing";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const top = Number(arg("top") ?? 1000);
const spread = arg("spread") ? Number(arg("spread")) : undefined;
const scratch = arg("db") ? undefined : mkdtempSync(join(tmpdir(), "localscope-stories-"));
const file = arg("db") ?? join(scratch!, "stories.db");
const log = silentLog();
const started = performance.now();
const { database, cityIndex, places, states } = await bootServices(
  { DATABASE_URL: `file:${file}`, DATABASE_AUTH_TOKEN: undefined },
  log,
);
const all = spread !== undefined;
const importedOnly = process.argv.includes("--imported");
/** States whose every dataset is imported (a state cut short by a stopped import is left out). */
async function completeStates(): Promise<Set<string>> {
  const rows = (await database.client.execute("SELECT dataset FROM data_imports WHERE dataset LIKE 'places:%'")).rows;
  const done = new Set(rows.map((r) => String(r.dataset)));
  const codes = new Set([...done].map((d) => d.split(":").at(-1)!));
  return new Set([...codes].filter((code) => datasetsFor(code).every((d) => done.has(`places:${d.key}:${code}`))));
}
const complete = importedOnly ? await completeStates() : null;
/**
 * Import the states the product's way for many states at once (the server's background import): each nationwide
 * file is parsed once and split per state, then the states import one after another in the import thread. Asking
 * for each state in turn would parse every nationwide file once per state (most of the bench's old run time).
 */
async function importAll(codes: string[]) {
  const missing = async () => {
    const done = await completeStates();
    return codes.filter((code) => !done.has(code));
  };
  const left = await missing();
  if (!left.length) return;
  states.startBackground(left, 0);
  // The queue reports no completion of its own for background states: the import markers are the record.
  while ((await missing()).length) {
    const failed = log.lines.find((line) => /failed/.test(line));
    if (failed) throw new Error(failed);
    await Bun.sleep(1000);
  }
}
const ranked = (
  await database.client.execute({
    sql: "SELECT name, state_code FROM cities ORDER BY population DESC, id LIMIT ?",
    args: [all || importedOnly ? 1_000_000 : top],
  })
).rows.filter((r) => !complete || complete.has(String(r.state_code)));
// --spread N: every k-th city by population rank, so towns of every size are in the sample.
const rows = all
  ? ranked.filter((_, i) => i % Math.max(1, Math.floor(ranked.length / spread!)) === 0).slice(0, spread)
  : ranked.slice(0, top);
const stateCodes = [...new Set(rows.map((r) => String(r.state_code)))];
if (!importedOnly) await importAll(stateCodes);
// Each state's loader settles once (it collects garbage after a state): before the stories, while the heap is small.
for (const code of stateCodes) await states(code);
console.log(
  `imported ${stateCodes.length} states in ${((performance.now() - started) / 1000).toFixed(0)} s (database ${file})`,
);

const content = createContentService({ client: database.client, places, llm: null, log });
/** A statistic, by its title: what the cities dataset says of every town alike. */
const STATISTIC =
  /^(Home to [\d,]+ people|A metropolitan heart|In .+|An independent city|.+, the .+'s largest|On .+ Time|ZIP code \d+|[\d,]+ ZIP codes|Seat of .+|[\d,]+ miles from .+|Nearest (town|larger city).*)$/;
/** A shell: no real sentence about the subject, by the story's own rule (the address line is not one). */
const shell = (content: string) => !tellsSomething(content.replace(/ Address: .*$/, ""));
let narrative = 0;
let withFacts5 = 0;
let statisticLeads = 0;
let withData = 0;
let firstFive = 0;
let firstFiveStatistics = 0;
let threeTold = 0;
let entries = 0;
let shells = 0;
let otherTown = 0;
let otherTownLabelled = 0;
const factCounts: number[] = [];
const sources = new Map<string, number>();
const thin: string[] = [];
const shellSamples: string[] = [];
const unlabelled: string[] = [];
/**
 * The town of the data whose centre is nearest a point, among the towns of the state whose county outline holds
 * the point (a Manhattan site is not "in Edgewater, NJ" across the river) and those the data gives no county.
 */
type TownRow = ReturnType<typeof townFromRow>;
const townsByState = new Map<string, TownRow[]>();
for (const r of (await database.client.execute(`SELECT ${TOWN_COLUMNS} FROM cities`)).rows) {
  const town = townFromRow(r);
  const fips = town.countyFips.slice(0, 2);
  const list = townsByState.get(fips) ?? [];
  townsByState.set(fips, list);
  list.push(town);
}
function homeOf(point: { latitude: number; longitude: number }): TownRow | undefined {
  const state = countyOfPoint(point.latitude, point.longitude)?.fips.slice(0, 2);
  const candidates = state
    ? [...(townsByState.get(state) ?? []), ...(townsByState.get("") ?? [])]
    : [...townsByState.values()].flat();
  let best: TownRow | undefined;
  let bestMiles = Number.POSITIVE_INFINITY;
  for (const t of candidates) {
    const miles = distanceMiles(point.latitude, point.longitude, t.latitude, t.longitude);
    if (miles < bestMiles) [best, bestMiles] = [t, miles];
  }
  return best;
}

/** Milliseconds spent per phase over all cities, on the clock and on this process's CPU (where a run's time goes). */
const phases = { context: [0, 0], facts: [0, 0], history: [0, 0], checks: [0, 0] };
let clock = [performance.now(), cpuMs()];
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
const lap = (phase: keyof typeof phases) => {
  const now = [performance.now(), cpuMs()];
  phases[phase][0] += now[0]! - clock[0]!;
  phases[phase][1] += now[1]! - clock[1]!;
  clock = now;
};
const storiesStarted = performance.now();
for (const r of rows) {
  const city = cityIndex.find(String(r.name), String(r.state_code))!;
  clock = [performance.now(), cpuMs()];
  await content.context(city);
  lap("context");
  const facts = await content.batch("facts", city, 100, { more: false });
  lap("facts");
  const history = await content.batch("history", city, 60, { more: false });
  lap("history");
  // The context the story was told from (cached by the service): the city's density, no second read.
  const density = (await content.context(city)).city.density;
  factCounts.push(facts.length);
  if (facts.length) withData++;
  if (facts.length >= 5) withFacts5++;
  else thin.push(`${city.name}, ${city.stateCode} (${facts.length})`);
  if (history.some((h) => h.source?.name === "Wikipedia")) narrative++;
  const lead = facts.slice(0, 5);
  const leadStatistics = lead.filter((f) => STATISTIC.test(f.title)).length;
  firstFive += lead.length;
  firstFiveStatistics += leadStatistics;
  if (leadStatistics > 1) statisticLeads++;
  if (facts.filter((f) => !STATISTIC.test(f.title)).length >= 3) threeTold++;
  for (const f of lead) sources.set(f.source?.name ?? "none", (sources.get(f.source?.name ?? "none") ?? 0) + 1);
  // Every entry's own point, in one read for the city (not one per entry).
  const ids = history.map((h) => Number(h.id.replace(/^place-/, ""))).filter(Number.isFinite);
  const points = new Map(
    ids.length
      ? (
          await database.client.execute({
            sql: `SELECT id, latitude, longitude FROM places WHERE id IN (${ids.map(() => "?").join(",")})`,
            args: ids,
          })
        ).rows.map((p) => [Number(p.id), { latitude: Number(p.latitude), longitude: Number(p.longitude) }])
      : [],
  );
  for (const h of history) {
    entries++;
    if (shell(h.content)) {
      shells++;
      if (shellSamples.length < 8) shellSamples.push(`${city.name}: ${h.title}: "${h.content.slice(0, 60)}"`);
    }
    const p = points.get(Number(h.id.replace(/^place-/, "")));
    const home = p && homeOf(p);
    // Another town: the nearest town of the data is neither the city nor a part of it (a borough, a neighbourhood).
    if (home && !partOfCity({ ...city, density }, home)) {
      otherTown++;
      if ((h as { nearby?: string }).nearby) otherTownLabelled++;
      else if (unlabelled.length < 8) unlabelled.push(`${city.name}: ${h.title} (in ${home.name}, ${home.stateCode})`);
    }
  }
  lap("checks");
}
const storiesSeconds = (performance.now() - storiesStarted) / 1000;
factCounts.sort((a, b) => a - b);
const pct = (n: number) => `${((n / rows.length) * 100).toFixed(1)} %`;
console.log(
  all
    ? `cities: ${rows.length} spread evenly over all ${ranked.length} by population`
    : `cities: the ${rows.length} largest`,
);
console.log(
  `  with a history entry with narrative text (Wikipedia):  ${narrative} (${pct(narrative)}) — target ≥ 50 %`,
);
console.log(
  `  with ≥ 5 facts:                                        ${withFacts5} of ${withData} with any data (${pct(withFacts5)})`,
);
console.log(
  `  facts per city: min ${factCounts[0]}, median ${factCounts[Math.floor(factCounts.length / 2)]}, max ${factCounts.at(-1)}`,
);
const share = (n: number, of: number) => `${of ? ((n / of) * 100).toFixed(1) : "0.0"} %`;
console.log(
  `  first-five facts that are statistics:                  ${firstFiveStatistics} of ${firstFive} (${share(firstFiveStatistics, firstFive)})`,
);
console.log(`  cities with more than one statistic in the first five: ${statisticLeads} — target 0`);
console.log(
  `  cities with ≥ 3 facts that are not statistics:         ${threeTold} (${pct(threeTold)}) — target ≥ 80 %`,
);
console.log(
  `  history entries that are shells:                       ${shells} of ${entries} (${share(shells, entries)}) — target 0`,
);
console.log(
  `  history entries from another town, labelled:           ${otherTownLabelled} of ${otherTown} (${share(otherTownLabelled, otherTown)})`,
);
if (shellSamples.length) console.log(`  shells, for example: ${shellSamples.join("; ")}`);
if (unlabelled.length) console.log(`  unlabelled, for example: ${unlabelled.join("; ")}`);
console.log(
  `  sources of the first five facts: ${[...sources]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join("; ")}`,
);
if (thin.length)
  console.log(
    `  fewer than 5 facts: ${thin.slice(0, 20).join(", ")}${thin.length > 20 ? ` and ${thin.length - 20} more` : ""}`,
  );
const secs = ([wall, cpu]: number[]) => `${(wall! / 1000).toFixed(0)} s (CPU ${(cpu! / 1000).toFixed(0)} s)`;
console.log(
  `  time: ${storiesSeconds.toFixed(0)} s for ${rows.length} cities: context ${secs(phases.context)}, facts ${secs(phases.facts)}, history ${secs(phases.history)}, the bench's own checks ${secs(phases.checks)}`,
);
database.close();
// A scratch database (not one named with --db) goes.
if (scratch) rmSync(scratch, { recursive: true, force: true });
