/**
 * Place search at 32 connections, unique texts (what no cache answers), on this checkout's server and on another
 * checkout's ("before", `--before DIR`) side by side, each on its own copy of the same database, in alternating
 * rounds of the same run: p50/p99 and the server's CPU per request (from /proc), with the ratios before / after.
 * Without `--before`, the baseline is /healthz ("hello") on the same server.
 *
 *   bun scripts/bench-place-search.ts --from .tmp/test-templates/e2e.db [--before DIR] [--seconds 5] [--rounds 2]
 *
 * Texts: four to seven letters from the titles of places around Las Vegas, each asked once per server.
 */
import autocannon from "autocannon";
import { createClient } from "@libsql/client";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { arg, option } from "./lib/args";
import { freePort, startServer } from "./lib/server";

const from = option("--from", ".tmp/test-templates/e2e.db");
const before = option("--before", "") && resolve(option("--before", ""));
const seconds = arg("seconds", 5);
const rounds = arg("rounds", 2);
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

const client = createClient({ url: `file:${from}` });
const { rows } = await client.execute(
  "SELECT title FROM places WHERE latitude BETWEEN 35.2 AND 37.2 AND longitude BETWEEN -116.2 AND -114.1 LIMIT 20000",
);
client.close();
const texts = new Set<string>();
rows.forEach((r, i) => {
  const title = String(r.title).toLowerCase().replace(/["%]/g, "");
  const size = 4 + (i % 4);
  for (let at = 0; at + size <= title.length; at += size) texts.add(title.slice(at, at + size));
});
const unique = [...texts].filter((t) => t.trim().length >= 3);
if (!unique.length) throw new Error(`${from} has no places around Las Vegas: use a template with Nevada imported`);

const dir = mkdtempSync(join(tmpdir(), "localscope-bench-search-"));
const env = { RATE_LIMIT_SEARCHES_PER_MINUTE: "1000000" };
const servers: Array<{ name: string; proc: { pid: number; kill(): void; exited: Promise<number> }; base: string }> = [];
try {
  for (const [name, tree] of before
    ? [["before", before] as const, ["after", undefined] as const]
    : [["after", undefined] as const]) {
    copyFileSync(from, join(dir, `${name}.db`));
    const { proc, base } = await startServer({
      port: await freePort(),
      databaseFile: join(dir, `${name}.db`),
      env,
      tree,
    });
    servers.push({ name, proc, base });
    // The state is in the template; one search warms the server (and is the city's first: a window comes after).
    await (await fetch(`${base}/api/places/search?q=museum&city=Las%20Vegas&state=NV`)).text();
  }
  const cursor = new Map<string, number>(servers.map((s) => [s.name, 0]));
  const phase = async (server: (typeof servers)[number], kind: "hello" | "search") => {
    const cpu0 = cpuMs(server.proc.pid);
    const r = await autocannon({
      url: server.base,
      connections: 32,
      duration: seconds,
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
      p50: r.latency.p50,
      p99: r.latency.p99,
      bad: r.errors + r.timeouts + r["5xx"] + r["4xx"],
    };
  };
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
      p50: Math.max(...list.map((r) => r.p50)),
      p99: Math.max(...list.map((r) => r.p99)),
      bad: list.reduce((s, r) => s + r.bad, 0),
    };
  };
  console.log(
    `Place search, unique texts, Las Vegas, 32 connections, ${rounds} × ${seconds} s each, alternating; Bun ${Bun.version}, ${navigator.hardwareConcurrency} cores (load generator on the same machine)`,
  );
  const totals = new Map([...results].map(([key, list]) => [key, sum(list)]));
  for (const [key, s] of totals)
    console.log(
      `${key.padEnd(14)} ${s.n} requests  p50 ${s.p50} ms  p99 ${s.p99} ms (worst round)  CPU ${s.cpu.toFixed(2)} ms/request  errors ${s.bad}`,
    );
  const after = totals.get("after search")!;
  const base = totals.get(before ? "before search" : "after hello")!;
  console.log(
    `${before ? "before / after" : "search / hello"}: CPU ${(before ? base.cpu / after.cpu : after.cpu / base.cpu).toFixed(2)}×  p99 ${(before ? base.p99 / Math.max(1, after.p99) : after.p99 / Math.max(1, base.p99)).toFixed(2)}×`,
  );
  console.log(
    `targets (after): CPU ${after.cpu.toFixed(2)} ms ${after.cpu <= 2 ? "meets" : "ABOVE"} ≤ 2 ms a request; p99 ${after.p99} ms ${after.p99 <= 50 ? "meets" : "ABOVE"} ≤ 50 ms`,
  );
} finally {
  for (const server of servers) {
    server.proc.kill();
    await server.proc.exited;
  }
  rmSync(dir, { recursive: true, force: true });
}
