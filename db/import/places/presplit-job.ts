/**
 * Child process of the background run (decision 024): split nationwide datasets per state, one after another,
 * then exit, so the memory their parsed files took goes back to the system instead of staying in the server.
 * One process for every dataset (docs/decisions/067-a-faster-first-import.md): a start per dataset cost more
 * than the smaller ones' splits.
 *   bun db/import/places/presplit-job.ts DIR '[{"key": DATASET_KEY, "states": ["ST", …]}, …]'
 * Prints one JSON line per dataset as it is done: {"key", "rows", "seconds"} or {"key", "error"}.
 */
import { DATASETS } from ".";
import { writeSplits } from "./presplit";
import { lowerThreadPriority } from "../../thread-priority";

// A server's split gives way to its requests (docs/decisions/075-a-first-import-on-both-cores.md).
if (process.env.LOCALSCOPE_SPLIT_LOW_PRIORITY === "1") lowerThreadPriority();

const [dir, spec] = process.argv.slice(2);
const jobs = spec ? (JSON.parse(spec) as Array<{ key: string; states: string[] }>) : [];
if (!dir || !jobs.length) {
  console.error(`Usage: presplit-job.ts DIR '[{"key": DATASET_KEY, "states": ["ST", …]}, …]'`);
  process.exit(2);
}
for (const { key, states } of jobs) {
  const dataset = DATASETS.find((d) => d.key === key);
  const started = performance.now();
  try {
    if (!dataset) throw new Error(`unknown dataset "${key}"`);
    const rows = await writeSplits(dir, dataset, states);
    console.log(JSON.stringify({ key, rows, seconds: (performance.now() - started) / 1000 }));
  } catch (error) {
    console.log(JSON.stringify({ key, error: error instanceof Error ? error.message : String(error) }));
  }
  // The dataset's parsed rows are garbage now: hand them back before the next one.
  Bun.gc(true);
}
