import type { Row } from "@libsql/client";
import { LIST_LABELS } from "../../src/domain/categories";
import { distanceMiles } from "../../src/geo";
import { townKey } from "../../src/domain/spelling";
import { openNow, weekHours } from "./hours";
import { sightName } from "./showcase";

export { openNow };

/** One place as every API answer carries it (docs/product.md + provenance, docs/product.md#promise–3). */
export interface Place {
  id: number;
  title: string;
  description: string;
  address: string | null;
  city: string | null;
  /** The place's town when it is not the city the list or answer is for ("Bisbee" on Tombstone's list), else null. */
  town: string | null;
  stateCode: string;
  /** The ZIP code when a source gives one. */
  zip: string | null;
  categoryId: number;
  category: string;
  kind: string;
  imageUrl: string | null;
  /** Who took the image, as its source credits it ("NPS / Jane Doe"): shown wherever the image is. */
  imageCredit?: string | null;
  /** Miles from the city centre, one decimal. */
  distance: number | null;
  latitude: number;
  longitude: number;
  rating: string;
  phone: string | null;
  website: string | null;
  /** Only when a source gives one (docs/product.md#data-rules); never a default. */
  priceRange: string | null;
  /** Only what a source lists; [] otherwise. */
  amenities: string[];
  openingHours: string | null;
  /** The opening hours spelled out by weekday ("Mon–Thu: 10:30 AM–midnight"); null when they are not one plain week. */
  hoursWeek: string[] | null;
  /** true/false in the city's time zone; null when the hours are unknown or unreadable. */
  openNow: boolean | null;
  source: string;
  sourceId: string;
  licence: string;
  sources: Array<{ source: string; sourceId: string; licence: string }>;
  wikidata: string | null;
  since: string | null;
  /** The date of the newest dataset the place comes from (docs/product.md#data-rules); null when no source dates it. */
  observedAt: string | null;
  /** Food, store, lodging or a casino known only from data more than five years old: "Listed in {year} data — may have changed". */
  stale: boolean;
  /** The Wikipedia article the description comes from (CC BY-SA), when it does. */
  wikipedia: string | null;
  /** Not a chain: the name is not a brand in the name-suggestion-index. */
  local: boolean;
}

/** Food, stores and lodging change: listed only in data older than this, they carry a warning and rank lower. */
export const STALE_YEARS = 5;
const AGEING_LISTS = new Set([10, 11, 12]);
/** A business filed under another list that changes as fast: a casino (resorts close, are renamed, are demolished). */
const AGEING_KIND = /\bcasino\b/i;
/** Whether a place of this list (and kind), last observed at `observedAt`, is from data older than five years. */
export function isStale(
  listId: number,
  observedAt: string | null,
  kind: string | null = null,
  now = new Date(),
): boolean {
  if (!(AGEING_LISTS.has(listId) || (kind && AGEING_KIND.test(kind))) || !observedAt) return false;
  const year = Number(observedAt.slice(0, 4));
  return Number.isFinite(year) && now.getUTCFullYear() - year > STALE_YEARS;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A true one-line description from the data itself (no invented claims). */
export function describePlace(p: {
  description: string | null;
  kind: string;
  city: string | null;
  stateCode: string;
  since: string | null;
}): string {
  if (p.description) return p.description;
  const where = p.city ? ` in ${p.city}, ${p.stateCode}` : "";
  const since = p.since ? ` (${/^\d{4}$/.test(p.since) ? `since ${p.since}` : p.since})` : "";
  return `${cap(p.kind)}${where}${since}.`;
}

export function toPlace(
  row: Row,
  origin: { latitude: number; longitude: number; name?: string } | null,
  timeZone: string,
): Place {
  const listId = Number(row.category_id);
  const latitude = Number(row.latitude);
  const longitude = Number(row.longitude);
  const amenities = row.amenities ? (JSON.parse(String(row.amenities)) as string[]) : [];
  return {
    id: Number(row.id),
    title: sightName(row),
    description: describePlace({
      description: row.description as string | null,
      kind: String(row.kind),
      city: row.city as string | null,
      stateCode: String(row.state_code),
      since: row.since as string | null,
    }),
    address: (row.address as string | null) ?? null,
    city: (row.city as string | null) ?? null,
    town: row.city && origin?.name && townKey(String(row.city)) !== townKey(origin.name) ? String(row.city) : null,
    stateCode: String(row.state_code),
    zip: row.zip == null || row.zip === "" ? null : String(row.zip),
    categoryId: listId,
    category: LIST_LABELS[listId] ?? "Place",
    kind: String(row.kind),
    imageUrl: (row.image_url as string | null) ?? null,
    imageCredit: row.image_url ? tagOf(row, "imageCredit") : null,
    distance: origin
      ? Math.round(distanceMiles(origin.latitude, origin.longitude, latitude, longitude) * 10) / 10
      : null,
    latitude,
    longitude,
    rating: "0",
    phone: (row.phone as string | null) ?? null,
    website: (row.website as string | null) ?? null,
    priceRange: (row.price_range as string | null) ?? null,
    amenities,
    openingHours: (row.opening_hours as string | null) ?? null,
    hoursWeek: weekHours((row.opening_hours as string | null) ?? null),
    openNow: openNow(row.opening_hours as string | null, timeZone),
    source: String(row.source),
    sourceId: String(row.source_id),
    licence: String(row.licence),
    sources: JSON.parse(String(row.sources)),
    wikidata: (row.wikidata as string | null) ?? null,
    since: (row.since as string | null) ?? null,
    observedAt: (row.observed_at as string | null) ?? null,
    stale: isStale(listId, (row.observed_at as string | null) ?? null, String(row.kind)),
    wikipedia: wikipediaOf(row),
    local: row.brand == null,
  };
}

/** One string tag of a place's stored tags, or null. */
function tagOf(row: Row, key: string): string | null {
  if (!row.tags) return null;
  try {
    const value = (JSON.parse(String(row.tags)) as Record<string, unknown>)[key];
    return typeof value === "string" && value ? value : null;
  } catch {
    return null;
  }
}

export function wikipediaOf(row: Row): string | null {
  if (!row.tags) return null;
  try {
    const url = (JSON.parse(String(row.tags)) as Record<string, string>).wikipedia;
    return typeof url === "string" && url.startsWith("https://en.wikipedia.org/wiki/") ? url : null;
  } catch {
    return null;
  }
}
/** A place as the content providers see it: enough to write about it truthfully. */
export interface PlaceBrief {
  id: number;
  title: string;
  kind: string;
  categoryId: number;
  since: string | null;
  description: string;
  address: string | null;
  /** The place's web page (for a historic site with a Wikipedia paragraph, its article). */
  url: string | null;
  source: string;
  licence: string;
  quality: number;
  distance: number;
}
