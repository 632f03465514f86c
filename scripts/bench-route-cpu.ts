/**
 * CPU per request of the server's main thread (the thread that limits `bench:api`'s throughput), per route:
 * hello (/healthz) and /api/places/nearby for a big and a small city, read from /proc (Linux only), which a
 * shared machine's load disturbs far less than req/s. Prints µs per request and hello's share of each route's
 * (≈ the route's throughput as a share of hello's in `bench:api`, decision 033).
 * Usage: bun scripts/bench-route-cpu.ts [--requests 20000 --rounds 5 --connections 32] [--log]   (SCRIPTS_PORT_BASE=N)
 * --log: the request log on (off by default, as the ratio in issues 10 and 11 is read). The server runs on CPU 0
 * and autocannon on the others, as in bench:api (`pinCpus`; BENCH_PIN=off to not pin).
 */
import autocannon from "autocannon";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, pinCpus, startServer } from "./lib/server";
import { arg } from "./lib/args";

const requests = arg("requests", 20_000);
const rounds = arg("rounds", 5);
const connections = arg("connections", 32);
const log = process.argv.includes("--log");
const TICK_US = 1_000_000 / 100; // USER_HZ is 100 on Linux
const cpus = pinCpus();

/** utime + stime of the process's main thread, in µs. */
function mainThreadCpu(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

const routes = {
  "hello (/healthz)": "/healthz",
  "nearby, big city (Las Vegas NV)": "/api/places/nearby?city=Las%20Vegas&state=NV&count=12",
  "nearby, small city (Abbeville AL)": "/api/places/nearby?city=Abbeville&state=AL&count=12",
};
const dir = mkdtempSync(join(tmpdir(), "localscope-bench-route-cpu-"));
const { proc, base } = await startServer({
  port: await freePort(),
  databaseFile: join(dir, "bench.db"),
  env: { TRAFFIC_LOG: String(log) },
  cpus,
});
try {
  // The first call of a state imports its places (a loaded machine can outlast the 30 s idle timeout: ask again).
  for (const path of Object.values(routes)) {
    for (let attempt = 1; ; attempt++) {
      const ok = await fetch(base + path).then(
        async (r) => (await r.arrayBuffer(), r.ok),
        (error) => (attempt < 5 ? null : Promise.reject(error)),
      );
      if (ok === false) throw new Error(`${path} failed`);
      if (ok) break;
    }
    await autocannon({ url: base + path, connections, amount: 3_000 }); // warm up
  }
  const samples: Record<string, number[]> = {};
  for (let round = 0; round < rounds; round++) {
    for (const [name, path] of Object.entries(routes)) {
      const before = mainThreadCpu(proc.pid);
      const result = await autocannon({ url: base + path, connections, amount: requests });
      await Bun.sleep(1_200); // with the log on, its last batch is handed over
      (samples[name] ??= []).push((mainThreadCpu(proc.pid) - before) / result.requests.total);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(
    `Main-thread CPU per request — ${requests} requests a route and round, ${rounds} rounds (median), ${connections} connections, request log ${log ? "on" : "off"}, ${cpus === null ? "not pinned" : `server pinned to CPU ${cpus}`}, Bun ${Bun.version}, ${navigator.hardwareConcurrency} cores, load ${load}`,
  );
  const hello = median(samples["hello (/healthz)"]!);
  for (const [name, values] of Object.entries(samples)) {
    const us = median(values);
    console.log(
      `${name.padEnd(36)} ${us.toFixed(1).padStart(6)} µs/req   hello/route ${((hello / us) * 100).toFixed(0).padStart(3)} %   rounds: ${values.map((v) => v.toFixed(1)).join(" ")}`,
    );
  }
} finally {
  proc.kill();
  await proc.exited;
  rmSync(dir, { recursive: true, force: true });
}
