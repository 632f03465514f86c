/**
 * One job: the content tables — written items per city, kind and provider (content_cache), and which items each
 * signed-in user has been shown (content_shown).
 */
import type { Client } from "@libsql/client";

export class ContentStore {
  constructor(private readonly client: Client) {}

  async readCache(city: string, kind: string, provider: string, item?: string) {
    const result = await this.client.execute({
      sql: `SELECT item_key, payload FROM content_cache WHERE city_key = ? AND kind = ? AND provider = ?${item ? " AND item_key = ?" : ""} ORDER BY position, item_key`,
      args: item ? [city, kind, provider, item] : [city, kind, provider],
    });
    return result.rows.map((r) => ({ itemKey: String(r.item_key), payload: String(r.payload) }));
  }

  async writeCache(
    city: string,
    kind: string,
    provider: string,
    items: Array<{ key: string; payload: string }>,
    start: number,
  ) {
    if (!items.length) return;
    const now = Date.now();
    await this.client.batch(
      items.map((item, i) => ({
        sql: "INSERT OR IGNORE INTO content_cache (city_key, kind, provider, item_key, position, payload, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        args: [city, kind, provider, item.key, start + i, item.payload, now],
      })),
      "write",
    );
  }

  async shownKeys(userId: number, city: string, kind: string): Promise<Set<string>> {
    const result = await this.client.execute({
      sql: "SELECT item_key FROM content_shown WHERE user_id = ? AND city_key = ? AND kind = ?",
      args: [userId, city, kind],
    });
    return new Set(result.rows.map((r) => String(r.item_key)));
  }

  async markShown(userId: number, city: string, kind: string, keys: string[]) {
    const now = Date.now();
    await this.client.batch(
      keys.map((key) => ({
        sql: "INSERT OR IGNORE INTO content_shown (user_id, city_key, kind, item_key, shown_at) VALUES (?, ?, ?, ?, ?)",
        args: [userId, city, kind, key, now],
      })),
      "write",
    );
  }
}
