import type { Client, Row } from "@libsql/client";
import OpeningHours from "opening_hours";
import { HttpError } from "../../src/http";
import type { CityIndex, IndexedCity } from "../cities";
import { LIST_LABELS, toListId } from "../../src/domain/categories";
import { distanceMiles } from "../../src/geo";

/** One place as every API answer carries it (discovery.md section 3 + provenance, DECISIONS 1–3). */
export interface PlaceAnswer {
  id: number;
  title: string;
  description: string;
  address: string | null;
  city: string | null;
  stateCode: string;
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
  priceRange: string;
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
}

export { distanceMiles };

/** Wall-clock time in a time zone as a local Date (the opening-hours parser reads local fields). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClock(now: Date, timeZone: string): Date {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return new Date(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

const hoursCache = new Map<string, OpeningHours | null>();
export function openNow(hours: string | null, timeZone: string, now = new Date()): boolean | null {
  if (!hours) return null;
  let parsed = hoursCache.get(hours);
  if (parsed === undefined) {
    try {
      parsed = new OpeningHours(hours, null, 0);
    } catch {
      parsed = null;
    }
    if (hoursCache.size > 5000) hoursCache.clear();
    hoursCache.set(hours, parsed);
  }
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
export function describePlace(p: { description: string | null; kind: string; city: string | null; stateCode: string; since: string | null }): string {
  if (p.description) return p.description;
  const where = p.city ? ` in ${p.city}, ${p.stateCode}` : "";
  const since = p.since ? ` (${/^\d{4}$/.test(p.since) ? `since ${p.since}` : p.since})` : "";
  return `${cap(p.kind)}${where}${since}.`;
}

export function toPlaceAnswer(row: Row, origin: { latitude: number; longitude: number } | null, timeZone: string): PlaceAnswer {
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
    categoryId: listId,
    category: LIST_LABELS[listId] ?? "Place",
    kind: String(row.kind),
    imageUrl: (row.image_url as string | null) ?? null,
    distance: origin ? Math.round(distanceMiles(origin.latitude, origin.longitude, latitude, longitude) * 10) / 10 : null,
    latitude,
    longitude,
    rating: "0",
    phone: (row.phone as string | null) ?? null,
    website: (row.website as string | null) ?? null,
    priceRange: (row.price_range as string | null) ?? "$$",
    amenities: amenities.length ? amenities : listId === 11 ? ["WiFi", "Parking"] : [],
    openingHours: (row.opening_hours as string | null) ?? null,
    openNow: openNow(row.opening_hours as string | null, timeZone),
    source: String(row.source),
    sourceId: String(row.source_id),
    licence: String(row.licence),
    sources: JSON.parse(String(row.sources)),
    wikidata: (row.wikidata as string | null) ?? null,
    since: (row.since as string | null) ?? null,
  };
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
const NEARBY_RADII = [1, 2, 5, 10, 25, 50];
const GEM_RADII = [1.5, 2.5, 3.5, 5];
const GEM_CATEGORIES = [10, 12];
/** How long a list request waits for a live source (Overpass) before answering with what the store has. */
export const LIVE_WAIT_MS = 4_000;

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
    return await Promise.race([work.catch(() => null), new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

export class PlacesService {
  private readonly lists = new Map<string, number[]>();
  private readonly rows = new Map<number, Row>();
  /** Serialised pages for a minute ("openNow" moves with the clock); the hot path of every list screen. */
  private readonly pages = new Map<string, { at: number; json: string }>();
  /** Bumped by invalidate(): a list or page computed before an invalidation is not cached after it. */
  private generation = 0;
  /** States whose places this service has seen imported (a list for them never waits on an import). */
  private readonly readyStates = new Set<string>();

  constructor(
    private readonly client: Client,
    private readonly cityIndex: CityIndex,
    private readonly ensureState: (stateCode: string) => Promise<void>,
    private readonly live: { source?: LiveSource; waitMs?: number } = {},
  ) {}

  invalidate() {
    this.generation++;
    this.lists.clear();
    this.rows.clear();
    this.pages.clear();
  }

  /** A list page as JSON text, cached for PAGE_TTL_MS. */
  async pageJson(city: IndexedCity, kind: ListKind, count: number, offset: number): Promise<string> {
    const key = `${kind}|${city.id}|${count}|${offset}`;
    const now = Date.now();
    const hit = this.pages.get(key);
    if (hit && now - hit.at < PAGE_TTL_MS) return hit.json;
    const generation = this.generation;
    const json = JSON.stringify(await this.page(city, kind, count, offset));
    if (generation !== this.generation) return json;
    this.pages.set(key, { at: now, json });
    if (this.pages.size > 5000) this.pages.delete(this.pages.keys().next().value!);
    return json;
  }

  /**
   * A list page for a page rendered on the server: null unless the city's state is already imported and the
   * answer comes within `ms` (a live fetch may hold it up). A state import is never started from here: it is
   * heavy work, and the page must go out at once; the browser then asks for the list through the API.
   */
  async pageIfReady(city: IndexedCity, kind: ListKind, count: number, ms: number): Promise<PlaceAnswer[] | null> {
    if (!this.readyStates.has(city.stateCode)) return null;
    const json = await within(this.pageJson(city, kind, count, 0), ms);
    return json === null ? null : (JSON.parse(json) as PlaceAnswer[]);
  }

  /**
   * Places within `radius` miles: the R*Tree narrows to the bounding box (never a table scan), then the
   * circle is exact. `title` optionally filters by a case-insensitive substring in SQL.
   */
  private async candidates(city: IndexedCity, radius: number, filter: { categories?: number[] | null; title?: string } = {}): Promise<Row[]> {
    const dLat = radius / 69.0;
    const dLng = radius / (69.172 * Math.cos((city.latitude * Math.PI) / 180));
    const where: string[] = [];
    const args: Array<string | number> = [city.latitude - dLat, city.latitude + dLat, city.longitude - dLng, city.longitude + dLng];
    if (filter.categories) {
      where.push(`p.category_id IN (${filter.categories.map(() => "?").join(",")})`);
      args.push(...filter.categories);
    }
    if (filter.title) {
      where.push("p.title LIKE ? ESCAPE '\\'");
      args.push(`%${filter.title.replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
    }
    const result = await this.client.execute({
      sql: `SELECT p.* FROM places_rtree r JOIN places p ON p.id = r.id
            WHERE r.min_lat >= ? AND r.max_lat <= ? AND r.min_lng >= ? AND r.max_lng <= ?${where.map((w) => ` AND ${w}`).join("")}`,
      args,
    });
    return result.rows.filter((r) => distanceMiles(city.latitude, city.longitude, Number(r.latitude), Number(r.longitude)) <= radius);
  }

  private async list(city: IndexedCity, kind: ListKind): Promise<number[]> {
    const key = `${kind}|${city.id}`;
    const cached = this.lists.get(key);
    if (cached) {
      this.lists.delete(key);
      this.lists.set(key, cached);
      return cached;
    }
    await this.ensureState(city.stateCode);
    this.readyStates.add(city.stateCode);
    await this.waitForLive(city);
    const generation = this.generation;
    let categories: number[] | null = null;
    let radii = NEARBY_RADII;
    let target = TARGET;
    if (kind === "local-gems") {
      categories = GEM_CATEGORIES;
      radii = GEM_RADII;
      target = 24;
    } else if (kind.startsWith("category-")) {
      categories = [Number(kind.slice("category-".length))];
    }
    // The smallest radius that holds enough places; it depends only on the city and list, never on offset.
    let rows: Row[] = [];
    for (const radius of radii) {
      rows = await this.candidates(city, radius, { categories });
      if (rows.length >= target) break;
    }
    const dist = (r: Row) => distanceMiles(city.latitude, city.longitude, Number(r.latitude), Number(r.longitude));
    const featuredScore = (r: Row) => Number(r.quality) + ([8, 9].includes(Number(r.category_id)) ? 2 : 0) + (/museum|attraction|landmark|monument|gallery|zoo|aquarium|park|theater|historic/.test(String(r.kind)) ? 1 : 0);
    const score = kind === "featured" ? featuredScore : (r: Row) => Number(r.quality);
    const sorted = rows
      .map((r) => ({ r, s: score(r), d: dist(r) }))
      .filter(({ r }) => kind !== "featured" || featuredScore(r) >= 3)
      .sort((a, b) => b.s - a.s || a.d - b.d || Number(a.r.id) - Number(b.r.id))
      .slice(0, LIST_MAX);
    const ids = sorted.map(({ r }) => {
      this.rows.set(Number(r.id), r);
      return Number(r.id);
    });
    if (generation === this.generation) this.lists.set(key, ids);
    if (this.lists.size > 500) this.lists.delete(this.lists.keys().next().value!);
    if (this.rows.size > 100_000) this.rows.clear();
    return ids;
  }

  /** Give a thin city's live fetch up to `waitMs`; past that the list is built from the store and the import finishes later. */
  private async waitForLive(city: IndexedCity): Promise<void> {
    const source = this.live.source;
    if (source) await within(source.ensureCity(city), this.live.waitMs ?? LIVE_WAIT_MS);
  }

  async page(city: IndexedCity, kind: ListKind, count: number, offset: number): Promise<PlaceAnswer[]> {
    const ids = await this.list(city, kind);
    const slice = ids.slice(offset, offset + count);
    const missing = slice.filter((id) => !this.rows.has(id));
    if (missing.length) {
      const result = await this.client.execute({ sql: `SELECT * FROM places WHERE id IN (${missing.map(() => "?").join(",")})`, args: missing });
      for (const r of result.rows) this.rows.set(Number(r.id), r);
    }
    return slice.flatMap((id) => {
      const row = this.rows.get(id);
      return row ? [toPlaceAnswer(row, city, city.timezone)] : [];
    });
  }

  async byCategory(city: IndexedCity, categoryId: number, count: number, offset: number): Promise<PlaceAnswer[]> {
    const listId = toListId(categoryId);
    if (listId === undefined) throw new HttpError(400, `Unknown category id ${categoryId}. Use 1–6 or 7–12.`, { categoryId: ["Category ids are 1–6 or 7–12."] });
    if (listId === 7) return []; // fun facts are not places
    return this.page(city, `category-${listId}`, count, offset);
  }

  /** One place; its distance is measured from the nearest city centre. */
  async get(id: number, from?: IndexedCity): Promise<PlaceAnswer> {
    const result = await this.client.execute({ sql: "SELECT * FROM places WHERE id = ?", args: [id] });
    const row = result.rows[0];
    if (!row) throw new HttpError(404, "Place not found.");
    const origin = from ?? this.cityIndex.nearest(Number(row.latitude), Number(row.longitude));
    return toPlaceAnswer(row, origin ?? null, origin?.timezone ?? "America/New_York");
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
        description: describePlace({ description: r.description as string | null, kind: String(r.kind), city: r.city as string | null, stateCode: String(r.state_code), since: r.since as string | null }),
        address: r.address == null ? null : String(r.address),
        url: r.website == null ? null : String(r.website),
        source: String(r.source),
        licence: String(r.licence),
        quality: Number(r.quality),
        distance: Math.round(distanceMiles(city.latitude, city.longitude, Number(r.latitude), Number(r.longitude)) * 10) / 10,
      }))
      .sort((a, b) => a.distance - b.distance || a.id - b.id);
  }

  /** Title search; within a city's area (25 mi) when one is given, else across all imported places. */
  async search(q: string, city: IndexedCity | undefined, limit: number): Promise<PlaceAnswer[]> {
    const like = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    if (city) {
      await this.ensureState(city.stateCode);
      return (await this.candidates(city, 25, { title: q }))
        .map((r) => toPlaceAnswer(r, city, city.timezone))
        .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0) || a.id - b.id)
        .slice(0, limit);
    }
    const result = await this.client.execute({
      sql: "SELECT * FROM places WHERE title LIKE ? ESCAPE '\\' ORDER BY quality DESC, id LIMIT ?",
      args: [like, limit],
    });
    return result.rows.map((r) => toPlaceAnswer(r, null, "America/New_York"));
  }
}
