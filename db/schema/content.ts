/** One job: the tables of written city content (per-provider cache, what a user was shown) and chat limits. */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Written content about a city (fun facts, history entries, deeper details), per provider, so the same
 * city never asks the model twice for the same thing. `itemKey` is stable per item (e.g. a fact's title
 * key); `position` keeps the order the provider gave.
 */
export const contentCache = sqliteTable(
  "content_cache",
  {
    cityKey: text("city_key").notNull(),
    kind: text("kind").notNull(), // facts | history | deeper
    provider: text("provider").notNull(), // grounded | ollama:<model>
    itemKey: text("item_key").notNull(),
    position: integer("position").notNull(),
    payload: text("payload").notNull(), // JSON
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.cityKey, t.kind, t.provider, t.itemKey] })],
);

/** Which content items a signed-in user has been shown for a city: "load more" never repeats one. */
export const contentShown = sqliteTable(
  "content_shown",
  {
    userId: integer("user_id").notNull(),
    cityKey: text("city_key").notNull(),
    kind: text("kind").notNull(),
    itemKey: text("item_key").notNull(),
    shownAt: integer("shown_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cityKey, t.kind, t.itemKey] })],
);

// ---- Chat (docs/decisions/018-chat.md, migration 0009) ----

/** One row per chat message asked, for the 20-a-minute per-user limit (rows older than a minute are deleted). */
export const chatRequests = sqliteTable(
  "chat_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("chat_requests_user_at_idx").on(t.userId, t.at), index("chat_requests_at_idx").on(t.at)],
);
