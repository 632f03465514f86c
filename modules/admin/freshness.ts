import type { Client } from "@libsql/client";

/**
 * Honest freshness (docs/decisions/054-a-refresh-shows-at-once.md): how old the data of the places a traveller
 * relies on being open today is — food, stores and lodging — by the date their source observed them
 * (`places.observed_at`: "2011", "2025-11-01" …), not by when this server imported them.
 */

/** Category ids of food, lodging and stores (the lists whose places close and open). */
export const PERISHABLE_CATEGORIES = [10, 11, 12] as const;

/** The date five years before `now`, as text comparable with observed_at ("2011" < "2021-11-27"). */
export function fiveYearsBefore(now: number): string {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - 5);
  return date.toISOString().slice(0, 10);
}

export interface Freshness {
  /** Food, stores and lodging places. */
  perishable: number;
  /** Of them, observed by their source more than five years ago. */
  olderThanFiveYears: number;
  /** The newest observed date among them (null when none has a date). */
  newestSourceDate: string | null;
}

/** One state's freshness, or the whole country's when `stateCode` is null (one indexed pass each). */
export async function freshness(client: Client, stateCode: string | null, now: number): Promise<Freshness> {
  const ids = PERISHABLE_CATEGORIES.join(", ");
  const result = await client.execute({
    sql: `SELECT count(*) AS n, sum(CASE WHEN observed_at < ? THEN 1 ELSE 0 END) AS old, max(observed_at) AS newest
            FROM places WHERE category_id IN (${ids})${stateCode ? " AND state_code = ?" : ""}`,
    args: stateCode ? [fiveYearsBefore(now), stateCode] : [fiveYearsBefore(now)],
  });
  const row = result.rows[0]!;
  return {
    perishable: Number(row.n ?? 0),
    olderThanFiveYears: Number(row.old ?? 0),
    newestSourceDate: row.newest == null ? null : String(row.newest),
  };
}

/** Whole percent, 0 for nothing. */
export function share(part: number, whole: number): number {
  return whole ? Math.round((part / whole) * 100) : 0;
}

/** The start-up line: how much of food, stores and lodging comes from data older than five years. */
export async function freshnessLine(client: Client, now = Date.now()): Promise<string | null> {
  const all = await freshness(client, null, now);
  if (!all.perishable) return null;
  return `${share(all.olderThanFiveYears, all.perishable)} % of food, stores and lodging is from data older than five years: see README 'Fresh data'`;
}

/** A refresh of many states under way (`import:osm -- --all`, by hand or REFRESH_SCHEDULE): how far it is. */
export interface RefreshRunProgress {
  states: number;
  done: number;
  updatedAt: string;
}

/** The run record `refresh-run:osm` (db/import/places/refresh-run.ts) as progress, or null when none runs. */
export async function refreshRunProgress(client: Client): Promise<RefreshRunProgress | null> {
  const row = (await client.execute("SELECT version, imported_at FROM data_imports WHERE dataset = 'refresh-run:osm'"))
    .rows[0];
  if (!row) return null;
  try {
    const record = JSON.parse(String(row.version)) as { states: string[]; done: Array<{ error?: string }> };
    return {
      states: record.states.length,
      done: record.done.filter((o) => !o.error).length,
      updatedAt: new Date(Number(row.imported_at)).toISOString(),
    };
  } catch {
    return null;
  }
}
