/**
 * Import Overture Maps Places (GeoParquet, CDLA-Permissive-2.0) for one state, replacing earlier Overture rows:
 *   bun scripts/import-overture.ts --state TX FILE|URL [--min-confidence 0.6] [--release 2025-10-22]
 * FILE/URL: a Places GeoParquet file covering the state (e.g. written by `overturemaps download --bbox=… -f
 * geoparquet --type=place`). Defaults to OVERTURE_PLACES_URL with {state}/{code}/{CODE} filled in; with neither,
 * prints the exact download command for the state (its box from the cities we ship).
 * Uses DATABASE_URL like the server (decision 024).
 */
import { progressBar, progressPrinter } from "../db/import/places/download";
import { extractUrl } from "../db/import/places/osm-refresh";
import {
  DEFAULT_MIN_CONFIDENCE,
  importOvertureState,
  overtureDownloadCommand,
  releaseFromPath,
} from "../db/import/places/overture";
import { formatSummary } from "../db/import/places/summary";
import { bootForImport, importArgs, importConfig, runImport } from "./lib/import-cli";

const cli = importArgs(
  "Usage: npm run import:overture -- --state TX FILE|URL [--min-confidence 0.6] [--release YYYY-MM-DD] [--force]",
  ["--state", "--min-confidence", "--release"],
);
const stateCode = cli.state(true)!;
const minConfidence =
  cli.option("--min-confidence") === undefined ? DEFAULT_MIN_CONFIDENCE : Number(cli.option("--min-confidence"));
if (!Number.isFinite(minConfidence) || minConfidence < 0 || minConfidence > 1)
  cli.fail("--min-confidence must be a number from 0 to 1");
const release = cli.option("--release");
if (release !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(release)) cli.fail("--release must be a date like 2025-10-22");
const config = importConfig();
const from =
  cli.positional[0] ?? (config.OVERTURE_PLACES_URL ? extractUrl(config.OVERTURE_PLACES_URL, stateCode) : undefined);
// Every refreshed place carries its data's date: a file whose path names no release must say which it is.
if (from && !release && !releaseFromPath(from))
  cli.fail("Say which Overture release this file is, e.g. --release 2025-10-22 (its path names none)");
const { database, cityIndex } = await bootForImport(config);
if (!from) {
  // No file: the exact command that downloads this state's places (Overture's own CLI, pip install overturemaps).
  const command = await overtureDownloadCommand(database.client, stateCode);
  database.close();
  console.error(
    `Give a GeoParquet file or URL (or set OVERTURE_PLACES_URL). To download ${stateCode}'s places:\n  ${command}\n` +
      `then: npm run import:overture -- --state ${stateCode} places-${stateCode.toLowerCase()}.parquet --release YYYY-MM-DD (the release it downloaded)`,
  );
  process.exit(2);
}
const bar = progressPrinter((t) => process.stdout.write(t), Boolean(process.stdout.isTTY));
const n = (x: number) => x.toLocaleString("en-US");
await runImport(database, bar, async () => {
  const started = performance.now();
  const result = await importOvertureState(database.client, cityIndex.nearestState, stateCode, from, {
    minConfidence,
    release,
    force: process.argv.includes("--force"),
    onStep: (step) => {
      bar.done();
      if (step === "replace") console.log("Removing places gone from Overture…");
    },
    onProgress: (step, done, total) =>
      bar.update(
        step === "download" ? progressBar("Download", done, total) : progressBar("Import  ", done, total, "rows"),
        total ? done / total : null,
      ),
  });
  bar.done();
  console.log(formatSummary(result.summary));
  console.log(
    `Overture ${stateCode} (release ${result.release}, confidence ≥ ${minConfidence}): ${n(result.summary.inserted)} new, ${n(result.summary.updated)} updated, ` +
      `${n(result.summary.merged)} merged, ${n(result.deleted)} removed (gone from Overture), ${n(result.unlinked)} kept from other sources, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
});
