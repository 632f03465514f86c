import type { Client, InStatement } from "@libsql/client";
import { distanceMiles } from "../../../src/geo";
import type { Dataset, PlaceInput, ReadResult } from "./types";
import { CATEGORY } from "./types";
import { titleKey } from "./titles";
import { BUSINESS_DUMP, brandOf, junkReason, notability, repeatedChain, SIGNAL_TAGS } from "./filters";
import { releaseStatements } from "../release";
import { getTableColumns } from "drizzle-orm";
import { places as placesTable } from "../../schema";
import { TownFinder, yieldAreaTown } from "./town-of-point";
import { ChainIndex } from "./chain-evidence";
import { flagged } from "./quality";

/**
 * Writing places: every import is idempotent and deduplicating.
 * - (source, sourceId) already known → that place is updated, never duplicated.
 * - Otherwise the same normalised name within 100 m of an existing place, or (lodging) the same street
 *   address and phone → merged into it (blank fields filled, the source added to its `sources`).
 * - Otherwise a new place.
 * Records the junk filters reject (./filters.ts) are counted per reason and never stored; with `prune`, a
 * place linked to a record of this dataset that is no longer read (or now filtered) loses that source, and
 * goes when it has none left. Places already stored are deduplicated by the same rules when loaded.
 */

export interface ImportSummary {
  dataset: string;
  stateCode: string;
  read: number;
  inserted: number;
  updated: number;
  merged: number;
  skipped: Record<string, number>;
  /** Kept, but marked as chains (not local) by the chain rule: a name repeated across states (filters.ts REPEATED). */
  chains?: number;
}

/** A summary of an import that has read nothing yet. */
export const emptySummary = (dataset: string, stateCode: string): ImportSummary => ({
  dataset,
  stateCode,
  read: 0,
  inserted: 0,
  updated: 0,
  merged: 0,
  skipped: {},
});

/** Two records of one normalised name closer than this (metres) are one place. */
export const MERGE_RADIUS_M = 100;
const CELL_DEG = 0.001; // ≈ 111 m of latitude: neighbouring cells cover the merge radius.

export { titleKey } from "./titles";

/** docs/product.md#data-rules: address, phone, website, hours, wikidata (+ a description, + more than one source). */
export function qualityScore(
  p: Pick<PlaceInput, "address" | "phone" | "website" | "openingHours" | "wikidata" | "description">,
  sourceCount: number,
): number {
  return (
    (p.address ? 1 : 0) +
    (p.phone ? 1 : 0) +
    (p.website ? 1 : 0) +
    (p.openingHours ? 1 : 0) +
    (p.wikidata ? 1 : 0) +
    (p.description ? 1 : 0) +
    (sourceCount > 1 ? 1 : 0)
  );
}

interface SourceRef {
  source: string;
  sourceId: string;
  licence: string;
  /** The dataset's date (docs/product.md#data-rules), when known. */
  observedAt?: string | null;
}

/** "123 N. Main Street" and "123 North Main St" → one comparable street address. */
export function addressKey(address: string): string {
  return titleKey(address)
    .replace(/\b(street|st)\b/g, "st")
    .replace(/\b(avenue|ave)\b/g, "ave")
    .replace(/\b(boulevard|blvd)\b/g, "blvd")
    .replace(/\b(north|n)\b/g, "n")
    .replace(/\b(south|s)\b/g, "s")
    .replace(/\b(east|e)\b/g, "e")
    .replace(/\b(west|w)\b/g, "w");
}

/** "123 N. Main Street" and "+1 702-555-0100" → one comparable key (lodging sharing both is one place). */
export function lodgingKey(p: Pick<PlaceInput, "categoryId" | "address" | "phone">): string | null {
  if (p.categoryId !== CATEGORY.lodging || !p.address || !p.phone) return null;
  const digits = p.phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  const address = addressKey(p.address);
  return digits.length >= 10 && /\d/.test(address) ? `${address}|${digits}` : null;
}

