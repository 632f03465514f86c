import { CATEGORY, type PlaceInput } from "./types";
import { dissolvedChain } from "./brands";
import { hotelOwnName, notLodgingReason } from "./lodging";
import { houseMuseum, INDUSTRIAL_NAME, isZooOperator, LISTING_SOURCES, TRADE_NAME } from "./quality";

export { brandOf, chainKey, dissolvedChain, REPEATED, repeatedChain } from "./brands";
export {
  hasArticle,
  HOUSING_NAME,
  INDUSTRIAL_NAME,
  isHotelType,
  lodgingType,
  notListedReason,
  ORGANISATION_WORDS,
  PAWN_OR_LOAN_NAME,
  SCHOOL_NAME,
  SIGHT_WORDS,
  sightClass,
  sourceAgreement,
} from "./quality";

/**
 * Import-time filters (docs/decisions/023-places-a-traveller-wants.md, "no junk") and the signals the lists rank by. Every filter returns the
 * reason a record is left out; the store counts each reason in the import summary. Nothing here is a
 * hand-written list of places: brands and dissolved chains come from the name-suggestion-index extract
 * (scripts/extract-brands.ts), the rest are rules about kinds, names and addresses.
 */

/** Kinds no traveller looks for (SimpleGeo subcategories and OSM shop values, as our readers name them). */
const JUNK_KIND =
  /\b(mobile homes?|(household )?appliances?|electronics|computers?|optical goods|optician|catalog store|office supplies|stationery & office supplies|mobile phones?|furniture|garden supply|pets? & pet supplies|storage|adult|video rental|repair|trade supplier|wholesale|car parts|hvac|fuel|gas station|funeral)\b/i;

/** Names of organisations rather than places: companies, managers, foundations, event businesses. */
const ORGANISATION =
  /\b(l\.?\s?l\.?\s?c|inc|incorporated|corp|corporation|mgmt|management|hospitality|holdings|investments?|foundation|enterprises)\b|\bl\s+ic$|\b(events?|associates|services|svcs?|co|ltd|l\.?l?\.?p)\.?$/i;
// "L L C", "L.L.C." and the 2011 dump's "L Ic" (a mangled LLC: "Michele C Quinn Fine Art Advisory L Ic") are LLCs too.

/** "PO Box 12", "P.O. Box", "Post Office Box", "Box 123", "HC 60 Box 53", "RR 2 Box 7" (a mailing address: no site to visit). */
const PO_BOX =
  /^\s*(p\.?\s*o\.?\s*box|post office box|box\s+\d)|\bp\.?\s*o\.?\s*box\b|\b(hc|rr|rt|star route)\s*\d*\s+box\b/i;

/** Children's day and summer camps filed under lodging. */
const NOT_LODGING = /\b(day camps?|summer camps?|kids camps?|camp management)\b/i;
/** A mobile-home park is where people live ("Brown's Mobile Home Park"), unless it also takes RVs or campers. */
const HOMES_NOT_LODGING = /\bmobile home\b/i;
const TAKES_TRAVELLERS = /\b(rv|r v|camp\w*|motel|inn|hotel)\b/i;
/** A tour operator the dump files as a hotel ("Interconnect Adventure Tours"). */
const TOUR_OPERATOR = /\btours$/i;
/**
 * A museum the 2011 dump files as a restaurant or a shop ("Neon Museum", restaurant): it is the museum's record
 * (another dataset has it as one); a bar or café that is also a museum says so ("Cowboys Bar & Museum").
 */
const MUSEUM_AS_BUSINESS = /\bmuseum$/i;
const FOOD_WORD = /\b(bar|cafe|café|grill|restaurant|pub|saloon|tavern|diner|kitchen|market)\b/i;

export const isOrganisationName = (title: string) => ORGANISATION.test(title.trim());
export const isPoBox = (address: string | null | undefined) => !!address && PO_BOX.test(address);

