import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { releaseNow } from "./release";
import { cities, dataImports } from "../schema";
import citiesCsvPath from "../data/uscities.csv.gz" with { type: "file" };
import { readText } from "../../src/files";
import geonamesCsvPath from "../data/geonames_us_cities1000.csv.gz" with { type: "file" };
import downtownCsvPath from "../data/downtown_points_top50.csv.gz" with { type: "file" };
import { distanceMiles } from "../../src/geo";
import { boroughHalls, partsOfCities, placeNameKey, readCsvSync, townsMissingFrom } from "./towns";

/** Bump when the bundled file or the mapping below changes: the next start re-imports. */
export const CITIES_DATASET = {
  name: "simplemaps-uscities-basic",
  version: "2025-3-downtown-top50-towns-letters",
} as const;

type CsvRow = Record<string, string>;
export type NewCity = typeof cities.$inferInsert;

const toInt = (value: string | undefined) => {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) ? n : 0;
};
const toFloat = (value: string | undefined) => {
  const n = Number.parseFloat(value ?? "");
  return Number.isFinite(n) ? n : 0;
};

/** Map one SimpleMaps CSV row to a city; rows without a name, state or coordinates are skipped. */
export function cityFromCsv(row: CsvRow): NewCity | null {
  const id = toInt(row.id);
  const latitude = Number.parseFloat(row.lat ?? "");
  const longitude = Number.parseFloat(row.lng ?? "");
  if (
    !id ||
    !row.city?.trim() ||
    !/^[A-Z]{2}$/.test(row.state_id ?? "") ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude)
  ) {
    return null;
  }
  return {
    id,
    name: row.city.trim(),
    nameAscii: (row.city_ascii || row.city).trim(),
    stateCode: row.state_id!,
    stateName: (row.state_name ?? "").trim(),
    countyFips: (row.county_fips ?? "").trim(),
    countyName: (row.county_name ?? "").trim(),
    latitude,
    longitude,
    population: toInt(row.population),
    density: toFloat(row.density),
    incorporated: row.incorporated?.toUpperCase() === "TRUE",
    timezone: (row.timezone ?? "").trim(),
    ranking: toInt(row.ranking),
    zips: (row.zips ?? "").trim(),
  };
}

async function readCsvRows(path: string): Promise<CsvRow[]> {
  return parse(await readText(path), { columns: true, skip_empty_lines: true, bom: true });
}

export { placeNameKey } from "./towns";
import { restoreLostLetters } from "./lost-letters";

export interface GeoNamesPoint {
  name: string;
  stateCode: string;
  latitude: number;
  longitude: number;
}

/** GeoNames cities1000 (CC BY 4.0) populated places, without PPLX sections of a city (East New York …). */
export async function readGeoNamesPoints(path: string = geonamesCsvPath): Promise<GeoNamesPoint[]> {
  const points: GeoNamesPoint[] = [];
  for (const row of await readCsvRows(path)) {
    const latitude = Number.parseFloat(row.lat ?? "");
    const longitude = Number.parseFloat(row.lon ?? "");
    if (!row.name || !/^[A-Z]{2}$/.test(row.state_code ?? "") || row.feature_code === "PPLX") continue;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    points.push({ name: row.name, stateCode: row.state_code!, latitude, longitude });
  }
  return points;
}

const CENTRE_MATCH_MILES = 25 / 1.609344;

/**
 * docs/product.md#data-rules: a city's centre is its downtown. SimpleMaps points are area centroids (New York sits in
 * Bushwick); GeoNames points sit on downtown. Where a GeoNames place of the same name (or "<name> City")
 * in the same state lies within 25 km, its point becomes the centre; otherwise the SimpleMaps point stays.
 * Returns how many centres moved.
 */
