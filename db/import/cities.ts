import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { cities, dataImports } from "../schema";
import citiesCsvPath from "../data/uscities.csv.gz" with { type: "file" };
import { readText } from "../../src/files";

/** Bump when the bundled file or the mapping below changes: the next start re-imports. */
export const CITIES_DATASET = { name: "simplemaps-uscities-basic", version: "2025-1" } as const;

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
  if (!id || !row.city?.trim() || !/^[A-Z]{2}$/.test(row.state_id ?? "") || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
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

export async function readBundledCities(path: string = citiesCsvPath): Promise<NewCity[]> {
  const text = await readText(path);
  const rows: CsvRow[] = parse(text, { columns: true, skip_empty_lines: true, bom: true });
  return rows.map(cityFromCsv).filter((c): c is NewCity => c !== null);
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
  log(`Importing US cities (SimpleMaps, CC BY 4.0)…`);
  const rows = await readBundledCities(options.path);
  const chunk = 500;
  const statements: any[] = [db.delete(cities)];
  for (let i = 0; i < rows.length; i += chunk) statements.push(db.insert(cities).values(rows.slice(i, i + chunk)));
  statements.push(
    db
      .insert(dataImports)
      .values({ dataset: CITIES_DATASET.name, version: CITIES_DATASET.version, rows: rows.length, importedAt: new Date() })
      .onConflictDoUpdate({
        target: dataImports.dataset,
        set: { version: CITIES_DATASET.version, rows: rows.length, importedAt: new Date() },
      }),
  );
  await db.batch(statements as [any, ...any[]]);
  log(`Imported ${rows.length.toLocaleString("en-US")} US cities in ${Math.round(performance.now() - started)} ms.`);
  return { imported: true, rows: rows.length };
}
