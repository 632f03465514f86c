/**
 * One job: a place as an import holds it in memory, and its `places` row both ways (the values written for it,
 * and the place a row reads back as).
 */
import type { Client } from "@libsql/client";
import { getTableColumns } from "drizzle-orm";
import { places as placesTable } from "../../schema";
import { brandOf, notability } from "./filters";
import type { PlaceInput } from "./types";

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

export interface SourceRef {
  source: string;
  sourceId: string;
  licence: string;
  /** The dataset's date (docs/product.md#data-rules), when known. */
  observedAt?: string | null;
}

/** The newest dataset date among a place's sources. */
const newestObserved = (sources: SourceRef[]) =>
  sources.reduce<string | null>(
    (best, s) => (s.observedAt && (!best || s.observedAt > best) ? s.observedAt : best),
    null,
  );

/** A place as held in memory during an import. */
export interface Held extends PlaceInput {
  id?: number;
  licence: string;
  sources: SourceRef[];
  titleKey: string;
  dirty: boolean;
  /** Merged into another place while loading: deleted at the end of the import. */
  gone?: boolean;
  /** The stored row's updated_at (a carried state's check, carry.ts). */
  updatedAt?: number;
  /** The stored row's values of KEYED_COLUMNS (an update that leaves them as they are does not set them: write.ts). */
  stored?: unknown[];
}

/**
 * The columns an index or a trigger (the title search, the map's R*Tree) is kept on: setting one, even to the
 * value it has, makes SQLite rewrite those entries.
 */
export const KEYED_COLUMNS = ["title", "title_key", "latitude", "longitude", "state_code", "category_id", "city"];

/** A place as read from its row (`get` gives a column's stored value). */
export function heldFromRow(get: (column: string) => unknown): Held {
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
    stored: KEYED_COLUMNS.map(get),
    dirty: false,
  };
}

export const COLUMNS =
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
export function heldFromWritten(id: number, args: unknown[]): Held | null {
  for (const column of TEXT_COLUMNS) {
    const value = args[COLUMN_INDEX.get(column)!];
    if (value !== null && typeof value !== "string") return null;
  }
  return heldFromRow((column) => (column === "id" ? id : args[COLUMN_INDEX.get(column)!]));
}

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

/** The values written for a place, in the order of COLUMNS. */
export type RowArgs = ReturnType<typeof rowArgs>;

export function rowArgs(p: Held, now: number) {
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
