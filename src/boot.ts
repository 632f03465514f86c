import { openDatabase, type Database } from "../db/client";
import { importCities } from "../db/import/cities";
import { migrate } from "../db/migrate";
import { loadCityIndex, PlacesService, type CityIndex } from "../modules/discovery";
import { createStateLoader } from "../db/import/places";
import { OverpassSource } from "../db/import/places/overpass";
import type { Config } from "./config";
import type { Logger } from "./http";

/** Open the database, apply migrations, import bundled data on first start, build in-memory indexes. */
export async function bootServices(config: Pick<Config, "DATABASE_URL" | "DATABASE_AUTH_TOKEN" | "OVERPASS_URL">, log: Logger): Promise<{ database: Database; cityIndex: CityIndex; places: PlacesService; onPlacesChanged: (listener: () => void) => void }> {
  const database = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  const applied = await migrate(database.client);
  if (applied.length) log.info(`Applied migrations: ${applied.join(", ")}`);
  await importCities(database, { log: (line) => log.info(line) });
  const cityIndex = await loadCityIndex(database.db);
  // Places are imported per state on first use (db/import/places), so the first start stays fast.
  let places: PlacesService | undefined;
  // Whoever caches what places decide (the home page cache) hears about every import.
  const placesChanged = new Set<() => void>();
  const changed = () => {
    places?.invalidate();
    for (const listener of placesChanged) listener();
  };
  const ensureState = createStateLoader(database.client, {
    log: (line) => log.info(line),
    onImported: changed,
  });
  // Optional live OpenStreetMap source for thin cities (docs/decisions/009-live-overpass.md).
  const liveSource = config.OVERPASS_URL
    ? new OverpassSource(database.client, cityIndex, { url: config.OVERPASS_URL, log, ensureState, onImported: changed })
    : undefined;
  places = new PlacesService(database.client, cityIndex, ensureState, { source: liveSource });
  return { database, cityIndex, places, onPlacesChanged: (listener) => void placesChanged.add(listener) };
}
