import type { Client, InStatement } from "@libsql/client";
import { distanceMiles } from "../../../src/geo";
import type { Dataset, PlaceInput, ReadResult } from "./types";

/**
 * Writing places: every import is idempotent and deduplicating.
 * - (source, sourceId) already known → that place is updated, never duplicated.
 * - Otherwise the same normalised name within 50 m of an existing place → merged into it (blank fields
 *   filled, the source added to its `sources`).
 * - Otherwise a new place.
 */

export interface ImportSummary {
  dataset: string;
  stateCode: string;
  read: number;
  inserted: number;
  updated: number;
  merged: number;
  skipped: Record<string, number>;
}

const MERGE_RADIUS_M = 50;
const CELL_DEG = 0.0005; // ≈ 55 m of latitude: neighbouring cells cover the merge radius.

/** Lower-case, accents and punctuation removed, a leading "the" dropped: "The Bean Café" → "bean cafe". */
export function titleKey(title: string): string {
  return title
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/^the /, "");
}

/** DECISIONS 3: address, phone, website, hours, wikidata (+ a description, + more than one source). */
export function qualityScore(p: Pick<PlaceInput, "address" | "phone" | "website" | "openingHours" | "wikidata" | "description">, sourceCount: number): number {
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
}

/** A place as held in memory during an import. */
interface Held extends PlaceInput {
  id?: number;
  licence: string;
  sources: SourceRef[];
  titleKey: string;
  dirty: boolean;
}

const FILLABLE = ["description", "address", "city", "zip", "phone", "website", "openingHours", "wikidata", "imageUrl", "amenities", "priceRange", "since"] as const;

function cellKey(lat: number, lng: number, dLat = 0, dLng = 0) {
  return `${Math.floor(lat / CELL_DEG) + dLat}:${Math.floor(lng / CELL_DEG) + dLng}`;
}

const COLUMNS =
  "source, source_id, licence, sources, category_id, kind, title, title_key, description, address, city, state_code, zip, phone, website, opening_hours, wikidata, image_url, latitude, longitude, amenities, price_range, since, tags, quality, updated_at";

function rowArgs(p: Held, now: number) {
  return [
    p.source, p.sourceId, p.licence, JSON.stringify(p.sources), p.categoryId, p.kind, p.title, p.titleKey,
    p.description ?? null, p.address ?? null, p.city ?? null, p.stateCode, p.zip ?? null, p.phone ?? null,
    p.website ?? null, p.openingHours ?? null, p.wikidata ?? null, p.imageUrl ?? null, p.latitude, p.longitude,
    p.amenities?.length ? JSON.stringify(p.amenities) : null, p.priceRange ?? null, p.since ?? null,
    p.tags && Object.keys(p.tags).length ? JSON.stringify(p.tags) : null, qualityScore(p, p.sources.length), now,
  ];
}

/**
 * Import one dataset's rows for one state. Existing places of the state are loaded first so that
 * deduplication happens in memory; writes go out in chunked batches (works on a libSQL server too).
 */
