import { availableParallelism } from "node:os";
import { openDatabase, setBusyTimeout, type Database } from "../db/client";
import { importCities } from "../db/import/cities";
import { importCityTexts } from "../db/import/city-texts";
import { bumpDataVersion, watchDataVersions } from "../db/data-version";
import { migrate } from "../db/migrate";
import { loadCityIndex, type CityIndex } from "../modules/cities";
import { type Affected, changedBy, OverpassSource, PlacesService } from "../modules/places";
import { createStateLoader, type StateLoader } from "../db/import/places";
import { refreshStateHealth } from "../modules/admin";
import type { Config } from "./config";
import { storageReason, type Logger } from "./http";

/** A start that cannot go on, with the one line the operator needs (src/server.ts prints it and exits 1). */
export class StartupError extends Error {}

/** Where the database is, for the operator: its file path, or the URL without credentials. */
const shownUrl = (url: string) => url.replace(/^file:/, "").replace(/\/\/[^@/]*@/, "//");

/** Open and migrate the database; a database that cannot be written is one clear line, not a stack. */
async function openWritable(url: string, authToken: string | undefined, log: Logger): Promise<Database> {
  try {
    const database = await openDatabase(url, authToken);
    const applied = await migrate(database.client);
    if (applied.length) log.info(`Applied migrations: ${applied.join(", ")}`);
    return database;
  } catch (error) {
    const reason = storageReason(error);
    if (!reason) throw error;
    const what = /READONLY/i.test(reason)
      ? "is read-only: give the server's user write access to the file and its folder"
      : /FULL|ENOSPC/i.test(reason)
        ? "cannot be written: the disk is full"
        : "cannot be opened for writing: check the path, the permissions of the file and its folder, and the free disk space";
    throw new StartupError(`Cannot start: the database ${shownUrl(url)} ${what} (${reason.split("\n")[0]}).`);
  }
}

/** Open the database, apply migrations, import bundled data on first start, build in-memory indexes. */
export async function bootServices(
  config: Pick<Config, "DATABASE_URL" | "DATABASE_AUTH_TOKEN" | "OVERPASS_URL"> & {
    PLACES_BACKGROUND_IMPORT?: "on" | "off";
  },
  log: Logger,
  /** `lowPriorityImports`: imports and splits run at a low scheduling priority (a server: its requests first). */
  options: { watchDataVersion?: boolean; lowPriorityImports?: boolean } = {},
): Promise<{
  database: Database;
  cityIndex: CityIndex;
  places: PlacesService;
  states: StateLoader;
  onPlacesChanged: (listener: (affected?: Affected) => void) => void;
  stopWatching: () => void;
}> {
  // An in-memory database is seen by its one connection only: its imports stay on this thread.
  const importsInThread = !/^file::memory:|:memory:$/.test(config.DATABASE_URL);
  // While the import thread holds the write lock, this thread's writes wait asynchronously, never inside
  // SQLite (whose wait would hold up every request): a short busy wait, then whenNotBusy's retries.
  if (importsInThread) setBusyTimeout(REQUEST_THREAD_BUSY_MS);
  const database = await openWritable(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN, log);
  await importCities(database, { log: (line) => log.info(line) });
  await importCityTexts(database, { log: (line) => log.info(line) });
  const cityIndex = await loadCityIndex(database.db);
  // Places are imported per state on first use (db/import/places), so the first start stays fast.
  let places: PlacesService | undefined;
  // Whoever caches what places decide (the home page cache) hears about every import.
  // Given the states whose places changed, only what those reach is dropped (other states' caches stay warm).
  const placesChanged = new Set<(affected?: Affected) => void>();
  const changed = (stateCodes?: readonly string[]) => {
    places?.invalidate(stateCodes);
    const affected = stateCodes ? changedBy(stateCodes) : undefined;
    for (const listener of placesChanged) listener(affected);
  };
  const ensureState = createStateLoader(database.client, {
    log: (line) => log.info(line),
    // Each state imports in a Worker on its own connection (decision 060): this thread keeps answering.
    ...(importsInThread
      ? {
          thread: {
            databaseUrl: config.DATABASE_URL,
            authToken: config.DATABASE_AUTH_TOKEN,
            lowPriority: options.lowPriorityImports ?? false,
          },
          // IMPORT_LANES states at a time on a machine with that many cores (decision 075), in Workers.
          lanes: Math.min(IMPORT_LANES, availableParallelism()),
        }
      : {}),
    onImported: (stateCode) => {
      changed([stateCode]);
      // Other servers on the same database hear of it through the state's data version.
      void bumpDataVersion(database.client, stateCode).catch((error) => log.warn("[places] data version:", error));
      // The admin's data-health summary of the state, recomputed off the request path (decision 021).
      void refreshStateHealth(database.client, stateCode).catch((error) =>
        log.warn(`[admin] data health of ${stateCode}:`, error),
      );
    },
  });
  // Optional live OpenStreetMap source for thin cities (docs/decisions/009-live-overpass.md).
  const liveSource = config.OVERPASS_URL
    ? new OverpassSource(database.client, cityIndex, {
        url: config.OVERPASS_URL,
        log,
        ensureState,
        onImported: (_city, stateCodes) => changed(stateCodes),
      })
    : undefined;
  places = new PlacesService(database.client, cityIndex, ensureState, { source: liveSource });
  // Every state imported in the background after start, IMPORT_LANES at a time (075), a visited state first (024).
  // Off unless asked for (the server's config defaults it on; tests and scripts leave it off).
  if (config.PLACES_BACKGROUND_IMPORT === "on")
    ensureState.startBackground(await backgroundOrder(database), BACKGROUND_DELAY_MS);
  // A refresh by another process (npm run import:osm, a second server) shows at once (decision 054).
  const stopWatching = options.watchDataVersion
    ? await watchDataVersions(
        database.client,
        (states) => {
          log.info(`[places] data changed (${states.join(", ")}): caches dropped`);
          changed(states);
          for (const stateCode of states) void refreshStateHealth(database.client, stateCode).catch(() => {});
        },
        { onError: (error) => log.warn("[places] data version poll:", error) },
      )
    : () => {};
  return {
    database,
    cityIndex,
    places,
    states: ensureState,
    onPlacesChanged: (listener) => void placesChanged.add(listener),
    stopWatching,
  };
}

/**
 * States imported at once at most (each in its own Worker). One: two lanes cut the first import's wall time to
 * 0.73× but took its peak RSS past 512 MB (592–625 MB) and its CPU up 5–20 % (decision 075); two until that
 * memory is brought down.
 */
const IMPORT_LANES = 1;

/** Milliseconds a statement of the request thread waits inside SQLite for another connection's lock. */
const REQUEST_THREAD_BUSY_MS = 20;

/** Seconds after start before the background import begins (the first requests go first). */
const BACKGROUND_DELAY_MS = 5_000;

/** States by the population of their cities, largest first: most visitors find their state ready soonest. */
async function backgroundOrder(database: Database): Promise<string[]> {
  const result = await database.client.execute(
    "SELECT state_code FROM cities GROUP BY state_code ORDER BY sum(population) DESC",
  );
  return result.rows.map((r) => String(r.state_code));
}
