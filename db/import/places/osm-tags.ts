import { CATEGORY, type CategoryId } from "./types";

/**
 * OpenStreetMap tags → one of our categories and a kind. Used by the GeoJSON/PBF importer and the live
 * Overpass source. Returns null for features travellers do not look for (parking, toilets, offices …).
 */
export function categoryFromOsmTags(
  tags: Record<string, string | undefined>,
): { categoryId: CategoryId; kind: string } | null {
  const amenity = tags.amenity;
  const tourism = tags.tourism;
  const leisure = tags.leisure;
  const shop = tags.shop;
  const historic = tags.historic;

  // A resort casino is mapped as a hotel with amenity=casino (or gambling=casino): a lodging whose kind says casino (a sight).
  if (tourism && LODGING.has(tourism))
    return {
      categoryId: CATEGORY.lodging,
      kind:
        amenity === "casino" || tags.gambling === "casino" || tags.casino === "yes"
          ? `casino ${tourism.replace(/_/g, " ")}`
          : tourism.replace(/_/g, " "),
    };
  if (amenity && FOOD.has(amenity)) return { categoryId: CATEGORY.food, kind: amenity.replace(/_/g, " ") };
  if (historic && historic !== "no")
    return { categoryId: CATEGORY.history, kind: historic === "yes" ? "historic site" : historic.replace(/_/g, " ") };
  if (tags["ref:nrhp"] || tags.heritage) return { categoryId: CATEGORY.history, kind: "historic site" };
  if (tourism && ACTIVITY_TOURISM.has(tourism))
    return { categoryId: CATEGORY.activities, kind: tourism.replace(/_/g, " ") };
  if (leisure && ACTIVITY_LEISURE.has(leisure))
    return { categoryId: CATEGORY.activities, kind: leisure.replace(/_/g, " ") };
  if (amenity && ACTIVITY_AMENITY.has(amenity))
    return { categoryId: CATEGORY.activities, kind: amenity.replace(/_/g, " ") };
  if (shop && shop !== "no" && !SHOP_EXCLUDED.has(shop))
    return { categoryId: CATEGORY.stores, kind: shop === "yes" ? "shop" : shop.replace(/_/g, " ") };
  return null;
}

const LODGING = new Set([
  "hotel",
  "motel",
  "guest_house",
  "hostel",
  "camp_site",
  "caravan_site",
  "apartment",
  "chalet",
  "alpine_hut",
]);
const FOOD = new Set(["restaurant", "cafe", "fast_food", "bar", "pub", "biergarten", "ice_cream", "food_court"]);
const ACTIVITY_TOURISM = new Set([
  "attraction",
  "museum",
  "viewpoint",
  "gallery",
  "zoo",
  "aquarium",
  "theme_park",
  "artwork",
  "picnic_site",
]);
const ACTIVITY_LEISURE = new Set([
  "park",
  "nature_reserve",
  "garden",
  "beach_resort",
  "marina",
  "water_park",
  "golf_course",
  "stadium",
  "sports_centre",
  "ice_rink",
  "miniature_golf",
  "bowling_alley",
  "amusement_arcade",
  "escape_game",
  "dog_park",
  "playground",
  "swimming_area",
]);
const ACTIVITY_AMENITY = new Set([
  "theatre",
  "cinema",
  "arts_centre",
  "nightclub",
  "casino",
  "planetarium",
  "fountain",
  "community_centre",
  "library",
  "events_venue",
  "music_venue",
]);
const SHOP_EXCLUDED = new Set([
  "vacant",
  "storage_rental",
  "car_repair",
  "funeral_directors",
  "money_lender",
  "pawnbroker",
]);

/**
 * The amenity, tourism and leisure values the mapping above gives a category, in its order (shop, historic,
 * heritage and ref:nrhp map whatever their value). The live Overpass query asks for these.
 */
export const OSM_MAPPED_VALUES: Readonly<Record<"amenity" | "tourism" | "leisure", readonly string[]>> = {
  amenity: [...FOOD, ...ACTIVITY_AMENITY],
  tourism: [...LODGING, ...ACTIVITY_TOURISM],
  leisure: [...ACTIVITY_LEISURE],
};

/** A street address line from addr:* tags. */
export function osmAddress(tags: Record<string, string | undefined>): string | null {
  const street = [tags["addr:housenumber"], tags["addr:street"]].filter(Boolean).join(" ");
  return street || tags["addr:full"] || null;
}
