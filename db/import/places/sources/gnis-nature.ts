import { CATEGORY, type Dataset, type ReadResult } from "../types";
import { coords, csvRows, text } from "../util";
import file from "../../../data/places/gnis_natural_features_partial_41_states.csv.gz" with { type: "file" };

/**
 * USGS GNIS named natural features (public domain) — a partial copy: 36 states + DC + PR, and only part of
 * each state's features (AK AZ CA CO ID KY MT NC NM OR TN TX UT WA WY are missing entirely).
 *
 * The file holds 12 feature classes (Valley, Stream, Ridge … were already dropped when it was made; there
 * is no Arch, Cave or Park class in it). Kept — things a traveller goes to see or to swim, hike or fish at:
 *   Summit, Falls, Beach, Spring, Pillar, Cliff, Lake, and Reservoir when it is named a lake (Lake Mead,
 *   Skiatook Lake) — the other ~17,000 reservoirs are farm ponds, "1 Reservoir", mill ponds and tanks.
 * Dropped: Island, Cape, Bay, Gap — mostly private islands, points and coves of lakes, and unmarked
 * hill gaps, with no access information. Features named "(historical)" no longer exist and are dropped.
 * kind = the feature class in lower case.
 */
export const GNIS_KEPT_CLASSES = [
  "Summit",
  "Falls",
  "Beach",
  "Spring",
  "Pillar",
  "Cliff",
  "Lake",
  "Reservoir",
] as const;
const KEPT = new Set<string>(GNIS_KEPT_CLASSES);

/** A reservoir worth listing: named "… Lake" / "Lake …", not a numbered or "… Lake Reservoir" impoundment. */
const lakeNamedReservoir = (name: string) => /\bLake\b/.test(name) && !/\b(Reservoir|Number|No)\b/.test(name);

export const gnisNature: Dataset = {
  key: "gnis-nature",
  observedAt: "2025-05",
  name: "USGS GNIS natural features (partial)",
  licence: "Public domain",
  attribution: "U.S. Geological Survey GNIS",
  url: "https://www.usgs.gov/tools/geographic-names-information-system-gnis",
  states: "all",
  async *read(stateCode: string): AsyncIterable<ReadResult> {
    for await (const row of csvRows(file, (row) => row.state === stateCode)) {
      const name = text(row.name);
      if (!name) {
        yield { skip: "no name" };
        continue;
      }
      const featureClass = text(row.feature_class) ?? "";
      if (!KEPT.has(featureClass)) {
        yield { skip: `not a visitor feature (${featureClass || "no class"})` };
        continue;
      }
      if (/\(historical\)/i.test(name)) {
        yield { skip: "no longer exists (historical)" };
        continue;
      }
      if (featureClass === "Reservoir" && !lakeNamedReservoir(name)) {
        yield { skip: "small reservoir or pond" };
        continue;
      }
      const position = coords(row.latitude, row.longitude);
      if (!position) {
        yield { skip: "no coordinates" };
        continue;
      }
      const county = text(row.county);
      yield {
        source: "gnis-nature",
        sourceId: row.gnis_id!,
        categoryId: CATEGORY.activities,
        kind: featureClass.toLowerCase(),
        title: name,
        stateCode,
        ...position,
        tags: county ? { county } : null,
      };
    }
  },
};
