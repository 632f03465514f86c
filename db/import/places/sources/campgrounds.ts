import { CATEGORY, type Dataset, type ReadResult } from "../types";
import { caps, nameAndPosition, phone, csvRows, text, website } from "../util";
import file from "../../../data/places/campgrounds_ridb_osm_us_2026.csv.gz" with { type: "file" };

/**
 * 2026 campgrounds: Recreation.gov RIDB (US federal data) and OpenStreetMap camp/caravan sites (ODbL), one
 * nationwide file with a `source` column, read as two datasets so each keeps its own licence.
 * RIDB's amenities, rig, road and fee values look defaulted by the collecting script (wilderness cabins
 * tagged "RV;trailer", "paved"), so they are not kept; OSM's amenities are real tags and are.
 * An OSM row within 300 m of a RIDB campground (`near_ridb_id`) is the same place: it merges into it.
 */
const isRidb = (row: Record<string, string>) => row.source_id?.startsWith("ridb:") ?? false;

const AMENITY_LABELS: Record<string, string> = {
  toilets: "Toilets",
  drinking_water: "Drinking water",
  shower: "Showers",
  showers: "Showers",
  power_supply: "Power hook-ups",
  sanitary_dump_station: "Dump station",
  internet_access: "Internet",
  bbq: "Barbecue",
  picnic_table: "Picnic tables",
};

function kindOf(row: Record<string, string>, name: string): string {
  if (isRidb(row)) {
    if (/\bcabin\b/i.test(name)) return "cabin";
    if (/\blookout\b/i.test(name)) return "fire lookout";
    if (/\bgroup\b/i.test(name)) return "group campground";
  }
  return row.category === "rv_park" ? "rv park" : "campground";
}

function readRows(wantRidb: boolean) {
  return async function* read(stateCode: string): AsyncIterable<ReadResult> {
    for await (const row of csvRows(file, (row) => row.state_code === stateCode && isRidb(row) === wantRidb)) {
      const checked = nameAndPosition(text(row.name), row.latitude, row.longitude);
      if ("skip" in checked) {
        yield checked;
        continue;
      }
      const name = caps(checked.name);
      const description = text(row.description?.replace(/^Overview\s+/, ""));
      const amenities = wantRidb
        ? null
        : [
            ...new Set(
              (row.amenities ?? "")
                .split(";")
                .map((a) => AMENITY_LABELS[a.trim()])
                .filter((a): a is string => !!a),
            ),
          ];
      const tags: Record<string, string> = {};
      if (row.operator) tags.operator = row.operator;
      if (!wantRidb && row.tourism) tags.tourism = row.tourism;
      if (row.wikidata) tags.wikidata = row.wikidata;
      yield {
        source: wantRidb ? "ridb-campgrounds" : "osm-campgrounds",
        sourceId: row.source_id!,
        categoryId: CATEGORY.lodging,
        kind: kindOf(row, name),
        title: name,
        description,
        address: text(row.addr_street),
        city: text(row.addr_city),
        stateCode,
        zip: row.addr_postcode?.match(/^\d{5}/)?.[0] ?? null,
        phone: phone(row.phone),
        website: website(row.website),
        openingHours: wantRidb ? null : text(row.opening_hours),
        wikidata: text(row.wikidata),
        ...checked.position,
        amenities: amenities?.length ? amenities : null,
        tags: Object.keys(tags).length ? tags : null,
        sameAs: !wantRidb && row.near_ridb_id ? { source: "ridb-campgrounds", sourceId: row.near_ridb_id } : null,
      };
    }
  };
}

export const ridbCampgrounds: Dataset = {
  key: "ridb-campgrounds",
  observedAt: "2026-07", // fetched from RIDB 2025-10 to 2026-07
  name: "Recreation.gov campgrounds (RIDB, 2026)",
  licence: "US Government work",
  attribution: "Recreation.gov / RIDB",
  url: "https://ridb.recreation.gov/",
  states: "all",
  read: readRows(true),
};

export const osmCampgrounds: Dataset = {
  key: "osm-campgrounds",
  observedAt: "2026-04", // OpenCampingMap extract, OSM check_date values to 2026-04
  name: "OpenStreetMap campgrounds (via OpenCampingMap, 2026)",
  licence: "ODbL-1.0",
  attribution: "© OpenStreetMap contributors",
  url: "https://www.openstreetmap.org/copyright",
  states: "all",
  read: readRows(false),
};
