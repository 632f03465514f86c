/**
 * Child process of the background run (decision 024): split one nationwide dataset per state, then exit,
 * so the memory its parsed file took goes back to the system instead of staying in the server.
 *   bun db/import/places/presplit-job.ts DIR DATASET_KEY ST,ST,…
 * Prints one JSON line: {"rows": n}.
 */
import { DATASETS } from ".";
import { writeSplits } from "./presplit";

const [dir, key, states] = process.argv.slice(2);
const dataset = DATASETS.find((d) => d.key === key);
if (!dir || !dataset || !states) {
  console.error(`Usage: presplit-job.ts DIR DATASET_KEY ST,ST,… (unknown dataset "${key ?? ""}")`);
  process.exit(2);
}
const rows = await writeSplits(dir, dataset, states.split(","));
console.log(JSON.stringify({ rows }));
