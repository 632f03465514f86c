/** One job: the tables behind the admin screen — per-user rollups, data-health summaries and analytics rollups. */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";

// ——— Admin panel (docs/decisions/021-admin-metrics.md, migration 0006, docs/decisions/021-admin-metrics.md) ———

/**
 * One row per user, kept by triggers on users/activities/favorites (migration 0006): the admin users table
 * sorts and pages on it instead of counting millions of rows per request.
 */
export const adminUserStats = sqliteTable(
  "admin_user_stats",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    activitiesCount: integer("activities_count").notNull().default(0),
    favoritesCount: integer("favorites_count").notNull().default(0),
    lastActivity: integer("last_activity", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("admin_user_stats_activities_idx").on(t.activitiesCount, t.userId),
    index("admin_user_stats_favorites_idx").on(t.favoritesCount, t.userId),
    index("admin_user_stats_last_idx").on(t.lastActivity, t.userId),
  ],
);

/** The data-health summary of one state (JSON), recomputed when the state's imports change (`fingerprint`). */
export const adminDataHealth = sqliteTable("admin_data_health", {
  stateCode: text("state_code").primaryKey(),
  fingerprint: text("fingerprint").notNull(),
  payload: text("payload").notNull(),
  computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
});

// ——— Admin analytics rollups (docs/decisions/021-admin-metrics.md, migration 0010, docs/decisions/021-admin-metrics.md "Rollups") ———
// Written only by the migration's triggers (activities, sessions) and rebuilt by its backfill; WITHOUT ROWID in
// the migration. `prev_last` links each row to the previous row of the same user (and city / state).

/** Per user and UTC day: first and last activity or session use (distinct active users of any window). */
export const adminUserDays = sqliteTable(
  "admin_user_days",
  {
    day: integer("day").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstAt: integer("first_at").notNull(),
    lastAt: integer("last_at").notNull(),
    prevLast: integer("prev_last"),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] }), index("admin_user_days_chain_idx").on(t.userId, t.day)],
);

/** Activities per UTC hour, type and category (activity types, categories, peak hours, the daily chart). */
export const adminActivityHours = sqliteTable(
  "admin_activity_hours",
  {
    hour: integer("hour").notNull(),
    activityType: text("activity_type").notNull(),
    hasCategory: integer("has_category").notNull(),
    categoryId: text("category_id").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.activityType, t.hasCategory, t.categoryId] })],
);

/** Per user, city (state upper-cased, name lower-cased) and UTC hour: activities, first/last time, least name. */
export const adminUserCityHours = sqliteTable(
  "admin_user_city_hours",
  {
    hour: integer("hour").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    cityKey: text("city_key").notNull(),
    name: text("name").notNull(),
    firstAt: integer("first_at").notNull(),
    lastAt: integer("last_at").notNull(),
    n: integer("n").notNull(),
    prevLast: integer("prev_last"),
  },
  (t) => [
    primaryKey({ columns: [t.hour, t.userId, t.state, t.cityKey] }),
    index("admin_user_city_hours_chain_idx").on(t.userId, t.state, t.cityKey, t.hour),
  ],
);

/** Per user, state (upper-cased) and UTC hour: activities, first/last time. */
export const adminUserStateHours = sqliteTable(
  "admin_user_state_hours",
  {
    hour: integer("hour").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    firstAt: integer("first_at").notNull(),
    lastAt: integer("last_at").notNull(),
    n: integer("n").notNull(),
    prevLast: integer("prev_last"),
  },
  (t) => [
    primaryKey({ columns: [t.state, t.hour, t.userId] }),
    index("admin_user_state_hours_chain_idx").on(t.userId, t.state, t.hour),
  ],
);