export function applyDowntownCentres(list: NewCity[], points: GeoNamesPoint[]): number {
  const byKey = new Map<string, GeoNamesPoint[]>();
  for (const p of points) {
    const key = `${p.stateCode}|${placeNameKey(p.name)}`;
    const bucket = byKey.get(key);
    if (bucket) bucket.push(p);
    else byKey.set(key, [p]);
  }
  let moved = 0;
  for (const city of list) {
    const key = placeNameKey(city.name);
    const candidates = [
      ...(byKey.get(`${city.stateCode}|${key}`) ?? []),
      ...(byKey.get(`${city.stateCode}|${key} city`) ?? []),
    ];
    let best: GeoNamesPoint | undefined;
    let bestMiles = CENTRE_MATCH_MILES;
    for (const p of candidates) {
      const miles = distanceMiles(city.latitude, city.longitude, p.latitude, p.longitude);
      if (miles <= bestMiles) {
        best = p;
        bestMiles = miles;
      }
    }
    if (best) {
      city.latitude = best.latitude;
      city.longitude = best.longitude;
      moved++;
    }
  }
  return moved;
}

export interface DowntownPoint {
  city: string;
  stateCode: string;
  /** The centre to use: GeoNames, or the city-hall reference where GeoNames is more than 1.5 km from it. */
  latitude: number;
  longitude: number;
  /** The city-hall (or main square) reference point, where the file has one (the 20 largest cities). */
  ref: { label: string; latitude: number; longitude: number } | null;
}

/**
 * The downtown points of the 50 largest cities (db/data/downtown_points_top50.csv.gz, derived from GeoNames
 * and SimpleMaps, both CC BY 4.0): `recommended_*` is the GeoNames point, or the reference point where
 * GeoNames lies more than 1.5 km from city hall (Chicago, Fort Worth). Decision 035.
 */
export async function readDowntownPoints(path: string = downtownCsvPath): Promise<DowntownPoint[]> {
  const points: DowntownPoint[] = [];
  for (const row of await readCsvRows(path)) {
    const latitude = Number.parseFloat(row.recommended_lat ?? "");
    const longitude = Number.parseFloat(row.recommended_lon ?? "");
    if (!row.city || !/^[A-Z]{2}$/.test(row.state ?? "") || !Number.isFinite(latitude) || !Number.isFinite(longitude))
      continue;
    const refLat = Number.parseFloat(row.ref_lat ?? "");
    const refLon = Number.parseFloat(row.ref_lon ?? "");
    const ref =
      Number.isFinite(refLat) && Number.isFinite(refLon)
        ? { label: row.ref_label ?? "", latitude: refLat, longitude: refLon }
        : null;
    points.push({ city: row.city, stateCode: row.state!, latitude, longitude, ref });
  }
  return points;
}

/**
 * The 50 largest cities take the file's recommended point (same name and state, within 25 km like the
 * GeoNames match); every other city keeps its GeoNames-by-name centre. Returns how many centres it set.
 */
export function applyTop50Centres(list: NewCity[], points: DowntownPoint[]): number {
  const byKey = new Map(points.map((p) => [`${p.stateCode}|${placeNameKey(p.city)}`, p]));
  let set = 0;
  for (const city of list) {
    const p = byKey.get(`${city.stateCode}|${placeNameKey(city.name)}`);
    if (!p || distanceMiles(city.latitude, city.longitude, p.latitude, p.longitude) > CENTRE_MATCH_MILES) continue;
    city.latitude = p.latitude;
    city.longitude = p.longitude;
    set++;
  }
  return set;
}

/**
 * SimpleMaps cities (names, population, counties, ZIPs) with GeoNames downtown centres where they match, and
 * the recommended downtown points for the 50 largest.
 */
