/** One job: the tables of the open data this server imports — cities, places and their sources, city texts. */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
