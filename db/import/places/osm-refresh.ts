import type { Client } from "@libsql/client";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { US_STATES } from "../../../src/domain";
import { downloadFile, type Progress } from "./download";
import { fileLines } from "./lines";
import {
  boxesCoverState,
  checkRefresh,
  countStale,
  parseOsmiumBoxes,
  RefreshRefused,
  withinLimits,
} from "./refresh-guard";
import { recordRefresh, removeStaleRecords } from "./replace";
import { placeFromOsm } from "./sources/osm-geojson";
import { importDatasetState } from "./store";
import type { ImportSummary } from "./summary";
import type { NearestState, ReadResult } from "./types";
import { geometryCentre } from "./util";

/**
 * Operator refresh of one state from a current OpenStreetMap extract (docs/decisions/024-places-operations.md, decision 024):
 * download (or take a local file) → `osmium tags-filter` to the named features of the tags we map →
 * `osmium export` to GeoJSON lines on disk → stream them into the store → remove this source's records
 * of the state that the extract no longer has.
 */

/** Geofabrik's layout: https://download.geofabrik.de/north-america/us/texas-latest.osm.pbf */
export const GEOFABRIK_URL = "https://download.geofabrik.de/north-america/us/{state}-latest.osm.pbf";
export const OSM_SOURCE = { key: "osm", licence: "ODbL-1.0" } as const;

/** `{state}` → "new-york", `{code}` → "ny", `{CODE}` → "NY". */
export function extractUrl(template: string, stateCode: string): string {
  const name = US_STATES[stateCode as keyof typeof US_STATES];
  if (!name) throw new Error(`Unknown state code: ${stateCode}`);
  const slug = name.toLowerCase().replace(/[^a-z]+/g, "-");
  return template
    .replaceAll("{state}", slug)
    .replaceAll("{code}", stateCode.toLowerCase())
    .replaceAll("{CODE}", stateCode);
}

/** The OSM keys categoryFromOsmTags (osm-tags.ts) reads; anything else cannot become a place. */
export const POI_KEYS = ["amenity", "tourism", "leisure", "shop", "historic", "heritage", "ref:nrhp"] as const;

function osmium(args: string[]): Promise<void> {
  if (!Bun.which("osmium"))
    throw new Error("osmium not found: install Debian's osmium-tool (apt-get install osmium-tool)");
  const proc = Bun.spawn(["osmium", ...args], { stdout: "ignore", stderr: "pipe" });
  return proc.exited.then(async (code) => {
    // osmium runs before the refresh writes anything: a file it cannot read changes nothing.
    if (code !== 0)
      throw new RefreshRefused(
        `Refused: osmium ${args[0]} could not read the extract (${(await new Response(proc.stderr).text()).trim()}). Nothing was changed.`,
      );
  });
}

/**
 * The date of the data in an extract: its header's replication timestamp (Geofabrik writes the time of the
 * OpenStreetMap state it was cut from), or null when the header has none.
 */
export async function extractDate(file: string): Promise<string | null> {
  if (!Bun.which("osmium")) return null;
  const proc = Bun.spawn(["osmium", "fileinfo", "-g", "header.option.osmosis_replication_timestamp", file], {
    stdout: "pipe",
    stderr: "ignore",
  });
  const text = (await new Response(proc.stdout).text()).trim();
  return (await proc.exited) === 0 && /^\d{4}-\d{2}-\d{2}T/.test(text) ? text.slice(0, 10) : null;
}

/** The extract's header boxes (Geofabrik writes the area it was cut to); none when the header has none. */
async function extractBoxes(file: string) {
  if (!Bun.which("osmium"))
    throw new Error("osmium not found: install Debian's osmium-tool (apt-get install osmium-tool)");
  const proc = Bun.spawn(["osmium", "fileinfo", "-g", "header.boxes", file], { stdout: "pipe", stderr: "pipe" });
  const text = await new Response(proc.stdout).text();
  if ((await proc.exited) !== 0)
    throw new RefreshRefused(
      `Refused: ${file} is not a readable OpenStreetMap file (${(await new Response(proc.stderr).text()).trim()}). Nothing was changed.`,
    );
  return parseOsmiumBoxes(text);
}

/** `osmium export` options: GeoJSON lines of points and areas, each with its osmium type_id, no record separator. */
export const GEOJSON_LINES_EXPORT = [
  "-f",
  "geojsonseq",
  "--geometry-types=point,polygon",
  "--add-unique-id=type_id",
  "-x",
  "print_record_separator=false",
] as const;

/** Two `tags-filter` passes (POI keys, then `name`): what remains are named POIs and the nodes their ways need. */
export async function filterNamedPois(input: string, output: string, workDir: string): Promise<void> {
  const keyed = join(workDir, "pois.osm.pbf");
  await osmium(["tags-filter", input, ...POI_KEYS.map((k) => `nwr/${k}`), "-o", keyed, "-O"]);
  await osmium(["tags-filter", keyed, "nwr/name", "-o", output, "-O"]);
  rmSync(keyed, { force: true });
}

type Feature = { geometry?: { coordinates?: unknown }; properties?: Record<string, unknown>; id?: string | number };

