import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** US cities from the SimpleMaps basic database (CC BY 4.0), imported at first start. */
export const cities = sqliteTable(
  "cities",
  {
    id: integer("id").primaryKey(), // SimpleMaps id
    name: text("name").notNull(),
    nameAscii: text("name_ascii").notNull(),
    stateCode: text("state_code").notNull(),
    stateName: text("state_name").notNull(),
    countyFips: text("county_fips").notNull(),
    countyName: text("county_name").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    /** For large cities this is the urban-area figure, not the city proper (see SOURCES). */
    population: integer("population").notNull(),
    density: real("density").notNull(),
    incorporated: integer("incorporated", { mode: "boolean" }).notNull(),
    timezone: text("timezone").notNull(),
    ranking: integer("ranking").notNull(),
    /** Space-separated ZIP codes. */
    zips: text("zips").notNull(),
  },
  (t) => [index("cities_state_name_idx").on(t.stateCode, t.name), index("cities_name_idx").on(t.name)],
);

/** Which bundled datasets were imported, so a restart does not import them again. */
export const dataImports = sqliteTable("data_imports", {
  dataset: text("dataset").primaryKey(),
  version: text("version").notNull(),
  rows: integer("rows").notNull(),
  importedAt: integer("imported_at", { mode: "timestamp_ms" }).notNull(),
});

export type CityRow = typeof cities.$inferSelect;

/**
 * Real places from open datasets and OpenStreetMap. Every place keeps its primary source and licence;
 * `sources` lists every dataset record merged into it (JSON array of {source, sourceId, licence}).
 * The R*Tree `places_rtree` (migration 0001) indexes latitude/longitude, kept in sync by triggers.
 */
export const places = sqliteTable(
  "places",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    source: text("source").notNull(),
    sourceId: text("source_id").notNull(),
    licence: text("licence").notNull(),
    sources: text("sources").notNull(),
    categoryId: integer("category_id").notNull(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    titleKey: text("title_key").notNull(),
    description: text("description"),
    address: text("address"),
    city: text("city"),
    stateCode: text("state_code").notNull(),
    zip: text("zip"),
    phone: text("phone"),
    website: text("website"),
    openingHours: text("opening_hours"),
    wikidata: text("wikidata"),
    imageUrl: text("image_url"),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    amenities: text("amenities"),
    priceRange: text("price_range"),
    since: text("since"),
    tags: text("tags"),
    quality: integer("quality").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("places_state_category_idx").on(t.stateCode, t.categoryId), index("places_title_key_idx").on(t.titleKey)],
);

/** Which dataset record became (or was merged into) which place: makes every import idempotent. */
export const placeSources = sqliteTable(
  "place_sources",
  {
    source: text("source").notNull(),
    sourceId: text("source_id").notNull(),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    licence: text("licence").notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.sourceId] }), index("place_sources_place_idx").on(t.placeId)],
);

export type PlaceRow = typeof places.$inferSelect;

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

/** Live OpenStreetMap (Overpass) fetches per city: cached, so a city is queried at most once per period. */
export const overpassFetches = sqliteTable("overpass_fetches", {
  cityKey: text("city_key").primaryKey(),
  status: text("status").notNull(), // ok | failed
  places: integer("places").notNull(),
  message: text("message"),
  fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }).notNull(),
});

/*
 * Accounts (migration 0003). See docs/decisions/007-accounts-and-sessions.md.
 */

/**
 * People who use the app: registered accounts and guests. A guest has no e-mail, username or password;
 * it is resumed through the long-lived guest cookie, whose SHA-256 is `guestTokenHash`. Registering while
 * a guest fills in the same row (so its favorites stay) and clears `guestTokenHash`.
 */
export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Lower-cased and trimmed; null for guests. */
    email: text("email"),
    username: text("username"),
    /** argon2id (PHC string from Bun.password); null for guests. */
    passwordHash: text("password_hash"),
    isGuest: integer("is_guest", { mode: "boolean" }).notNull(),
    guestTokenHash: text("guest_token_hash"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** When the account got an e-mail and password (registration or guest upgrade); null for guests. */
    registeredAt: integer("registered_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("users_email_idx").on(t.email), uniqueIndex("users_guest_token_idx").on(t.guestTokenHash)],
);

/** Server-side sessions. The cookie holds a random 256-bit id; only its SHA-256 is stored here. */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** Sliding: moved to now + 30 days (at most once a day) while the session is used. */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** A user's saved items. `itemData` is the client's JSON string (at most 8 KB), stored as given. */
export const favorites = sqliteTable(
  "favorites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemType: text("item_type").notNull(), // place | city | fact | store | activity | restaurant
    itemId: text("item_id").notNull(),
    itemData: text("item_data").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("favorites_user_item_idx").on(t.userId, t.itemType, t.itemId), index("favorites_user_created_idx").on(t.userId, t.createdAt)],
);

/** What signed-in users did (city_discovered, category_explored, place_visited, search_performed). */
export const activities = sqliteTable(
  "activities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    activityType: text("activity_type").notNull(),
    cityName: text("city_name"),
    cityState: text("city_state"),
    placeId: text("place_id"),
    categoryId: text("category_id"),
    /** JSON object (e.g. {"searchQuery": "museum"}), or null. */
    activityData: text("activity_data"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("activities_user_created_idx").on(t.userId, t.createdAt), index("activities_created_idx").on(t.createdAt)],
);

