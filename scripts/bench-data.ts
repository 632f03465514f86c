/**
 * What the places data gives a traveller, and what serving it costs (docs/decisions/024-places-operations.md, decision 024):
 *   bun scripts/bench-data.ts [--port 3265] [--keep DIR]
 * 1. Baseline (same run): a server with the background import off on a fresh database; the first visit of
 *    a city is the page plus its home lists while its state imports on demand.
 * 2. A server with the background import on (same database): server + child processes' RSS sampled every
 *    100 ms until every state is in (server peak = the kernel's high-water mark), then steady RSS when idle,
 *    then the first visit of cities in states nobody asked for, against the baseline. Then (2b) New York
 *    re-imported on demand in a fresh server that four clients keep busy: its peak and duration.
 * 3. Over all imported states: incorporated cities with ≥ 8 / ≥ 24 / ≥ 200 places within 5 mi and with any
 *    lodging within 10 mi; the share of food, store and lodging places whose data is older than five years;
 *    the distance of the 20 largest cities' centres from their GeoNames downtown point (when the GeoNames
 *    file is bundled); the duplicate count again (same-name pairs under 100 m, lodging pairs sharing an
 *    address and a phone).
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { openDatabase } from "../db/client";
import { LIST } from "../src/domain/lists";
import { boxAround, distanceMiles } from "../src/geo";
import { lodgingKey } from "../db/import/places/merge";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
const PORT = Number(option("--port", "3265"));
const root = join(import.meta.dir, "..");
const dir = option("--keep", join(root, ".tmp", `bench-data-${Date.now()}`));
mkdirSync(dir, { recursive: true });
const databaseUrl = `file:${join(dir, "bench.db")}`;
const base = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;

function startServer(background: "on" | "off") {
  const lines: string[] = [];
  const proc = Bun.spawn([process.execPath, join(root, "src/server.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PLACES_BACKGROUND_IMPORT: background,
      OVERPASS_URL: "",
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const read = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of stream) {
      buffer += decoder.decode(chunk, { stream: true });
      const parts = buffer.split("\n");
      buffer = parts.pop()!;
      lines.push(...parts);
    }
  };
  void read(proc.stdout);
  void read(proc.stderr);
  return { proc, lines };
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    // A server that ended (a missing client build, a crash) fails the run at once, with its last lines.
    if (server.proc.exitCode !== null)
      throw new Error(
        `The server ended (code ${server.proc.exitCode}) while waiting for ${what}:\n${server.lines.slice(-15).join("\n")}`,
      );
    await Bun.sleep(250);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const healthy = async () => {
  try {
    return (await fetch(`${base}/healthz`)).ok;
  } catch {
    return false;
  }
};

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0) / 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

async function guestCookie(): Promise<string> {
  const response = await fetch(`${base}/api/auth/auto-login`, { method: "POST", headers: { origin: base } });
  if (!response.ok) throw new Error(`auto-login answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A first visit as a browser makes it: the home page for the city, then its three home lists at once. Seconds. */
