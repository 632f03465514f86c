/**
 * The request log's cost in CPU time, which a shared machine's load disturbs far less than throughput:
 * two servers of the same build (request log on and off, as bench:api starts them), the same number of
 * /api/places/nearby requests sent to each (alternating rounds), and the CPU time each server spent, read
 * from /proc (Linux only): its request thread (the main thread, the one that limits throughput) and the
 * whole process (the writer thread included). Prints µs per request and the log's share. The same is measured
 * for hello (/healthz, never logged) on both servers: an A/A control, the difference two servers show with no
 * log work, which a cost must be read against. Servers on CPU 0, autocannon on the others (`pinCpus`,
 * decision 022; BENCH_PIN=off to not pin). Each round measures the two servers back to back; a share is the median
 * of the rounds' own on/off shares, printed with their range.
 * Usage: bun scripts/bench-log-cost.ts [--requests 20000 --rounds 5 --connections 50]   (SCRIPTS_PORT_BASE=N)
 */
import autocannon from "autocannon";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, pinCpus, startServer as start } from "./lib/server";
import { arg } from "./lib/args";

const requests = arg("requests", 20_000);
const rounds = arg("rounds", 5);
const connections = arg("connections", 50);
const TICK_US = 1_000_000 / 100; // USER_HZ is 100 on Linux
const cpus = pinCpus();

/** utime + stime of one thread (or of the whole process), in µs. */
function cpuOf(pid: number, tid?: number): number {
  const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

async function startServer(trafficLog: boolean) {
  const dir = mkdtempSync(join(tmpdir(), "localscope-bench-log-"));
  const { proc, base } = await start({
    port: await freePort(),
    databaseFile: join(dir, "bench.db"),
    env: { TRAFFIC_LOG: String(trafficLog) },
    cpus,
  });
  return {
    base,
    pid: proc.pid,
    trafficLog,
    stop: async () => (proc.kill(), await proc.exited, rmSync(dir, { recursive: true, force: true })),
  };
}

const servers = [await startServer(false), await startServer(true)];
const path = "/api/places/nearby?city=Las%20Vegas&state=NV&count=12";
try {
  // The first call imports the state: on a loaded machine that can outlast the server's 30 s idle timeout, which
  // closes the connection; the import goes on, so ask again.
  for (const s of servers) {
    for (let attempt = 1; ; attempt++) {
      const ok = await fetch(s.base + path).then(
        (r) => r.ok,
        (error) => (attempt < 5 ? null : Promise.reject(error)),
      );
      if (ok === false) throw new Error("nearby failed");
      if (ok) break;
    }
  }
  const hello = "/healthz";
  for (const s of servers)
    for (const p of [path, hello]) await autocannon({ url: s.base + p, connections, amount: 2_000 }); // warm up
  await Bun.sleep(1_500);
  type Sample = { main: number; total: number; rps: number };
  const samples: Record<string, Record<"on" | "off", Sample[]>> = {
    [path]: { on: [], off: [] },
    [hello]: { on: [], off: [] },
  };
  for (let round = 0; round < rounds; round++) {
    for (const p of [path, hello]) {
      for (const s of round % 2 ? [...servers].reverse() : servers) {
        const main0 = cpuOf(s.pid, s.pid);
        const total0 = cpuOf(s.pid);
        const result = await autocannon({ url: s.base + p, connections, amount: requests });
        await Bun.sleep(1_500); // the log's last batch is written
        const n = result.requests.total;
        samples[p]![s.trafficLog ? "on" : "off"].push({
          main: (cpuOf(s.pid, s.pid) - main0) / n,
          total: (cpuOf(s.pid) - total0) / n,
          rps: result.requests.average,
        });
      }
    }
  }
  const threads = readdirSync(`/proc/${servers[1]!.pid}/task`).length;
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(
    `Request log CPU cost — ${requests} requests per route, server and round, ${rounds} alternating rounds (median), ${connections} connections, Bun ${Bun.version}, ${navigator.hardwareConcurrency} cores, ${cpus === null ? "not pinned" : `servers pinned to CPU ${cpus}, autocannon to the others`}, load ${load} at the end`,
  );
  console.log(
    "route".padEnd(34),
    "mode".padEnd(8),
    "request thread µs/req".padStart(22),
    "whole process µs/req".padStart(22),
    "req/s".padStart(8),
  );
  const shares: Record<string, { main: string; total: string }> = {};
  for (const [p, name] of [
    [path, "nearby (Las Vegas NV)"],
    [hello, "A/A control: hello, never logged"],
  ] as const) {
    const figures = {} as Record<"on" | "off", Sample>;
    for (const mode of ["off", "on"] as const) {
      const of = samples[p]![mode];
      figures[mode] = {
        main: median(of.map((s) => s.main)),
        total: median(of.map((s) => s.total)),
        rps: median(of.map((s) => s.rps)),
      };
      console.log(
        name.padEnd(34),
        `log ${mode}`.padEnd(8),
        figures[mode].main.toFixed(1).padStart(22),
        figures[mode].total.toFixed(1).padStart(22),
        figures[mode].rps.toFixed(0).padStart(8),
      );
    }
    // Paired rounds (as bench:api): each round's share is its own on/off pair, measured back to back; the share
    // printed is the median of the rounds' shares, with their range (a load that drifts moves both of a pair).
    const signed = (value: number) => `${value >= 0 ? "+" : ""}${value.toFixed(1)}%`;
    const share = (key: "main" | "total") => {
      const perRound = samples[p]!.on.map((on, round) => (on[key] / samples[p]!.off[round]![key] - 1) * 100);
      return `${signed(median([...perRound]))} (rounds ${signed(Math.min(...perRound))} … ${signed(Math.max(...perRound))})`;
    };
    shares[p] = { main: share("main"), total: share("total") };
  }
  console.log(
    `the log adds ${shares[path]!.main} to nearby's request-thread CPU per request (what limits throughput: budget 10%) and ${shares[path]!.total} to the whole process's (the writer thread included; the server with the log runs ${threads} threads)`,
  );
  console.log(
    `A/A control (hello, never logged, same two servers): ${shares[hello]!.main} request thread, ${shares[hello]!.total} whole process — the noise floor`,
  );
} finally {
  for (const s of servers) await s.stop();
}