/** The newest dataset date among a place's sources. */
const newestObserved = (sources: SourceRef[]) =>
  sources.reduce<string | null>(
    (best, s) => (s.observedAt && (!best || s.observedAt > best) ? s.observedAt : best),
    null,
  );

/** Notability signals of a record merged into a place (its other tags stay with their own dataset). */
/**
 * Tags a merged record brings along: the notability signals, and Open Brewery DB's brewery type (a "large"
 * brewer is a brand, not a local gem, whichever dataset listed the place first).
 */
const CARRIED_TAGS = [...SIGNAL_TAGS, "breweryType"];

function mergeSignals(
  target: { tags?: Record<string, string> | null },
  tags: Record<string, string> | null | undefined,
) {
  for (const k of CARRIED_TAGS) {
    const value = tags?.[k];
    if (value && !target.tags?.[k]) target.tags = { ...(target.tags ?? {}), [k]: value };
  }
}

/**
 * A Wikipedia lead paragraph is the best description a place can have, and its CC BY-SA link goes with it: merged in
 * from another record, it replaces a designation line ("Listed on the National Register … in 1966") or a plaque's
 * inscription, and the place keeps the article's address (the link the paragraph must show).
 */
function preferArticle(
  target: { description?: string | null; tags?: Record<string, string> | null },
  from: { description?: string | null; tags?: Record<string, string> | null },
) {
  const article = from.tags?.wikipedia;
  if (!from.description || !article?.startsWith("https://en.wikipedia.org/wiki/")) return;
  if (target.tags?.wikipedia?.startsWith("https://") && target.description) return;
  target.description = from.description;
  target.tags = { ...(target.tags ?? {}), wikipedia: article };
}

/** A place as held in memory during an import. */
interface Held extends PlaceInput {
  id?: number;
  licence: string;
  sources: SourceRef[];
  titleKey: string;
  dirty: boolean;
  /** Merged into another place while loading: deleted at the end of the import. */
  gone?: boolean;
  /** The stored row's updated_at (a carried state's check, below). */
  updatedAt?: number;
}

/**
 * One state's places as the previous dataset of the same state import left them in the store (importState
 * passes one carry through its datasets): the next dataset starts from them instead of reading the state's
 * places back, which was ~40 % of a state's import (New York: 14 reads of up to 26,000 rows, each parsed
 * again). Each place is what reading its row back gives: the values written, through the same mapping.
 * Used only while the store still holds exactly those rows (count, highest id, newest updated_at and a sum of
 * their updated_at: every writer of places sets updated_at), so a concurrent writer (a live source importing the
 * same state) sends the next dataset back to reading the store.
 */
export interface StateCarry {
  current?: { stateCode: string; places: Held[]; maxId: number; newest: number; stamp: number };
}

/** A place as read from its row (`get` gives a column's stored value). */
function heldFromRow(get: (column: string) => unknown): Held {
  const amenities = get("amenities");
  const tags = get("tags");
  return {
    id: Number(get("id")),
    source: String(get("source")),
    sourceId: String(get("source_id")),
    licence: String(get("licence")),
    sources: JSON.parse(String(get("sources"))),
    categoryId: Number(get("category_id")) as Held["categoryId"],
    kind: String(get("kind")),
    title: String(get("title")),
    titleKey: String(get("title_key")),
    description: get("description") as string | null,
    address: get("address") as string | null,
    city: get("city") as string | null,
    stateCode: String(get("state_code")),
    zip: get("zip") as string | null,
    phone: get("phone") as string | null,
    website: get("website") as string | null,
    openingHours: get("opening_hours") as string | null,
    wikidata: get("wikidata") as string | null,
    imageUrl: get("image_url") as string | null,
    latitude: Number(get("latitude")),
    longitude: Number(get("longitude")),
    amenities: amenities ? JSON.parse(String(amenities)) : null,
    priceRange: get("price_range") as string | null,
    since: get("since") as string | null,
    tags: tags ? JSON.parse(String(tags)) : null,
    updatedAt: Number(get("updated_at")),
    dirty: false,
  };
}

const FILLABLE = [
  "description",
  "address",
  "city",
  "zip",
  "phone",
  "website",
  "openingHours",
  "wikidata",
  "imageUrl",
  "amenities",
  "priceRange",
  "since",
] as const;

