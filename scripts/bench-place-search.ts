/**
 * Place search at 32 connections, unique texts (what no cache answers), on this checkout's server and on another
 * checkout's ("before", `--before DIR`) side by side, each on its own copy of the same database, in alternating
 * rounds of the same run: p50/p99 and the server's CPU per request (from /proc; the whole process's, and its request
 * thread's: the one the requests queue for), with the ratios before / after.
 * Without `--before`, the baseline is /healthz ("hello") on the same server.
 *
 *   bun scripts/bench-place-search.ts --from .tmp/test-templates/e2e.db [--before DIR] [--seconds 5] [--rounds 2] [--warmup 3]
 *
 * Texts: four to seven letters from the titles of places around Las Vegas, each asked once per server.
 * Before the measured rounds, each server answers `--warmup` seconds of unique searches (texts of their own, not
 * counted): a server under a sustained search load has compiled its search code and parsed its cities' opening
 * hours long since, while the first seconds after a start spend as much CPU on that as on the searches
 * (`--warmup 0` measures a fresh server).
 */
import autocannon from "autocannon";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { arg, option } from "./lib/args";
import { startSides, stopSides, type Side } from "./lib/before-after";
import { cpuMs, threadCpuMs } from "./lib/proc-memory";
import { lasVegasTitleParts } from "./lib/search-texts";

const from = option("--from", ".tmp/test-templates/e2e.db");
const before = option("--before", "") && resolve(option("--before", ""));
const seconds = arg("seconds", 5);
const rounds = arg("rounds", 2);
const warmup = arg("warmup", 3);
const unique = await lasVegasTitleParts(from);
if (!unique.length) throw new Error(`${from} has no places around Las Vegas: use a template with Nevada imported`);

const dir = mkdtempSync(join(tmpdir(), "localscope-bench-search-"));
let servers: Side[] = [];
try {
  servers = await startSides({ from, dir, before, env: { RATE_LIMIT_SEARCHES_PER_MINUTE: "1000000" } });
  // The state is in the template; one search warms each server (and is the city's first: a window comes after).
  for (const { base } of servers)
    await (await fetch(`${base}/api/places/search?q=museum&city=Las%20Vegas&state=NV`)).text();
  // The warm-up's texts come from the end of the list, the measured ones from its start.
  const cursor = new Map<string, number>(servers.map((s) => [s.name, 0]));
  const phase = async (server: (typeof servers)[number], kind: "hello" | "search", duration = seconds) => {
    const cpu0 = cpuMs(server.proc.pid);
    const thread0 = threadCpuMs(server.proc.pid);
    const r = await autocannon({
      url: server.base,
      connections: 32,
      duration,
      requests: [
        {
          method: "GET",
          setupRequest: (req) => {
            if (kind === "hello") return { ...req, path: "/healthz" };
            const at = cursor.get(server.name)!;
            cursor.set(server.name, at + 1);
            const q = encodeURIComponent(unique[at % unique.length]!);
            return { ...req, path: `/api/places/search?q=${q}&city=Las%20Vegas&state=NV` };
          },
        },
      ],
      timeout: 10,
    });
    return {
      n: r.requests.total,
      cpu: (cpuMs(server.proc.pid) - cpu0) / Math.max(1, r.requests.total),
      thread: (threadCpuMs(server.proc.pid) - thread0) / Math.max(1, r.requests.total),
      p50: r.latency.p50,
      p99: r.latency.p99,
      bad: r.errors + r.timeouts + r["5xx"] + r["4xx"],
    };
  };
  if (warmup > 0)
    for (const server of servers) {
      cursor.set(server.name, Math.floor(unique.length / 2));
      await phase(server, "search", warmup);
      cursor.set(server.name, 0);
    }
  type Result = Awaited<ReturnType<typeof phase>>;
  const results = new Map<string, Result[]>();
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...servers].reverse() : servers;
    for (const server of order)
      for (const kind of before ? (["search"] as const) : (["hello", "search"] as const)) {
        const key = `${server.name} ${kind}`;
        results.set(key, [...(results.get(key) ?? []), await phase(server, kind)]);
      }
  }
  const sum = (list: Result[]) => {
    const n = list.reduce((s, r) => s + r.n, 0);
    return {
      n,
      cpu: list.reduce((s, r) => s + r.cpu * r.n, 0) / Math.max(1, n),
      thread: list.reduce((s, r) => s + r.thread * r.n, 0) / Math.max(1, n),
      p50: Math.max(...list.map((r) => r.p50)),
      p99: Math.max(...list.map((r) => r.p99)),
      bad: list.reduce((s, r) => s + r.bad, 0),
    };
  };
  console.log(
    `Place search, unique texts, Las Vegas, 32 connections, ${rounds} × ${seconds} s each, alternating, after ${warmup} s of warm-up each; Bun ${Bun.version}, ${navigator.hardwareConcurrency} cores (load generator on the same machine)`,
  );
  const totals = new Map([...results].map(([key, list]) => [key, sum(list)]));
  for (const [key, s] of totals)
    console.log(
      `${key.padEnd(14)} ${s.n} requests  p50 ${s.p50} ms  p99 ${s.p99} ms (worst round)  CPU ${s.cpu.toFixed(2)} ms/request (request thread ${s.thread.toFixed(2)})  errors ${s.bad}`,
    );
  const after = totals.get("after search")!;
  const base = totals.get(before ? "before search" : "after hello")!;
  console.log(
    `${before ? "before / after" : "search / hello"}: CPU ${(before ? base.cpu / after.cpu : after.cpu / base.cpu).toFixed(2)}× (request thread ${(before ? base.thread / after.thread : after.thread / base.thread).toFixed(2)}×)  p99 ${(before ? base.p99 / Math.max(1, after.p99) : after.p99 / Math.max(1, base.p99)).toFixed(2)}×`,
  );
  console.log(
    `targets (after): CPU ${after.cpu.toFixed(2)} ms ${after.cpu <= 2 ? "meets" : "ABOVE"} ≤ 2 ms a request; p99 ${after.p99} ms ${after.p99 <= 50 ? "meets" : "ABOVE"} ≤ 50 ms`,
  );
} finally {
  await stopSides(servers);
  rmSync(dir, { recursive: true, force: true });
}
