/**
 * API throughput benchmark: /api/places/nearby for a big city (Las Vegas NV) and a small one
 * (Abbeville AL) against a hello-world route (/healthz) of the same server process, in one run,
 * driven by autocannon from this (separate) process. Prints req/s, p99 latency and the ratios. The home
 * page (server-rendered with its lists, as a guest) has its own target (docs/decisions/019-request-hardening.md item 8): at least 10 % of
 * the hello route's throughput and p99 ≤ 50 ms at 64 connections. Each route
 * runs on two servers, the request log on and off (docs/decisions/022-traffic-log.md), to print the log's cost (≤ 10 % budget).
 *
 * How the log's cost is read (decision 022, "A benchmark to trust"): the servers run pinned to CPU 0 and
 * autocannon to the other cores (`taskset`, scripts/lib/server.ts `pinCpus`; BENCH_PIN=off to not pin), so
 * each server's throughput is what one core gives it, writer thread included. Per route, rounds alternate
 * the two servers (off/on, then on/off, …); each round's cost is its on/off throughput pair, measured back
 * to back, and the cost printed is the median of the rounds' costs, with their range. Next to it, the same
 * figure for hello (/healthz), which is never logged: an A/A control, the difference the two servers show
 * with no log work at all — the noise floor a cost must be read against. The 10 % budget is unchanged.
 * Against the build before the restructuring (issues 10 and 11: "the nearby ratio no worse than before"): a
 * third server runs the project as it was at BEFORE_RESTRUCTURING (checked out with git archive into a temporary
 * folder, its client built, this checkout's node_modules), pinned the same way and measured in the same rounds
 * (hello and both nearby routes; it runs before the off/on pair in one round, after it in the next). A round
 * measures every route, so each server's nearby and hello are seconds apart; per round, this build's ratio
 * minus the old one's, and the median of those differences with their range, is the comparison printed (a
 * ratio read on another day, under another load or with another version of this script is no baseline). `--baseline REV` measures another revision, `--baseline none` none.
 * Usage: npm run bench:api [-- --seconds 5 --connections 64 --rounds 5 --baseline REV|none]
 *   (SCRIPTS_PORT_BASE=N: servers on N, N+1, N+2)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measure, printRows, type Row } from "./lib/autocannon";
import { checkoutTree, freePort, guestCookie, pinCpus, startServer as startProcess } from "./lib/server";
import { arg } from "./lib/args";

/** The last commit before docs/decisions/015-module-map.md's restructuring (modules/discovery split into cities, places and content). */
const BEFORE_RESTRUCTURING = "fec5cbeceb8bcb1e2aa3ad709da886909dfb25f9";

const seconds = arg("seconds", 5);
// --rounds N: rounds, each measuring every route on every server (the order reversed each round); a table keeps a route's median round.
const connections = arg("connections", 64);
const cpus = pinCpus();

type Mode = "off" | "on" | "before";
/**
 * Two servers of this build on one database each: the request log on (the default) and off
 * (TRAFFIC_LOG=false). Every route is measured on both, alternately, so the log's cost is read in one run.
 * A third, "before", runs the baseline build (`tree`), which has no request log.
 */
async function startServer(mode: Mode, tree?: { dir: string; remove(): void }) {
  const dir = mkdtempSync(join(tmpdir(), "localscope-bench-api-"));
  const { proc, base } = await startProcess({
    port: await freePort(),
    databaseFile: join(dir, "bench.db"),
    env: { TRAFFIC_LOG: String(mode === "on") },
    cpus,
    tree: tree?.dir,
  });
  const session = await guestCookie(base);
  const stop = async () => {
    proc.kill();
    await proc.exited;
    rmSync(dir, { recursive: true, force: true });
    tree?.remove();
  };
  return { base, homeCookie: `${session}; localscope-location=${encodeURIComponent("Las Vegas, NV")}`, stop, mode };
}

const baselineArg = process.argv.includes("--baseline")
  ? process.argv[process.argv.indexOf("--baseline") + 1]!
  : BEFORE_RESTRUCTURING;
