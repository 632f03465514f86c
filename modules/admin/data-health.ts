// One job: the data health of every state (places per category, freshness, thin cities, imports), cached per
// state until its imports change. Defined in docs/decisions/021-admin-metrics.md ("Data health").
import type { Client } from "@libsql/client";
import { freshness, refreshRunProgress } from "./freshness";
import type { DataHealth, StateHealth } from "./model";
import { categoryName, DAY_MS, num, percent, rows } from "./sql";

export const THIN_CITY_PLACES = 8;
export const STALE_AFTER_MS = 5 * 365.25 * DAY_MS;
/** The operator refresh commands of a state and the data_imports marker that records their last run. */
export const REFRESH_COMMANDS = [
  { command: (st: string) => `npm run import:osm -- --state ${st}`, marker: (st: string) => `refresh:osm:${st}` },
  {
    command: (st: string) => `npm run import:overture -- --state ${st}`,
    marker: (st: string) => `refresh:overture:${st}`,
  },
] as const;

/** What a state's summary depends on: its import markers (name, rows, time). A change recomputes it. */
async function fingerprints(client: Client): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const list = await rows(
    client,
    "SELECT dataset, rows, imported_at FROM data_imports WHERE dataset LIKE 'places:%' OR dataset LIKE 'refresh:%' ORDER BY dataset",
  );
  for (const r of list) {
    const st = String(r.dataset).split(":").at(-1)!;
    // "age2": summaries stored before freshness was read from observed_at are recomputed once.
    result.set(st, `${result.get(st) ?? "age2;"}${r.dataset}=${r.rows}@${r.imported_at};`);
  }
  return result;
}

/** Compute one state's summary from the places store (a few index scans of that state). */
export async function computeStateHealth(client: Client, stateCode: string, now: number): Promise<StateHealth> {
  const byCategory = (
    await rows(
      client,
      "SELECT category_id, count(*) AS n FROM places WHERE state_code = ? GROUP BY category_id ORDER BY n DESC",
      [stateCode],
    )
  ).map((r) => ({ category: categoryName(String(r.category_id)), places: num(r.n) }));
  const places = byCategory.reduce((sum, c) => sum + c.places, 0);
  // Age by the date each place's source observed it, over food, stores and lodging (./freshness.ts).
  const fresh = await freshness(client, stateCode, now);
  const cityRows = await rows(
    client,
    `SELECT c.name, (SELECT count(*) FROM places p WHERE p.state_code = c.state_code AND p.city = c.name COLLATE NOCASE) AS n
     FROM cities c WHERE c.state_code = ? AND c.incorporated = 1`,
    [stateCode],
  );
  const thin = cityRows
    .filter((r) => num(r.n) < THIN_CITY_PLACES)
    .sort((a, b) => num(a.n) - num(b.n) || String(a.name).localeCompare(String(b.name)));
  const datasets = (
    await rows(
      client,
      "SELECT dataset, rows, imported_at FROM data_imports WHERE dataset LIKE ? ORDER BY imported_at DESC",
      [`places:%:${stateCode}`],
    )
  ).map((r) => ({
    dataset: String(r.dataset).split(":").slice(1, -1).join(":"),
    rows: num(r.rows),
    importedAt: new Date(num(r.imported_at)).toISOString(),
  }));
  // The operator refreshes record themselves as refresh:<source>:<state> (db/import/places/replace.ts).
  const refreshes = await rows(client, "SELECT dataset, imported_at FROM data_imports WHERE dataset LIKE ?", [
    `refresh:%:${stateCode}`,
  ]);
  const lastRuns = new Map(refreshes.map((r) => [String(r.dataset), new Date(num(r.imported_at)).toISOString()]));
  return {
    stateCode,
    places,
    byCategory,
    olderThanFiveYears: percent(fresh.olderThanFiveYears, fresh.perishable),
    perishablePlaces: fresh.perishable,
    newestSourceDate: fresh.newestSourceDate,
    lastRefresh: [...lastRuns.values()].sort().at(-1) ?? null,
    incorporatedCities: cityRows.length,
    thinCities: thin.length,
    thinCityNames: thin.slice(0, 12).map((r) => String(r.name)),
    datasets,
    lastImportedAt: datasets[0]?.importedAt ?? null,
    commands: REFRESH_COMMANDS.map((c) => ({
      command: c.command(stateCode),
      lastRun: lastRuns.get(c.marker(stateCode)) ?? null,
    })),
  };
}

/**
 * Recompute and store the summary of one state (import scripts may call this after importing a state, so the
 * admin screen never waits); returns it.
 */
export async function refreshStateHealth(client: Client, stateCode: string, now = Date.now()): Promise<StateHealth> {
  const fingerprint = (await fingerprints(client)).get(stateCode) ?? "";
  const health = await computeStateHealth(client, stateCode, now);
  await client.execute({
    sql: `INSERT INTO admin_data_health (state_code, fingerprint, payload, computed_at) VALUES (?, ?, ?, ?)
          ON CONFLICT (state_code) DO UPDATE SET fingerprint = excluded.fingerprint, payload = excluded.payload, computed_at = excluded.computed_at`,
    args: [stateCode, fingerprint, JSON.stringify(health), now],
  });
  return health;
}

/**
 * Every state (50 + DC from the cities table): stored summaries, recomputing only the states whose imports
 * changed since (a state never imported has an empty summary).
 */
export async function dataHealth(client: Client, now: number): Promise<DataHealth> {
  const states = (
    await rows(client, "SELECT state_code, count(*) AS n FROM cities GROUP BY state_code ORDER BY state_code")
  ).map((r) => ({
    stateCode: String(r.state_code),
    cities: num(r.n),
  }));
  const prints = await fingerprints(client);
  const stored = new Map(
    (await rows(client, "SELECT state_code, fingerprint, payload FROM admin_data_health")).map((r) => [
      String(r.state_code),
      { fingerprint: String(r.fingerprint), payload: String(r.payload) },
    ]),
  );
  const out: StateHealth[] = [];
  for (const { stateCode } of states) {
    const print = prints.get(stateCode) ?? "";
    const cached = stored.get(stateCode);
    if (cached && cached.fingerprint === print) out.push(JSON.parse(cached.payload) as StateHealth);
    else out.push(await refreshStateHealth(client, stateCode, now));
  }
  const places = out.reduce((s, h) => s + h.places, 0);
  const perishable = out.reduce((s, h) => s + (h.perishablePlaces ?? 0), 0);
  const stale = out.reduce((s, h) => s + (h.olderThanFiveYears * (h.perishablePlaces ?? 0)) / 100, 0);
  return {
    nationwide: {
      states: out.length,
      importedStates: out.filter((h) => h.datasets.length > 0).length,
      places,
      thinCities: out.reduce((s, h) => s + h.thinCities, 0),
      olderThanFiveYears: percent(Math.round(stale), perishable),
    },
    refreshRun: await refreshRunProgress(client),
    states: out,
  };
}
