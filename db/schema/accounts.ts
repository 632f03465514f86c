/** One job: the tables of accounts — users, sessions, favorites, activities, sign-in limits and the admin claim. */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

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

/** The daily salt of the sign-in limit keys (migration 0013; modules/auth/service.ts). */
export const authSalts = sqliteTable("auth_salts", {
  day: integer("day").primaryKey(),
  salt: text("salt").notNull(),
});