/** Grid cells either side in longitude that cover the merge radius at this latitude (1 up to ~26° N, 2 up to
 * ~63° N, 3 beyond), measured with the same distance as the merge. */
export function lngCells(latitude: number): number {
  const lat = Math.min(Math.abs(latitude), 89);
  return Math.ceil(MERGE_RADIUS_M / (distanceMiles(lat, 0, lat, CELL_DEG) * 1609.344));
}

function cellKey(lat: number, lng: number, dLat = 0, dLng = 0) {
  return `${Math.floor(lat / CELL_DEG) + dLat}:${Math.floor(lng / CELL_DEG) + dLng}`;
}

const COLUMNS =
  "source, source_id, licence, sources, category_id, kind, title, title_key, description, address, city, state_code, zip, phone, website, opening_hours, wikidata, image_url, latitude, longitude, amenities, price_range, since, tags, quality, updated_at, observed_at, notability, brand";
const COLUMN_INDEX = new Map(COLUMNS.split(", ").map((column, i) => [column, i]));
/** The written columns that are text in the schema: a value there is known without reading it back only as text. */
const TEXT_COLUMNS = Object.values(getTableColumns(placesTable)).flatMap((c) =>
  c.columnType === "SQLiteText" && COLUMN_INDEX.has(c.name) ? [c.name] : [],
);

/**
 * A written place as reading its row back gives it (`args`: the values written, rowArgs; `id`: its row's), or
 * null when that cannot be known here: a text column given anything but text is stored in the driver's form
 * of it (a number is bound as a real: 89101 reads back "89101.0"), so such a place is read from the store.
 */
function heldFromWritten(id: number, args: unknown[]): Held | null {
  for (const column of TEXT_COLUMNS) {
    const value = args[COLUMN_INDEX.get(column)!];
    if (value !== null && typeof value !== "string") return null;
  }
  return heldFromRow((column) => (column === "id" ? id : args[COLUMN_INDEX.get(column)!]));
}

/** Part of a row's updated_at summed for a carried state's check (exact integers in SQLite and here). */
const STAMP_MOD = 1_048_576;
const stampOf = (places: Held[]) => places.reduce((sum, p) => sum + (p.updatedAt! % STAMP_MOD), 0);
const newestOf = (places: Held[]) => places.reduce((newest, p) => Math.max(newest, p.updatedAt!), 0);

/** A state's places as the store holds them, each as an import reads it (for tests of the carry). */
export async function storedPlaces(client: Client, stateCode: string): Promise<Held[]> {
  const rows = (
    await client.execute({
      sql: `SELECT id, ${COLUMNS} FROM places WHERE state_code = ? ORDER BY id`,
      args: [stateCode],
    })
  ).rows;
  return rows.map((r) => heldFromRow((column) => r[column]));
}

/** Whether the store still holds exactly the carried places of the state (see StateCarry). */
async function stillStored(client: Client, carried: NonNullable<StateCarry["current"]>): Promise<boolean> {
  const row = (
    await client.execute({
      sql: `SELECT count(*) AS n, coalesce(max(id), 0) AS m, coalesce(max(updated_at), 0) AS u, coalesce(sum(updated_at % ${STAMP_MOD}), 0) AS s FROM places WHERE state_code = ?`,
      args: [carried.stateCode],
    })
  ).rows[0]!;
  return (
    Number(row.n) === carried.places.length &&
    Number(row.m) === carried.maxId &&
    Number(row.u) === carried.newest &&
    Number(row.s) === carried.stamp
  );
}

