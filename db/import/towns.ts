import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { distanceMiles } from "../../src/geo";
import { countyOfPoint } from "./county-of-point";
import landmarksPath from "../data/places/nyc_lpc_individual_landmarks.csv.gz" with { type: "file" };

/**
 * Towns beyond the SimpleMaps list, and the parts of a city that the list names on their own.
 * - New England towns (Bar Harbor, Stowe, Provincetown …) are not census places, so SimpleMaps lacks them; the
 *   GeoNames file has them. A GeoNames populated place (feature class P, not a section of a city) is added when the
 *   list has no city of its name in its state within SAME_NAME_KM and no city at all within NEAR_KM (a place that
 *   close is a neighbourhood of it, or the same place under another name).
 * - A listed point of PART_MIN_POPULATION people or more whose ZIP codes all belong to a larger city of its state is a
 *   part of that city (New York's boroughs): a place there is in that city, and the part is centred on its borough
 *   hall where the city's landmark list has one.
 */
export const SAME_NAME_KM = 25;
export const NEAR_KM = 3;
export const PART_MIN_POPULATION = 50_000;

export type CsvRow = Record<string, string>;

/** The rows of a (gzipped) CSV file with a header row, read at once. */
export function readCsvSync(path: string): CsvRow[] {
  const bytes = readFileSync(path);
  const text = (path.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
  return parse(text, { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true });
}

/** "Washington, D.C." → "washington", "St. Louis" → "saint louis", "Cañon City" → "canon city". */
export function placeNameKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/,?\s*d\.\s*c\.$/, "")
    .replace(/\b(st|ste)\.?\s/g, (m) => (m.startsWith("ste") ? "sainte " : "saint "))
    .replace(/\bft\.?\s/g, "fort ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export interface TownPoint {
  name: string;
  stateCode: string;
  latitude: number;
  longitude: number;
}

const KM_PER_MILE = 1.609344;
const CELL = 0.1;
const cellOf = (lat: number, lng: number) => `${Math.floor(lat / CELL)}:${Math.floor(lng / CELL)}`;

/** A grid of points for "any within NEAR_KM" (cells of 0.1°, ≥ 7.8 km wide below 45° N: one ring covers 3 km). */
function nearIndex<T extends TownPoint>(points: readonly T[]) {
  const grid = new Map<string, T[]>();
  for (const p of points) {
    const key = cellOf(p.latitude, p.longitude);
    const list = grid.get(key);
    if (list) list.push(p);
    else grid.set(key, [p]);
  }
  return (lat: number, lng: number, km: number): T[] => {
    const out: T[] = [];
    const a = Math.floor(lat / CELL);
    const b = Math.floor(lng / CELL);
    for (let i = -1; i <= 1; i++)
      for (let j = -2; j <= 2; j++)
        for (const p of grid.get(`${a + i}:${b + j}`) ?? [])
          if (distanceMiles(lat, lng, p.latitude, p.longitude) * KM_PER_MILE <= km) out.push(p);
    return out;
  };
}

export interface GeoNamesTown extends TownPoint {
  geonameId: number;
  population: number;
  countyFips: string;
  countyName: string;
}

/** GeoNames populated places the list lacks (rule above), one per name and state (the most populous). */
export function townsMissingFrom(listed: readonly TownPoint[], geonames: readonly CsvRow[]): GeoNamesTown[] {
  const byName = new Map<string, TownPoint[]>();
  for (const c of listed) {
    const key = `${c.stateCode}|${placeNameKey(c.name)}`;
    const list = byName.get(key);
    if (list) list.push(c);
    else byName.set(key, [c]);
  }
  const near = nearIndex(listed);
  const chosen = new Map<string, GeoNamesTown>();
  for (const row of geonames) {
    const latitude = Number.parseFloat(row.lat ?? "");
    const longitude = Number.parseFloat(row.lon ?? "");
    const stateCode = row.state_code ?? "";
    const code = row.feature_code ?? "";
    if (!row.name || !/^[A-Z]{2}$/.test(stateCode) || !code.startsWith("PPL") || code === "PPLX") continue;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    const key = `${stateCode}|${placeNameKey(row.name)}`;
    const same = byName.get(key) ?? [];
    if (same.some((c) => distanceMiles(latitude, longitude, c.latitude, c.longitude) * KM_PER_MILE <= SAME_NAME_KM))
      continue;
    if (near(latitude, longitude, NEAR_KM).length) continue;
    const population = Number.parseInt(row.population ?? "", 10) || 0;
    const earlier = chosen.get(key);
    if (earlier && earlier.population >= population) continue;
    const county = countyOfPoint(latitude, longitude);
    // A county of another state (a point on the border) is no county of this town.
    const countyFips = county?.fips ?? "";
    chosen.set(key, {
      geonameId: Number(row.geonameid),
      name: row.name,
      stateCode,
      latitude,
      longitude,
      population,
      countyFips,
      countyName: county?.name ?? "",
    });
  }
  return [...chosen.values()];
}

export interface ListedCity extends TownPoint {
  population: number;
  zips: string;
}

/** Parts of a larger city (rule above): the part's name and state → the city's name. */
export function partsOfCities(list: readonly ListedCity[]): Map<string, string> {
  const parts = new Map<string, string>();
  const byZip = new Map<string, ListedCity[]>();
  const zipsOf = (c: ListedCity) => c.zips.split(/\s+/).filter(Boolean);
  for (const c of list) for (const zip of zipsOf(c)) (byZip.get(zip) ?? byZip.set(zip, []).get(zip)!).push(c);
  for (const part of list) {
    if (part.population < PART_MIN_POPULATION) continue;
    const zips = zipsOf(part);
    if (!zips.length) continue;
    for (const whole of byZip.get(zips[0]!) ?? []) {
      if (whole === part || whole.stateCode !== part.stateCode || whole.population <= part.population) continue;
      const theirs = new Set(zipsOf(whole));
      if (zips.every((z) => theirs.has(z))) {
        parts.set(`${part.stateCode}|${part.name}`, whole.name);
        break;
      }
    }
  }
  return parts;
}

/**
 * Each part's borough hall from the city's landmark list (a landmark named, or also known as, "<part> Borough
 * Hall"): part name → point. Only New York's list is bundled.
 */
export function boroughHalls(
  parts: Iterable<string>,
  path: string = landmarksPath,
): Map<string, { latitude: number; longitude: number }> {
  const names = new Set([...parts].map((p) => p.toLowerCase()));
  const halls = new Map<string, { latitude: number; longitude: number }>();
  for (const row of readCsvSync(path)) {
    const text = `${row.name ?? ""} | ${row.alternate_names ?? ""}`;
    const match = text.match(/\b([A-Z][\w ]+?) Borough Hall\b/);
    const part = match?.[1]?.replace(/^now\s+/i, "").trim();
    const latitude = Number.parseFloat(row.latitude ?? "");
    const longitude = Number.parseFloat(row.longitude ?? "");
    if (!part || !names.has(part.toLowerCase()) || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    halls.set(part.toLowerCase(), { latitude, longitude });
  }
  return halls;
}
