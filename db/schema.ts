import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