/**
 * Sign-in and registration attempts for the rate limiter (a sliding one-minute log shared by every server
 * instance). `key` is the SHA-256 of "ip:…", "email:…" or "guest-ip:…"; rows older than a minute are deleted.
 */
export const authAttempts = sqliteTable(
  "auth_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("auth_attempts_key_at_idx").on(t.key, t.at), index("auth_attempts_at_idx").on(t.at)],
);

export type UserRow = typeof users.$inferSelect;
export type FavoriteRow = typeof favorites.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;

// ---------------------------------------------------------------------------------------------------------
// Security hardening (issue 16; migration 0004_security)

/**
 * The operator's claim that makes the ADMIN_EMAIL account admin (DECISIONS 22): written only by
 * `npm run admin -- claim EMAIL` or by the one-time setup code. Tied to the account id, so an account
 * deleted and registered again with the same e-mail is not admin.
 */
export const adminClaims = sqliteTable("admin_claims", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  claimedAt: integer("claimed_at", { mode: "timestamp_ms" }).notNull(),
  /** "cli" or "setup-code". */
  via: text("via").notNull(),
});

/** SHA-256 of the one-time admin setup codes printed at start; all are deleted once the admin is claimed. */
export const adminSetupCodes = sqliteTable("admin_setup_codes", {
  codeHash: text("code_hash").primaryKey(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

/** Failed sign-ins per (e-mail, IP) pair for the exponential back-off; the key is a SHA-256. */
export const signInFailures = sqliteTable("sign_in_failures", {
  pairHash: text("pair_hash").primaryKey(),
  failures: integer("failures").notNull(),
  lastAt: integer("last_at", { mode: "timestamp_ms" }).notNull(),
});

/** One row that /healthz rewrites to prove the database accepts writes. */
export const healthProbe = sqliteTable("health_probe", {
  id: integer("id").primaryKey(),
  at: integer("at", { mode: "timestamp_ms" }).notNull(),
});
// Traffic analytics (issue 15, migration 0005, docs/decisions/022-traffic-log.md)
// ---------------------------------------------------------------------------------------------------------

/** One logged request. Rows (and with them raw IPs) are deleted after TRAFFIC_RETENTION_DAYS. */
export const trafficLog = sqliteTable(
  "traffic_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at").notNull(), // epoch ms
    method: text("method").notNull(),
    path: text("path").notNull(), // ids collapsed, no query string
    status: integer("status").notNull(),
    durationMs: real("duration_ms").notNull(),
    userAgent: text("user_agent").notNull(),
    device: text("device").notNull(), // mobile | desktop
    country: text("country").notNull(), // ISO alpha-2 or Unknown
    ip: text("ip"), // null with TRAFFIC_HASH_IPS=true
    visitor: text("visitor").notNull(), // HMAC(ip + user agent) with the day's salt
    userId: integer("user_id"),
    bot: integer("bot").notNull(),
  },
  (t) => [index("traffic_log_at_idx").on(t.at)],
);

/** Hourly rollup of every logged request (bots included, counted apart). `hour` = epoch hours (UTC). */
export const trafficHourly = sqliteTable("traffic_hourly", {
  hour: integer("hour").primaryKey(),
  requests: integer("requests").notNull(),
  bots: integer("bots").notNull(),
  errors: integer("errors").notNull(), // 5xx answers
  durationMs: real("duration_ms").notNull(), // sum
});

/** Hourly page visits (bots left out). The page, country and visitor tables are WITHOUT ROWID in the SQL (clustered by key). */
export const trafficPages = sqliteTable("traffic_pages", { hour: integer("hour").notNull(), path: text("path").notNull(), requests: integer("requests").notNull() }, (t) => [
  primaryKey({ columns: [t.hour, t.path] }),
]);
/** Hourly visits per country (bots left out). */
export const trafficCountries = sqliteTable("traffic_countries", { hour: integer("hour").notNull(), country: text("country").notNull(), requests: integer("requests").notNull() }, (t) => [
  primaryKey({ columns: [t.hour, t.country] }),
]);
/** Daily page visits and countries: a range reads whole days here and its first, partial day from the hourly tables. */
export const trafficPagesDaily = sqliteTable("traffic_pages_daily", { day: integer("day").notNull(), path: text("path").notNull(), requests: integer("requests").notNull() }, (t) => [
  primaryKey({ columns: [t.day, t.path] }),
]);
export const trafficCountriesDaily = sqliteTable("traffic_countries_daily", { day: integer("day").notNull(), country: text("country").notNull(), requests: integer("requests").notNull() }, (t) => [
  primaryKey({ columns: [t.day, t.country] }),
]);
/** All-time totals of the two above (the "all" range reads these). */
export const trafficPagesTotal = sqliteTable("traffic_pages_total", { path: text("path").primaryKey(), requests: integer("requests").notNull() });
export const trafficCountriesTotal = sqliteTable("traffic_countries_total", { country: text("country").primaryKey(), requests: integer("requests").notNull() });
/** One row per visitor key and day (the key changes daily with the salt); `hour` = first seen. */
export const trafficVisitors = sqliteTable("traffic_visitors", { day: integer("day").notNull(), visitor: text("visitor").notNull(), hour: integer("hour").notNull() }, (t) => [
  primaryKey({ columns: [t.day, t.visitor] }),
  index("traffic_visitors_hour_idx").on(t.hour),
]);
/** The daily salt of visitor keys; older days' salts are deleted (DECISIONS 23). `day` = epoch days (UTC). */
export const trafficSalts = sqliteTable("traffic_salts", { day: integer("day").primaryKey(), salt: text("salt").notNull() });
