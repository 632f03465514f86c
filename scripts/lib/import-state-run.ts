/**
 * One state's import as the background run does it (its datasets, the nationwide ones from per-state splits), in
 * the tree this file is in; for scripts/bench-import.ts `--states`, which copies it into an older tree to measure
 * that build the same way.
 *   bun scripts/lib/import-state-run.ts DATABASE_FILE STATE [SPLITS_DIR]
 * With SPLITS_DIR and no STATE's slices there yet, splits every nationwide dataset for the comma-separated states
 * of STATE first and exits (the split is timed apart). Else imports STATE and prints one JSON line:
 * {"seconds", "cpuSeconds", "peakMB", "phases": {dataset: CPU s}}.
 */
import { readFileSync } from "node:fs";
import { openDatabase } from "../../db/client";
import { DATASETS, importState } from "../../db/import/places";
import { sliceRows, writeSplits } from "../../db/import/places/presplit";

const [file, stateArg, splits] = process.argv.slice(2);
if (!file || !stateArg) {
  console.error("Usage: bun scripts/lib/import-state-run.ts DATABASE_FILE STATE [SPLITS_DIR] [--split]");
  process.exit(2);
}
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

if (process.argv.includes("--split")) {
  for (const dataset of DATASETS.filter((d) => d.states === "all")) {
    await writeSplits(splits!, dataset, stateArg.split(","));
    Bun.gc(true);
  }
  process.exit(0);
}

const database = await openDatabase(`file:${file}`);
const phases: Record<string, number> = {};
let lap = cpu();
const began = performance.now();
const startCpu = cpu();
await importState(
  database.client,
  stateArg,
  (line) => {
    // Each dataset's summary line starts with its key.
    const now = cpu();
    phases[line.split(" ")[0]!] = Number((now - lap).toFixed(2));
    lap = now;
  },
  undefined,
  splits ? (key, code) => sliceRows(splits, key, code) : undefined,
);
const seconds = (performance.now() - began) / 1000;
const cpuSeconds = cpu() - startCpu;
database.close();
const peakMB = Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) / 1024;
console.log(JSON.stringify({ seconds, cpuSeconds, peakMB, phases }));