export async function importDatasetState(
  client: Client,
  dataset: Pick<Dataset, "key" | "licence" | "read">,
  stateCode: string,
  options: { onProgress?: (read: number) => void; rows?: AsyncIterable<ReadResult> | Iterable<ReadResult> } = {},
): Promise<ImportSummary> {
  const summary: ImportSummary = { dataset: dataset.key, stateCode, read: 0, inserted: 0, updated: 0, merged: 0, skipped: {} };

  // Existing places of this state (and, for cross-border records, whatever the dataset already linked).
  const held = new Map<number, Held>();
  const grid = new Map<string, Held[]>();
  const bySource = new Map<string, Held>();
  const addToGrid = (p: Held) => {
    const key = cellKey(p.latitude, p.longitude);
    const list = grid.get(key);
    if (list) list.push(p);
    else grid.set(key, [p]);
  };
  let after = 0;
  for (;;) {
    const page = await client.execute({
      sql: `SELECT id, ${COLUMNS} FROM places WHERE state_code = ? AND id > ? ORDER BY id LIMIT 5000`,
      args: [stateCode, after],
    });
    for (const r of page.rows) {
      const p: Held = {
        id: Number(r.id),
        source: String(r.source),
        sourceId: String(r.source_id),
        licence: String(r.licence),
        sources: JSON.parse(String(r.sources)),
        categoryId: Number(r.category_id) as Held["categoryId"],
        kind: String(r.kind),
        title: String(r.title),
        titleKey: String(r.title_key),
        description: r.description as string | null,
        address: r.address as string | null,
        city: r.city as string | null,
        stateCode: String(r.state_code),
        zip: r.zip as string | null,
        phone: r.phone as string | null,
        website: r.website as string | null,
        openingHours: r.opening_hours as string | null,
        wikidata: r.wikidata as string | null,
        imageUrl: r.image_url as string | null,
        latitude: Number(r.latitude),
        longitude: Number(r.longitude),
        amenities: r.amenities ? JSON.parse(String(r.amenities)) : null,
        priceRange: r.price_range as string | null,
        since: r.since as string | null,
        tags: r.tags ? JSON.parse(String(r.tags)) : null,
        dirty: false,
      };
      held.set(p.id!, p);
      addToGrid(p);
      for (const s of p.sources) bySource.set(`${s.source}\u0000${s.sourceId}`, p);
    }
    if (page.rows.length < 5000) break;
    after = Number(page.rows[page.rows.length - 1]!.id);
  }

  const fresh: Held[] = [];
  const newLinks: Array<{ place: Held; ref: SourceRef }> = [];
  const rows = options.rows ?? dataset.read(stateCode);
  for await (const result of rows as AsyncIterable<ReadResult>) {
    summary.read++;
    if (summary.read % 5000 === 0) options.onProgress?.(summary.read);
    if ("skip" in result) {
      summary.skipped[result.skip] = (summary.skipped[result.skip] ?? 0) + 1;
      continue;
    }
    const input = result;
    const ref: SourceRef = { source: input.source, sourceId: input.sourceId, licence: dataset.licence };
    const known = bySource.get(`${ref.source}\u0000${ref.sourceId}`);
    if (known) {
      // Re-import: the primary source refreshes its own fields; a secondary source only fills blanks.
      const primary = known.source === ref.source && known.sourceId === ref.sourceId;
      for (const field of FILLABLE) {
        const value = input[field];
        if (value !== undefined && value !== null && (primary || known[field] == null)) (known as any)[field] = value;
      }
      if (primary) {
        known.title = input.title;
        known.titleKey = titleKey(input.title);
        known.kind = input.kind;
        known.categoryId = input.categoryId;
        known.latitude = input.latitude;
        known.longitude = input.longitude;
        known.tags = input.tags ?? known.tags;
      }
      known.dirty = true;
      summary.updated++;
      continue;
    }
    const key = titleKey(input.title);
    let match: Held | undefined;
    const cLat = Math.floor(input.latitude / CELL_DEG);
    const cLng = Math.floor(input.longitude / CELL_DEG);
    for (let dLat = -1; dLat <= 1 && !match; dLat++) {
      for (let dLng = -1; dLng <= 1 && !match; dLng++) {
        for (const p of grid.get(`${cLat + dLat}:${cLng + dLng}`) ?? []) {
          if (p.titleKey === key && distanceMiles(p.latitude, p.longitude, input.latitude, input.longitude) * 1609.344 <= MERGE_RADIUS_M) {
            match = p;
            break;
          }
        }
      }
    }
    if (match) {
      for (const field of FILLABLE) {
        const value = input[field];
        if (value !== undefined && value !== null && match[field] == null) (match as any)[field] = value;
      }
      if (!match.sources.some((s) => s.source === ref.source && s.sourceId === ref.sourceId)) match.sources.push(ref);
      match.dirty = true;
      bySource.set(`${ref.source}\u0000${ref.sourceId}`, match);
      newLinks.push({ place: match, ref });
      summary.merged++;
      continue;
    }
    const place: Held = { ...input, licence: dataset.licence, sources: [ref], titleKey: key, dirty: true };
    fresh.push(place);
    addToGrid(place);
    bySource.set(`${ref.source}\u0000${ref.sourceId}`, place);
    newLinks.push({ place, ref });
    summary.inserted++;
  }

  const now = Date.now();
  const CHUNK = 400;
  // New places first (their ids are needed for the source links).
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const chunk = fresh.slice(i, i + CHUNK);
    const results = await client.batch(
      chunk.map((p) => ({ sql: `INSERT INTO places (${COLUMNS}) VALUES (${COLUMNS.split(",").map(() => "?").join(", ")}) RETURNING id`, args: rowArgs(p, now) })),
      "write",
    );
    results.forEach((r, j) => (chunk[j]!.id = Number(r.rows[0]!.id)));
  }
  const updates: InStatement[] = [];
  for (const p of held.values()) {
    if (!p.dirty) continue;
    const assignments = COLUMNS.split(", ").map((c) => `${c} = ?`).join(", ");
    updates.push({ sql: `UPDATE places SET ${assignments} WHERE id = ?`, args: [...rowArgs(p, now), p.id!] });
  }
  const links: InStatement[] = newLinks.map(({ place, ref }) => ({
    sql: "INSERT INTO place_sources (source, source_id, place_id, licence) VALUES (?, ?, ?, ?) ON CONFLICT (source, source_id) DO UPDATE SET place_id = excluded.place_id, licence = excluded.licence",
    args: [ref.source, ref.sourceId, place.id!, ref.licence],
  }));
  const writes = [...updates, ...links];
  for (let i = 0; i < writes.length; i += CHUNK) await client.batch(writes.slice(i, i + CHUNK), "write");
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
    (skipped ? ` (${skipped})` : "")
  );
}