export async function readBundledCities(
  path: string = citiesCsvPath,
  geonamesPath: string | null = geonamesCsvPath,
  downtownPath: string | null = downtownCsvPath,
): Promise<NewCity[]> {
  const list = (await readCsvRows(path)).map(cityFromCsv).filter((c): c is NewCity => c !== null);
  if (geonamesPath) {
    const points = await readGeoNamesPoints(geonamesPath);
    restoreLostLetters(list, points);
    applyDowntownCentres(list, points);
  }
  if (downtownPath) applyTop50Centres(list, await readDowntownPoints(downtownPath));
  if (!geonamesPath) return list;
  // A part of a city (New York's boroughs) is centred on its borough hall where the landmark list has one.
  const parts = partsOfCities(list);
  const halls = boroughHalls([...parts.keys()].map((k) => k.split("|")[1]!));
  for (const city of list) {
    const hall = halls.get(city.name.toLowerCase());
    if (hall && parts.has(`${city.stateCode}|${city.name}`)) {
      city.latitude = hall.latitude;
      city.longitude = hall.longitude;
    }
  }
  return [...list, ...geonamesTowns(list, readCsvSync(geonamesPath))];
}

/**
 * The towns GeoNames has and the list lacks (towns.ts), as cities: GeoNames id, name, point and population; the
 * county whose outline holds the point; the time zone of the nearest listed city of the state. No density or ZIPs
 * (GeoNames gives none).
 */
export function geonamesTowns(list: readonly NewCity[], geonames: Record<string, string>[]): NewCity[] {
  const towns = townsMissingFrom(list, geonames);
  const byState = new Map<string, NewCity[]>();
  for (const c of list) (byState.get(c.stateCode) ?? byState.set(c.stateCode, []).get(c.stateCode)!).push(c);
  return towns.flatMap((t) => {
    let nearest: NewCity | undefined;
    let best = Infinity;
    for (const c of byState.get(t.stateCode) ?? []) {
      const miles = distanceMiles(t.latitude, t.longitude, c.latitude, c.longitude);
      if (miles < best) {
        best = miles;
        nearest = c;
      }
    }
    if (!nearest || !t.geonameId) return [];
    return [
      {
        id: t.geonameId,
        name: t.name,
        nameAscii: t.name.normalize("NFD").replace(/\p{M}+/gu, ""),
        stateCode: t.stateCode,
        stateName: nearest.stateName,
        countyFips: t.countyFips.startsWith(nearest.countyFips.slice(0, 2)) ? t.countyFips : "",
        countyName: t.countyFips.startsWith(nearest.countyFips.slice(0, 2)) ? t.countyName : "",
        latitude: t.latitude,
        longitude: t.longitude,
        population: t.population,
        density: 0,
        incorporated: false,
        timezone: nearest.timezone,
        ranking: 3,
        zips: "",
      },
    ];
  });
}

/**
 * Import the bundled US cities unless this version is already in the database.
 * Runs in one transaction, so a crash half-way leaves the old data (or none) and the next start retries.
 */
export async function importCities(
  database: Database,
  options: { log?: (line: string) => void; path?: string } = {},
): Promise<{ imported: boolean; rows: number }> {
  const log = options.log ?? (() => {});
  const { db } = database;
  const existing = await db.select().from(dataImports).where(sql`${dataImports.dataset} = ${CITIES_DATASET.name}`);
  if (existing[0]?.version === CITIES_DATASET.version) return { imported: false, rows: existing[0].rows };

  const started = performance.now();
  log(`Importing US cities (SimpleMaps, CC BY 4.0; downtown centres from GeoNames, CC BY 4.0)…`);
  const rows = await readBundledCities(options.path);
  const chunk = 500;
  const statements: any[] = [db.delete(cities)];
  for (let i = 0; i < rows.length; i += chunk) statements.push(db.insert(cities).values(rows.slice(i, i + chunk)));
  statements.push(
    db
      .insert(dataImports)
      .values({
        dataset: CITIES_DATASET.name,
        version: CITIES_DATASET.version,
        rows: rows.length,
        importedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: dataImports.dataset,
        set: { version: CITIES_DATASET.version, rows: rows.length, importedAt: new Date() },
      }),
  );
  await db.batch(statements as [any, ...any[]]);
  await releaseNow();
  log(`Imported ${rows.length.toLocaleString("en-US")} US cities in ${Math.round(performance.now() - started)} ms.`);
  return { imported: true, rows: rows.length };
}
