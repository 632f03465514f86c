/**
 * Import OpenStreetMap data into the places store.
 *   bun scripts/import-osm.ts --state TX [FILE|URL]   refresh one state: download its current extract
 *        (OSM_EXTRACT_URL, Geofabrik's layout by default) or read FILE, keep named POIs (osmium tags-filter),
 *        import, and remove this source's places of the state that are gone from OSM (decision 024). Refused,
 *        with nothing changed, when the extract has no place of the state, its box does not cover the state, or
 *        it would remove more than a fifth of the state's OSM places (`--force` allows that; decision 053).
 *   bun scripts/import-osm.ts FILE [FILE …]           add/update from files (.geojson, .geojson.gz, .geojsonseq,
 *        .osm.pbf); nothing is removed.
 * .osm.pbf needs Debian's osmium-tool (`apt-get install osmium-tool`). Uses DATABASE_URL like the server.
 */
import { existsSync } from "node:fs";
import { progressBar, progressPrinter } from "../db/import/places/download";
import { importOsmFile } from "../db/import/places/osm-file";
import { extractUrl, GEOFABRIK_URL, refreshOsmState, type RefreshStep } from "../db/import/places/osm-refresh";
import { formatSummary } from "../db/import/places/store";
import { bootForImport, importArgs, importConfig, runImport } from "./lib/import-cli";

const cli = importArgs(
  "Usage: npm run import:osm -- --state TX [FILE|URL] [--force]   or   npm run import:osm -- FILE [FILE …]",
  ["--state"],
);
const stateCode = cli.state(false);
/** Remove more than a fifth of the state's OpenStreetMap places when the new extract says so. */
const force = process.argv.includes("--force");
const files = cli.positional;
if (!stateCode && files.length === 0) cli.fail("");
for (const file of files) {
  if (!/^https?:\/\//.test(file) && !existsSync(file)) {
    console.error(`No such file: ${file}`);
    process.exit(2);
  }
}
const config = importConfig();
const { database, cityIndex } = await bootForImport(config);
const tty = Boolean(process.stdout.isTTY);
const bar = progressPrinter((t) => process.stdout.write(t), tty);
const n = (x: number) => x.toLocaleString("en-US");

await runImport(database, bar, async () => {
  if (stateCode) {
    const from = files[0] ?? extractUrl(config.OSM_EXTRACT_URL ?? GEOFABRIK_URL, stateCode);
    const started = performance.now();
    const labels: Record<RefreshStep, string> = {
      download: `Downloading ${from}`,
      filter: "Filtering to named places (osmium tags-filter)…",
      export: "Converting to GeoJSON (osmium export)…",
      check: "Checking the extract against the places of the state…",
      import: `Importing ${stateCode}`,
      replace: "Removing places gone from OpenStreetMap…",
    };
    const result = await refreshOsmState(database.client, cityIndex.nearestState, stateCode, from, {
      force,
      onStep: (step) => {
        bar.done();
        if (step !== "download" && step !== "import") console.log(labels[step]);
      },
      onProgress: (step, done, total) =>
        bar.update(
          progressBar(step === "download" ? "Download" : "Import  ", done, total),
          total ? done / total : null,
        ),
    });
    bar.done();
    console.log(formatSummary(result.summary));
    console.log(
      `OpenStreetMap ${stateCode} (data of ${result.dataDate}): ${n(result.summary.inserted)} new, ${n(result.summary.updated)} updated, ` +
        `${n(result.summary.merged)} merged, ${n(result.deleted)} removed (gone from OSM), ${n(result.unlinked)} kept from other sources, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } else {
    for (const file of files) {
      const started = performance.now();
      const { summaries, read, skipped } = await importOsmFile(database.client, cityIndex.nearestState, file, {
        onProgress: (count) => bar.update(progressBar(`${file}:`, count, null, "rows"), null),
      });
      bar.done();
      for (const s of summaries) console.log(formatSummary(s));
      const reasons = Object.entries(skipped)
        .sort((a, b) => b[1] - a[1])
        .map(([r, c]) => `${n(c)} ${r}`)
        .join(", ");
      const sum = (k: "inserted" | "merged" | "updated") => summaries.reduce((t, s) => t + s[k], 0);
      console.log(
        `${file}: read ${n(read)}, imported ${n(sum("inserted"))} new, merged ${sum("merged")}, updated ${sum("updated")}` +
          (reasons ? `, skipped ${n(Object.values(skipped).reduce((a, b) => a + b, 0))} (${reasons})` : "") +
          ` in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  }
});
