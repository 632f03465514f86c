/** One job: the tables the server keeps about its own traffic (request log, visit rollups) and its health probe. */
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One row that /healthz rewrites to prove the database accepts writes. */
export const healthProbe = sqliteTable("health_probe", {
  id: integer("id").primaryKey(),
  at: integer("at", { mode: "timestamp_ms" }).notNull(),
});

// Traffic analytics (docs/decisions/022-traffic-log.md, migration 0005, docs/decisions/022-traffic-log.md)
// ---------------------------------------------------------------------------------------------------------

// The request log itself: traffic_segments at the end of this file (migration 0011).

/** Hourly rollup of every logged request (bots included, counted apart). `hour` = epoch hours (UTC). */
export const trafficHourly = sqliteTable("traffic_hourly", {
  hour: integer("hour").primaryKey(),
  requests: integer("requests").notNull(),
  bots: integer("bots").notNull(),
  errors: integer("errors").notNull(), // 5xx answers
  durationMs: real("duration_ms").notNull(), // sum
});

/** Hourly page visits (bots left out). The page, country and visitor tables are WITHOUT ROWID in the SQL (clustered by key). */
export const trafficPages = sqliteTable(
  "traffic_pages",
  { hour: integer("hour").notNull(), path: text("path").notNull(), requests: integer("requests").notNull() },
  (t) => [primaryKey({ columns: [t.hour, t.path] })],
);
/** Hourly visits per country (bots left out). */
export const trafficCountries = sqliteTable(
  "traffic_countries",
  { hour: integer("hour").notNull(), country: text("country").notNull(), requests: integer("requests").notNull() },
  (t) => [primaryKey({ columns: [t.hour, t.country] })],
);
/** Daily page visits and countries: a range reads whole days here and its first, partial day from the hourly tables. */
export const trafficPagesDaily = sqliteTable(
  "traffic_pages_daily",
  { day: integer("day").notNull(), path: text("path").notNull(), requests: integer("requests").notNull() },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);
export const trafficCountriesDaily = sqliteTable(
  "traffic_countries_daily",
  { day: integer("day").notNull(), country: text("country").notNull(), requests: integer("requests").notNull() },
  (t) => [primaryKey({ columns: [t.day, t.country] })],
);
/** All-time totals of the two above (the "all" range reads these). */
export const trafficPagesTotal = sqliteTable("traffic_pages_total", {
  path: text("path").primaryKey(),
  requests: integer("requests").notNull(),
});
export const trafficCountriesTotal = sqliteTable("traffic_countries_total", {
  country: text("country").primaryKey(),
  requests: integer("requests").notNull(),
});
/** One row per visitor key and day (the key changes daily with the salt); `hour` = first seen. */
export const trafficVisitors = sqliteTable(
  "traffic_visitors",
  { day: integer("day").notNull(), visitor: text("visitor").notNull(), hour: integer("hour").notNull() },
  (t) => [primaryKey({ columns: [t.day, t.visitor] }), index("traffic_visitors_hour_idx").on(t.hour)],
);
/** The daily salt of visitor keys; older days' salts are deleted (docs/product.md#traffic). `day` = epoch days (UTC). */
export const trafficSalts = sqliteTable("traffic_salts", {
  day: integer("day").primaryKey(),
  salt: text("salt").notNull(),
});

// ---------------------------------------------------------------------------------------------------------
// Traffic log segments (docs/decisions/022-traffic-log.md, migration 0011, docs/decisions/022-traffic-log.md "Cost")
// ---------------------------------------------------------------------------------------------------------

/**
 * The request log, one row per written batch: `data` is the batch's entries as JSON columns (see `Segment` in
 * modules/traffic/segments.ts); entry ids are `id` .. `id + count - 1`. Segments (and with them raw IPs) are
 * deleted once their newest entry is past TRAFFIC_RETENTION_DAYS.
 */
export const trafficSegments = sqliteTable(
  "traffic_segments",
  {
    id: integer("id").primaryKey(),
    count: integer("count").notNull(),
    firstAt: integer("first_at").notNull(), // epoch ms
    lastAt: integer("last_at").notNull(),
    data: text("data").notNull(),
  },
  (t) => [index("traffic_segments_last_at_idx").on(t.lastAt)],
);

/** The next request-log entry id (one row): ids are never reused after a prune. */
export const trafficLogIds = sqliteTable("traffic_log_ids", { next: integer("next").notNull() });
