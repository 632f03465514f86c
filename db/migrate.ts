import type { Client } from "@libsql/client";
import { migrations as bundled } from "./migrations";

/**
 * Apply the bundled migrations that this database has not seen yet. Idempotent: safe at every start,
 * and each migration runs in one transaction together with its bookkeeping row.
 */
export async function migrate(client: Client, migrations = bundled): Promise<string[]> {
  await client.execute(
    "CREATE TABLE IF NOT EXISTS __migrations (tag TEXT PRIMARY KEY NOT NULL, applied_at INTEGER NOT NULL)",
  );
  const done = new Set((await client.execute("SELECT tag FROM __migrations")).rows.map((r) => String(r.tag)));
  const applied: string[] = [];
  for (const { tag, sql } of migrations) {
    if (done.has(tag)) continue;
    const statements = sql
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);
    await client.batch(
      [...statements, { sql: "INSERT INTO __migrations (tag, applied_at) VALUES (?, ?)", args: [tag, Date.now()] }],
      "write",
    );
    applied.push(tag);
  }
  return applied;
}
