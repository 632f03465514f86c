/**
 * API throughput benchmark: /api/places/nearby for a big city (Las Vegas NV) and a small one
 * (Abbeville AL) against a hello-world route (/healthz) of the same server process, in one run,
 * driven by autocannon from this (separate) process. Prints req/s, p99 latency and the ratios. The home
 * page (server-rendered with its lists, as a guest) is measured too, for reference (no target). Each route
 * runs on two servers, the request log on and off (issue 15), to print the log's cost (≤ 10 % budget).
 * Usage: npm run bench:api [-- --seconds 5 --connections 50 --rounds 3]
 */
import autocannon from "autocannon";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg("seconds", 5);
// --rounds N: rounds per route and mode (alternating off/on); the median round is reported.
const connections = arg("connections", 50);
const root = join(import.meta.dir, "..");

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

/**
 * Two servers of the same build on one database each: the request log on (the default) and off
 * (TRAFFIC_LOG=false). Every route is measured on both, alternately, so the log's cost is read in one run.
 */
async function startServer(trafficLog: boolean) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "localscope-bench-api-"));
  const server = Bun.spawn([join(root, "node_modules/.bin/bun"), join(root, "src/server.ts")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `file:${join(dir, "bench.db")}`, TRAFFIC_LOG: String(trafficLog) },
    stdout: "ignore",
    stderr: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // starting
    }
    await Bun.sleep(100);
  }
  // A guest session for the home page (pages are for signed-in visitors).
  const login = await fetch(`${base}/api/auth/auto-login`, { method: "POST", headers: { origin: base } });
  if (!login.ok) throw new Error(`auto-login answered ${login.status}`);
  const session = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const stop = async () => {
    server.kill();
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  };
  return { base, homeCookie: `${session}; localscope-location=${encodeURIComponent("Las Vegas, NV")}`, stop, trafficLog };
}

const servers = [await startServer(false), await startServer(true)];
try {
  const targetsOf = (homeCookie: string): Array<{ name: string; path: string; headers?: Record<string, string>; reference?: boolean }> => [
    { name: "hello (/healthz)", path: "/healthz" },
    { name: "nearby, big city (Las Vegas NV)", path: "/api/places/nearby?city=Las%20Vegas&state=NV&count=12" },
    { name: "nearby, small city (Abbeville AL)", path: "/api/places/nearby?city=Abbeville&state=AL&count=12" },
    { name: "home page, SSR + lists (Las Vegas)", path: "/", headers: { cookie: homeCookie }, reference: true },
  ];
  // Warm up: the first call of a state imports its places; pages are then served from the list cache.
  for (const server of servers) {
    for (const t of targetsOf(server.homeCookie)) {
      const r = await fetch(server.base + t.path, { headers: t.headers });
      if (!r.ok) throw new Error(`${t.path} answered ${r.status}`);
      await r.arrayBuffer();
    }
  }
  type Result = { name: string; rps: number; p99: number; p50: number; errors: number; reference?: boolean };
  const results: Record<"off" | "on", Result[]> = { off: [], on: [] };
  const count = targetsOf("").length;
  // Off and on alternate in short rounds (a shared machine's load drifts); each mode keeps its median round.
  const rounds = arg("rounds", 3);
  for (let i = 0; i < count; i++) {
    const perMode: Record<"off" | "on", Result[]> = { off: [], on: [] };
    for (let round = 0; round < rounds; round++) {
      for (const server of round % 2 ? [...servers].reverse() : servers) {
        const t = targetsOf(server.homeCookie)[i]!;
        const result = await autocannon({ url: server.base + t.path, connections, duration: seconds, pipelining: 1, headers: t.headers });
        perMode[server.trafficLog ? "on" : "off"].push({ name: t.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, reference: t.reference });
      }
    }
    for (const mode of ["off", "on"] as const) results[mode].push(perMode[mode].sort((a, b) => a.rps - b.rps)[Math.floor(rounds / 2)]!);
  }
  console.log(`API benchmark — autocannon, ${connections} connections, ${seconds} s per route and round, median of ${rounds} alternating rounds, Bun ${Bun.version}, ${navigator.hardwareConcurrency} cores (load generator on the same machine)`);
  for (const mode of ["off", "on"] as const) {
    console.log(`request log ${mode === "on" ? "ON (default)" : "OFF (TRAFFIC_LOG=false)"}`);
    console.log("route".padEnd(36), "req/s".padStart(10), "p50 ms".padStart(8), "p99 ms".padStart(8), "errors".padStart(8));
    for (const r of results[mode]) console.log(r.name.padEnd(36), r.rps.toFixed(0).padStart(10), String(r.p50).padStart(8), String(r.p99).padStart(8), String(r.errors).padStart(8));
  }
  const hello = results.on[0]!.rps;
  for (const r of results.on.slice(1)) {
    const ratio = r.rps / hello;
    if (r.reference) console.log(`${r.name}: ${(ratio * 100).toFixed(1)}% of hello throughput (a whole page; reference, no target)`);
    else console.log(`${r.name}: ${(ratio * 100).toFixed(0)}% of hello throughput → ${ratio >= 0.5 ? "meets" : "BELOW"} the 50% target`);
  }
  console.log("request log cost (throughput with the log on vs off; /healthz is never logged):");
  for (let i = 1; i < count; i++) {
    const off = results.off[i]!;
    const on = results.on[i]!;
    const cost = (1 - on.rps / off.rps) * 100;
    console.log(`  ${on.name.padEnd(36)} ${cost >= 0 ? "-" : "+"}${Math.abs(cost).toFixed(1)}% → ${cost <= 10 ? "within" : "ABOVE"} the 10% budget`);
  }
} finally {
  for (const server of servers) await server.stop();
}