/** The USDA schedule's last year ("06/08/2016 to 10/12/2016 …"), when every season it lists ended before 2021. */
export function farmersMarketEnded(p: Pick<PlaceInput, "kind" | "description">): string | null {
  if (p.kind !== "farmers market" || !p.description) return null;
  const schedule = p.description.match(/Schedule: (.*)$/)?.[1];
  if (!schedule) return null;
  // Dates as 06/08/2016, 1/9/16 or "June 30, 2011 to Oct. 13, 2011"; an undated season ("May to October Sat …")
  // comes back every year and is kept.
  const years = [
    ...[...schedule.matchAll(/\b\d\d?\/\d\d?\/(\d{4}|\d\d)\b/g)].map((m) =>
      Number(m[1]!.length === 2 ? `20${m[1]}` : m[1]),
    ),
    ...[...schedule.matchAll(/\b(20\d\d)\b/g)].map((m) => Number(m[1])),
  ];
  if (!years.length) return null;
  const last = Math.max(...years);
  return last < 2021 ? String(last) : null;
}

/** A name that is a web address ("Phenshop.com", "Flowers2u.com"): an online business, no shop front to visit. */
const WEB_NAME = /^\S+\.(com|net|org|biz|info|us)$/i;

/** Why a record is left out of the store, or null to keep it. */
export function junkReason(p: PlaceInput): string | null {
  if (isPoBox(p.address)) return "PO-box address (no site to visit)";
  if (WEB_NAME.test(p.title.trim())) return "a web address, not a place";
  const { categoryId, kind, title } = p;
  if ((categoryId === CATEGORY.stores || categoryId === CATEGORY.food) && JUNK_KIND.test(kind))
    return "kind no traveller looks for";
  if (categoryId === CATEGORY.lodging && NOT_LODGING.test(title)) return "children's camp, not lodging";
  const notLodging = categoryId === CATEGORY.lodging ? notLodgingReason(p) : null;
  if (notLodging) return notLodging;
  if ((categoryId === CATEGORY.food || categoryId === CATEGORY.stores) && INDUSTRIAL_NAME.test(title))
    return "wholesale or industrial business";
  if ((categoryId === CATEGORY.food || categoryId === CATEGORY.stores) && TRADE_NAME.test(title))
    return "a trade serving businesses, not a shop or restaurant";
  if (categoryId === CATEGORY.lodging && HOMES_NOT_LODGING.test(title) && !TAKES_TRAVELLERS.test(title))
    return "mobile-home park, not lodging";
  if (categoryId === CATEGORY.lodging && TOUR_OPERATOR.test(title)) return "tour operator, not lodging";
  if (
    (categoryId === CATEGORY.food || categoryId === CATEGORY.stores) &&
    p.source === BUSINESS_DUMP &&
    MUSEUM_AS_BUSINESS.test(title) &&
    !FOOD_WORD.test(title)
  )
    return "a museum filed as a business";
  if (
    (categoryId === CATEGORY.lodging || categoryId === CATEGORY.food || categoryId === CATEGORY.stores) &&
    isOrganisationName(title) &&
    // A lodging's own name under its legal suffix ("Westmark Hotel Inc", "Hospitality Inn") is the lodging's.
    !(categoryId === CATEGORY.lodging && hotelOwnName(title))
  )
    return "organisation-like name";
  if (
    (categoryId === CATEGORY.food || categoryId === CATEGORY.stores || categoryId === CATEGORY.lodging) &&
    dissolvedChain(title)
  )
    return "chain known to be closed";
  if (farmersMarketEnded(p)) return "farmers market whose only season ended before 2021";
  return null;
}

/** Sights (not venues: a theatre or an arts centre is where a show is, not what a visitor comes to see). */
const FAMOUS_KIND =
  /\b(attraction|museum|viewpoint|zoo|aquarium|theme park|casino|gallery|landmark|planetarium|botanical garden|lighthouse)\b/i;
/** Lesser sights: a statue or a plaque is worth a look on the way, rarely the reason to come. */
const PRIVATE_KIND = /^(apartment building|office building|commercial building|warehouse)$/;
/** Someone's home or workplace (Wikidata's words): a fine façade, never the lead of a city's sights. */
export const isPrivateBuilding = (kind: string) => PRIVATE_KIND.test(kind);
export const MINOR_KIND = /\b(monument|memorial|statue|historic bridge)\b/i;
// A general museum (GMU) is as much a museum as a history museum: IMLS files the Neon Museum and the Mob Museum so.
const MUSEUM_DISCIPLINE: Record<string, number> = {
  ART: 3,
  SCI: 3,
  NAT: 3,
  ZAW: 3,
  HST: 2,
  BOT: 2,
  GMU: 2,
  CMU: 1,
  HSC: -2,
};
/**
 * The museum's annual income (IMLS INCOMECD, from its IRS Form 990: 5 = $0.5–1 M, 6 = $1–5 M, 7 = $5–10 M, 8 = $10–50 M,
 * 9 = over $50 M): visitors pay for a museum, so income marks the ones people come to. About 12 % of the file's museums
 * reach code 5, 3 % code 7.
 */
