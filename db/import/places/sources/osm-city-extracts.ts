import { categoryFromOsmTags } from "../osm-tags";
import type { CategoryId, Dataset, ReadResult } from "../types";
import { nameAndPosition, csvRows, oncePerRow, text } from "../util";
import file from "../../../data/places/osm_pois_california_2013_nyc_chicago_dc_2017.csv.gz" with { type: "file" };

/**
 * OpenStreetMap points from Geofabrik-style `gis_osm_pois` extracts: all of California (~2013) and the
 * New York, Chicago and Washington DC bounding boxes (January 2017). Only name + class survive in this
 * layer (no address, phone or hours).
 *
 * Each Geofabrik `fclass` is turned back into the OSM tag it came from and run through the same
 * categoryFromOsmTags() as every other OSM source, so kinds and categories match ("books", "guest house").
 * Service shops a traveller does not look for are dropped first, as are tourist_info points (mostly
 * information boards). Lighthouses and windmills (man_made=* in OSM) count as history.
 *
 * State: `state_polygon`, else `nearest_state`, else the extract's own state (7 offshore California points:
 * the Farallon Islands, Point Sur lighthouse …).
 */

const FCLASS_TAGS: Record<string, Record<string, string>> = {
  restaurant: { amenity: "restaurant" },
  fast_food: { amenity: "fast_food" },
  food_court: { amenity: "food_court" },
  cafe: { amenity: "cafe" },
  bar: { amenity: "bar" },
  pub: { amenity: "pub" },
  biergarten: { amenity: "biergarten" },
  nightclub: { amenity: "nightclub" },
  hotel: { tourism: "hotel" },
  motel: { tourism: "motel" },
  hostel: { tourism: "hostel" },
  guesthouse: { tourism: "guest_house" },
  chalet: { tourism: "chalet" },
  camp_site: { tourism: "camp_site" },
  caravan_site: { tourism: "caravan_site" },
  museum: { tourism: "museum" },
  attraction: { tourism: "attraction" },
  artwork: { tourism: "artwork" },
  viewpoint: { tourism: "viewpoint" },
  zoo: { tourism: "zoo" },
  theme_park: { tourism: "theme_park" },
  picnic_site: { tourism: "picnic_site" },
  theatre: { amenity: "theatre" },
  cinema: { amenity: "cinema" },
  arts_centre: { amenity: "arts_centre" },
  library: { amenity: "library" },
  monument: { historic: "monument" },
  memorial: { historic: "memorial" },
  castle: { historic: "castle" },
  ruins: { historic: "ruins" },
  fort: { historic: "fort" },
  archaeological: { historic: "archaeological_site" },
  lighthouse: { historic: "lighthouse" },
  windmill: { historic: "windmill" },
  park: { leisure: "park" },
  golf_course: { leisure: "golf_course" },
  ice_rink: { leisure: "ice_rink" },
  dog_park: { leisure: "dog_park" },
  sports_centre: { leisure: "sports_centre" },
  stadium: { leisure: "stadium" },
  swimming_pool: { leisure: "swimming_pool" },
  pharmacy: { amenity: "pharmacy" },
  bakery: { shop: "bakery" },
  beverages: { shop: "beverages" },
  bicycle_shop: { shop: "bicycle" },
  bookshop: { shop: "books" },
  butcher: { shop: "butcher" },
  chemist: { shop: "chemist" },
  clothes: { shop: "clothes" },
  convenience: { shop: "convenience" },
  department_store: { shop: "department_store" },
  florist: { shop: "florist" },
  general: { shop: "general" },
  gift_shop: { shop: "gift" },
  greengrocer: { shop: "greengrocer" },
  jeweller: { shop: "jewelry" },
  mall: { shop: "mall" },
  newsagent: { shop: "newsagent" },
  outdoor_shop: { shop: "outdoor" },
  shoe_shop: { shop: "shoes" },
  sports_shop: { shop: "sports" },
  stationery: { shop: "stationery" },
  supermarket: { shop: "supermarket" },
  toy_shop: { shop: "toys" },
  variety_store: { shop: "variety_store" },
};

/** Classes dropped before mapping: services and street furniture, not places a traveller looks for. */
const DROPPED = new Set([
  "tourist_info",
  "hairdresser",
  "beauty_shop",
  "laundry",
  "optician",
  "mobile_phone_shop",
  "computer_shop",
  "doityourself",
  "furniture_shop",
  "garden_centre",
  "video_shop",
  "kiosk",
  "parking",
  "toilet",
  "atm",
  "bench",
]);

const EXTRACT_STATE: Record<string, string> = {
  california: "CA",
  new_york_city: "NY",
  chicago: "IL",
  washington_dc: "DC",
};

/** An fclass → category and kind, or the reason it is skipped. */
export function classifyFclass(fclass: string): { categoryId: CategoryId; kind: string } | string {
  if (DROPPED.has(fclass)) return "not for travellers";
  const tags = FCLASS_TAGS[fclass];
  if (!tags) return "not for travellers";
  return categoryFromOsmTags(tags) ?? "not for travellers";
}

/** The state a row is in: its outline's, the nearest city's, else its extract's (once per row: the split's readers share rows). */
const stateOf = oncePerRow((row) => {
  const extract = row.source_extract?.replace(/_(~?\d{4}).*$/, "") ?? "";
  return text(row.state_polygon) ?? text(row.nearest_state) ?? EXTRACT_STATE[extract] ?? null;
});

export const osmCityExtracts: Dataset = {
  key: "osm-city-extracts",
  observedAt: null, // the source gives no date
  name: "OpenStreetMap extracts (California 2013; New York, Chicago, Washington 2017)",
  licence: "ODbL-1.0",
  attribution: "© OpenStreetMap contributors",
  url: "https://www.openstreetmap.org/copyright",
  states: "all",
  async *read(stateCode: string): AsyncIterable<ReadResult> {
    const seen = new Set<string>();
    for await (const row of csvRows(file, (row) => stateOf(row) === stateCode)) {
      const checked = nameAndPosition(text(row.name), row.latitude, row.longitude);
      if ("skip" in checked) {
        yield checked;
        continue;
      }
      const { name, position } = checked;
      const rule = classifyFclass(row.fclass?.trim() ?? "");
      if (typeof rule === "string") {
        yield { skip: rule };
        continue;
      }
      // A node listed under two classes (Walgreens as pharmacy and convenience) is kept once, first class wins.
      const sourceId = `node/${row.osm_id}`;
      if (seen.has(sourceId)) {
        yield { skip: "duplicate row" };
        continue;
      }
      seen.add(sourceId);
      const snapshot = row.source_extract?.match(/\d{4}(-\d\d)?/)?.[0];
      const tourism = FCLASS_TAGS[row.fclass?.trim() ?? ""]?.tourism;
      yield {
        source: "osm-city-extracts",
        sourceId,
        categoryId: rule.categoryId,
        kind: rule.kind,
        title: name,
        stateCode,
        ...position,
        // The OSM tourism value (attraction, museum, viewpoint …) is a notability signal, as on every OSM source.
        tags:
          snapshot || tourism
            ? { ...(snapshot ? { osmSnapshot: snapshot } : {}), ...(tourism ? { tourism } : {}) }
            : null,
        observedAt: snapshot ?? null,
      };
    }
  },
};
