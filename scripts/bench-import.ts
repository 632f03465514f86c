/**
 * What a state import costs the visitors of a running server (docs/decisions/060-imports-off-the-request-thread.md):
 *   npm run bench:import [-- --state CT --seconds 8 --connections 32 --baseline REV|none]
 * On a fresh database (a copy of the test templates' base.db: migrated, cities in), the server imports Rhode
 * Island (a visit of Providence), then one mix of ordinary requests (the home page of Providence, its featured
 * list, one of its places) is driven by autocannon at 32 connections twice, after a short unmeasured warm-up:
 * on an idle server (the baseline), and right after a visitor asks for another state (`--state`, imported on
 * demand).
 * Prints p50/p99 of both, their ratios, whether the import was still running at the end of the window, and the
 * import's wall time. `--baseline REV` measures the same on another revision (git archive of REV, its client
 * built) in the same run, so the two builds are compared under the same load.
 *   npm run bench:import -- --all [--baseline REV] [--together]
 * measures the whole first background import of every state instead (./lib/bench-import-all.ts): wall and CPU
 * time, peak RSS, and whether both builds wrote the same rows.
 *   npm run bench:import -- --states CA,CT,RI [--baseline REV] [--rounds 2]
 * measures a few states' imports, each alone (./lib/bench-import-states.ts): CPU, wall, peak RSS, the datasets
 * that cost most, and whether both builds wrote the same rows.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { arg, option } from "./lib/args";
import { checkoutTree, freePort, guestCookie, startServer } from "./lib/server";
import { testTemplate } from "../db/testing-template";
import { benchImportAll } from "./lib/bench-import-all";
import { benchImportStates } from "./lib/bench-import-states";

const seconds = arg("seconds", 8);
const connections = arg("connections", 32);
const state = option("--state", "CT").toUpperCase();
const baselineRev = option("--baseline", "none");

interface Window {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

/** The request mix, driven for `seconds` s at `connections` connections. */
async function drive(base: string, cookie: string, placeId: string, duration = seconds): Promise<Window> {
  const location = encodeURIComponent("Providence, RI");
  const headers = { cookie: `${cookie}; localscope-location=${location}` };
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: [
      { method: "GET", path: "/", headers },
      { method: "GET", path: "/api/places/featured?city=Providence&state=RI&count=12", headers },
      { method: "GET", path: `/api/places/${placeId}`, headers },
    ],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
  };
}

const statusOf = async (base: string, cookie: string, code = state) => {
  const response = await fetch(`${base}/api/places/status?city=${encodeURIComponent(cityOf(code))}&state=${code}`, {
    headers: { cookie },
  });
  return (await response.json()) as { ready: boolean; percent: number };
};

/** The largest city of the state (any city of it starts the state's import). */
let cities: Record<string, string> = {};
const cityOf = (code: string) => cities[code] ?? "";

async function run(label: string, tree?: string) {
  const dir = mkdtempSync(join(tmpdir(), "localscope-bench-import-"));
  const file = join(dir, "bench.db");
  const base = testTemplate("base");
  if (base) copyFileSync(base, file);
  const port = await freePort();
  const server = await startServer({ port, databaseFile: file, ...(tree ? { tree } : {}) });
  try {
    const cookie = await guestCookie(server.base);
    // Rhode Island first (asking for a state's status starts its import; a list would wait for it).
    while (!(await statusOf(server.base, cookie, "RI")).ready) await Bun.sleep(250);
    const featured = await fetch(`${server.base}/api/places/featured?city=Providence&state=RI&count=12`, {
      headers: { cookie },
    });
    const places = (await featured.json()) as Array<{ id: string }>;
    if (!places[0]) throw new Error("Providence has no featured places");
    await drive(server.base, cookie, places[0].id, 3); // warm-up: the caches filled, not measured
    const idle = await drive(server.base, cookie, places[0].id);
    const started = performance.now();
    await statusOf(server.base, cookie); // asking for the state's status starts its import
    const during = await drive(server.base, cookie, places[0].id);
    const stillRunning = !(await statusOf(server.base, cookie)).ready;
    while (!(await statusOf(server.base, cookie)).ready) await Bun.sleep(250);
    const importSeconds = (performance.now() - started) / 1000;
    return { label, idle, during, stillRunning, importSeconds };
  } finally {
    server.proc.kill("SIGTERM");
    await server.proc.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes("--states")) {
  const states = option("--states", "").toUpperCase().split(",").filter(Boolean);
  await benchImportStates(states, baselineRev, arg("rounds", 2));
  process.exit(0);
}

if (process.argv.includes("--all")) {
  await benchImportAll(baselineRev, process.argv.includes("--together"));
  process.exit(0);
}

{
  // The state's most populous city, from the bundled cities (what the server itself reads).
  const { openDatabase } = await import("../db/client");
  const template = testTemplate("base");
  if (template) {
    const database = await openDatabase(`file:${template}`);
    const rows = await database.client.execute(
      "SELECT state_code, name FROM cities c WHERE population = (SELECT max(population) FROM cities WHERE state_code = c.state_code)",
    );
    cities = Object.fromEntries(rows.rows.map((r) => [String(r.state_code), String(r.name)]));
    database.close();
  }
  if (!cityOf(state)) {
    console.error(
      "bench-import needs the test templates' base.db (bun scripts/test-template.ts .tmp/test-templates --base-only)",
    );
    process.exit(2);
  }
}

const results = [await run("this build")];
if (baselineRev !== "none") {
  const tree = checkoutTree(baselineRev);
  if ("error" in tree) console.log(`baseline ${baselineRev} not measured: ${tree.error}`);
  else
    try {
      results.push(await run(`baseline ${baselineRev}`, tree.dir));
    } finally {
      tree.remove();
    }
}

console.log(
  `machine: ${navigator.hardwareConcurrency} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} at the end (other work on the machine slows both builds alike)`,
);
console.log(
  `bench-import: ${connections} connections, ${seconds} s per window, mix of / (Providence), its featured list, one place; import of ${state} (${cityOf(state)}) on demand`,
);
for (const r of results) {
  const row = (name: string, w: Window) =>
    `  ${name.padEnd(22)} p50 ${String(w.p50).padStart(5)} ms  p99 ${String(w.p99).padStart(5)} ms  ${w.rps.toFixed(0).padStart(6)} req/s  ${w.errors} errors`;
  console.log(`${r.label}:`);
  console.log(row("idle", r.idle));
  console.log(row("during the import", r.during));
  console.log(
    `  ratio during/idle      p50 ${(r.during.p50 / Math.max(r.idle.p50, 1)).toFixed(2)}×  p99 ${(r.during.p99 / Math.max(r.idle.p99, 1)).toFixed(2)}×; import of ${state}: ${r.importSeconds.toFixed(1)} s${r.stillRunning ? "" : " (it ended inside the window: the window is not all import)"}`,
  );
  console.log(`  target p99 ≤ 100 ms during the import: ${r.during.p99 <= 100 ? "met" : "NOT met"}`);
}
