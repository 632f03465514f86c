import type { Client } from "@libsql/client";

/** Allowed, or refused with the seconds until the oldest counted hit leaves the window. */
export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A sliding-window log in the database (one row per counted hit: a key column and `at`, epoch ms), so every
 * server instance sharing the database shares the limit. `table` and `keyColumn` are the code's own names,
 * never input.
 */
export interface SlidingLog {
  table: string;
  keyColumn: string;
  limit: number;
  windowMs: number;
  /** Share of calls that delete rows past the window first (1: every call). The count only reads the window. */
  sweepShare?: number;
}

/**
 * Count one hit against every key, unless any key already has `limit` hits in the window; then nothing is
 * counted and the answer says how long until enough of the blocking key's hits have left it. One
 * INSERT … SELECT decides for all keys at once, so concurrent requests (or instances) cannot both slip under.
 */
export async function hitSlidingLog(
  client: Client,
  log: SlidingLog,
  keys: ReadonlyArray<string | number>,
  now = Date.now(),
): Promise<RateLimitResult> {
  if (keys.length === 0) return { allowed: true };
  const { table, keyColumn: key, limit, windowMs } = log;
  const since = now - windowMs;
  const json = JSON.stringify(keys);
  const sweep = Math.random() < (log.sweepShare ?? 1);
  const insert = {
    sql: `INSERT INTO ${table} (${key}, at)
          SELECT k.value, ? FROM json_each(?) AS k
          WHERE NOT EXISTS (
            SELECT 1 FROM json_each(?) AS j
            WHERE (SELECT count(*) FROM ${table} a WHERE a.${key} = j.value AND a.at > ?) >= ?
          )`,
    args: [now, json, json, since, limit],
  };
  const results = await client.batch(
    sweep ? [{ sql: `DELETE FROM ${table} WHERE at <= ?`, args: [since] }, insert] : [insert],
    "write",
  );
  if (results.at(-1)!.rowsAffected > 0) return { allowed: true };
  const { rows } = await client.execute({
    sql: `SELECT (SELECT a.at FROM ${table} a WHERE a.${key} = j.value AND a.at > ? ORDER BY a.at DESC LIMIT 1 OFFSET ?)
                 AS oldest
          FROM json_each(?) AS j`,
    args: [since, limit - 1, json],
  });
  const waits = rows.map((r) => (r.oldest === null ? 0 : Number(r.oldest) + windowMs - now));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(0, ...waits) / 1000)) };
}
