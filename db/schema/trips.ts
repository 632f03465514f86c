/** One job: the tables of trips — a trip, its days and their stops. */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";

/** A user's trip: a title, a "City, ST", an optional first date; `shareToken` is its read-only link (null: not shared). */
export const trips = sqliteTable(
  "trips",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    city: text("city").notNull(),
    /** YYYY-MM-DD of day 1, when the traveller gave one. */
    startDate: text("start_date"),
    shareToken: text("share_token"),
    /** When the trip was first shared (kept after a revoke: the admin counts trips ever shared). */
    sharedAt: integer("shared_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("trips_user_idx").on(t.userId, t.updatedAt),
    uniqueIndex("trips_share_token_idx").on(t.shareToken),
    index("trips_created_idx").on(t.createdAt),
  ],
);
export type TripRow = typeof trips.$inferSelect;

/** A trip's days, in `position` order. */
export const tripDays = sqliteTable(
  "trip_days",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tripId: integer("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [index("trip_days_trip_idx").on(t.tripId, t.position)],
);

/** A day's stops, in `position` order: each one place of the store, with an optional note and time (HH:MM). */
export const tripStops = sqliteTable(
  "trip_stops",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tripId: integer("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    dayId: integer("day_id")
      .notNull()
      .references(() => tripDays.id, { onDelete: "cascade" }),
    placeId: integer("place_id").notNull(),
    position: integer("position").notNull(),
    note: text("note"),
    time: text("time"),
  },
  (t) => [index("trip_stops_day_idx").on(t.dayId, t.position), index("trip_stops_trip_idx").on(t.tripId)],
);
