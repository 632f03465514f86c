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
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { option } from "./lib/args";
import { dataCoverage } from "./lib/data-coverage";
import { firstVisit, healthy, startServer, waitFor, type DataServer } from "./lib/data-server";
import { downtownDistance } from "./lib/downtown-distance";
import { fmt, median, pct } from "./lib/figures";
import { memory, treeRss } from "./lib/proc-memory";
import { guestCookie, root } from "./lib/server";

const PORT = Number(option("--port", "3265"));
const dir = option("--keep", join(root, ".tmp", `bench-data-${Date.now()}`));
mkdirSync(dir, { recursive: true });
const databaseUrl = `file:${join(dir, "bench.db")}`;
const base = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;

const SAMPLE_MS = 100;

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
let server: DataServer = startServer(PORT, databaseUrl, "off");
await waitFor(server, () => healthy(base), 180_000, "the server (background off)");
let cookie = await guestCookie(base);
const baseline: number[] = [];
for (const [city, state] of BASELINE) baseline.push(await firstVisit(base, cookie, city, state));
const lazyMemory = memory(server.proc.pid);
server.proc.kill("SIGTERM");
await server.proc.exited;

// ---- 2. Background import on ----
server = startServer(PORT, databaseUrl, "on");
// The server and its child processes together, sampled every 100 ms: a deployment pays for both at once.
let treePeak = 0;
const sampler = setInterval(() => {
  treePeak = Math.max(treePeak, treeRss(server.proc.pid));
}, SAMPLE_MS);
const started = performance.now();
await waitFor(server, () => healthy(base), 180_000, "the server (background on)");
cookie = await guestCookie(base);
// A visit while the background import runs (a state late in the queue): waits for at most one running state.
const duringVisit = await firstVisit(base, cookie, "Cheyenne", "WY");
await waitFor(
  server,
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
for (const [city, state] of VISITS) visits.push(await firstVisit(base, cookie, city, state));
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
server = startServer(PORT, databaseUrl, "off");
await waitFor(server, () => healthy(base), 180_000, "the server (on-demand New York)");
cookie = await guestCookie(base);
for (const [city, state] of VISITS) await firstVisit(base, cookie, city, state);
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
await waitFor(server, nyStatus, 600_000, "the New York re-import");
const nySeconds = (performance.now() - nyStarted) / 1000;
busy = false;
await Promise.all(clients);
clearInterval(reimportSampler);
const reimportPeak = memory(server.proc.pid).peak;
const nyVisit = await firstVisit(base, cookie, "New York", "NY");
server.proc.kill("SIGTERM");
await server.proc.exited;

// ---- 3. The data ----
const database = await openDatabase(databaseUrl);
const { totals, cities, with8, with24, with200, withLodging, staleLine, duplicateLine } = await dataCoverage(
  database.client,
);
const downtownLines = await downtownDistance(database.client);
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
if (!process.argv.slice(2).includes("--keep")) rmSync(dir, { recursive: true, force: true });