function incomeBonus(code: string | undefined): number {
  const n = Number(code);
  if (!code || !Number.isFinite(n)) return 0;
  return n >= 7 ? 3 : n >= 5 ? 2 : 0;
}
/**
 * The 2011 business dump (SimpleGeo via Who's On First) files businesses under sight classes: its "art gallery" and
 * "arts center" rows are mostly shops, studios and framers, its "museum" and "casino" rows often offices and vendors
 * ("Casino Products"). Its class alone is a weak signal; with another dataset behind it the place is a sight.
 */
export const BUSINESS_DUMP = "wof-simplegeo";
const DUMP_SHOP_KIND = /\b(art gallery|arts center)\b/i;
/**
 * A casino resort: a lodging whose kind says casino (OSM's hotel + casino), or whose own name says casino and a
 * lodging word without a bar word ("El Cortez Hotel & Casino", not "World Trade Ctr Bar & Casino"). A sight (it
 * stays in lodging too).
 */
export const isCasinoResort = (p: { categoryId: number; title: string; kind?: string }) =>
  p.categoryId === CATEGORY.lodging && (/\bcasino\b/i.test(p.kind ?? "") || casinoResortName(p.title));
const casinoResortName = (title: string) =>
  /\bcasino\b/i.test(title) &&
  /\b(hotel|ht|resort|inn|motel|lodge|suites)\b/i.test(title) &&
  !/\b(bar|lounge|pub|saloon|tavern)\b/i.test(title);
/**
 * A listing filed as something to do whose own name says it has rooms: a casino with a hotel, resort, inn or lodge
 * ("Northern Quest Resort & Casino", "Wind Creek Casino & Hotel") or a park's resort lodge ("Maumee Bay State Park
 * and Resort Lodge", "Mohican State Park and Lodge"). A guide lists it for its casino or its park; a traveller also
 * sleeps there, so it is lodging (and a casino resort is a sight too). A ski or golf "resort", a bowling "Bowl Inn"
 * or a Masonic "Lodge" says nothing of rooms and stays what it was.
 */
export const isLodgingByName = (title: string) =>
  casinoResortName(title) || /\b(resort lodge|park (and|&) (resort )?lodge)\b/i.test(title);
/**
 * The National Historic Preservation Act put every National Historic Landmark and historic area of the National
 * Park System designated until then on the new National Register on 15 October 1966: a listing of that day
 * marks a nationally significant place (the Brooklyn Bridge, Central Park, the Statue of Liberty).
 */
export const NHPA_DAY_ONE = "1966-10-15";
/** Tags that carry a notability signal: kept when records of several datasets merge into one place. */
export const SIGNAL_TAGS = [
  "nrListed",
  "nationalLandmark",
  "leadLength",
  "tourism",
  "income",
  "npsCode",
  "npsVisits",
  "npsDesignation",
  "brandWikidata",
  "status",
  "statusEvidence",
  "lodgingType",
  "legalName",
  "otherNames",
  "notListed",
] as const;
const BUSINESS_CATEGORIES = new Set<number>([CATEGORY.food, CATEGORY.stores, CATEGORY.lodging]);
const PUBLIC_BUILDING = /^(arts_centre|library|place_of_worship|theatre|townhall)$/;
/** A Wikipedia lead paragraph this long belongs to a long article (the lead grows with the article). */
const LONG_LEAD = 600;

export interface NotabilityInput {
  categoryId: number;
  kind: string;
  title: string;
  address?: string | null;
  wikidata?: string | null;
  website?: string | null;
  tags?: Record<string, string> | null;
  sources: Array<{ source: string }>;
}

/** Whether the place is a National Historic Landmark or National Park System site by its data. */
export const isNationalLandmark = (tags: Record<string, string> | null | undefined) =>
  tags?.nrListed === NHPA_DAY_ONE || tags?.nationalLandmark === "yes";

/**
 * How well known a place is, from open signals only: independent datasets that list it, a landmark or
 * National Register listing (a day-one listing of 1966 = a National Historic Landmark), a Wikipedia/Wikidata
 * link and the length of the article's lead, the museum discipline, a tourism kind. Organisation names,
 * PO boxes and historical-society offices score below zero (never featured).
 */
