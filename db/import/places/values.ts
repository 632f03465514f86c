import { createHash } from "node:crypto";
import type { Dataset, ReadResult } from "./types";

/** What dataset readers make of a row's values: text, coordinates, phones, websites, titles, ids. */

/** Trimmed text or null. */
export function text(value: string | undefined | null): string | null {
  const t = value?.replace(/\s+/g, " ").trim();
  return t ? t : null;
}

/**
 * An address less its mailing box when it also gives a street ("2334 North International Parkway, P.O. Box 619014",
 * "PO Box 1595, 136 East Thomas Place"): the street is where the place is. A box alone is returned as it is.
 */
export function streetAddress(value: string | null): string | null {
  if (!value || !/(^|,\s*)\d+[a-z]?\s+[a-z]/i.test(value)) return value;
  const street = value
    .replace(/,?\s*\b(p\.?\s*o\.?\s*box|post office box)\s*[\w-]+(\s*\([^)]*\))?\s*,?/gi, ", ")
    .replace(/^[\s,]+|[\s,]+$/g, "")
    .replace(/\s*,\s*,?\s*/g, ", ");
  return street || value;
}

/** Coordinates inside the US and its territories (incl. Alaska, Hawaii, Puerto Rico), else null. */
export function coords(
  lat: string | number | undefined | null,
  lng: string | number | undefined | null,
): { latitude: number; longitude: number } | null {
  const latitude = typeof lat === "number" ? lat : Number.parseFloat(lat ?? "");
  const longitude = typeof lng === "number" ? lng : Number.parseFloat(lng ?? "");
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (latitude === 0 && longitude === 0) return null;
  if (latitude < 17 || latitude > 72 || longitude < -180 || longitude > -64) return null;
  return { latitude, longitude };
}

/** US phone numbers as "(555) 123-4567"; other shapes kept as given; junk → null. */
export function phone(value: string | undefined | null): string | null {
  const raw = text(value);
  if (!raw) return null;
  const digits = raw.replace(/\D/g, "");
  const ten = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (ten.length === 10) return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
  return digits.length >= 7 ? raw : null;
}

