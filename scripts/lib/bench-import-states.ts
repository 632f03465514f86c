/**
 * `npm run bench:import -- --states CA,CT,RI [--baseline REV] [--rounds 2]`: a few states' imports, each alone on
 * a fresh copy of the test templates' base.db, as the background run imports them (the nationwide datasets from
 * per-state splits, made once per build and timed apart), for this build and for REV in the same run. The builds
 * take turns state by state and round by round, so both meet the same load; each state's figures are the least
 * CPU and wall time over the rounds (other work on the machine only adds to them) and the highest peak RSS. Then
 * compares what the two wrote (places and a checksum of their rows and source links, ./places-checksum.ts).
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../db/client";
import { testTemplate } from "../../db/testing-template";
import { placesChecksum } from "./places-checksum";
import { checkoutTree, root } from "./server";

interface Build {
  label: string;
  tree: string;
  splits: string;
  splitCpu: number;
}
interface Result {
  seconds: number;
  cpuSeconds: number;
  peakMB: number;
  phases: Record<string, number>;
}

const bun = join(root, "node_modules/.bin/bun");
const RUNNER = "scripts/lib/import-state-run.ts";

function runner(build: Build, args: string[]): { out: string; cpu: number } {
  const proc = Bun.spawnSync([bun, RUNNER, ...args], { cwd: build.tree, stdout: "pipe", stderr: "pipe" });
  const out = proc.stdout.toString();
  if (proc.exitCode !== 0) throw new Error(`${build.label}: ${RUNNER} ${args.join(" ")} failed: ${proc.stderr}`);
  const usage = proc.resourceUsage;
  return { out, cpu: usage ? Number(usage.cpuTime.user + usage.cpuTime.system) / 1e6 : Number.NaN };
}

export async function benchImportStates(states: string[], baselineRev: string, rounds: number) {
  const base = testTemplate("base");
  if (!base)
    throw new Error(
      "bench-import --states needs base.db (bun scripts/test-template.ts .tmp/test-templates --base-only)",
    );
  const dir = mkdtempSync(join(tmpdir(), "localscope-bench-import-states-"));
  const tree = baselineRev === "none" ? undefined : checkoutTree(baselineRev);
  if (tree && "error" in tree) console.log(`baseline ${baselineRev} not measured: ${tree.error}`);
  const builds: Build[] = [{ label: "this build", tree: root, splits: join(dir, "splits-this"), splitCpu: 0 }];
  if (tree && !("error" in tree)) {
    copyFileSync(join(root, RUNNER), join(tree.dir, RUNNER));
    builds.push({ label: `baseline ${baselineRev}`, tree: tree.dir, splits: join(dir, "splits-base"), splitCpu: 0 });
  }
  try {
    for (const build of builds) {
      mkdirSync(build.splits, { recursive: true });
      build.splitCpu = runner(build, ["-", states.join(","), build.splits, "--split"]).cpu;
    }
    const best = new Map<string, Result>();
    const files = new Map<string, string>();
    for (let round = 0; round < rounds; round++)
      for (const state of states)
        for (const [b, build] of builds.entries()) {
          const file = join(dir, `${b}-${state}-${round}.db`);
          copyFileSync(base, file);
          const { out } = runner(build, [file, state, build.splits]);
          const r = JSON.parse(out.trim().split("\n").pop()!) as Result;
          const key = `${b}|${state}`;
          const was = best.get(key);
          best.set(
            key,
            was
              ? {
                  seconds: Math.min(was.seconds, r.seconds),
                  cpuSeconds: Math.min(was.cpuSeconds, r.cpuSeconds),
                  peakMB: Math.max(was.peakMB, r.peakMB),
                  phases: r.cpuSeconds < was.cpuSeconds ? r.phases : was.phases,
                }
              : r,
          );
          if (round === 0) files.set(key, file);
          else rmSync(file, { force: true });
        }
    console.log(
      `machine: ${navigator.hardwareConcurrency} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} at the end; least CPU and wall time of ${rounds} round(s), highest peak RSS`,
    );
    for (const build of builds)
      console.log(`${build.label}: split of ${states.join(",")} ${build.splitCpu.toFixed(1)} s CPU`);
    const totals = builds.map(() => ({ cpu: 0, wall: 0 }));
    for (const state of states) {
      const sums = await Promise.all(
        builds.map(async (_, b) => {
          const database = await openDatabase(`file:${files.get(`${b}|${state}`)}`);
          const sum = (await placesChecksum(database.client)).get(state);
          database.close();
          return sum;
        }),
      );
      for (const [b, build] of builds.entries()) {
        const r = best.get(`${b}|${state}`)!;
        totals[b]!.cpu += r.cpuSeconds;
        totals[b]!.wall += r.seconds;
        const slowest = Object.entries(r.phases)
          .sort((x, y) => y[1] - x[1])
          .slice(0, 3)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ");
        console.log(
          `  ${state} ${build.label.padEnd(22)} ${r.cpuSeconds.toFixed(1).padStart(6)} s CPU ${r.seconds.toFixed(1).padStart(6)} s wall  peak ${r.peakMB.toFixed(0).padStart(4)} MB  ${sums[b]?.places ?? 0} places  (most CPU: ${slowest})`,
        );
      }
      if (builds.length > 1) {
        const [mine, theirs] = [best.get(`0|${state}`)!, best.get(`1|${state}`)!];
        const same = JSON.stringify(sums[0]) === JSON.stringify(sums[1]);
        console.log(
          `  ${state} ratio this/baseline  CPU ${(mine.cpuSeconds / theirs.cpuSeconds).toFixed(2)}×  wall ${(mine.seconds / theirs.seconds).toFixed(2)}×  peak ${(mine.peakMB / theirs.peakMB).toFixed(2)}×; ${same ? "same rows" : `ROWS DIFFER: ${JSON.stringify(sums[0])} vs ${JSON.stringify(sums[1])}`}`,
        );
      }
    }
    if (builds.length > 1)
      console.log(
        `  all ${states.length} states: CPU ${(totals[0]!.cpu / totals[1]!.cpu).toFixed(2)}× (${totals[0]!.cpu.toFixed(1)} s against ${totals[1]!.cpu.toFixed(1)} s), wall ${(totals[0]!.wall / totals[1]!.wall).toFixed(2)}×`,
      );
  } finally {
    if (tree && !("error" in tree)) tree.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}
