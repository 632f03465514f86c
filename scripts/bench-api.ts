/**
 * API throughput benchmark: /api/places/nearby for a big city (Las Vegas NV) and a small one
 * (Abbeville AL) against a hello-world route (/healthz) of the same server process, in one run,
 * driven by autocannon from this (separate) process. Prints req/s, p99 latency and the ratios. The home
 * page (server-rendered with its lists, as a guest) is measured too, for reference (no target).
 * Usage: npm run bench:api [-- --seconds 5 --connections 50]
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
const connections = arg("connections", 50);
const root = join(import.meta.dir, "..");

const port: number = await new Promise((resolve) => {
  const s = createServer().listen(0, "127.0.0.1", () => {
    const p = (s.address() as { port: number }).port;
    s.close(() => resolve(p));
  });
});
const dir = mkdtempSync(join(tmpdir(), "localscope-bench-api-"));
const server = Bun.spawn([join(root, "node_modules/.bin/bun"), join(root, "src/server.ts")], {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `file:${join(dir, "bench.db")}` },
  stdout: "ignore",
  stderr: "inherit",
});
const base = `http://127.0.0.1:${port}`;
try {
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
  const homeCookie = `${session}; localscope-location=${encodeURIComponent("Las Vegas, NV")}`;
  const targets: Array<{ name: string; path: string; headers?: Record<string, string>; reference?: boolean }> = [
    { name: "hello (/healthz)", path: "/healthz" },
    { name: "nearby, big city (Las Vegas NV)", path: "/api/places/nearby?city=Las%20Vegas&state=NV&count=12" },
    { name: "nearby, small city (Abbeville AL)", path: "/api/places/nearby?city=Abbeville&state=AL&count=12" },
    { name: "home page, SSR + lists (Las Vegas)", path: "/", headers: { cookie: homeCookie }, reference: true },
  ];
  // Warm up: the first call of a state imports its places; pages are then served from the list cache.
  for (const t of targets) {
    const r = await fetch(base + t.path, { headers: t.headers });
    if (!r.ok) throw new Error(`${t.path} answered ${r.status}`);
    await r.arrayBuffer();
  }
  const results: Array<{ name: string; rps: number; p99: number; p50: number; errors: number; reference?: boolean }> = [];
  for (const t of targets) {
    const result = await autocannon({ url: base + t.path, connections, duration: seconds, pipelining: 1, headers: t.headers });
    results.push({ name: t.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, reference: t.reference });
  }
  console.log(`API benchmark — autocannon, ${connections} connections, ${seconds} s per route, Bun ${Bun.version}, ${navigator.hardwareConcurrency} cores (load generator on the same machine)`);
  console.log("route".padEnd(36), "req/s".padStart(10), "p50 ms".padStart(8), "p99 ms".padStart(8), "errors".padStart(8));
  for (const r of results) console.log(r.name.padEnd(36), r.rps.toFixed(0).padStart(10), String(r.p50).padStart(8), String(r.p99).padStart(8), String(r.errors).padStart(8));
  const hello = results[0]!.rps;
  for (const r of results.slice(1)) {
    const ratio = r.rps / hello;
    if (r.reference) console.log(`${r.name}: ${(ratio * 100).toFixed(1)}% of hello throughput (a whole page; reference, no target)`);
    else console.log(`${r.name}: ${(ratio * 100).toFixed(0)}% of hello throughput → ${ratio >= 0.5 ? "meets" : "BELOW"} the 50% target`);
  }
} finally {
  server.kill();
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
}