/** osmium's type_id ("n1", "w2", "a20") → "node/1", "way/2"; an area is way n as 2n, relation n as 2n + 1 (the ids Overpass uses too). */
export function osmId(feature: Feature): string | null {
  const m = String(feature.id ?? "").match(/^([nwra])(\d+)$/);
  if (!m) return null;
  if (m[1] === "a") {
    const area = BigInt(m[2]!);
    return area % 2n === 0n ? `way/${area / 2n}` : `relation/${(area - 1n) / 2n}`;
  }
  return `${{ n: "node", w: "way", r: "relation" }[m[1] as "n"]}/${m[2]}`;
}

/** GeoJSON lines → place records of `stateCode` (others skipped as "outside <state>"). */
async function* placesOfState(
  path: string,
  stateCode: string,
  nearestState: NearestState,
  seen: Set<string>,
  onBytes?: (bytes: number) => void,
): AsyncIterable<ReadResult> {
  for await (const raw of fileLines(path, onBytes)) {
    const line = raw.replace(/^\u001e/, "").trim();
    if (!line) continue;
    let feature: Feature;
    try {
      feature = JSON.parse(line) as Feature;
    } catch {
      throw new RefreshRefused("Refused: the converted extract has a line that is not JSON. Nothing was changed.");
    }
    const id = osmId(feature);
    if (!id) {
      yield { skip: "no OSM id" };
      continue;
    }
    const tags: Record<string, string> = {};
    for (const [k, v] of Object.entries(feature.properties ?? {}))
      if (typeof v === "string" || typeof v === "number") tags[k] = String(v);
    const position = geometryCentre(feature.geometry);
    const fallback = position ? (nearestState(position.latitude, position.longitude) ?? null) : null;
    const result = withinLimits(placeFromOsm(tags, position, id, fallback));
    if ("skip" in result) yield result;
    else if (result.stateCode !== stateCode) yield { skip: `outside ${stateCode}` };
    else {
      seen.add(result.sourceId);
      yield result;
    }
  }
}

export interface RefreshResult {
  summary: ImportSummary;
  deleted: number;
  unlinked: number;
  dataDate: string;
  source: string;
}

export type RefreshStep = "download" | "filter" | "export" | "check" | "import" | "replace";

/**
 * Refresh one state's OpenStreetMap places. `from` is a URL (downloaded to a temporary folder, removed
 * afterwards) or a local .osm.pbf / .osm file.
 */
export async function refreshOsmState(
  client: Client,
  nearestState: NearestState,
  stateCode: string,
  from: string,
  options: {
    onStep?: (step: RefreshStep) => void;
    onProgress?: (step: RefreshStep, done: number, total: number | null) => void;
    workDir?: string;
    /** Remove more than MAX_REMOVAL_SHARE of the state's OSM places if the data says so. */
    force?: boolean;
  } = {},
): Promise<RefreshResult> {
  const workDir = options.workDir ?? mkdtempSync(join(tmpdir(), "localscope-osm-"));
  const ownDir = !options.workDir;
  try {
    let input = from;
    let dataDate: string;
    if (/^https?:\/\//.test(from)) {
      options.onStep?.("download");
      input = join(workDir, "extract.osm.pbf");
      const progress: Progress = (done, total) => options.onProgress?.("download", done, total);
      const { lastModified } = await downloadFile(from, input, { onProgress: progress });
      // The extract's own date first; else the server's Last-Modified; else the day it was fetched (a live
      // download is OpenStreetMap as observed that day).
      dataDate = (await extractDate(input)) ?? new Date(lastModified ?? Date.now()).toISOString().slice(0, 10);
    } else {
      if (!existsSync(from)) throw new Error(`No such file: ${from}`);
      // The extract's own date first; else the day the file was written.
      dataDate = (await extractDate(from)) ?? statSync(from).mtime.toISOString().slice(0, 10);
    }
    if (!(await boxesCoverState(client, stateCode, await extractBoxes(input))))
      throw new RefreshRefused(
        `Refused: the extract's bounding box does not cover ${stateCode} (another state's extract?). Nothing was changed.`,
      );
    options.onStep?.("filter");
    const filtered = join(workDir, "named-pois.osm.pbf");
    await filterNamedPois(input, filtered, workDir);
    if (input !== from) rmSync(input, { force: true });
    options.onStep?.("export");
    const lines = join(workDir, "named-pois.geojsonseq");
    await osmium(["export", filtered, ...GEOJSON_LINES_EXPORT, "-o", lines, "-O"]);
    // Checked before any write: the state's places in the extract, and what the refresh would remove.
    options.onStep?.("check");
    const seen = new Set<string>();
    for await (const _ of placesOfState(lines, stateCode, nearestState, seen));
    const { held, stale } = await countStale(client, OSM_SOURCE.key, stateCode, seen);
    checkRefresh({
      sourceName: "OpenStreetMap",
      stateCode,
      found: seen.size,
      held,
      stale,
      force: Boolean(options.force),
    });
    seen.clear();
    options.onStep?.("import");
    const total = statSync(lines).size;
    const rows = placesOfState(lines, stateCode, nearestState, seen, (bytes) =>
      options.onProgress?.("import", bytes, total),
    );
    const summary = await importDatasetState(
      client,
      { ...OSM_SOURCE, observedAt: dataDate, read: () => rows },
      stateCode,
      { rows },
    );
    options.onStep?.("replace");
    const { deleted, unlinked } = await removeStaleRecords(client, OSM_SOURCE.key, stateCode, seen);
    await recordRefresh(client, OSM_SOURCE.key, stateCode, dataDate, seen.size);
    return { summary, deleted, unlinked, dataDate, source: from };
  } finally {
    if (ownDir) rmSync(workDir, { recursive: true, force: true });
  }
}
