// Every migration, in order: hand-written SQL files NNNN_name.sql (docs/decisions/037-one-schema-toolchain.md).
// Add a new one here too (static imports embed the SQL in the single binary) and declare what it creates in
// db/schema.ts: db/schema.test.ts compares the two.
import m0000 from "./0000_init.sql" with { type: "text" };
import m0001 from "./0001_places.sql" with { type: "text" };
import m0002 from "./0002_content.sql" with { type: "text" };
import m0003 from "./0003_accounts.sql" with { type: "text" };
import m0004 from "./0004_security.sql" with { type: "text" };
import m0005 from "./0005_traffic.sql" with { type: "text" };
import m0006 from "./0006_admin.sql" with { type: "text" };
import m0009 from "./0009_chat.sql" with { type: "text" };
import m0007 from "./0007_places_quality.sql" with { type: "text" };
import m0008 from "./0008_city_texts.sql" with { type: "text" };
import m0014 from "./0014_data_versions.sql" with { type: "text" };
import m0010 from "./0010_admin_rollups.sql" with { type: "text" };
import m0011 from "./0011_traffic_segments.sql" with { type: "text" };
import m0013 from "./0013_hardening.sql" with { type: "text" };
import m0015 from "./0015_trips.sql" with { type: "text" };

export const migrations: ReadonlyArray<{ tag: string; sql: string }> = [
  { tag: "0000_init", sql: m0000 },
  // 0001 also creates the places R*Tree and its triggers (hand-written below the generated SQL).
  { tag: "0001_places", sql: m0001 },
  { tag: "0002_content", sql: m0002 },
  // 0003: users, sessions, favorites, activities and the sign-in rate-limit log.
  { tag: "0003_accounts", sql: m0003 },
  // 0004: admin claims and setup codes (docs/product.md#accounts), sign-in back-off, the /healthz write probe.
  { tag: "0004_security", sql: m0004 },
  // 0005: the traffic log, its hourly rollups, daily visitor keys and salts (docs/decisions/022-traffic-log.md).
  { tag: "0005_traffic", sql: m0005 },
  // 0006: the admin panel's per-user rollup (triggers), analytics indexes and the data-health cache.
  { tag: "0006_admin", sql: m0006 },
  // 0009: the chat rate-limit log (20 messages a minute per user, shared by every instance).
  { tag: "0009_chat", sql: m0009 },
  // 0007: places.observed_at, notability, brand (docs/decisions/023-places-a-traveller-wants.md); re-imports places with the new filters.
  { tag: "0007_places_quality", sql: m0007 },
  // 0008: per-city text (Wikipedia titles, Wikivoyage bylines, WordNet glosses, associated people).
  { tag: "0008_city_texts", sql: m0008 },
  // 0010: the admin analytics rollups (per user-day, per hour, per user-city-hour, per user-state-hour; triggers).
  { tag: "0010_admin_rollups", sql: m0010 },
  // 0011: the request log as one row per written batch (traffic_segments; traffic_log's rows moved there).
  { tag: "0011_traffic_segments", sql: m0011 },
  // 0013: the trigram index of place titles (search); the daily salt of the sign-in limit keys.
  { tag: "0013_hardening", sql: m0013 },
  // 0014: a version per state that any process bumps after an import or refresh; servers poll it.
  { tag: "0014_data_versions", sql: m0014 },
  // 0015: trips, their days and stops (modules/trips).
  { tag: "0015_trips", sql: m0015 },
];
