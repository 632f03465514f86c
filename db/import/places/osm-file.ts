import type { Client } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bumpDataVersion } from "../../data-version";
import { geojsonFeatures, type StreamedFeature } from "./geojson-stream";
import { fileLines, streamLines } from "./lines";
import { GEOJSON_LINES_EXPORT } from "./osm-refresh";
import { withinLimits } from "./refresh-guard";
import { placeFromOsm } from "./sources/osm-geojson";
import { importDatasetState } from "./store";
import type { ImportSummary } from "./summary";
import type { NearestState, ReadResult } from "./types";
import { geometryCentre } from "./util";
import { US_STATES } from "../../../src/domain";

/**
 * Import an OpenStreetMap extract: GeoJSON (.geojson, .geojson.gz, .geojsonseq) or .osm.pbf (converted with
 * Debian's osmium-tool, `osmium export`). Features without addr:state are placed in the state of the
 * nearest city. Idempotent: OSM ids are the source ids. Nothing is removed (that is the --state refresh).
 * Constant memory: the file is streamed, each state's records go to a temporary file of their own, and the
 * states are imported one after another from those files.
 */
export const OSM_DATASET = { key: "osm", licence: "ODbL-1.0" } as const;

async function* pbfFeatures(path: string): AsyncIterable<StreamedFeature> {
  const proc = Bun.spawn(["osmium", "export", path, ...GEOJSON_LINES_EXPORT, "-O", "-o", "-"], {
    stdout: "pipe",
    stderr: "pipe",
  });
  for await (const raw of streamLines(proc.stdout)) {
    const line = raw.replace(/^\u001e/, "").trim();
    if (line) yield JSON.parse(line) as Record<string, unknown>;
  }
  if ((await proc.exited) !== 0)
    throw new Error(`osmium export failed: ${(await new Response(proc.stderr).text()).trim()}`);
}

type Feature = { geometry?: { coordinates?: unknown }; properties?: Record<string, unknown>; id?: string | number };

function osmId(feature: Feature, props: Record<string, string>): string | null {
  if (props.osm_type && props.osm_id) return `${props.osm_type}/${props.osm_id}`;
  const id = String(feature.id ?? props["@id"] ?? props.id ?? "");
  // osmium's type_id: "n123", "w45", "a67" (area from way 2n / relation 2n+1 — kept as given)
  const m = id.match(/^([nwra])(\d+)$/);
  if (m) return `${{ n: "node", w: "way", r: "relation", a: "area" }[m[1] as "n"]}/${m[2]}`;
  if (/^(node|way|relation)\/\d+$/.test(id)) return id;
  return null;
}

/** One streamed feature → a place record within the length limits (or why not). */
function placeOf(raw: StreamedFeature, nearestState: NearestState): ReadResult {
  if ("tooLarge" in raw) return { skip: "feature too large" };
  const feature = raw as Feature;
  const props: Record<string, string> = {};
  for (const [k, v] of Object.entries(feature.properties ?? {}))
    if (typeof v === "string" || typeof v === "number") props[k] = String(v);
  const id = osmId(feature, props);
  if (!id) return { skip: "no OSM id" };
  const position = geometryCentre(feature.geometry);
  const fallback = position ? (nearestState(position.latitude, position.longitude) ?? null) : null;
  const place = withinLimits(placeFromOsm(props, position, id, fallback));
  return "skip" in place || US_STATES[place.stateCode] ? place : { skip: "not a US state" };
}

async function* spooled(path: string): AsyncIterable<ReadResult> {
  for await (const line of fileLines(path)) if (line) yield JSON.parse(line) as ReadResult;
}

export async function importOsmFile(
  client: Client,
  nearestState: NearestState,
  path: string,
  options: { onProgress?: (read: number) => void } = {},
): Promise<{ summaries: ImportSummary[]; read: number; skipped: Record<string, number> }> {
  const workDir = mkdtempSync(join(tmpdir(), "localscope-osm-file-"));
  const spools = new Map<string, { path: string; writer: ReturnType<ReturnType<typeof Bun.file>["writer"]> }>();
  const skipped: Record<string, number> = {};
  let read = 0;
  try {
    const features = path.endsWith(".pbf") ? pbfFeatures(path) : geojsonFeatures(path);
    for await (const raw of features) {
      read++;
      if (read % 10_000 === 0) options.onProgress?.(read);
      const result = placeOf(raw, nearestState);
      if ("skip" in result) {
        skipped[result.skip] = (skipped[result.skip] ?? 0) + 1;
        continue;
      }
      let spool = spools.get(result.stateCode);
      if (!spool) {
        const file = join(workDir, `${result.stateCode.replace(/[^A-Z]/g, "_")}.jsonl`);
        spool = { path: file, writer: Bun.file(file).writer() };
        spools.set(result.stateCode, spool);
      }
      spool.writer.write(`${JSON.stringify(result)}\n`);
    }
    options.onProgress?.(read);
    for (const spool of spools.values()) await spool.writer.end();
    const summaries: ImportSummary[] = [];
    for (const [stateCode, spool] of [...spools].sort((a, b) => a[0].localeCompare(b[0]))) {
      const rows = spooled(spool.path);
      summaries.push(await importDatasetState(client, { ...OSM_DATASET, read: () => rows }, stateCode, { rows }));
      await bumpDataVersion(client, stateCode);
    }
    return { summaries, read, skipped };
  } finally {
    for (const spool of spools.values()) await Promise.resolve(spool.writer.end()).catch(() => {});
    rmSync(workDir, { recursive: true, force: true });
  }
}
