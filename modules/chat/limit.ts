import type { Client } from "@libsql/client";

export const CHAT_LIMIT = 20;
export const CHAT_WINDOW_MS = 60_000;
const SWEEP_SHARE = 0.02;

/**
 * 20 chat messages a minute per user: a sliding one-minute log in the database (table chat_requests), so
 * several server instances share it. One INSERT … SELECT decides, so concurrent requests cannot both slip under.
 */
export async function hitChatLimit(
  client: Client,
  userId: number,
  now = Date.now(),
  limit = CHAT_LIMIT,
  windowMs = CHAT_WINDOW_MS,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const since = now - windowMs;
  // Old rows are swept now and then, not on every message (the count only looks inside the window).
  if (Math.random() < SWEEP_SHARE)
    await client.execute({ sql: "DELETE FROM chat_requests WHERE at <= ?", args: [since] });
  // One statement decides and counts, so concurrent requests cannot both slip under the limit.
  const inserted = await client.execute({
    sql: "INSERT INTO chat_requests (user_id, at) SELECT ?, ? WHERE (SELECT count(*) FROM chat_requests WHERE user_id = ? AND at > ?) < ?",
    args: [userId, now, userId, since, limit],
  });
  if (inserted.rowsAffected > 0) return { allowed: true };
  const { rows } = await client.execute({
    sql: "SELECT at FROM chat_requests WHERE user_id = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?",
    args: [userId, since, limit - 1],
  });
  const oldest = rows[0] ? Number(rows[0].at) : now;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
}
