import { DuckDBBlobValue, DuckDBInstance } from "@duckdb/node-api";
import type { Client } from "@libsql/client";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { downloadFile } from "./download";
import { checkRefresh, countStale, withinLimits } from "./refresh-guard";
import { recordRefresh, removeStaleRecords } from "./replace";
import { importDatasetState } from "./store";
import type { ImportSummary } from "./summary";
import { CATEGORY, type CategoryId, type NearestState, type ReadResult } from "./types";
import { coords, phone, text, website } from "./util";

/**
 * Overture Maps Places (GeoParquet, CDLA-Permissive-2.0) for one state, read with DuckDB (decision 024).
 * The file is read where it lies (a URL is downloaded first: DuckDB's httpfs extension would have to be
 * fetched from the internet at run time). Only places at or above a confidence threshold, with a name and a
 * category we map, are kept; websites, phones and addresses come along; the release date is recorded.
 */
import { OVERTURE_SOURCE } from "./overture-source";
export { OVERTURE_ATTRIBUTION, OVERTURE_SOURCE } from "./overture-source";
/** Overture's own guidance: below about 0.6 many records are stale or not real places. */
export const DEFAULT_MIN_CONFIDENCE = 0.6;

const RULES: Array<[RegExp, CategoryId]> = [
  [
    /(^|_)(hotel|motel|hostel|inn|bed_and_breakfast|guest_house|resort|lodge|cabin|campground|rv_park|holiday_rental|vacation_rental|cottage)(_|$)/,
    CATEGORY.lodging,
  ],
  [
    /(^|_)(restaurant|cafe|coffee_shop|coffee|tea_room|bakery|bar|pub|brewery|winery|distillery|gastropub|bistro|diner|deli|food_truck|ice_cream_shop|ice_cream|dessert_shop|donut_shop|bagel_shop|pizza|steakhouse|sushi_bar|taproom|wine_bar|cocktail_bar|beer_garden|food_court)(_|$)/,
    CATEGORY.food,
  ],
  [/(^|_)(historical|historic|landmark|monument|memorial|battlefield|castle|lighthouse|ruins)(_|$)/, CATEGORY.history],
  [
    /(^|_)(museum|park|zoo|aquarium|theater|theatre|cinema|movie_theater|art_gallery|gallery|amusement|attraction|beach|garden|botanical|stadium|arena|bowling|golf|trail|hiking|library|casino|music_venue|nightclub|planetarium|observatory|viewpoint|water_park|marina|skating|escape_room|performing_arts|concert_hall|comedy_club)(_|$)/,
    CATEGORY.activities,
  ],
  [
    /(^|_)(store|shop|market|boutique|shopping_center|shopping_mall|bookstore|florist|gift|antique|outlet|grocery|supermarket)(_|$)/,
    CATEGORY.stores,
  ],
];
/** Kinds a traveller does not look for, even when a word above matches. */
const EXCLUDED =
  /(^|_)(auto|car|tire|repair|parts|wholesale|supply|storage|pawn|check_cashing|mobile_home|appliance|funeral|dental|medical|pharmacy|insurance|bank|office|school|church)(_|$)/;

/** An Overture category ("mexican_restaurant") → ours, or null when a traveller would not look for it. */
export function categoryFromOverture(category: string | null): { categoryId: CategoryId; kind: string } | null {
  if (!category || EXCLUDED.test(category)) return null;
  for (const [pattern, categoryId] of RULES)
    if (pattern.test(category)) return { categoryId, kind: category.replace(/_/g, " ") };
  return null;
}

/** A WKB point (either byte order) → position, else null. */
function wkbPoint(bytes: Uint8Array | null): { latitude: number; longitude: number } | null {
  if (!bytes || bytes.byteLength < 21) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = view.getUint8(0) === 1;
  if (view.getUint32(1, little) !== 1) return null;
  return coords(view.getFloat64(13, little), view.getFloat64(5, little));
}

/**
 * The box around a state's cities (the cities we ship) with a quarter-degree margin, as Overture's CLI takes
 * it (west,south,east,north), and the command that downloads the state's places into a file this importer reads.
 */
export async function overtureDownloadCommand(client: Client, stateCode: string): Promise<string> {
  const row = (
    await client.execute({
      sql: "SELECT min(longitude) AS w, min(latitude) AS s, max(longitude) AS e, max(latitude) AS n FROM cities WHERE state_code = ?",
      args: [stateCode],
    })
  ).rows[0]!;
  const edge = (value: unknown, margin: number) => (Number(value) + margin).toFixed(2);
  const box = [edge(row.w, -0.25), edge(row.s, -0.25), edge(row.e, 0.25), edge(row.n, 0.25)].join(",");
  return `overturemaps download --bbox=${box} -f geoparquet --type=place -o places-${stateCode.toLowerCase()}.parquet`;
}

/** "2025-10-22.0" in a path or URL (Overture's release folders) → "2025-10-22". */
export function releaseFromPath(path: string): string | null {
  return path.match(/(\d{4}-\d{2}-\d{2})(\.\d+)?/)?.[1] ?? null;
}

const STATE_PREFIX = /^US-/i;