async function firstVisit(cookie: string, city: string, state: string): Promise<number> {
  const started = performance.now();
  const location = encodeURIComponent(`${city}, ${state}`);
  const page = await fetch(`${base}/`, { headers: { cookie: `${cookie}; localscope-location=${location}` } });
  if (!page.ok) throw new Error(`/ for ${city} answered ${page.status}`);
  await page.text();
  const q = `city=${encodeURIComponent(city)}&state=${state}`;
  const lists = await Promise.all(
    [
      `/api/places/nearby?${q}&count=8`,
      `/api/places/local-gems?${q}&count=6`,
      `/api/places/featured?${q}&count=12`,
    ].map(async (path) => {
      const response = await fetch(`${base}${path}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return ((await response.json()) as unknown[]).length;
    }),
  );
  if (lists[0] === 0) console.warn(`  (no nearby places for ${city}, ${state})`);
  return (performance.now() - started) / 1000;
}

/** RSS of a process plus its child processes (the per-state splits and any state import, decision 024), in MB. */
function treeRss(pid: number): number {
  let total = 0;
  try {
    total += memory(pid).rss;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    for (const child of children) total += treeRss(Number(child));
  } catch {
    // ended between the reads
  }
  return total;
}

const SAMPLE_MS = 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)} %` : "n/a");
const fmt = (n: number) => n.toLocaleString("en-US");

// ---- 1. Baseline: import on demand (background off) ----
const BASELINE = [
  ["Columbus", "OH"],
  ["Boise", "ID"],
] as const;
const VISITS = [
  ["Portland", "OR"],
  ["Omaha", "NE"],
  ["Albuquerque", "NM"],
  ["Louisville", "KY"],
  ["Des Moines", "IA"],
  ["Tulsa", "OK"],
] as const;

console.log(`bench-data: database ${databaseUrl}`);
let server: ReturnType<typeof startServer> = startServer("off");
await waitFor(healthy, 180_000, "the server (background off)");
let cookie = await guestCookie();
const baseline: number[] = [];
for (const [city, state] of BASELINE) baseline.push(await firstVisit(cookie, city, state));
const lazyMemory = memory(server.proc.pid);
server.proc.kill("SIGTERM");
await server.proc.exited;

// ---- 2. Background import on ----
server = startServer("on");
// The server and its child processes together, sampled every 100 ms: a deployment pays for both at once.
let treePeak = 0;
const sampler = setInterval(() => {
  treePeak = Math.max(treePeak, treeRss(server.proc.pid));
}, SAMPLE_MS);
const started = performance.now();
await waitFor(healthy, 180_000, "the server (background on)");
cookie = await guestCookie();
// A visit while the background import runs (a state late in the queue): waits for at most one running state.
const duringVisit = await firstVisit(cookie, "Cheyenne", "WY");
await waitFor(
  () => server.lines.some((l) => l.startsWith("Background import: every state")),
  3 * 3600_000,
  "the background import",
);
const importSeconds = (performance.now() - started) / 1000;
const peak = memory(server.proc.pid).peak;
await Bun.sleep(15_000);
const steadySamples: number[] = [];
for (let i = 0; i < 10; i++) {
  steadySamples.push(memory(server.proc.pid).rss);
  await Bun.sleep(500);
}
const visits: number[] = [];
for (const [city, state] of VISITS) visits.push(await firstVisit(cookie, city, state));
const afterVisits = memory(server.proc.pid);
clearInterval(sampler);
server.proc.kill("SIGTERM");
await server.proc.exited;
const failures = server.lines.filter((l) => /failed/i.test(l));

// ---- 2b. An on-demand re-import of New York (the largest import) in a server that is serving requests ----
// New York's datasets are marked as imported by an older version, so its first visit imports them again,
// while four clients keep asking for lists of cities in imported states (each at most ~20 requests a second).
{
  const db = await openDatabase(databaseUrl);
  await db.client.execute({ sql: "UPDATE data_imports SET version = '0' WHERE dataset LIKE ?", args: ["places:%:NY"] });
  db.close();
}
server = startServer("off");
await waitFor(healthy, 180_000, "the server (on-demand New York)");
cookie = await guestCookie();
for (const [city, state] of VISITS) await firstVisit(cookie, city, state);
let reimportTreePeak = 0;
const reimportSampler = setInterval(() => {
  reimportTreePeak = Math.max(reimportTreePeak, treeRss(server.proc.pid));
}, SAMPLE_MS);
let busy = true;
let busyRequests = 0;
const clients = Array.from({ length: 4 }, async (_, n) => {
  for (let i = n; busy; i++) {
    const [city, state] = VISITS[i % VISITS.length]!;
    const q = `city=${encodeURIComponent(city)}&state=${state}`;
    try {
      const response = await fetch(`${base}/api/places/${["nearby", "featured", "local-gems"][i % 3]}?${q}&count=24`, {
        headers: { cookie },
      });
      await response.arrayBuffer();
      busyRequests++;
    } catch {
      // counted only when answered
    }
    // Paced (at most ~20 requests a second per client), so runs compare: an import that yields the event loop
    // more often would otherwise be measured against more requests.
    await Bun.sleep(50);
  }
});
const nyStarted = performance.now();
const nyStatus = async () => {
  const response = await fetch(`${base}/api/places/status?city=New%20York&state=NY`, { headers: { cookie } });
  return ((await response.json()) as { ready: boolean }).ready;
};
await nyStatus();
await waitFor(nyStatus, 600_000, "the New York re-import");
const nySeconds = (performance.now() - nyStarted) / 1000;
busy = false;
await Promise.all(clients);
clearInterval(reimportSampler);
const reimportPeak = memory(server.proc.pid).peak;
const nyVisit = await firstVisit(cookie, "New York", "NY");
server.proc.kill("SIGTERM");
await server.proc.exited;

// ---- 3. The data ----
const database = await openDatabase(databaseUrl);
const client = database.client;
const one = async (sql: string, args: Array<string | number> = []) => (await client.execute({ sql, args })).rows[0]!;
const totals = await one("SELECT count(*) AS n, count(DISTINCT state_code) AS states FROM places");
const cities = (
  await client.execute("SELECT name, state_code, latitude, longitude, population FROM cities WHERE incorporated = 1")
).rows;
const box = (lat: number, miles: number, lng: number) => {
  const b = boxAround(lat, lng, miles);
  return [b.minLat, b.maxLat, b.minLng, b.maxLng];
};
let with8 = 0;
let with24 = 0;
let with200 = 0;
let withLodging = 0;
for (const c of cities) {
  const lat = Number(c.latitude);
  const lng = Number(c.longitude);
  const near = (
    await client.execute({
      sql: "SELECT p.latitude, p.longitude FROM places_rtree r JOIN places p ON p.id = r.id WHERE r.min_lat >= ? AND r.max_lat <= ? AND r.min_lng >= ? AND r.max_lng <= ?",
      args: box(lat, 5, lng),
    })
  ).rows.filter((p) => distanceMiles(lat, lng, Number(p.latitude), Number(p.longitude)) <= 5).length;
  if (near >= 8) with8++;
  if (near >= 24) with24++;
  if (near >= 200) with200++;
  const lodging = (
    await client.execute({
      sql: "SELECT p.latitude, p.longitude FROM places_rtree r JOIN places p ON p.id = r.id WHERE r.min_lat >= ? AND r.max_lat <= ? AND r.min_lng >= ? AND r.max_lng <= ? AND p.category_id = ?",
      args: [...box(lat, 10, lng), LIST.lodging],
    })
  ).rows.some((p) => distanceMiles(lat, lng, Number(p.latitude), Number(p.longitude)) <= 10);
  if (lodging) withLodging++;
}
const columns = new Set((await client.execute("PRAGMA table_info(places)")).rows.map((r) => String(r.name)));
let staleLine =
  "share of food/store/lodging from data older than five years: n/a (no observed_at column: a database from before migration 0007)";
if (columns.has("observed_at")) {
  const cutoff = String(new Date().getUTCFullYear() - 5);
  const s = await one(
    `SELECT count(*) AS n, sum(CASE WHEN observed_at IS NOT NULL AND substr(observed_at, 1, 4) < ? THEN 1 ELSE 0 END) AS old,
            sum(CASE WHEN observed_at IS NULL THEN 1 ELSE 0 END) AS undated
       FROM places WHERE category_id IN (?, ?, ?)`,
    [cutoff, LIST.food, LIST.stores, LIST.lodging],
  );
  staleLine = `share of food/store/lodging from data older than five years (before ${cutoff}): ${pct(Number(s.old), Number(s.n))} of ${fmt(Number(s.n))} (${fmt(Number(s.undated))} undated)`;
}
// docs/decisions/023-places-a-traveller-wants.md's duplicate count, run again over every imported state: places of the same normalised name under
// 100 m apart, and lodging sharing an address and a phone (the import's own keys: title_key, lodgingKey).
let sameName = 0;
let acrossStates = 0;
{
  const rows = (
    await client.execute("SELECT title_key, state_code, latitude, longitude FROM places ORDER BY title_key, latitude")
  ).rows;
  const DEG = 100 / 111_000; // 100 m of latitude, the window within a name's places sorted by latitude
  for (let start = 0; start < rows.length; ) {
    let end = start + 1;
    while (end < rows.length && rows[end]!.title_key === rows[start]!.title_key) end++;
    // A name of no Latin letters has an empty key (the import never merges by it either).
    for (let i = start; i < end && rows[start]!.title_key; i++) {
      const a = rows[i]!;
      for (let j = i + 1; j < end && Number(rows[j]!.latitude) - Number(a.latitude) <= DEG; j++) {
        if (
          distanceMiles(
            Number(a.latitude),
            Number(a.longitude),
            Number(rows[j]!.latitude),
            Number(rows[j]!.longitude),
          ) *
            1609.344 >=
          100
        )
          continue;
        if (a.state_code === rows[j]!.state_code) sameName++;
        else acrossStates++;
      }
    }
    start = end;
  }
}
const lodgingKeys = new Map<string, string[]>();
for (const r of (
  await client.execute({
    sql: "SELECT address, phone, state_code FROM places WHERE category_id = ? AND address IS NOT NULL AND phone IS NOT NULL",
    args: [LIST.lodging],
  })
).rows) {
  const key = lodgingKey({ categoryId: LIST.lodging, address: String(r.address), phone: String(r.phone) });
  if (key) lodgingKeys.set(key, [...(lodgingKeys.get(key) ?? []), String(r.state_code)]);
}
const pairs = (n: number) => (n * (n - 1)) / 2;
let lodgingPairs = 0;
let lodgingAcross = 0;
for (const states of lodgingKeys.values()) {
  if (states.length < 2) continue;
  const within = [...Map.groupBy(states, (s) => s).values()].reduce((n, list) => n + pairs(list.length), 0);
  lodgingPairs += within;
  lodgingAcross += pairs(states.length) - within;
}
// A state's import merges within that state; two datasets that file one place under two states near their border
// (a Georgetown restaurant: Virginia in OpenStreetMap's extract, DC in DC's open data) leave a pair the lists fold.
const duplicateLine = `duplicates: ${fmt(sameName)} same-name pairs under 100 m apart in one state, ${fmt(acrossStates)} across a state line (filed under two states by two datasets; a list shows one); ${fmt(lodgingPairs)} lodging pairs sharing an address and a phone in one state, ${fmt(lodgingAcross)} across a state line`;

const geonamesFile = join(root, "db/data/geonames_us_cities1000.csv.gz");
const downtownLines: string[] = [];
if (existsSync(geonamesFile)) {
  const rows = parse(new TextDecoder().decode(Bun.gunzipSync(readFileSync(geonamesFile))), { columns: true }) as Array<
    Record<string, string>
  >;
  const key = (name: string) =>
    name
      .normalize("NFD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase()
      .replace(/^(saint|st\.?) /, "st ")
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  const largest = (
    await client.execute("SELECT name, state_code, latitude, longitude FROM cities ORDER BY population DESC LIMIT 20")
  ).rows;
  // City hall (the bundled downtown file's reference point, decision 035) where it has one, else the GeoNames point.
  const downtownFile = join(root, "db/data/downtown_points_top50.csv.gz");
  const refs = existsSync(downtownFile)
    ? (parse(new TextDecoder().decode(Bun.gunzipSync(readFileSync(downtownFile))), { columns: true }) as Array<
        Record<string, string>
      >)
    : [];
  const distances: number[] = [];
  for (const c of largest) {
    const ref = refs.find((r) => r.state === c.state_code && key(r.city!) === key(String(c.name)) && r.ref_lat);
    if (ref) {
      const km =
        distanceMiles(Number(c.latitude), Number(c.longitude), Number(ref.ref_lat), Number(ref.ref_lon)) * 1.609344;
      distances.push(km);
      downtownLines.push(
        `  ${String(c.name).padEnd(16)} ${c.state_code} ${km.toFixed(2).padStart(6)} km (to ${ref.ref_label})`,
      );
      continue;
    }
    // A top-50 city without a city hall in the downtown file (Washington, DC; El Paso): that file's GeoNames point
    // (the cities1000 file has no row for a capital such as Washington, a PPLC).
    const inFile = refs.find((r) => r.state === c.state_code && key(r.city!) === key(String(c.name)) && r.geonames_lat);
    const candidates = inFile
      ? [{ lat: inFile.geonames_lat!, lon: inFile.geonames_lon!, population: "0" }]
      : rows.filter(
          (g) =>
            g.state_code === c.state_code &&
            (key(g.name!) === key(String(c.name)) || key(g.name!) === `${key(String(c.name))} city`),
        );
    const best = candidates.sort((a, b) => Number(b.population) - Number(a.population))[0];
    if (!best) {
      downtownLines.push(`  ${c.name}, ${c.state_code}: no GeoNames point`);
      continue;
    }
    const km = distanceMiles(Number(c.latitude), Number(c.longitude), Number(best.lat), Number(best.lon)) * 1.609344;
    distances.push(km);
    downtownLines.push(
      `  ${String(c.name).padEnd(16)} ${c.state_code} ${km.toFixed(2).padStart(6)} km${inFile ? " (to the downtown file's GeoNames point)" : ""}`,
    );
  }
  downtownLines.unshift(
    `downtown distance, 20 largest cities (centre → city hall, else the GeoNames point): median ${median(distances).toFixed(2)} km, max ${Math.max(...distances).toFixed(2)} km, ≤ 1.5 km: ${distances.filter((d) => d <= 1.5).length}/${distances.length}`,
  );
} else
  downtownLines.push(
    "downtown distance, 20 largest cities: n/a (db/data/geonames_us_cities1000.csv.gz not bundled in this checkout)",
  );
database.close();

const steady = median(steadySamples);
const visitMedian = median(visits);
const baselineMedian = median(baseline);
console.log(`
places: ${fmt(Number(totals.n))} in ${totals.states} states; background import of every state: ${importSeconds.toFixed(0)} s${failures.length ? `; ${failures.length} failure lines` : ""}
incorporated cities: ${fmt(cities.length)}
  with ≥ 8 places within 5 mi:    ${fmt(with8).padStart(6)} (${pct(with8, cities.length)})
  with ≥ 24 places within 5 mi:   ${fmt(with24).padStart(6)} (${pct(with24, cities.length)})
  with ≥ 200 places within 5 mi:  ${fmt(with200).padStart(6)} (${pct(with200, cities.length)})
  with any lodging within 10 mi:  ${fmt(withLodging).padStart(6)} (${pct(withLodging, cities.length)})
${staleLine}
${duplicateLine}
${downtownLines.join("\n")}
RSS (server, MB): steady ${steady.toFixed(0)} (idle after the import), peak ${peak.toFixed(0)} (high-water mark during the import), server + child processes at most ${treePeak.toFixed(0)} (sampled every ${SAMPLE_MS} ms), after ${VISITS.length} visits ${afterVisits.rss.toFixed(0)}; lazy-import server after ${BASELINE.length} visits: ${lazyMemory.rss.toFixed(0)} (peak ${lazyMemory.peak.toFixed(0)})
on-demand re-import of New York in a busy server (${fmt(busyRequests)} list requests meanwhile): ${nySeconds.toFixed(0)} s, server peak ${reimportPeak.toFixed(0)} MB, server + child processes at most ${reimportTreePeak.toFixed(0)} MB; then New York's first visit ${nyVisit.toFixed(2)} s
first visit (page + nearby, gems, featured), median s:
  baseline, state imported on demand (${BASELINE.map((c) => c.join(", ")).join("; ")}): ${baselineMedian.toFixed(2)} s (${baseline.map((s) => s.toFixed(2)).join(", ")})
  during the background import (Cheyenne, WY): ${duringVisit.toFixed(2)} s
  after the background import (${VISITS.length} cities in states nobody asked for): ${visitMedian.toFixed(2)} s (max ${Math.max(...visits).toFixed(2)}) — ${(baselineMedian / visitMedian).toFixed(1)}× faster than the baseline
targets: first visit ≤ 2 s ${Math.max(...visits) <= 2 ? "met" : "NOT met"}; steady RSS ≤ 256 MB ${steady <= 256 ? "met" : "NOT met"}; peak ≤ 512 MB ${peak <= 512 ? "met" : "NOT met"} (server), ${treePeak <= 512 ? "met" : "NOT met"} (server + children), ${Math.max(reimportPeak, reimportTreePeak) <= 512 ? "met" : "NOT met"} (on-demand New York)`);

// The database (~350 MB with every state) goes unless it was asked for (--keep DIR).
if (!args.includes("--keep")) rmSync(dir, { recursive: true, force: true });
