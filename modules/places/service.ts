import type { Client, Row } from "@libsql/client";
import { LRUCache } from "lru-cache";
import OpeningHours from "opening_hours";
import { HttpError } from "../../src/http";
import type { CityIndex, IndexedCity } from "../cities";
import { LIST_LABELS, toListId } from "../../src/domain/categories";
import { US_STATES } from "../../src/domain/states";
import { distanceMiles } from "../../src/geo";
import { titleMatches } from "./search";
import {
  BUSINESS_DUMP,
  isCasinoResort,
  isOrganisationName,
  isPrivateBuilding,
  notability,
  SIGNAL_TAGS,
} from "../../db/import/places/filters";
import { addressKey, MERGE_RADIUS_M } from "../../db/import/places/store";

/** One place as every API answer carries it (discovery.md section 3 + provenance, DECISIONS 1–3). */
export interface Place {
  id: number;
  title: string;
  description: string;
  address: string | null;
  city: string | null;
  stateCode: string;
  /** The ZIP code when a source gives one. */
  zip: string | null;
  categoryId: number;
  category: string;
  kind: string;
  imageUrl: string | null;
  /** Miles from the city centre, one decimal. */
  distance: number | null;
  latitude: number;
  longitude: number;
  rating: string;
  phone: string | null;
  website: string | null;
  /** Only when a source gives one (DECISIONS 17); never a default. */
  priceRange: string | null;
  /** Only what a source lists; [] otherwise. */
  amenities: string[];
  openingHours: string | null;
  /** true/false in the city's time zone; null when the hours are unknown or unreadable. */
  openNow: boolean | null;
  source: string;
  sourceId: string;
  licence: string;
  sources: Array<{ source: string; sourceId: string; licence: string }>;
  wikidata: string | null;
  since: string | null;
  /** The date of the newest dataset the place comes from (DECISIONS 20); null when no source dates it. */
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

export { distanceMiles };

/** Wall-clock time in a time zone as a local Date (the opening-hours parser reads local fields). */
const formatters = new LRUCache<string, Intl.DateTimeFormat>({
  max: 500,
  memoMethod: (timeZone) =>
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }),
});
function wallClock(now: Date, timeZone: string): Date {
  const format = formatters.memo(timeZone);
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return new Date(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** Parsed opening hours by their text; `false` for text the parser refuses. */
const hoursCache = new LRUCache<string, OpeningHours | false>({
  max: 5000,
  memoMethod: (hours) => {
    try {
      return new OpeningHours(hours, null, 0);
    } catch {
      return false;
    }
  },
});
export function openNow(hours: string | null, timeZone: string, now = new Date()): boolean | null {
  if (!hours) return null;
  const parsed = hoursCache.memo(hours);
  if (!parsed) return null;
  try {
    const at = wallClock(now, timeZone || "America/New_York");
    if (parsed.getUnknown(at)) return null;
    return parsed.getState(at);
  } catch {
    return null;
  }
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

export function toPlace(row: Row, origin: { latitude: number; longitude: number } | null, timeZone: string): Place {
  const listId = Number(row.category_id);
  const latitude = Number(row.latitude);
  const longitude = Number(row.longitude);
  const amenities = row.amenities ? (JSON.parse(String(row.amenities)) as string[]) : [];
  return {
    id: Number(row.id),
    title: String(row.title),
    description: describePlace({
      description: row.description as string | null,
      kind: String(row.kind),
      city: row.city as string | null,
      stateCode: String(row.state_code),
      since: row.since as string | null,
    }),
    address: (row.address as string | null) ?? null,
    city: (row.city as string | null) ?? null,
    stateCode: String(row.state_code),
    zip: row.zip == null || row.zip === "" ? null : String(row.zip),
    categoryId: listId,
    category: LIST_LABELS[listId] ?? "Place",
    kind: String(row.kind),
    imageUrl: (row.image_url as string | null) ?? null,
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

function wikipediaOf(row: Row): string | null {
  if (!row.tags) return null;
  try {
    const url = (JSON.parse(String(row.tags)) as Record<string, string>).wikipedia;
    return typeof url === "string" && url.startsWith("https://en.wikipedia.org/wiki/") ? url : null;
  } catch {
    return null;
  }
}

/** "Las Vegas" + "NV" (or "Nevada") → the city, or a 404 naming what was not found. */
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

export type ListKind = "nearby" | "local-gems" | "featured" | `category-${number}`;

const LIST_MAX = 240;
const PAGE_TTL_MS = 60_000;
const TARGET = 60;
/** Lists grow to the first radius holding enough places; 25 mi is the cap (a far place never outranks a near one). */
const NEARBY_RADII = [1, 3, 10, 25];
/** Distance bands (miles): a list shows every place of a nearer band before any of a farther one. */
export const DISTANCE_BANDS = [1, 3, 10, 25];
export const distanceBand = (miles: number) => {
  const i = DISTANCE_BANDS.findIndex((b) => miles <= b);
  return i === -1 ? DISTANCE_BANDS.length : i;
};
const FEATURED_TARGET = 24;
const CORROBORATION_MILES = 0.6;
/** Heritage listings count as one family of sources (as in the import's notability). */
const HERITAGE = new Set([
  "nyc-landmarks",
  "nys-national-register",
  "chicago-landmarks",
  "portland-landmarks",
  "mt-national-register",
  "mo-historic",
  "wv-nrhp",
  "nc-nrhp",
  "dc-open-data",
  "historic-wikipedia",
]);
/**
 * A sight's name without the designation a national or state listing adds to it: the National Register files
 * the Statue of Liberty as "Statue of Liberty National Monument, Ellis Island & Liberty Island", Castle Clinton
 * as "Castle Clinton National Monument", a neighbourhood as "Park Slope Historic District". Records of one sight
 * then share the key (title keys are lower-case words, decision 023).
 */
const DESIGNATION =
  / ((national|state) (monument|memorial|historic(al)? (site|park|landmark)|park|battlefield|seashore|recreation area)( .*)?|historic district)$/;
export const sightKey = (titleKey: string) => {
  const base = titleKey.replace(DESIGNATION, "");
  return base.split(" ").length >= 2 ? base : titleKey;
};
const parse = <T>(text: unknown, fallback: T): T => {
  if (text == null) return fallback;
  try {
    return JSON.parse(String(text)) as T;
  } catch {
    return fallback;
  }
};
/** The import's merge radius, in miles. */
const SAME_PLACE_MILES = MERGE_RADIUS_M / 1609.344;
/** Two records of one name at one street address are one place up to this far apart (datasets geocode differently). */
const SAME_ADDRESS_MILES = 1;
/**
 * A list shows a place once. A row is left out when a higher row has the same name (ignoring spaces and
 * punctuation: "Childrens" and "Children's") within 100 m, or at the same street address within a mile. The
 * import merges by name within 100 m in a state; two states' files can each hold one near their border (a
 * Georgetown restaurant is Virginia in the OpenStreetMap extract's coarse state polygon, DC in DC's open data),
 * and two datasets can put one museum at points of its block 150 m apart (the Las Vegas Natural History Museum).
 */
export function oneOfEachName<T extends { r: Row }>(ranked: T[]): T[] {
  const seen = new Map<string, Array<{ r: Row; address: string | null }>>();
  return ranked.filter(({ r }) => {
    // A name of no Latin letters has an empty key: it says nothing about being the same place.
    const key = String(r.title_key ?? "").replaceAll(" ", "");
    if (!key) return true;
    const address = r.address ? addressKey(String(r.address)) : null;
    const same = seen.get(key);
    const isSame = same?.some((s) => {
      const miles = distanceMiles(Number(s.r.latitude), Number(s.r.longitude), Number(r.latitude), Number(r.longitude));
      return (
        miles <= SAME_PLACE_MILES ||
        (address !== null && /\d/.test(address) && s.address === address && miles < SAME_ADDRESS_MILES)
      );
    });
    if (isSame) return false;
    if (same) same.push({ r, address });
    else seen.set(key, [{ r, address }]);
    return true;
  });
}

/**
 * Featured, one entry per sight: records of the same name within ~1 km (a landmark listed by the city, the
 * National Register and OpenStreetMap at different points of a large site, or in two states' files) are one
 * sight. The most notable record stands for it; the sight scores what its records' signals score together
 * (the import's notability over the union of their datasets, Wikidata/Wikipedia links and signal tags).
 */
export function corroborated(
  rows: Row[],
): Array<{ r: Row; n: number; key: string; area: boolean; article: Row | null }> {
  const groups = new Map<string, Row[][]>();
  for (const r of rows) {
    // A café or a shop is never a record of a sight, whatever its name ("Park Slope Cafe" beside the Park Slope
    // Historic District, whose key loses its designation): it stands alone.
    const own = GROUPLESS.has(Number(r.category_id)) || !r.title_key; // a name of no Latin letters has no key to group by
    const key = own ? `#${r.id}` : sightKey(String(r.title_key));
    const clusters = groups.get(key) ?? groups.set(key, []).get(key)!;
    const near = clusters.find(
      (c) =>
        distanceMiles(Number(c[0]!.latitude), Number(c[0]!.longitude), Number(r.latitude), Number(r.longitude)) <=
        CORROBORATION_MILES,
    );
    if (near) near.push(r);
    else clusters.push([r]);
  }
  const out: Array<{ r: Row; n: number; key: string; area: boolean; article: Row | null }> = [];
  for (const [groupKey, clusters] of groups) {
    const key = groupKey.startsWith("#") ? String(clusters[0]![0]!.title_key) : groupKey;
    for (const c of clusters) {
      c.sort(
        (a, b) =>
          Number(b.notability) - Number(a.notability) ||
          Number(b.quality) - Number(a.quality) ||
          Number(a.id) - Number(b.id),
      );
      const best = c[0]!;
      // The card of a sight shows a Wikipedia paragraph when one of its records has it (with the article's link).
      const article =
        wikipediaOf(best) && best.description ? null : (c.find((r) => wikipediaOf(r) && r.description) ?? null);
      // A district lends its name to everything in it, as a street does: names borrowed say nothing of its fame.
      const area = c.some(
        (r) => / historic district$/.test(String(r.title_key)) || /\bdistrict\b/.test(String(r.kind)),
      );
      if (c.length === 1) {
        out.push({ r: best, n: Number(best.notability), key, area, article });
        continue;
      }
      const tags: Record<string, string> = {};
      for (const r of c) {
        const own = parse<Record<string, string> | null>(r.tags, null) ?? {};
        for (const k of [...SIGNAL_TAGS, "wikipedia", "tourism", "discipline"] as const)
          if (own[k] && !tags[k]) tags[k] = own[k];
      }
      const merged = notability({
        categoryId: Number(best.category_id),
        kind: String(best.kind),
        title: String(best.title),
        address: best.address as string | null,
        wikidata: (c.find((r) => r.wikidata)?.wikidata as string | undefined) ?? null,
        tags,
        sources: c.flatMap((r) => parse<Array<{ source: string }>>(r.sources, [])),
      });
      out.push({ r: best, n: Math.max(Number(best.notability), merged), key, area, article });
    }
  }
  return out;
}

/**
 * Every place shows the Wikipedia paragraph a record of the same sight has (same name without designation, within
 * CORROBORATION_MILES; the most notable such record, then the lowest id) when it has none of its own — in every
 * list, the dialog and `GET /api/places/:id` alike, read from the store (never from a cache of one list). Food and
 * stores never borrow one (they are never a sight's record). One R*Tree query over the rows' box for a batch.
 */
export async function withArticles(client: Client, rows: Row[]): Promise<Row[]> {
  const needs = rows.filter((r) => !GROUPLESS.has(Number(r.category_id)) && !(wikipediaOf(r) && r.description));
  if (!needs.length) return rows;
  // One box per ~1° cell of the rows (a city's list is one to four boxes; a nationwide search is never one huge box).
  const cells = new Map<string, Row[]>();
  for (const r of needs) {
    const cell = `${Math.floor(Number(r.latitude))}:${Math.floor(Number(r.longitude))}`;
    (cells.get(cell) ?? cells.set(cell, []).get(cell)!).push(r);
  }
  const found: Row[] = [];
  for (const group of cells.values()) {
    const lats = group.map((r) => Number(r.latitude));
    const lngs = group.map((r) => Number(r.longitude));
    const pad = CORROBORATION_MILES / 69.0;
    const padLng = CORROBORATION_MILES / (69.172 * Math.cos((Math.max(...lats.map(Math.abs)) * Math.PI) / 180));
    const result = await client.execute({
      sql: `SELECT p.* FROM places_rtree r JOIN places p ON p.id = r.id
            WHERE r.min_lat >= ? AND r.max_lat <= ? AND r.min_lng >= ? AND r.max_lng <= ?
              AND p.description IS NOT NULL AND p.tags LIKE '%"wikipedia":"https://en.wikipedia.org/wiki/%' AND p.category_id NOT IN (${[...GROUPLESS].join(",")})`,
      args: [Math.min(...lats) - pad, Math.max(...lats) + pad, Math.min(...lngs) - padLng, Math.max(...lngs) + padLng],
    });
    found.push(...result.rows);
  }
  const byKey = new Map<string, Row[]>();
  for (const a of found) {
    if (!wikipediaOf(a)) continue;
    const key = sightKey(String(a.title_key));
    (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(a);
  }
  if (!byKey.size) return rows;
  const wanting = new Set(needs);
  return rows.map((r) => {
    if (!wanting.has(r)) return r;
    const article = (byKey.get(sightKey(String(r.title_key))) ?? [])
      .filter(
        (a) =>
          distanceMiles(Number(a.latitude), Number(a.longitude), Number(r.latitude), Number(r.longitude)) <=
          CORROBORATION_MILES,
      )
      .sort((a, b) => Number(b.notability) - Number(a.notability) || Number(a.id) - Number(b.id))[0];
    return article ? withArticle(r, article) : r;
  });
}

/** A sight's record showing the Wikipedia paragraph (and the article's link) another of its records has. */
function withArticle(r: Row, article: Row): Row {
  const tags = { ...(parse<Record<string, string> | null>(r.tags, null) ?? {}), wikipedia: wikipediaOf(article)! };
  return { ...r, description: article.description, tags: JSON.stringify(tags) } as unknown as Row;
}

/** Food and stores never join a sight's records (corroborated). */
const GROUPLESS = new Set([10, 12]);

/** Another place named after a sight lies within this distance of it ("Brooklyn Bridge Park", "Times Square Hotel"). */
const EPONYM_MILES = 1.25;
const EPONYM_MAX = 4;
/** A street lends its name to every address on it: no sign of fame. */
const STREET = /\b(street|st|avenue|ave|road|rd|boulevard|blvd|drive|lane|place|way|parkway|highway)$/;
/**
 * Names borrowed count for a sight already notable by its own signals (a street or a tree lends its name
 * without being a sight) — or, from a lower score (a sight's kind alone: an OpenStreetMap attraction), when
 * at least EPONYM_DATASETS independent datasets name places after it (a business's naming habit is one
 * dataset's rows; a city's landmark is named in the heritage lists, the museum census, hotels and guides).
 */
const EPONYM_FROM = 6;
const EPONYM_LOW_FROM = 3;
const EPONYM_DATASETS = 3;
export interface Eponyms {
  /** Distinct names holding the sight's name, at most EPONYM_MAX. */
  names: number;
  /** Distinct datasets those places come from, at most EPONYM_MAX. */
  datasets: number;
}
/**
 * Places take their names from the landmarks around them: for each candidate sight, the other places
 * within EPONYM_MILES whose name holds the sight's whole name — how many distinct names, and from how many
 * datasets. Only names of two words or more count (a one-word name — "Chelsea", "Lincoln" — is too common to
 * be borrowed from one sight).
 */
export function eponyms(
  sights: Array<{ key: string; latitude: number; longitude: number }>,
  names: Array<{ key: string; latitude: number; longitude: number; source?: string }>,
): Eponyms[] {
  const CELL = 0.02;
  // Each name padded and reduced to its sight key once (not once per sight it is compared with: New York's
  // featured list compares thousands of sights with tens of thousands of names).
  type Name = { key: string; padded: string; sight: string; latitude: number; longitude: number; source?: string };
  const cells = new Map<string, Name[]>();
  for (const n of names) {
    const cell = `${Math.floor(n.latitude / CELL)}:${Math.floor(n.longitude / CELL)}`;
    (cells.get(cell) ?? cells.set(cell, []).get(cell)!).push({ ...n, padded: ` ${n.key} `, sight: sightKey(n.key) });
  }
  return sights.map((s) => {
    if (s.key.split(" ").length < 2 || s.key.length < 8 || STREET.test(s.key)) return { names: 0, datasets: 0 };
    const padded = ` ${s.key} `;
    const found = new Set<string>();
    const datasets = new Set<string>();
    const cLat = Math.floor(s.latitude / CELL);
    const cLng = Math.floor(s.longitude / CELL);
    for (let a = -1; a <= 1; a++)
      for (let b = -1; b <= 1; b++)
        for (const n of cells.get(`${cLat + a}:${cLng + b}`) ?? [])
          if (
            n.key !== s.key &&
            n.padded.includes(padded) &&
            n.sight !== s.key &&
            distanceMiles(s.latitude, s.longitude, n.latitude, n.longitude) <= EPONYM_MILES
          ) {
            found.add(n.key);
            if (n.source) datasets.add(n.source);
          }
    return { names: Math.min(found.size, EPONYM_MAX), datasets: Math.min(datasets.size, EPONYM_MAX) };
  });
}

/**
 * What names borrowed add to a sight scoring `n` by its own signals: 1 per distinct name and 1 per dataset
 * (at most 4 each), from EPONYM_FROM, or from EPONYM_LOW_FROM when EPONYM_DATASETS datasets name it.
 */
export function eponymBonus(n: number, e: Eponyms): number {
  if (n >= EPONYM_FROM || (n >= EPONYM_LOW_FROM && e.datasets >= EPONYM_DATASETS)) return e.names + e.datasets;
  return 0;
}

/** Featured looks city-wide: a larger city's famous places lie farther from downtown (SimpleMaps area population). */
export function featuredRadii(population: number): number[] {
  const start = population >= 1_000_000 ? 8 : population >= 250_000 ? 5 : population >= 50_000 ? 3 : 2;
  return [start, start * 2, 25].filter((r, i, all) => r <= 25 && all.indexOf(r) === i);
}
const GEM_RADII = [1.5, 2.5, 3.5, 5];
const GEM_CATEGORIES = [10, 12];
/**
 * A food or store place of a brand (the name-suggestion-index): within a distance band it follows the local ones.
 * A chain's record often has more fields (phone, website), so quality alone put Starbucks and Papa John's at the
 * top of "Dine in Las Vegas", above the taquerias next door.
 */
const chainFoodOrStore = (r: Row) => r.brand != null && GEM_CATEGORIES.includes(Number(r.category_id));
/**
 * A record of the 2011 business dump under a company's name ("World Entertainment Ctr Inc", "Affordable DJ Svc",
 * "Ticketing Plus LLC"): the dump files event businesses, agents and promoters as theatres and recreation. Some
 * are places ("Camellia Lanes Inc", a bowling alley), so they stay listed, after the other current places of their
 * distance band (stale records, food or lodging known only from old data, still come after them).
 * (Food, stores and lodging under such names are left out at import; a museum's legal name, "Telfair Museum of
 * Art Inc", comes from the IMLS file, not the dump, and keeps its place.)
 */
const dumpCompany = (r: Row) => r.source === BUSINESS_DUMP && isOrganisationName(String(r.title));
/** How long a list request waits for a live source (Overpass) before answering with what the store has. */
export const LIVE_WAIT_MS = 4_000;

/**
 * Places within `radius` miles of a point: the R*Tree narrows to the bounding box (never a table scan), then
 * the circle is exact. Optionally only some categories, or titles holding a case-insensitive substring.
 */
export async function placesWithin(
  client: Client,
  centre: { latitude: number; longitude: number },
  radius: number,
  filter: { categories?: number[] | null; title?: string; minNotability?: number; columns?: string } = {},
): Promise<Row[]> {
  const dLat = radius / 69.0;
  const dLng = radius / (69.172 * Math.cos((centre.latitude * Math.PI) / 180));
  const where: string[] = [];
  const args: Array<string | number> = [
    centre.latitude - dLat,
    centre.latitude + dLat,
    centre.longitude - dLng,
    centre.longitude + dLng,
  ];
  if (filter.categories) {
    where.push(`p.category_id IN (${filter.categories.map(() => "?").join(",")})`);
    args.push(...filter.categories);
  }
  if (filter.minNotability !== undefined) {
    where.push("p.notability >= ?");
    args.push(filter.minNotability);
  }
  if (filter.title) {
    where.push("p.title LIKE ? ESCAPE '\\'");
    args.push(`%${filter.title.replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
  }
  const result = await client.execute({
    sql: `SELECT ${filter.columns ?? "p.*"} FROM places_rtree r JOIN places p ON p.id = r.id
          WHERE r.min_lat >= ? AND r.max_lat <= ? AND r.min_lng >= ? AND r.max_lng <= ?${where.map((w) => ` AND ${w}`).join("")}`,
    args,
  });
  return result.rows.filter(
    (r) => distanceMiles(centre.latitude, centre.longitude, Number(r.latitude), Number(r.longitude)) <= radius,
  );
}

/**
 * A source that can add places for a thin city on demand (./overpass.ts). `ensureCity`
 * should not reject; the service waits for it at most `liveWaitMs`, and the source calls
 * `invalidate()` when its import lands later.
 */
export interface LiveSource {
  ensureCity(city: IndexedCity): Promise<void>;
}

/**
 * Place lists for a city: candidates from the R*Tree inside the smallest radius that holds enough of
 * them (never a table scan), sorted by rating, quality, distance (DECISIONS 3), kept in a small LRU so
 * paging is deterministic and repeat calls are cheap. Cleared when a state's places change.
 */
/** The work's answer if it comes within `ms`, else null; a failure is null too. The work itself goes on. */
async function within<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work.catch(() => null),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Imports a state's places (resolves when they are in); the state loader also reports progress (db/import/places). */
export type StateEnsurer = ((stateCode: string) => Promise<void>) & {
  status?: (stateCode: string) => { ready: boolean; percent: number };
};

/**
 * The caches (docs/decisions/016-one-cache-library.md): lru-cache everywhere. A `fetch` shares one
 * computation between concurrent callers; `clear()` on invalidation lets a running computation answer its
 * callers but keeps its result out of the cache (ignoreFetchAbort), so nothing computed before an import
 * is served after it.
 */
export class PlacesService {
  /** Ranked place ids per city and list; paging slices them, so pages are deterministic. */
  private readonly lists = new LRUCache<string, number[], { city: IndexedCity; kind: ListKind }>({
    max: 500,
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => this.buildList(context.city, context.kind),
  });
  private readonly rows = new LRUCache<number, Row>({ max: 100_000 });
  /** Serialised pages for a minute ("openNow" moves with the clock); the hot path of every list screen. */
  private readonly pages = new LRUCache<
    string,
    string,
    { city: IndexedCity; kind: ListKind; count: number; offset: number }
  >({
    max: 5000,
    ttl: PAGE_TTL_MS,
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context: { city, kind, count, offset } }) =>
      JSON.stringify(await this.page(city, kind, count, offset)),
  });
  private readonly invalidated: Array<() => void> = [];
  /** States whose places this service has seen imported (a list for them never waits on an import). */
  private readonly readyStates = new Set<string>();

  constructor(
    private readonly client: Client,
    private readonly cityIndex: CityIndex,
    private readonly ensureState: StateEnsurer,
    private readonly live: { source?: LiveSource; waitMs?: number } = {},
  ) {}

  /**
   * Whether a city's state has its places yet (decision 024): asking puts a state not yet started first in
   * the import queue. `percent` is the share of the state's datasets imported so far.
   */
  preparation(city: IndexedCity): { stateCode: string; state: string; ready: boolean; percent: number } {
    const state = US_STATES[city.stateCode] ?? city.stateCode;
    if (this.readyStates.has(city.stateCode)) return { stateCode: city.stateCode, state, ready: true, percent: 100 };
    const status = this.ensureState.status?.(city.stateCode);
    if (status)
      return { stateCode: city.stateCode, state, ready: status.ready, percent: status.ready ? 100 : status.percent };
    void this.ensureState(city.stateCode).then(
      () => this.readyStates.add(city.stateCode),
      () => {},
    );
    return { stateCode: city.stateCode, state, ready: false, percent: 0 };
  }

  private refreshed: { at: number; list: Promise<Array<{ source: string; version: string }>> } | undefined;
  /** Sources an operator refreshed (`npm run import:osm|import:overture -- --state`), newest data date each; cached a minute. */
  refreshedSources(): Promise<Array<{ source: string; version: string }>> {
    if (!this.refreshed || Date.now() - this.refreshed.at > 60_000) {
      const list = this.client
        .execute(
          "SELECT substr(dataset, 9, instr(substr(dataset, 9), ':') - 1) AS source, max(version) AS version FROM data_imports WHERE dataset LIKE 'refresh:%' GROUP BY 1",
        )
        .then((r) => r.rows.map((row) => ({ source: String(row.source), version: String(row.version) })))
        .catch(() => []);
      this.refreshed = { at: Date.now(), list };
    }
    return this.refreshed.list;
  }

  /** Drop every cache (a state's places changed), then tell the listeners (the content service's contexts). */
  invalidate() {
    this.lists.clear();
    this.rows.clear();
    this.pages.clear();
    for (const listener of this.invalidated) listener();
  }

  /** Run `listener` after every invalidate(): caches built on places follow the same import hook. */
  onInvalidate(listener: () => void) {
    this.invalidated.push(listener);
  }

  /** A list page as JSON text if it is cached (the hot path answers it without a promise), else undefined. */
  cachedPageJson(city: IndexedCity, kind: ListKind, count: number, offset: number): string | undefined {
    return this.pages.get(`${kind}|${city.id}|${count}|${offset}`);
  }

  /** A list page as JSON text, cached for PAGE_TTL_MS. */
  async pageJson(city: IndexedCity, kind: ListKind, count: number, offset: number): Promise<string> {
    return (await this.pages.fetch(`${kind}|${city.id}|${count}|${offset}`, {
      context: { city, kind, count, offset },
    }))!;
  }

  /**
   * A list page for a page rendered on the server: null unless the city's state is already imported and the
   * answer comes within `ms` (a live fetch may hold it up). A state import is never started from here: it is
   * heavy work, and the page must go out at once; the browser then asks for the list through the API.
   */
  async pageIfReady(city: IndexedCity, kind: ListKind, count: number, ms: number): Promise<Place[] | null> {
    if (!this.readyStates.has(city.stateCode)) {
      // Imported by the background run (decision 024)? Asking also moves a waiting state to the front.
      if (!this.ensureState.status?.(city.stateCode).ready) return null;
      this.readyStates.add(city.stateCode);
    }
    const json = await within(this.pageJson(city, kind, count, 0), ms);
    return json === null ? null : (JSON.parse(json) as Place[]);
  }

  private candidates(
    city: IndexedCity,
    radius: number,
    filter: { categories?: number[] | null; title?: string; minNotability?: number } = {},
  ): Promise<Row[]> {
    return placesWithin(this.client, city, radius, filter);
  }

  private async list(city: IndexedCity, kind: ListKind): Promise<number[]> {
    return (await this.lists.fetch(`${kind}|${city.id}`, { context: { city, kind } }))!;
  }

  private async buildList(city: IndexedCity, kind: ListKind): Promise<number[]> {
    await this.ensureState(city.stateCode);
    this.readyStates.add(city.stateCode);
    await this.waitForLive(city);
    const sorted = await withArticles(
      this.client,
      (await this.rank(city, kind)).slice(0, LIST_MAX).map(({ r }) => r),
    );
    const ids = sorted.map((r) => {
      this.rows.set(Number(r.id), r);
      return Number(r.id);
    });
    return ids;
  }

  /**
   * Issue 11 ordering.
   * - featured: the city's most notable places city-wide (radius scaled by city size), notability first, apartment
   *   and office buildings after the sights; places scoring below 1 (organisations, PO boxes, historical-society
   *   offices, shops) never feature.
   * - nearby and category lists: distance bands first (≤1, ≤3, ≤10, ≤25 mi — the cap), then within a band
   *   recent before stale (food/store/lodging from data older than five years); among the recent, chains' food and
   *   stores and the business dump's company names after the others; then notability + quality, then distance.
   * - local gems: independent (no NSI brand) food and store places downtown, in the same bands.
   */
  private async rank(city: IndexedCity, kind: ListKind): Promise<Array<{ r: Row; d: number }>> {
    const dist = (r: Row) => distanceMiles(city.latitude, city.longitude, Number(r.latitude), Number(r.longitude));
    if (kind === "featured") {
      let rows: Row[] = [];
      let within = 0;
      for (const radius of featuredRadii(city.population)) {
        within = radius;
        // Old data never features (DECISIONS 20) — except a casino resort, the sight a city like Las Vegas is known
        // for, which the bundled data knows only from 2011 (its card says "Listed in 2011 data — may have changed"),
        // and only while no current data (an operator refresh) lists a casino resort around.
        const all = await this.candidates(city, radius, { minNotability: 1 });
        const stale = (r: Row) => isStale(Number(r.category_id), r.observed_at as string | null, String(r.kind));
        const resort = (r: Row) =>
          isCasinoResort({ categoryId: Number(r.category_id), title: String(r.title), kind: String(r.kind) });
        const current = all.some((r) => resort(r) && !stale(r));
        rows = all.filter((r) => !stale(r) || (!current && resort(r)));
        if (rows.length >= FEATURED_TARGET) break;
      }
      const sights = corroborated(rows);
      // Every name around (any place, any date) for the eponym signal; names only, never kept.
      const names = (
        await placesWithin(this.client, city, within + EPONYM_MILES, {
          columns: "p.title_key AS key, p.latitude, p.longitude, p.source",
        })
      ).map((r) => ({
        key: String(r.key),
        latitude: Number(r.latitude),
        longitude: Number(r.longitude),
        source: String(r.source),
      }));
      const borrowed = eponyms(
        sights.map(({ r, key }) => ({ key, latitude: Number(r.latitude), longitude: Number(r.longitude) })),
        names,
      );
      // An apartment block or an office building follows the sights whatever its score: its listing and article make
      // it a fine façade, and in a city of few sights its score still put it third (Helena's Porter Flats Apartments).
      return sights
        .map(({ r, n, area }, i) => ({
          r,
          n: n + (area ? 0 : eponymBonus(n, borrowed[i]!)),
          d: dist(r),
          building: isPrivateBuilding(String(r.kind)) ? 1 : 0,
        }))
        .sort(
          (a, b) =>
            a.building - b.building ||
            b.n - a.n ||
            Number(b.r.quality) - Number(a.r.quality) ||
            a.d - b.d ||
            Number(a.r.id) - Number(b.r.id),
        );
    }
    let categories: number[] | null = null;
    let radii = NEARBY_RADII;
    let target = TARGET;
    let keep = (_r: Row) => true;
    if (kind === "local-gems") {
      categories = GEM_CATEGORIES;
      radii = GEM_RADII;
      target = 24;
      // A farmers market is a season, and a season known only from an old listing (the USDA file of 2017; its
      // dated seasons that ended are out of the store) is no gem to send a visitor to: it stays in stores, labelled.
      keep = (r) =>
        r.brand == null &&
        !(
          r.kind === "farmers market" && isStale(Number(r.category_id), r.observed_at as string | null, String(r.kind))
        );
    } else if (kind.startsWith("category-")) {
      categories = [Number(kind.slice("category-".length))];
    }
    // The smallest radius that holds enough places; it depends only on the city and list, never on offset.
    let rows: Row[] = [];
    for (const radius of radii) {
      rows = (await this.candidates(city, radius, { categories })).filter(keep);
      if (rows.length >= target) break;
    }
    return oneOfEachName(
      rows
        .map((r) => ({
          r,
          d: dist(r),
          band: distanceBand(dist(r)),
          stale: isStale(Number(r.category_id), r.observed_at as string | null, String(r.kind)) ? 1 : 0,
          chain: chainFoodOrStore(r) || dumpCompany(r) ? 1 : 0,
          q: Number(r.quality) + Math.max(0, Number(r.notability)),
        }))
        .sort(
          (a, b) =>
            a.band - b.band ||
            a.stale - b.stale ||
            a.chain - b.chain ||
            b.q - a.q ||
            a.d - b.d ||
            Number(a.r.id) - Number(b.r.id),
        ),
    );
  }

  /** Give a thin city's live fetch up to `waitMs`; past that the list is built from the store and the import finishes later. */
  private async waitForLive(city: IndexedCity): Promise<void> {
    const source = this.live.source;
    if (source) await within(source.ensureCity(city), this.live.waitMs ?? LIVE_WAIT_MS);
  }

  async page(city: IndexedCity, kind: ListKind, count: number, offset: number): Promise<Place[]> {
    const ids = await this.list(city, kind);
    const slice = ids.slice(offset, offset + count);
    const missing = slice.filter((id) => !this.rows.has(id));
    if (missing.length) {
      const result = await this.client.execute({
        sql: `SELECT * FROM places WHERE id IN (${missing.map(() => "?").join(",")})`,
        args: missing,
      });
      for (const r of await withArticles(this.client, result.rows)) this.rows.set(Number(r.id), r);
    }
    return slice.flatMap((id) => {
      const row = this.rows.get(id);
      return row ? [toPlace(row, city, city.timezone)] : [];
    });
  }

  async byCategory(city: IndexedCity, categoryId: number, count: number, offset: number): Promise<Place[]> {
    const listId = toListId(categoryId);
    if (listId === undefined)
      throw new HttpError(400, `Unknown category id ${categoryId}. Use 1–6 or 7–12.`, {
        categoryId: ["Category ids are 1–6 or 7–12."],
      });
    if (listId === 7) return []; // fun facts are not places
    return this.page(city, `category-${listId}`, count, offset);
  }

  /** One place; its distance is measured from the nearest city centre. */
  async get(id: number, from?: IndexedCity): Promise<Place> {
    const result = await this.client.execute({ sql: "SELECT * FROM places WHERE id = ?", args: [id] });
    const found = result.rows[0];
    if (!found) throw new HttpError(404, "Place not found.");
    const [row] = (await withArticles(this.client, [found])) as [Row];
    const origin = from ?? this.cityIndex.nearest(Number(row.latitude), Number(row.longitude));
    return toPlace(row, origin ?? null, origin?.timezone ?? "America/New_York");
  }

  /** Every place within `radius` miles, briefly (for the content providers' grounded context), nearest first. */
  async around(city: IndexedCity, radius: number): Promise<PlaceBrief[]> {
    await this.ensureState(city.stateCode);
    return (await this.candidates(city, radius))
      .map((r) => ({
        id: Number(r.id),
        title: String(r.title),
        kind: String(r.kind),
        categoryId: Number(r.category_id),
        since: r.since == null ? null : String(r.since),
        description: describePlace({
          description: r.description as string | null,
          kind: String(r.kind),
          city: r.city as string | null,
          stateCode: String(r.state_code),
          since: r.since as string | null,
        }),
        address: r.address == null ? null : String(r.address),
        url: wikipediaOf(r) ?? (r.website == null ? null : String(r.website)),
        source: String(r.source),
        licence: String(r.licence),
        quality: Number(r.quality),
        distance:
          Math.round(distanceMiles(city.latitude, city.longitude, Number(r.latitude), Number(r.longitude)) * 10) / 10,
      }))
      .sort((a, b) => a.distance - b.distance || a.id - b.id);
  }

  /** Title search (./search.ts); within a city's area (25 mi), nearest first, when one is given, else across all imported places. */
  async search(q: string, city: IndexedCity | undefined, limit: number): Promise<Place[]> {
    if (!city) {
      const rows = await titleMatches(this.client, q, limit);
      return (await withArticles(this.client, rows.slice(0, limit))).map((r) => toPlace(r, null, "America/New_York"));
    }
    await this.ensureState(city.stateCode);
    // One answer per place, as the lists give (two datasets' records of one museum, two states' of one café).
    const found = oneOfEachName(
      (await titleMatches(this.client, q, limit, { centre: city, radius: 25 })).map((r) => ({ r })),
    ).slice(0, limit);
    return (
      await withArticles(
        this.client,
        found.map(({ r }) => r),
      )
    ).map((r) => toPlace(r, city, city.timezone));
  }
}