/** Website as an https:// URL (http kept when given explicitly as http), junk → null. */
export function website(value: string | undefined | null): string | null {
  let raw = text(value);
  if (!raw) return null;
  if (!/^https?:\/\//i.test(raw)) raw = `https://${raw.replace(/^\/+/, "")}`;
  try {
    const url = new URL(raw);
    if (!url.hostname.includes(".")) return null;
    return url.toString();
  } catch {
    return null;
  }
}

const SMALL = new Set(["a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to", "de", "la", "del"]);
/** "WESTERVELT WARNER MUSEUM" → "Westervelt Warner Museum"; mixed-case input is left as it is. */
export function titleCase(value: string): string {
  if (value !== value.toUpperCase()) return value;
  return value
    .toLowerCase()
    .split(/(\s+|-|\/)/)
    .map((word, i) => {
      if (/^\s+$|^-$|^\/$/.test(word) || !word) return word;
      if (i > 0 && SMALL.has(word)) return word;
      if (/^(ii|iii|iv|vi|vii|viii|ix|xi|usa|us|ymca|ywca|nasa|uss|hq)$/.test(word)) return word.toUpperCase();
      // Initials keep their capitals: "O.K. Corral", "U.S. Grant", "D.C.".
      if (/^([a-z]\.){2,}$|^([a-z]\.)+[a-z]$/.test(word)) return word.toUpperCase();
      if (/^mc[a-z]/.test(word)) return `Mc${word[2]!.toUpperCase()}${word.slice(3)}`;
      if (/^o'[a-z]/.test(word)) return `O'${word[2]!.toUpperCase()}${word.slice(3)}`;
      return word[0]!.toUpperCase() + word.slice(1);
    })
    .join("");
}

/**
 * A business directory's filing name as a sign reads: title case, an article filed at the end put first ("Palms
 * Hotel & Resort The" → "The Palms Hotel & Resort", "Beach, The" → "The Beach"), a trailing store or record number
 * dropped ("Pizza Hut #9104302", "Staggering Ox 5422200", "Granite City Food & Brewery (#21)"). Shorter numbers stay: "Studio 54", "Route 66 Diner".
 * A name of no letters at all ("556431") is no name: "".
 */
export function directoryName(value: string): string {
  const name = titleCase(value.trim())
    .replace(/\s+(?:#\s*)?[A-Z]?\d{6,}$|\s*\(#\s*\d+\)$/, "")
    .trim();
  if (!/\p{L}/u.test(name)) return "";
  const filed = name.match(/^(.+?),?\s+the$/i);
  return filed ? `The ${filed[1]}` : name;
}

/** A four-digit year found in a date-ish string ("1972-05-04", "5/4/1972", "c. 1890"), else null. */
export function year(value: string | undefined | null): string | null {
  const m = value?.match(/\b(1[5-9]\d\d|20\d\d)\b/);
  return m ? m[1]! : null;
}

/** The first `length` hex characters of the SHA-1 of `value`: a short, stable id. */
export function shortHash(value: string, length = 12): string {
  return createHash("sha1").update(value).digest("hex").slice(0, length);
}

type Position = { latitude: number; longitude: number };
/** The common first checks of a row: a name is required ("no name"), then coordinates ("no coordinates"). */
export function nameAndPosition(
  name: string | undefined | null,
  lat: string | number | undefined | null,
  lng: string | number | undefined | null,
): { skip: string } | { name: string; position: Position } {
  if (!name) return { skip: "no name" };
  const position = coords(lat, lng);
  if (!position) return { skip: "no coordinates" };
  return { name, position };
}

/** [minLat, maxLat, minLng, maxLng] */
export type Box = [minLat: number, maxLat: number, minLng: number, maxLng: number];
/** Whether a point lies inside a box (edges included). */
export const inBox = (p: Position, [a, b, c, d]: Box) =>
  p.latitude >= a && p.latitude <= b && p.longitude >= c && p.longitude <= d;

/** titleCase for ALL-CAPS text, plus a capital after an opening bracket or quote: "ADAMS MEMORIAL (SAINT-GAUDENS)" → "Adams Memorial (Saint-Gaudens)". */
export const caps = (value: string) =>
  value === value.toUpperCase()
    ? titleCase(value).replace(/([(“"])(\p{Ll})/gu, (_, open: string, letter: string) => open + letter.toUpperCase())
    : value;

/** Point (or the vertex average of a line/polygon) of a GeoJSON geometry, inside the US, else null. */
export function geometryCentre(geometry: { coordinates?: unknown } | undefined): Position | null {
  const points: number[][] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value) && typeof value[0] === "number") points.push(value as number[]);
    else if (Array.isArray(value)) value.forEach(walk);
  };
  walk(geometry?.coordinates);
  if (!points.length) return null;
  const lng = points.reduce((s, p) => s + p[0]!, 0) / points.length;
  const lat = points.reduce((s, p) => s + p[1]!, 0) / points.length;
  return coords(lat, lng);
}

/**
 * One result per row. The same id twice with the same title is one place listed twice (a repeated export
 * row, a house and its outbuilding): the first is kept. Ids shared by differently named records (a reused
 * object id or marker number) get a suffix from the title so each stays unique and stable.
 */
export function uniqueIds(results: ReadResult[]): ReadResult[] {
  const titles = new Map<string, Set<string>>();
  for (const r of results)
    if (!("skip" in r))
      (titles.get(r.sourceId) ?? titles.set(r.sourceId, new Set()).get(r.sourceId)!).add(r.title.toLowerCase());
  const seen = new Set<string>();
  return results.map((r) => {
    if ("skip" in r) return r;
    const key = `${r.sourceId}|${r.title.toLowerCase()}`;
    if (seen.has(key)) return { skip: "duplicate of an earlier row" };
    seen.add(key);
    return titles.get(r.sourceId)!.size > 1
      ? { ...r, sourceId: `${r.sourceId}-${shortHash(r.title.toLowerCase())}` }
      : r;
  });
}

/** The descriptive fields of a Dataset (key, name, licence, attribution, url), taken from a reader's spec. */
export function datasetInfo(
  spec: Pick<Dataset, "key" | "name" | "licence" | "attribution" | "url" | "observedAt">,
): Pick<Dataset, "key" | "name" | "licence" | "attribution" | "url" | "observedAt"> {
  return {
    key: spec.key,
    name: spec.name,
    licence: spec.licence,
    attribution: spec.attribution,
    url: spec.url,
    observedAt: spec.observedAt,
  };
}
