/**
 * Import Overture Maps Places (GeoParquet, CDLA-Permissive-2.0) for one state, replacing earlier Overture rows:
 *   bun scripts/import-overture.ts --state TX FILE|URL [--min-confidence 0.6] [--release 2025-10-22]
 * FILE/URL: a Places GeoParquet file covering the state (e.g. written by `overturemaps download --bbox=… -f
 * geoparquet --type=place`). Defaults to OVERTURE_PLACES_URL with {state}/{code}/{CODE} filled in.
 * Uses DATABASE_URL like the server (decision 024).
 */
import { progressBar, progressPrinter } from "../db/import/places/download";
import { extractUrl } from "../db/import/places/osm-refresh";
import { DEFAULT_MIN_CONFIDENCE, importOvertureState } from "../db/import/places/overture";
import { formatSummary } from "../db/import/places/store";
import { bootServices } from "../src/boot";
import { ConfigError, loadConfig } from "../src/config";
import { US_STATES } from "../src/domain";

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const usage = "Usage: npm run import:overture -- --state TX FILE|URL [--min-confidence 0.6] [--release YYYY-MM-DD]";
const stateCode = option("--state")?.toUpperCase();
if (!stateCode || !US_STATES[stateCode]) {
  console.error(`--state needs a two-letter US state code (e.g. TX)\n${usage}`);
  process.exit(2);
}
const valueAt = new Set(["--state", "--min-confidence", "--release"].map((o) => args.indexOf(o) + 1).filter((i) => i > 0));
const positional = args.filter((a, i) => !a.startsWith("--") && !valueAt.has(i));
const minConfidence = option("--min-confidence") === undefined ? DEFAULT_MIN_CONFIDENCE : Number(option("--min-confidence"));
if (!Number.isFinite(minConfidence) || minConfidence < 0 || minConfidence > 1) {
  console.error(`--min-confidence must be a number from 0 to 1\n${usage}`);
  process.exit(2);
}
const release = option("--release");
if (release !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(release)) {
  console.error(`--release must be a date like 2025-10-22\n${usage}`);
  process.exit(2);
}
let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const from = positional[0] ?? (config.OVERTURE_PLACES_URL ? extractUrl(config.OVERTURE_PLACES_URL, stateCode) : undefined);
if (!from) {
  console.error(`Give a GeoParquet file or URL, or set OVERTURE_PLACES_URL\n${usage}`);
  process.exit(2);
}
const log = { info: console.log, warn: console.warn, error: console.error };
const { database, cityIndex } = await bootServices({ ...config, PLACES_BACKGROUND_IMPORT: "off" }, log);
const bar = progressPrinter((t) => process.stdout.write(t), Boolean(process.stdout.isTTY));
const n = (x: number) => x.toLocaleString("en-US");
try {
  const started = performance.now();
  const result = await importOvertureState(database.client, cityIndex.nearestState, stateCode, from, {
    minConfidence,
    release,
    onStep: (step) => {
      bar.done();
      if (step === "replace") console.log("Removing places gone from Overture…");
    },
    onProgress: (step, done, total) =>
      bar.update(step === "download" ? progressBar("Download", done, total) : progressBar("Import  ", done, total, "rows"), total ? done / total : null),
  });
  bar.done();
  console.log(formatSummary(result.summary));
  console.log(
    `Overture ${stateCode} (release ${result.release}, confidence ≥ ${minConfidence}): ${n(result.summary.inserted)} new, ${n(result.summary.updated)} updated, ` +
      `${n(result.summary.merged)} merged, ${n(result.deleted)} removed (gone from Overture), ${n(result.unlinked)} kept from other sources, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  bar.done();
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  database.close();
}
