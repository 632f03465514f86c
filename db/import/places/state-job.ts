/**
 * Child process of the state loader (decision 024): import one state's places into the database, then
 * exit, so the memory the parse and the writes took goes back to the system instead of staying in the
 * server. Reads the background run's per-state splits when SPLITS_DIR has them.
 *   DATABASE_URL=… [DATABASE_AUTH_TOKEN=…] [SPLITS_DIR=…] bun db/import/places/state-job.ts ST
 * Writes JSON lines: {"log": "..."}, {"fraction": 0.4}, and last {"imported": n} (datasets that ran).
 */
import { existsSync } from "node:fs";
import { openDatabase } from "../../client";
import { importState } from ".";
import { sliceRows } from "./presplit";

const stateCode = process.argv[2];
const url = process.env.DATABASE_URL;
if (!stateCode || !url) {
  console.error("Usage: DATABASE_URL=… bun db/import/places/state-job.ts ST");
  process.exit(2);
}
const splits = process.env.SPLITS_DIR;
const out = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const database = await openDatabase(url, process.env.DATABASE_AUTH_TOKEN || undefined);
try {
  const summaries = await importState(
    database.client,
    stateCode,
    (line) => out({ log: line }),
    (fraction) => out({ fraction }),
    splits && existsSync(splits) ? (key, code) => sliceRows(splits, key, code) : undefined,
  );
  out({ imported: summaries.length });
} finally {
  database.close();
}