function rowArgs(p: Held, now: number) {
  return [
    p.source,
    p.sourceId,
    p.licence,
    JSON.stringify(p.sources),
    p.categoryId,
    p.kind,
    p.title,
    p.titleKey,
    p.description ?? null,
    p.address ?? null,
    p.city ?? null,
    p.stateCode,
    p.zip ?? null,
    p.phone ?? null,
    p.website ?? null,
    p.openingHours ?? null,
    p.wikidata ?? null,
    p.imageUrl ?? null,
    p.latitude,
    p.longitude,
    p.amenities?.length ? JSON.stringify(p.amenities) : null,
    p.priceRange ?? null,
    p.since ?? null,
    p.tags && Object.keys(p.tags).length ? JSON.stringify(p.tags) : null,
    qualityScore(p, p.sources.length),
    now,
    newestObserved(p.sources),
    notability(p),
    brandOf(p.title, p.categoryId, p.tags),
  ];
}

/**
 * Import one dataset's rows for one state. Existing places of the state are loaded first so that
 * deduplication happens in memory; writes go out in chunked batches (works on a libSQL server too).
 */
export async function importDatasetState(
  client: Client,
  dataset: Pick<Dataset, "key" | "licence" | "read"> & { observedAt?: string | null },
  stateCode: string,
  options: {
    onProgress?: (read: number) => void;
    rows?: AsyncIterable<ReadResult> | Iterable<ReadResult>;
    prune?: boolean;
    carry?: StateCarry;
  } = {},
): Promise<ImportSummary> {
  const summary = emptySummary(dataset.key, stateCode);

  const towns = await TownFinder.forState(client, stateCode);
  // Existing places of this state (and, for cross-border records, whatever the dataset already linked).
  const held = new Map<number, Held>();
  const grid = new Map<string, Held[]>();
  const byLodging = new Map<string, Held>();
  const bySource = new Map<string, Held>();
  const addToGrid = (p: Held) => {
    const key = cellKey(p.latitude, p.longitude);
    const list = grid.get(key);
    if (list) list.push(p);
    else grid.set(key, [p]);
    const lodging = lodgingKey(p);
    if (lodging && !byLodging.has(lodging)) byLodging.set(lodging, p);
  };
  /** Same normalised name within 100 m, or lodging at the same address with the same phone. */
  const findMatch = (
    input: Pick<PlaceInput, "latitude" | "longitude" | "categoryId" | "address" | "phone">,
    key: string,
    self?: Held,
  ): Held | undefined => {
    const cLat = Math.floor(input.latitude / CELL_DEG);
    const cLng = Math.floor(input.longitude / CELL_DEG);
    // A cell is ~111 m tall but only 111 m × cos(latitude) wide (78 m at Portland, 54 m in Anchorage): enough
    // cells either side to cover the radius east and west (one cell either side missed pairs 80–100 m apart).
    const span = lngCells(input.latitude);
    for (let dLat = -1; dLat <= 1; dLat++) {
      for (let dLng = -span; dLng <= span; dLng++) {
        for (const p of grid.get(`${cLat + dLat}:${cLng + dLng}`) ?? []) {
          if (
            key &&
            p !== self &&
            !p.gone &&
            p.titleKey === key &&
            distanceMiles(p.latitude, p.longitude, input.latitude, input.longitude) * 1609.344 <= MERGE_RADIUS_M
          )
            return p;
        }
      }
    }
    const lodging = lodgingKey(input);
    const same = lodging ? byLodging.get(lodging) : undefined;
    return same && same !== self && !same.gone ? same : undefined;
  };
  const mergeInto = (target: Held, from: Pick<PlaceInput, (typeof FILLABLE)[number] | "tags">, refs: SourceRef[]) => {
    yieldAreaTown(target, from.city);
    for (const field of FILLABLE) {
      const value = from[field];
      if (value !== undefined && value !== null && target[field] == null) (target as any)[field] = value;
    }
    preferArticle(target, from);
    mergeSignals(target, from.tags);
    for (const ref of refs)
      if (!target.sources.some((s) => s.source === ref.source && s.sourceId === ref.sourceId)) target.sources.push(ref);
    target.dirty = true;
  };
  const newLinks: Array<{ place: Held; ref: SourceRef }> = [];
  const gone: Held[] = [];
  const admit = (p: Held) => {
    // Stored before the 100 m / address-and-phone rules: fold a duplicate into the earlier place.
    const earlier = findMatch(p, p.titleKey);
    if (earlier) {
      mergeInto(earlier, p, p.sources);
      for (const ref of p.sources) {
        bySource.set(`${ref.source}\u0000${ref.sourceId}`, earlier);
        newLinks.push({ place: earlier, ref });
      }
      p.gone = true;
      gone.push(p);
      return;
    }
    held.set(p.id!, p);
    addToGrid(p);
    for (const s of p.sources) bySource.set(`${s.source}\u0000${s.sourceId}`, p);
  };
  const carried = options.carry?.current;
  if (options.carry) options.carry.current = undefined;
  if (carried && carried.stateCode === stateCode && (await stillStored(client, carried))) {
    for (const p of carried.places) admit(p);
  } else {
    let after = 0;
    for (;;) {
      const page = await client.execute({
        sql: `SELECT id, ${COLUMNS} FROM places WHERE state_code = ? AND id > ? ORDER BY id LIMIT 5000`,
        args: [stateCode, after],
      });
      for (const r of page.rows) admit(heldFromRow((column) => r[column]));
      await releaseStatements(400);
      if (page.rows.length < 5000) break;
      after = Number(page.rows[page.rows.length - 1]!.id);
    }
  }

  // The 2011 dump against All the Places' branches of the same brands (chain-evidence.ts).
  const chains = dataset.key === BUSINESS_DUMP ? new ChainIndex<Held>() : undefined;
  if (chains) for (const p of held.values()) chains.add(p);
  const fresh: Held[] = [];
  const seen = new Set<string>();
  const rows = options.rows ?? dataset.read(stateCode);
  for await (const result of rows as AsyncIterable<ReadResult>) {
    summary.read++;
    if (summary.read % 5000 === 0) options.onProgress?.(summary.read);
    const skip = "skip" in result ? result.skip : junkReason(result);
    if (skip) {
      summary.skipped[skip] = (summary.skipped[skip] ?? 0) + 1;
      continue;
    }
    let input = flagged(result as PlaceInput);
    const verdict = chains?.match(input);
    if (verdict && "closed" in verdict)
      input = { ...input, tags: { ...(input.tags ?? {}), status: "probably closed", statusEvidence: verdict.closed } };
    if (
      (input.categoryId === CATEGORY.food ||
        input.categoryId === CATEGORY.stores ||
        input.categoryId === CATEGORY.lodging) &&
      repeatedChain(input.title)
    )
      summary.chains = (summary.chains ?? 0) + 1;
    const ref: SourceRef = {
      source: input.source,
      sourceId: input.sourceId,
      licence: dataset.licence,
      observedAt: input.observedAt ?? dataset.observedAt ?? null,
    };
    const refKey = `${ref.source}\u0000${ref.sourceId}`;
    seen.add(refKey);
    const known = bySource.get(refKey);
    if (known) {
      // Re-import: the primary source refreshes its own fields; a secondary source only fills blanks.
      const primary = known.source === ref.source && known.sourceId === ref.sourceId;
      // A Wikipedia paragraph another record brought (preferArticle) stays with its link: the primary record's
      // own text (an inscription, a designation line) does not replace it under the article's attribution.
      const article = primary && !!known.tags?.wikipedia && !input.tags?.wikipedia;
      yieldAreaTown(known, input.city);
      for (const field of FILLABLE) {
        const value = input[field];
        if (article && field === "description") continue;
        if (value !== undefined && value !== null && (primary || known[field] == null)) (known as any)[field] = value;
      }
      if (primary) {
        known.title = input.title;
        known.titleKey = titleKey(input.title);
        known.kind = input.kind;
        known.categoryId = input.categoryId;
        known.latitude = input.latitude;
        known.longitude = input.longitude;
        // Signals merged from other datasets stay (notability).
        // …and so does an article's link whose paragraph another record brought (preferArticle).
        const signals = Object.fromEntries(
          [...CARRIED_TAGS, "wikipedia"].flatMap((k) => (known.tags?.[k] ? [[k, known.tags[k]]] : [])),
        );
        known.tags = input.tags || Object.keys(signals).length ? { ...signals, ...(input.tags ?? {}) } : known.tags;
      } else {
        preferArticle(known, input);
        mergeSignals(known, input.tags);
      }
      const own = known.sources.find((s) => s.source === ref.source && s.sourceId === ref.sourceId);
      if (own) own.observedAt = ref.observedAt;
      known.dirty = true;
      summary.updated++;
      continue;
    }
    const key = titleKey(input.title);
    const match =
      (input.sameAs && bySource.get(`${input.sameAs.source}\u0000${input.sameAs.sourceId}`)) ||
      findMatch(input, key) ||
      (verdict && "same" in verdict ? verdict.same : undefined);
    if (match) {
      mergeInto(match, input, [ref]);
      bySource.set(refKey, match);
      newLinks.push({ place: match, ref });
      summary.merged++;
      continue;
    }
    const place: Held = { ...input, licence: dataset.licence, sources: [ref], titleKey: key, dirty: true };
    delete (place as Partial<PlaceInput>).observedAt;
    delete (place as Partial<PlaceInput>).sameAs;
    fresh.push(place);
    addToGrid(place);
    bySource.set(refKey, place);
    newLinks.push({ place, ref });
    summary.inserted++;
  }

  // Records of this dataset no longer read (or now filtered out): their places lose that source.
  const unlinks: InStatement[] = [];
  if (options.prune) {
    let pruned = 0;
    for (const p of held.values()) {
      const stale = p.sources.filter((s) => s.source === dataset.key && !seen.has(`${s.source}\u0000${s.sourceId}`));
      if (!stale.length) continue;
      for (const s of stale)
        unlinks.push({
          sql: "DELETE FROM place_sources WHERE source = ? AND source_id = ?",
          args: [s.source, s.sourceId],
        });
      p.sources = p.sources.filter((s) => !stale.includes(s));
      pruned += stale.length;
      if (!p.sources.length) {
        p.gone = true;
        gone.push(p);
        continue;
      }
      if (p.source === dataset.key && stale.some((s) => s.sourceId === p.sourceId)) {
        p.source = p.sources[0]!.source;
        p.sourceId = p.sources[0]!.sourceId;
        p.licence = p.sources[0]!.licence;
      }
      p.dirty = true;
    }
    if (pruned) summary.skipped["no longer in the dataset or now filtered (removed)"] = pruned;
  }

  const now = Date.now();
  // Several rows per statement: SQLite prepares each statement, and with ~30 columns a row the per-row prepare
  // was the import's largest single cost. The bound values stay held per row until the collector finalises a
  // statement (db/import/release.ts), so `releaseStatements` still counts rows.
  const ROWS = 100;
  const CHUNK = 400;
  // The values written for each place, when a carry takes the state's places on to the next dataset.
  const written = options.carry ? new Map<Held, unknown[]>() : undefined;
  const argsOf = (p: Held) => {
    if (p.stateCode === stateCode) towns.settle(p);
    const args = rowArgs(p, now);
    written?.set(p, args);
    return args;
  };
  const placeholders = (n: number, width: number) =>
    Array.from({ length: n }, () => `(${Array(width).fill("?").join(", ")})`).join(", ");
  const columnCount = COLUMNS.split(",").length;
  const refKeyOf = (source: unknown, sourceId: unknown) => `${String(source)}\u0000${String(sourceId)}`;
  // New places first (their ids are needed for the source links). A new place's (source, sourceId) is unique
  // among them (a repeated record became an update above), which maps each returned id back to its place;
  // RETURNING gives no order.
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const chunk = fresh.slice(i, i + CHUNK);
    const statements: InStatement[] = [];
    for (let j = 0; j < chunk.length; j += ROWS) {
      const rows = chunk.slice(j, j + ROWS);
      statements.push({
        sql: `INSERT INTO places (${COLUMNS}) VALUES ${placeholders(rows.length, columnCount)} RETURNING id, source, source_id`,
        args: rows.flatMap(argsOf),
      });
    }
    const results = await client.batch(statements, "write");
    const byRef = new Map(chunk.map((p) => [refKeyOf(p.source, p.sourceId), p]));
    for (const result of results) {
      for (const r of result.rows) {
        const place = byRef.get(refKeyOf(r.source, r.source_id));
        if (!place)
          throw new Error(
            `the import could not match the new place ${String(r.source)} ${String(r.source_id)} to its record`,
          );
        place.id = Number(r.id);
      }
    }
    if (chunk.some((p) => p.id === undefined))
      throw new Error(`the import wrote ${dataset.key} ${stateCode} places without ids`);
    await releaseStatements(chunk.length);
  }
  // Each statement with the rows it writes (the bound values are held per row until it is collected).
  const writes: Array<{ statement: InStatement; rows: number }> = [];
  const assignments = COLUMNS.split(", ")
    .map((c) => `${c} = ?`)
    .join(", ");
  for (const p of held.values()) {
    if (p.dirty && !p.gone)
      writes.push({
        statement: { sql: `UPDATE places SET ${assignments} WHERE id = ?`, args: [...argsOf(p), p.id!] },
        rows: 1,
      });
  }
  // One link per (source, sourceId): inside a multi-row upsert as between statements, the later row wins.
  const linkRows = newLinks.filter(({ place }) => !place.gone);
  for (let i = 0; i < linkRows.length; i += ROWS) {
    const rows = linkRows.slice(i, i + ROWS);
    const sql = `INSERT INTO place_sources (source, source_id, place_id, licence) VALUES ${placeholders(rows.length, 4)} ON CONFLICT (source, source_id) DO UPDATE SET place_id = excluded.place_id, licence = excluded.licence`;
    writes.push({
      statement: { sql, args: rows.flatMap(({ place, ref }) => [ref.source, ref.sourceId, place.id!, ref.licence]) },
      rows: rows.length,
    });
  }
  for (const statement of unlinks) writes.push({ statement, rows: 1 });
  for (let i = 0; i < gone.length; i += ROWS * 4) {
    const ids = gone.slice(i, i + ROWS * 4).map((p) => p.id!);
    writes.push({
      statement: { sql: `DELETE FROM places WHERE id IN (${ids.map(() => "?").join(", ")})`, args: ids },
      rows: ids.length,
    });
  }
  for (let i = 0; i < writes.length; i += CHUNK) {
    const batch = writes.slice(i, i + CHUNK);
    await client.batch(
      batch.map((w) => w.statement),
      "write",
    );
    await releaseStatements(batch.reduce((n, w) => n + w.rows, 0));
  }
  if (options.carry && written) {
    // The state's places as the store now holds them, in id order (as read back): unchanged ones as they were
    // read, written ones as their written values read back. A record placed in another state is not carried.
    const places: Held[] = [];
    let known = true;
    for (const p of [...held.values(), ...fresh]) {
      if (p.gone || p.stateCode !== stateCode) continue;
      const args = written.get(p);
      const stored = args ? heldFromWritten(p.id!, args) : p;
      if (!stored) {
        known = false;
        break;
      }
      places.push(stored);
    }
    places.sort((a, b) => a.id! - b.id!);
    if (known)
      options.carry.current = {
        stateCode,
        places,
        maxId: places.length ? places[places.length - 1]!.id! : 0,
        newest: newestOf(places),
        stamp: stampOf(places),
      };
  }
  options.onProgress?.(summary.read);
  return summary;
}

export function formatSummary(s: ImportSummary): string {
  const skipped = Object.entries(s.skipped)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${n.toLocaleString("en-US")} ${reason}`)
    .join(", ");
  const totalSkipped = Object.values(s.skipped).reduce((a, b) => a + b, 0);
  return (
    `${s.dataset} ${s.stateCode}: read ${s.read.toLocaleString("en-US")}, imported ${s.inserted.toLocaleString("en-US")} new, ` +
    `updated ${s.updated.toLocaleString("en-US")}, merged ${s.merged.toLocaleString("en-US")} into existing places, skipped ${totalSkipped.toLocaleString("en-US")}` +
    (skipped ? ` (${skipped})` : "") +
    (s.chains ? `; ${s.chains.toLocaleString("en-US")} marked as chains by a name repeated across states` : "")
  );
}
