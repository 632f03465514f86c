/**
 * One job: deciding which stored place a record is (same normalised name within 100 m, or lodging at the same
 * street address with the same phone) and folding a record into that place.
 */
import { distanceMiles } from "../../../src/geo";
import { SIGNAL_TAGS } from "./filters";
import type { Held, SourceRef } from "./held";
import { yieldAreaTown } from "./town-of-point";
import { titleKey } from "./titles";
import { CATEGORY, type PlaceInput } from "./types";

/** Two records of one normalised name closer than this (metres) are one place. */
export const MERGE_RADIUS_M = 100;
const CELL_DEG = 0.001; // ≈ 111 m of latitude: neighbouring cells cover the merge radius.

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

/**
 * Tags a merged record brings along: the notability signals, and Open Brewery DB's brewery type (a "large"
 * brewer is a brand, not a local gem, whichever dataset listed the place first).
 */
export const CARRIED_TAGS = [...SIGNAL_TAGS, "breweryType"];

/** Notability signals of a record merged into a place (its other tags stay with their own dataset). */
export function mergeSignals(
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
export function preferArticle(
  target: { description?: string | null; tags?: Record<string, string> | null },
  from: { description?: string | null; tags?: Record<string, string> | null },
) {
  const article = from.tags?.wikipedia;
  if (!from.description || !article?.startsWith("https://en.wikipedia.org/wiki/")) return;
  if (target.tags?.wikipedia?.startsWith("https://") && target.description) return;
  target.description = from.description;
  target.tags = { ...(target.tags ?? {}), wikipedia: article };
}

/** The fields a record fills on a place when they are blank there (its primary record refreshes them). */
export const FILLABLE = [
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

/** A record folded into a place: blank fields filled, its signals and article carried, its sources added. */
export function mergeInto(target: Held, from: Pick<PlaceInput, (typeof FILLABLE)[number] | "tags">, refs: SourceRef[]) {
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
}

/** Grid cells either side in longitude that cover the merge radius at this latitude (1 up to ~26° N, 2 up to
 * ~63° N, 3 beyond), measured with the same distance as the merge. */
export function lngCells(latitude: number): number {
  const lat = Math.min(Math.abs(latitude), 89);
  return Math.ceil(MERGE_RADIUS_M / (distanceMiles(lat, 0, lat, CELL_DEG) * 1609.344));
}

/**
 * A cell's key as one number (row × CELL_ROW + column): a look-up builds no string. Columns run from −180,000
 * to +180,000, so each row's keys stay apart.
 */
const CELL_ROW = 1_000_000;
const cellOf = (lat: number, lng: number) => Math.floor(lat / CELL_DEG) * CELL_ROW + Math.floor(lng / CELL_DEG);

/** The places of one import by where they are (a grid of ~111 m cells) and by lodging key. */
export class PlaceGrid {
  private readonly grid = new Map<number, Held[]>();
  private readonly byLodging = new Map<string, Held>();

  add(p: Held) {
    const key = cellOf(p.latitude, p.longitude);
    const list = this.grid.get(key);
    if (list) list.push(p);
    else this.grid.set(key, [p]);
    const lodging = lodgingKey(p);
    if (lodging && !this.byLodging.has(lodging)) this.byLodging.set(lodging, p);
  }

  /** Same normalised name within 100 m, or lodging at the same address with the same phone. */
  findMatch(
    input: Pick<PlaceInput, "latitude" | "longitude" | "categoryId" | "address" | "phone">,
    key: string,
    self?: Held,
  ): Held | undefined {
    const cLat = Math.floor(input.latitude / CELL_DEG);
    const cLng = Math.floor(input.longitude / CELL_DEG);
    // A cell is ~111 m tall but only 111 m × cos(latitude) wide (78 m at Portland, 54 m in Anchorage): enough
    // cells either side to cover the radius east and west (one cell either side missed pairs 80–100 m apart).
    const span = lngCells(input.latitude);
    for (let dLat = -1; key && dLat <= 1; dLat++) {
      for (let dLng = -span; dLng <= span; dLng++) {
        const cell = this.grid.get((cLat + dLat) * CELL_ROW + cLng + dLng);
        if (!cell) continue;
        for (const p of cell) {
          if (
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
    const same = lodging ? this.byLodging.get(lodging) : undefined;
    return same && same !== self && !same.gone ? same : undefined;
  }
}

/**
 * Places by their records' (source, sourceId): a map per source, so a look-up builds no joined key (an import
 * looks up every source of every place of the state once per dataset). Ids are compared as text, as a joined
 * key compared them.
 */
export class SourceIndex<T> {
  private readonly bySource = new Map<string, Map<string, T>>();

  get(source: string, sourceId: string): T | undefined {
    return this.bySource.get(String(source))?.get(String(sourceId));
  }

  set(source: string, sourceId: string, value: T) {
    const key = String(source);
    let ids = this.bySource.get(key);
    if (!ids) this.bySource.set(key, (ids = new Map()));
    ids.set(String(sourceId), value);
  }
}
