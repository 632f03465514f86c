/**
 * Import an OpenStreetMap extract into the places store:
 *   bun scripts/import-osm.ts FILE [FILE …]     (.geojson, .geojson.gz, .geojsonseq, .osm.pbf)
 * .osm.pbf needs Debian's osmium-tool (`apt-get install osmium-tool`). Uses DATABASE_URL like the server.
 * Re-running with the same file updates places and never duplicates them.
 */
import { existsSync } from "node:fs";
import { importOsmFile } from "../db/import/places/osm-file";
import { formatSummary } from "../db/import/places/store";
import { bootServices } from "../src/boot";
import { ConfigError, loadConfig } from "../src/config";

const files = process.argv.slice(2).filter((a) => !a.startsWith("-"));
if (files.length === 0) {
  console.error("Usage: bun scripts/import-osm.ts FILE [FILE …]  (.geojson, .geojson.gz, .geojsonseq or .osm.pbf)");
  process.exit(2);
}
for (const file of files) {
  if (!existsSync(file)) {
    console.error(`No such file: ${file}`);
    process.exit(2);
  }
}
let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const log = { info: console.log, warn: console.warn, error: console.error };
const { database, cityIndex } = await bootServices(config, log);
const tty = process.stdout.isTTY;
for (const file of files) {
  const started = performance.now();
  const progress = (read: number) => {
    const line = `${file}: ${read.toLocaleString("en-US")} features read`;
    if (tty) process.stdout.write(`\r${line}`);
    else console.log(line);
  };
  const { summaries, read, skipped } = await importOsmFile(database.client, cityIndex.nearestState, file, { onProgress: progress });
  if (tty) process.stdout.write("\n");
  for (const s of summaries) console.log(formatSummary(s));
  const reasons = Object.entries(skipped).sort((a, b) => b[1] - a[1]).map(([r, n]) => `${n.toLocaleString("en-US")} ${r}`).join(", ");
  const imported = summaries.reduce((n, s) => n + s.inserted, 0);
  const merged = summaries.reduce((n, s) => n + s.merged, 0);
  const updated = summaries.reduce((n, s) => n + s.updated, 0);
  console.log(
    `${file}: read ${read.toLocaleString("en-US")}, imported ${imported.toLocaleString("en-US")} new, merged ${merged}, updated ${updated}` +
      (reasons ? `, skipped ${Object.values(skipped).reduce((a, b) => a + b, 0).toLocaleString("en-US")} (${reasons})` : "") +
      ` in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
database.close();
