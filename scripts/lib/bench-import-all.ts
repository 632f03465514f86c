/**
 * `npm run bench:import -- --all [--baseline REV]`: the whole first background import of every state, as a
 * server's first start runs it (./import-all-run.ts in a child process, on a copy of the test templates'
 * base.db), for this build and, with `--baseline REV`, for REV in the same run. Prints each build's wall time,
 * CPU time (the process and its split jobs), peak RSS of the process tree (sampled every 100 ms) and the ratios
 * against the baseline; then compares what the two wrote, state by state (places and a checksum of their rows
 * and source links, ./places-checksum.ts): a faster import must write the same rows.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../db/client";
import { testTemplate } from "../../db/testing-template";
import { placesChecksum } from "./places-checksum";
import { treeRss } from "./proc-memory";
import { checkoutTree, root } from "./server";

interface Run {
  label: string;
  seconds: number;
  cpuSeconds: number;
  peakMB: number;
  states: Map<string, { places: number; checksum: string }>;
  totals: string;
}

async function run(label: string, tree: string): Promise<Run> {
  const base = testTemplate("base");
  if (!base)
    throw new Error("bench-import --all needs base.db (bun scripts/test-template.ts .tmp/test-templates --base-only)");
  const dir = mkdtempSync(join(tmpdir(), "localscope-bench-import-all-"));
  const file = join(dir, "bench.db");
  copyFileSync(base, file);
  // The runner of this build, also in an older tree (which may not have it).
  if (tree !== root)
    copyFileSync(join(root, "scripts/lib/import-all-run.ts"), join(tree, "scripts/lib/import-all-run.ts"));
  try {
    const proc = Bun.spawn([join(root, "node_modules/.bin/bun"), "scripts/lib/import-all-run.ts", file], {
      cwd: tree,
      stdout: "pipe",
      stderr: "pipe",
      env: { ...process.env, NODE_ENV: "production" },
    });
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, treeRss(proc.pid))), 100);
    const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
    await proc.exited;
    clearInterval(sampler);
    const last = out.trim().split("\n").pop() ?? "";
    if (proc.exitCode !== 0 || !last.startsWith("{"))
      throw new Error(`${label}: the import failed (${proc.exitCode}): ${(err || out).slice(-800)}`);
    const result = JSON.parse(last) as { seconds: number; peakMB: number };
    const usage = proc.resourceUsage();
    const cpuSeconds = usage ? Number(usage.cpuTime.user + usage.cpuTime.system) / 1e6 : Number.NaN;
    const database = await openDatabase(`file:${file}`);
    const states = await placesChecksum(database.client);
    const count = async (table: string) =>
      Number((await database.client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
    const totals = `places ${await count("places")}, source links ${await count("place_sources")}, title index ${await count("places_fts")}, R*Tree ${await count("places_rtree")}`;
    database.close();
    return { label, seconds: result.seconds, cpuSeconds, peakMB: Math.max(peak, result.peakMB), states, totals };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `together`: both builds at once (half the wall time of the bench; each build's own wall time then doubles). */
export async function benchImportAll(baselineRev: string, together = false) {
  const tree = baselineRev === "none" ? undefined : checkoutTree(baselineRev);
  if (tree && "error" in tree) console.log(`baseline ${baselineRev} not measured: ${tree.error}`);
  const baselineTree = tree && !("error" in tree) ? tree : undefined;
  let results: Run[];
  try {
    const mine = () => run("this build", root);
    const theirs = () => (baselineTree ? run(`baseline ${baselineRev}`, baselineTree.dir) : Promise.resolve(undefined));
    const both = together ? await Promise.all([mine(), theirs()]) : [await mine(), await theirs()];
    results = both.filter((r): r is Run => r !== undefined);
  } finally {
    baselineTree?.remove();
  }
  console.log(
    `machine: ${navigator.hardwareConcurrency} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} at the end (other work on the machine slows both builds alike; CPU time moves less with it)`,
  );
  console.log(
    `bench-import --all: the first background import of every state (all splits, then every state)${together ? "; both builds at once" : ""}`,
  );
  const [current, baseline] = results;
  for (const r of results) {
    console.log(
      `  ${r.label.padEnd(22)} ${r.seconds.toFixed(1).padStart(7)} s wall  ${r.cpuSeconds.toFixed(1).padStart(7)} s CPU  peak RSS ${r.peakMB.toFixed(0).padStart(4)} MB (process tree)  ${r.states.size} states; ${r.totals}`,
    );
  }
  if (current && baseline) {
    console.log(
      `  ratio this/baseline     wall ${(current.seconds / baseline.seconds).toFixed(2)}×  CPU ${(current.cpuSeconds / baseline.cpuSeconds).toFixed(2)}×  peak ${(current.peakMB / baseline.peakMB).toFixed(2)}×`,
    );
    const differ = [...new Set([...current.states.keys(), ...baseline.states.keys()])].filter(
      (code) => JSON.stringify(current.states.get(code)) !== JSON.stringify(baseline.states.get(code)),
    );
    console.log(
      differ.length
        ? `  rows differ in ${differ.length} states: ${differ.map((c) => `${c} ${JSON.stringify(current.states.get(c))} vs ${JSON.stringify(baseline.states.get(c))}`).join("; ")}`
        : `  same rows: every state's place count and checksum match the baseline's (${current.totals})`,
    );
  }
  console.log(
    `  targets: every state in ≤ 120 s ${current && current.seconds <= 120 ? "met" : "NOT met"}; peak RSS ≤ 512 MB ${current && current.peakMB <= 512 ? "met" : "NOT met"}`,
  );
}