export function notability(p: NotabilityInput): number {
  const datasets = new Set(p.sources.map((s) => s.source));
  // Heritage listings (city landmarks, the National Register, its Wikipedia articles) count as one family,
  // each further list adding 1: a house on three lists is not three times as famous; a landmark that is also
  // a museum or an OSM attraction is.
  const listings = [...datasets].filter((s) => LISTING_SOURCES.has(s)).length;
  const families = new Set([...datasets].map((s) => (LISTING_SOURCES.has(s) ? "heritage" : s)));
  // Another family is worth 2, the 2011 business dump 1: its row says the place existed, not that anyone came for it
  // (it lists "Vegas Indoor Skydiving" as it lists a framer).
  let score = 2 * (families.size - 1) - (families.size > 1 && families.has(BUSINESS_DUMP) ? 1 : 0);
  if (listings) score += 2 + (listings - 1);
  // OSM's heritage tags (ref:nrhp, heritage) are the listing itself when no listing dataset is there: not for a business
  // in the building (hotel, shop), one more for a public building a visitor walks into (church, library, arts centre).
  else if ((p.tags?.["ref:nrhp"] || p.tags?.heritage) && !BUSINESS_CATEGORIES.has(p.categoryId))
    score += 2 + (PUBLIC_BUILDING.test(p.tags?.amenity ?? "") ? 1 : 0);
  if (isNationalLandmark(p.tags)) score += 3;
  const wikipedia = !!(p.tags?.wikipedia || datasets.has("historic-wikipedia"));
  if (p.wikidata || wikipedia) score += 3;
  if (p.wikidata && wikipedia) score += 1;
  if (Number(p.tags?.leadLength) >= LONG_LEAD) score += 2;
  // A Wikivoyage "do" listing is an activity a guide suggests (a show, a ride, a tour): less than a museum or a
  // landmark with a Wikipedia article, more than nothing.
  if (datasets.has("wikivoyage-do")) score += 1;
  const discipline = p.tags?.discipline;
  const dumpOnly = datasets.size === 1 && datasets.has(BUSINESS_DUMP);
  if (discipline && discipline in MUSEUM_DISCIPLINE)
    score += MUSEUM_DISCIPLINE[houseMuseum(discipline, p.title)]! + incomeBonus(p.tags?.income);
  else if (isCasinoResort(p)) score += 3;
  else if (FAMOUS_KIND.test(p.kind)) score += dumpOnly ? (DUMP_SHOP_KIND.test(p.kind) ? 0 : 1) : 3;
  else if (MINOR_KIND.test(p.kind)) score += 1;
  // A skyscraper (Wikidata's word) is a sight of the skyline when the city's landmark list and the National
  // Register both name it (the Empire State Building); on Wikipedia's NRHP list alone it is an office block.
  else if (p.kind === "skyscraper") score += listings >= 3 ? 3 : 0;
  // A private home is seen from the street; one open to visitors is a museum (discipline above). (A listed post
  // office, a working civic building, loses in the featured ranking: modules/places/fame.ts CIVIC.)
  else if (p.kind === "historic house") score -= 1;
  // An apartment block, an office or commercial building, a warehouse (Wikidata's words, historic-wikipedia.ts) is
  // someone's home or workplace: an article and a listing make it a fine façade, not a sight to lead a city's list.
  else if (isPrivateBuilding(p.kind)) score -= 3;
  // On one source with no article, OSM's tourism=attraction is its kind again: a bare point (a tour dock) counts once.
  const bare = !p.wikidata && !wikipedia && families.size === 1 && p.tags?.tourism === "attraction";
  if (p.tags?.tourism && /attraction|museum|viewpoint/.test(p.tags.tourism) && !bare) score += 2;
  if (p.categoryId === CATEGORY.food || p.categoryId === CATEGORY.stores) score -= 2;
  // (A zoo under the society that runs it is the zoo: quality.ts isZooOperator.)
  if (
    (isOrganisationName(p.title) ||
      /\b(society|association|council|commission|committee|club)\b|^friends of\b/i.test(p.title)) &&
    !isZooOperator(p)
  )
    score -= 6;
  if (isPoBox(p.address)) score -= 6;
  return score;
}
