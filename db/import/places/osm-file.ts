import type { Client } from "@libsql/client";
import { placeFromOsm } from "./sources/osm-geojson";
import { importDatasetState, type ImportSummary } from "./store";
import type { NearestState, ReadResult } from "./types";
import { geometryCentre } from "./util";
import { readText } from "../../../src/files";

/**
 * Import an OpenStreetMap extract: GeoJSON (.geojson, .geojson.gz, .geojsonseq) or .osm.pbf (converted with
 * Debian's osmium-tool, `osmium export`). Features without addr:state are placed in the state of the
 * nearest city. Idempotent: OSM ids are the source ids.
 */
export const OSM_DATASET = { key: "osm", licence: "ODbL-1.0" } as const;

type Feature = {
  type?: string;
  geometry?: { coordinates?: unknown };
  properties?: Record<string, unknown>;
  id?: string | number;
};

async function* features(path: string): AsyncIterable<Feature> {
  if (path.endsWith(".pbf")) {
    const proc = Bun.spawn(
      [
        "osmium",
        "export",
        path,
        "-f",
        "geojsonseq",
        "--geometry-types=point,polygon",
        "--add-unique-id=type_id",
        "-x",
        "print_record_separator=false",
        "-O",
        "-o",
        "-",
      ],
      {
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of proc.stdout) {
      buffer += decoder.decode(chunk, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer
          .slice(0, nl)
          .replace(/^\u001e/, "")
          .trim();
        buffer = buffer.slice(nl + 1);
        if (line) yield JSON.parse(line) as Feature;
      }
    }
    if ((await proc.exited) !== 0)
      throw new Error(`osmium export failed: ${(await new Response(proc.stderr).text()).trim()}`);
    return;
  }
  const text = await readText(path);
  if (/\.geojsonseq(\.gz)?$/.test(path) || /\.jsonl?(\.gz)?$/.test(path)) {
    for (const line of text.split("\n"))
      if (line.replace(/^\u001e/, "").trim()) yield JSON.parse(line.replace(/^\u001e/, ""));
    return;
  }
  const json = JSON.parse(text) as { features?: Feature[] };
  yield* json.features ?? [];
}

function osmId(feature: Feature, props: Record<string, string>): string | null {
  if (props.osm_type && props.osm_id) return `${props.osm_type}/${props.osm_id}`;
  const id = String(feature.id ?? props["@id"] ?? props.id ?? "");
  // osmium's type_id: "n123", "w45", "a67" (area from way 2n / relation 2n+1 — kept as given)
  const m = id.match(/^([nwra])(\d+)$/);
  if (m) return `${{ n: "node", w: "way", r: "relation", a: "area" }[m[1] as "n"]}/${m[2]}`;
  if (/^(node|way|relation)\/\d+$/.test(id)) return id;
  return null;
}

export async function importOsmFile(
  client: Client,
  nearestState: NearestState,
  path: string,
  options: { onProgress?: (read: number) => void } = {},
): Promise<{ summaries: ImportSummary[]; read: number; skipped: Record<string, number> }> {
  const byState = new Map<string, ReadResult[]>();
  const skipped: Record<string, number> = {};
  let read = 0;
  for await (const feature of features(path)) {
    read++;
    if (read % 10_000 === 0) options.onProgress?.(read);
    const props: Record<string, string> = {};
    for (const [k, v] of Object.entries(feature.properties ?? {}))
      if (typeof v === "string" || typeof v === "number") props[k] = String(v);
    const id = osmId(feature, props);
    if (!id) {
      skipped["no OSM id"] = (skipped["no OSM id"] ?? 0) + 1;
      continue;
    }
    const position = geometryCentre(feature.geometry);
    const fallback = position ? (nearestState(position.latitude, position.longitude) ?? null) : null;
    const result = placeFromOsm(props, position, id, fallback);
    if ("skip" in result) {
      skipped[result.skip] = (skipped[result.skip] ?? 0) + 1;
      continue;
    }
    const list = byState.get(result.stateCode);
    if (list) list.push(result);
    else byState.set(result.stateCode, [result]);
  }
  options.onProgress?.(read);
  const summaries: ImportSummary[] = [];
  for (const [stateCode, rows] of [...byState].sort()) {
    summaries.push(await importDatasetState(client, { ...OSM_DATASET, read: () => rows }, stateCode, { rows }));
  }
  return { summaries, read, skipped };
}