const baseline = baselineArg === "none" ? null : checkoutTree(baselineArg);
if (baseline && "error" in baseline) console.log(`no baseline build measured: ${baseline.error}`);
const servers: Array<Awaited<ReturnType<typeof startServer>>> = [];
try {
  servers.push(await startServer("off"), await startServer("on"));
  if (baseline && !("error" in baseline)) {
    // A baseline that does not start (another build's own failure) is said, and the run goes on without it.
    await startServer("before", baseline).then(
      (server) => servers.push(server),
      (error) => {
        baseline.remove();
        console.log(
          `no baseline build measured: ${baselineArg} did not start (${error instanceof Error ? error.message : error})`,
        );
      },
    );
  }
  const targetsOf = (
    homeCookie: string,
  ): Array<{ name: string; path: string; headers?: Record<string, string>; home?: boolean }> => [
    { name: "hello (/healthz)", path: "/healthz" },
    { name: "nearby, big city (Las Vegas NV)", path: "/api/places/nearby?city=Las%20Vegas&state=NV&count=12" },
    { name: "nearby, small city (Abbeville AL)", path: "/api/places/nearby?city=Abbeville&state=AL&count=12" },
    { name: "home page, SSR + lists (Las Vegas)", path: "/", headers: { cookie: homeCookie }, home: true },
  ];
  // Warm up: the first call of a state imports its places; pages are then served from the list cache.
  /** The baseline build answers hello and nearby (its home page is another screen: not compared). */
  const measuredOn = (server: (typeof servers)[number], t: { home?: boolean }) => server.mode !== "before" || !t.home;
  for (const server of servers) {
    for (const t of targetsOf(server.homeCookie).filter((t) => measuredOn(server, t))) {
      // A state's import can outlast the server's 30 s idle timeout on a loaded machine (the connection is
      // closed, the import goes on): ask again.
      for (let attempt = 1; ; attempt++) {
        const r = await fetch(server.base + t.path, { headers: t.headers }).catch((error) =>
          attempt < 5 ? null : Promise.reject(error),
        );
        if (!r) continue;
        if (!r.ok) throw new Error(`${t.path} answered ${r.status}`);
        await r.arrayBuffer();
        break;
      }
    }
  }
  type Result = Row & { home?: boolean };
  const results: Record<Mode, Result[]> = { off: [], on: [], before: [] };
  const count = targetsOf("").length;
  /** Every round's row, per mode and route: rows[mode][route][round]. */
  const rows: Record<Mode, Result[][]> = { off: [], on: [], before: [] };
  for (const mode of ["off", "on", "before"] as const) for (let i = 0; i < count; i++) rows[mode].push([]);
  // Short rounds (a shared machine's load drifts). A round measures every route, and per route the servers back
  // to back, their order reversed each round (off, on, before; then before, on, off): off and on are always
  // neighbours, and a server's hello and nearby are measured in the same round, seconds apart.
  const rounds = arg("rounds", 5);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  // One round not counted first: each server's code paths warm (JIT) under the same load as the rounds after.
  for (let round = -1; round < rounds; round++) {
    const order = round % 2 ? [...servers].reverse() : servers;
    for (let i = 0; i < count; i++) {
      for (const server of order) {
        const t = targetsOf(server.homeCookie)[i]!;
        if (!measuredOn(server, t)) continue;
        const row = await measure(
          { name: t.name, url: server.base + t.path, headers: t.headers },
          { connections, seconds },
        );
        if (round >= 0) rows[server.mode][i]!.push({ ...row, home: t.home });
      }
    }
  }
  /** Per route, each round's cost: 1 − on/off throughput of the pair measured back to back, in %. */
  const costs = rows.on.map((on, i) => on.map((r, round) => (1 - r.rps / rows.off[i]![round]!.rps) * 100));
  // Each mode's table keeps a route's median round.
  for (const mode of ["off", "on", "before"] as const)
    for (const measured of rows[mode])
      if (measured.length) results[mode].push([...measured].sort((a, b) => a.rps - b.rps)[Math.floor(rounds / 2)]!);
  const load = (
    await Bun.file("/proc/loadavg")
      .text()
      .catch(() => "? ? ?")
  )
    .split(" ")
    .slice(0, 3)
    .join(" ");
  console.log(
    `API benchmark — autocannon, ${connections} connections, ${seconds} s per route and round, median of ${rounds} alternating rounds, Bun ${Bun.version}, ${navigator.hardwareConcurrency} cores, ${cpus === null ? "not pinned" : `servers pinned to CPU ${cpus}, autocannon to the others`}, load ${load} at the end`,
  );
  for (const mode of ["off", "on"] as const) {
    console.log(`request log ${mode === "on" ? "ON (default)" : "OFF (TRAFFIC_LOG=false)"}`);
    printRows(results[mode]);
  }
  if (results.before.length) {
    console.log(`the build before the restructuring (${baselineArg.slice(0, 10)}, no request log)`);
    printRows(results.before);
  }
  const hello = results.on[0]!.rps;
  for (const r of results.on.slice(1)) {
    const ratio = r.rps / hello;
    if (r.home) {
      const meets = ratio >= 0.1 && r.p99 <= 50;
      console.log(
        `${r.name}: ${(ratio * 100).toFixed(1)}% of hello throughput, p99 ${r.p99} ms → ${meets ? "meets" : "MISSES"} the target (≥ 10% and p99 ≤ 50 ms at 64 connections)`,
      );
    } else
      console.log(
        `${r.name}: ${(ratio * 100).toFixed(0)}% of hello throughput → ${ratio >= 0.5 ? "meets" : "BELOW"} the 50% target`,
      );
  }
  if (results.before.length) {
    // Issues 10 and 11: the nearby ratio (of the same server's hello) no lower than the build before. Read per
    // round: each server's nearby over its own hello of that round, this build's ratio minus the old one's of the
    // same round; the median of those differences, with their range (a pair of ratios taken minutes apart, or
    // the ratio of two medians, moves with the machine's load by more than the difference sought).
    const roundRatio = (mode: Mode, i: number, round: number) =>
      (rows[mode][i]![round]!.rps / rows[mode][0]![round]!.rps) * 100;
    const points = (value: number) => `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(1)}`;
    console.log(
      `nearby ratio (of the same server's hello) against the build before the restructuring (${baselineArg.slice(0, 10)}), same rounds; per round, now minus before, median and range, in points:`,
    );
    for (let i = 1; i < count; i++) {
      if (!rows.before[i]!.length) continue;
      const ratios = (mode: Mode) => rows[mode][i]!.map((_, round) => roundRatio(mode, i, round));
      const before = ratios("before");
      const line = (mode: "on" | "off") => {
        const diff = ratios(mode).map((r, round) => r - before[round]!);
        const mid = Math.round(median(diff) * 10) / 10;
        return `log ${mode} ${median(ratios(mode)).toFixed(0)}% ${points(mid)} (${points(Math.min(...diff))} … ${points(Math.max(...diff))}) → ${mid >= 0 ? "not lower" : `LOWER by ${Math.abs(mid).toFixed(1)}`}`;
      };
      console.log(
        `  ${rows.before[i]![0]!.name.padEnd(36)} before ${median(before).toFixed(0)}%;  ${line("off")};  ${line("on")}`,
      );
    }
  }
  // A cost is 1 − on/off throughput (negative: the log-on server was the faster); hello is never logged, so its
  // figure is the two servers' difference without any log work: the noise floor.
  const signed = (cost: number) => `${cost >= 0 ? "-" : "+"}${Math.abs(cost).toFixed(1)}%`;
  const spread = (values: number[]) => `rounds ${signed(Math.max(...values))} … ${signed(Math.min(...values))}`;
  console.log(`request log cost (throughput with the log on vs off; median of the ${rounds} rounds' on/off pairs):`);
  console.log(
    `  ${"A/A control: hello, never logged".padEnd(36)} ${signed(median(costs[0]!)).padStart(7)}   ${spread(costs[0]!)}  (the noise floor)`,
  );
  for (let i = 1; i < count; i++) {
    const cost = median(costs[i]!);
    console.log(
      `  ${results.on[i]!.name.padEnd(36)} ${signed(cost).padStart(7)}   ${spread(costs[i]!)} → ${cost <= 10 ? "within" : "ABOVE"} the 10% budget`,
    );
  }
} finally {
  for (const server of servers) await server.stop();
  // A baseline checked out but never started (a server before it failed): its folder goes too.
  if (baseline && !("error" in baseline)) baseline.remove();
}