/** Rows of the file as place records of `stateCode`. */
async function* overtureRows(
  file: string,
  stateCode: string,
  nearestState: NearestState,
  minConfidence: number,
  seen: Set<string>,
  onRows?: (done: number, total: number) => void,
): AsyncIterable<ReadResult> {
  const instance = await DuckDBInstance.create(":memory:", { memory_limit: "256MB", threads: "1" });
  const connection = await instance.connect();
  try {
    const from = `read_parquet('${file.replace(/'/g, "''")}')`;
    const where = `confidence >= ${Number(minConfidence)} AND names.primary IS NOT NULL`;
    const total = Number(
      (await connection.runAndReadAll(`SELECT count(*) FROM ${from} WHERE ${where}`)).getRows()[0]![0],
    );
    const result = await connection.stream(
      `SELECT id, names.primary AS name, categories.primary AS category, confidence, geometry,
              websites[1] AS website, phones[1] AS phone, addresses[1].freeform AS address, addresses[1].locality AS city,
              addresses[1].postcode AS zip, addresses[1].region AS region, addresses[1].country AS country
         FROM ${from} WHERE ${where}`,
    );
    let done = 0;
    for await (const chunk of result.yieldRowObjects()) {
      for (const row of chunk) {
        done++;
        const category = categoryFromOverture(row.category == null ? null : String(row.category));
        if (!category) {
          yield { skip: "category not for travellers" };
          continue;
        }
        const position = wkbPoint(row.geometry instanceof DuckDBBlobValue ? row.geometry.bytes : null);
        if (!position) {
          yield { skip: "no coordinates" };
          continue;
        }
        if (row.country != null && String(row.country).toUpperCase() !== "US") {
          yield { skip: "outside the US" };
          continue;
        }
        const region = row.region == null ? null : String(row.region).replace(STATE_PREFIX, "").toUpperCase();
        const state = region?.length === 2 ? region : (nearestState(position.latitude, position.longitude) ?? null);
        if (state !== stateCode) {
          yield { skip: `outside ${stateCode}` };
          continue;
        }
        const place = withinLimits({
          source: OVERTURE_SOURCE.key,
          sourceId: String(row.id),
          categoryId: category.categoryId,
          kind: category.kind,
          title: String(row.name).trim(),
          address: text(row.address == null ? null : String(row.address)),
          city: text(row.city == null ? null : String(row.city)),
          stateCode,
          zip: text(row.zip == null ? null : String(row.zip)),
          phone: phone(row.phone == null ? null : String(row.phone)),
          website: website(row.website == null ? null : String(row.website)),
          ...position,
          tags: { confidence: Number(row.confidence).toFixed(2) },
        });
        if (!("skip" in place)) seen.add(place.sourceId);
        yield place;
      }
      onRows?.(done, total);
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/**
 * Import one state's Overture places from a GeoParquet URL or file, replacing earlier Overture rows of the
 * state. `release` defaults to the date in the path (Overture's "2025-10-22.0" folders); without either it is an error (no date is made up).
 */
export async function importOvertureState(
  client: Client,
  nearestState: NearestState,
  stateCode: string,
  from: string,
  options: {
    minConfidence?: number;
    release?: string;
    onStep?: (step: "download" | "import" | "replace") => void;
    /** Remove more than MAX_REMOVAL_SHARE of the state's Overture places if the data says so. */
    force?: boolean;
    onProgress?: (step: "download" | "import", done: number, total: number | null) => void;
  } = {},
): Promise<{ summary: ImportSummary; deleted: number; unlinked: number; release: string }> {
  const workDir = mkdtempSync(join(tmpdir(), "localscope-overture-"));
  try {
    let file = from;
    if (/^https?:\/\//.test(from)) {
      options.onStep?.("download");
      file = join(workDir, "places.parquet");
      await downloadFile(from, file, { onProgress: (done, total) => options.onProgress?.("download", done, total) });
    } else if (!existsSync(from)) throw new Error(`No such file: ${from}`);
    const release = options.release ?? releaseFromPath(from);
    if (!release) throw new Error(`No Overture release date for ${from}: pass one (--release YYYY-MM-DD)`);
    const minConfidence = options.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
    // Checked before any write (./refresh-guard.ts): the state's places in the file, and what would go.
    const seen = new Set<string>();
    for await (const _ of overtureRows(file, stateCode, nearestState, minConfidence, seen));
    const { held, stale } = await countStale(client, OVERTURE_SOURCE.key, stateCode, seen);
    checkRefresh({ sourceName: "Overture", stateCode, found: seen.size, held, stale, force: Boolean(options.force) });
    seen.clear();
    options.onStep?.("import");
    const rows = overtureRows(file, stateCode, nearestState, minConfidence, seen, (done, total) =>
      options.onProgress?.("import", done, total),
    );
    const summary = await importDatasetState(
      client,
      { ...OVERTURE_SOURCE, observedAt: release, read: () => rows },
      stateCode,
      { rows },
    );
    options.onStep?.("replace");
    const { deleted, unlinked } = await removeStaleRecords(client, OVERTURE_SOURCE.key, stateCode, seen);
    await recordRefresh(client, OVERTURE_SOURCE.key, stateCode, release, seen.size);
    return { summary, deleted, unlinked, release };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
