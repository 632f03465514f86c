/**
 * Import OpenStreetMap data into the places store.
 *   bun scripts/import-osm.ts --state TX [FILE|URL] [--force]   refresh one state: download its current extract
 *        (OSM_EXTRACT_URL, Geofabrik's layout by default) or read FILE, keep named POIs (osmium tags-filter),
 *        import, and remove this source's places of the state that are gone from OSM (decision 024). Refused,
 *        with nothing changed, when the extract has no place of the state, its box does not cover the state, or
 *        it would remove more than a fifth of the state's OSM places (`--force` allows that; decision 053).
 *   bun scripts/import-osm.ts --all | --states TX,NM [--force]   every state (or those named) in turn, each
 *        from its extract URL: one bar for the run and one for the state, a summary table at the end;
 *        an interrupted run resumes where it stopped when started again with the same states.
 *   bun scripts/import-osm.ts FILE [FILE …]           add/update from files (.geojson, .geojson.gz, .geojsonseq,
 *        .osm.pbf); nothing is removed.
 * .osm.pbf needs Debian's osmium-tool (`apt-get install osmium-tool`). Uses DATABASE_URL like the server.
 */
import { existsSync } from "node:fs";
import { progressBar, progressPrinter } from "../db/import/places/download";
import { importOsmFile } from "../db/import/places/osm-file";
import { extractUrl, GEOFABRIK_URL, refreshOsmState, type RefreshStep } from "../db/import/places/osm-refresh";
import { endRun, resumeRun, runBar, saveRun, summaryTable, type StateOutcome } from "../db/import/places/refresh-run";
import { formatSummary } from "../db/import/places/summary";
import { US_STATES } from "../src/domain";
import { bootForImport, importArgs, importConfig, runImport } from "./lib/import-cli";

const cli = importArgs(
  "Usage: npm run import:osm -- --state TX [FILE|URL] [--force]   or   --all | --states TX,NM [--force]   or   FILE [FILE …]",
  ["--state", "--states"],
);
const stateCode = cli.state(false);
/** Remove more than a fifth of a state's OpenStreetMap places when the new extract says so. */
const force = process.argv.includes("--force");
const many = process.argv.includes("--all")
  ? Object.keys(US_STATES).sort()
  : cli.option("--states") !== undefined
    ? [
        ...new Set(
          cli
            .option("--states")!
            .toUpperCase()
            .split(/[\s,]+/)
            .filter(Boolean),
        ),
      ]
    : null;
if (many?.some((st) => !US_STATES[st]))
  cli.fail(`--states takes two-letter US state codes (e.g. TX,NM), got "${cli.option("--states")}"`);
if (many && (stateCode || cli.positional.length)) cli.fail("--all/--states take no --state and no file");
const files = cli.positional;
if (!stateCode && !many && files.length === 0) cli.fail("");
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
const template = config.OSM_EXTRACT_URL ?? GEOFABRIK_URL;

/** Refresh one state; `prefix` is the run's bar when several states run. */
async function refreshState(code: string, from: string, prefix = "") {
  const started = performance.now();
  const labels: Record<RefreshStep, string> = {
    download: `Downloading ${from}`,
    filter: "Filtering to named places (osmium tags-filter)…",
    export: "Converting to GeoJSON (osmium export)…",
    check: "Checking the extract against the places of the state…",
    import: `Importing ${code}`,
    replace: "Removing places gone from OpenStreetMap…",
  };
  const result = await refreshOsmState(database.client, cityIndex.nearestState, code, from, {
    force,
    onStep: (step) => {
      bar.done();
      if (step !== "download" && step !== "import") console.log(`${prefix}${labels[step]}`);
    },
    onProgress: (step, done, total) =>
      bar.update(
        `${prefix}${progressBar(step === "download" ? "Download" : "Import  ", done, total)}`,
        total ? done / total : null,
      ),
  });
  bar.done();
  console.log(formatSummary(result.summary));
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `OpenStreetMap ${code} (data of ${result.dataDate}): ${n(result.summary.inserted)} new, ${n(result.summary.updated)} updated, ` +
      `${n(result.summary.merged)} merged, ${n(result.deleted)} removed (gone from OSM), ${n(result.unlinked)} kept from other sources, in ${seconds.toFixed(1)} s`,
  );
  return { result, seconds };
}

/** Every state of the list in turn; each finished state is recorded, so a new run with the same list resumes. */
async function refreshMany(states: string[]) {
  const outcomes = await resumeRun(database.client, "osm", states);
  if (outcomes.length) console.log(`Resuming: ${outcomes.length} of ${states.length} states already done`);
  const done = new Set(outcomes.map((o) => o.stateCode));
  for (const code of states) {
    if (done.has(code)) continue;
    const position = outcomes.length;
    console.log(runBar(position, states.length, `${code} (${US_STATES[code]})`));
    const started = performance.now();
    try {
      const { result } = await refreshState(code, extractUrl(template, code), `${code} `);
      outcomes.push({
        stateCode: code,
        added: result.summary.inserted,
        replaced: result.summary.updated + result.summary.merged,
        removed: result.deleted + result.unlinked,
        seconds: (performance.now() - started) / 1000,
      });
    } catch (error) {
      bar.done();
      const message = error instanceof Error ? error.message : String(error);
      console.error(`${code}: ${message}`);
      outcomes.push({
        stateCode: code,
        added: 0,
        replaced: 0,
        removed: 0,
        seconds: (performance.now() - started) / 1000,
        error: message.split(/[.:]/)[0]!.slice(0, 40),
      });
    }
    await saveRun(database.client, "osm", states, outcomes);
  }
  console.log(runBar(states.length, states.length, null));
  console.log(summaryTable(outcomes));
  await endRun(database.client, "osm");
  if (outcomes.some((o) => o.error)) throw new Error("Some states were not refreshed (see above); run again for them.");
}

await runImport(database, bar, async () => {
  if (many) await refreshMany(many);
  else if (stateCode) await refreshState(stateCode, files[0] ?? extractUrl(template, stateCode));
  else {
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
