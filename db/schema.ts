import { sql } from "drizzle-orm";
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

/** A version per state, bumped by any process after an import or refresh of its places; servers poll it. */
export const dataVersions = sqliteTable(
  "data_versions",
  {
    stateCode: text("state_code").primaryKey(),
    version: integer("version").notNull(),
    changedAt: integer("changed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("data_versions_version_idx").on(t.version)],
);

export type CityRow = typeof cities.$inferSelect;

/**
 * Real places from open datasets and OpenStreetMap. Every place keeps its primary source and licence;
 * `sources` lists every dataset record merged into it (JSON array of {source, sourceId, licence}).
 * The R*Tree `places_rtree` (migration 0001) indexes latitude/longitude, kept in sync by triggers; the trigram
 * index `places_fts` (migration 0013) indexes titles for search, kept in sync the same way.
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
    // Migration 0007 (docs/decisions/023-places-a-traveller-wants.md: places a traveller wants).
    /** The newest date of the datasets the place comes from ("2011", "2026-04"); null when none gives one. */
    observedAt: text("observed_at"),
    /** How well known the place is, from open signals (db/import/places/filters.ts); below 0 = never featured. */
    notability: integer("notability").notNull().default(0),
    /** The name-suggestion-index brand the place belongs to (a chain), or null for an independent place. */
    brand: text("brand"),
  },
  (t) => [
    index("places_state_category_idx").on(t.stateCode, t.categoryId),
    index("places_title_key_idx").on(t.titleKey),
    // Migration 0006: the data-health and list queries by state and city name, whatever its case.
    index("places_state_city_idx").on(t.stateCode, sql`${t.city} COLLATE NOCASE`),
  ],
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
  (t) => [
    uniqueIndex("users_email_idx").on(t.email),
    uniqueIndex("users_guest_token_idx").on(t.guestTokenHash),
    // Migration 0006: the admin users table sorts and searches accounts and guests apart.
    index("users_created_idx").on(t.createdAt),
    index("users_guest_created_idx").on(t.isGuest, t.createdAt),
    index("users_guest_username_idx").on(t.isGuest, sql`${t.username} COLLATE NOCASE`),
    index("users_guest_email_idx").on(t.isGuest, t.email),
    index("users_guest_search_idx").on(t.isGuest, t.username, t.email),
  ],
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
  (t) => [
    uniqueIndex("favorites_user_item_idx").on(t.userId, t.itemType, t.itemId),
    index("favorites_user_created_idx").on(t.userId, t.createdAt),
  ],
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
  (t) => [
    index("activities_user_created_idx").on(t.userId, t.createdAt),
    index("activities_created_idx").on(t.createdAt),
    // Migration 0006: the admin analytics read recent activities from this index alone.
    index("activities_created_cover_idx").on(
      t.createdAt,
      t.userId,
      t.activityType,
      t.cityState,
      t.cityName,
      t.categoryId,
    ),
  ],
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
// Security hardening (docs/decisions/019-request-hardening.md; migration 0004_security)

/**
 * The operator's claim that makes the ADMIN_EMAIL account admin (docs/product.md#accounts): written only by
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

/** Failed sign-ins per (e-mail, client) pair and per account for the exponential back-off; the key is an HMAC with the day's salt (auth_salts). */
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

/** The daily salt of the sign-in limit keys (migration 0013; modules/auth/service.ts). */
export const authSalts = sqliteTable("auth_salts", {
  day: integer("day").primaryKey(),
  salt: text("salt").notNull(),
});

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
// ── City stories (docs/decisions/028-city-stories.md): per-city text from Wikipedia, Wikivoyage, WordNet and The Pudding ──────────────

/**
 * Text about each city, keyed by the SimpleMaps id (`cities.id`). Every column is copied from a bundled
 * dataset (db/data/city-texts/), never written by hand; `people` is a JSON array of the most-viewed Wikipedia
 * biographies among people associated with the city (2015–19), as The Pudding's people map gives them.
 */
export const cityTexts = sqliteTable("city_texts", {
  cityId: integer("city_id").primaryKey(),
  wikipediaTitle: text("wikipedia_title"),
  wikipediaUrl: text("wikipedia_url"),
  wikivoyageTitle: text("wikivoyage_title"),
  wikivoyageUrl: text("wikivoyage_url"),
  wikivoyageByline: text("wikivoyage_byline"),
  wikivoyageNearby: text("wikivoyage_nearby"),
  wordnetLemmas: text("wordnet_lemmas"),
  wordnetGloss: text("wordnet_gloss"),
  people: text("people"),
  /** GeoNames feature code of the matching GeoNames point: PPLC, PPLA (state capital) or PPLA2 (county seat). */
  seat: text("seat"),
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
