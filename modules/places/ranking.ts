import { CENSUS } from "./census-rows";
import { branchesLast } from "./list-mix";
import type { Row } from "@libsql/client";
import { distanceMiles } from "../../src/geo";
import {
  BUSINESS_DUMP,
  isOrganisationName,
  isPrivateBuilding,
  notability,
  SIGNAL_TAGS,
} from "../../db/import/places/filters";
import { MERGE_RADIUS_M, addressKey } from "../../db/import/places/merge";
import { LISTING_SOURCES } from "../../db/import/places/quality";
import { isStale, wikipediaOf } from "./answers";
import { type Eponyms, eponymBonus, namedForSomeone } from "./eponyms";
import { civicListing, fame, family } from "./fame";
import { joinGuideListings } from "./guide-names";
import { commaSight, lodgingClass, operatedSight } from "./showcase";
import { titleKey } from "../../db/import/places/titles";

export * from "./eponyms";

export type ListKind = "nearby" | "local-gems" | "featured" | `category-${number}`;
export const LIST_MAX = 240;
export const TARGET = 60;
/** Lists grow to the first radius holding enough places; 25 mi is the cap (a far place never outranks a near one). */
export const NEARBY_RADII = [1, 3, 10, 25];
/** Distance bands (miles): a list shows every place of a nearer band before any of a farther one. */
export const DISTANCE_BANDS = [1, 3, 10, 25];
export const distanceBand = (miles: number) => {
  const i = DISTANCE_BANDS.findIndex((b) => miles <= b);
  return i === -1 ? DISTANCE_BANDS.length : i;
};
export const FEATURED_TARGET = 24;
export const CORROBORATION_MILES = 0.6;
/**
 * A sight's name without the designation a national or state listing adds to it: the National Register files
 * the Statue of Liberty as "Statue of Liberty National Monument, Ellis Island & Liberty Island", Castle Clinton
 * as "Castle Clinton National Monument", a neighbourhood as "Park Slope Historic District". Records of one sight
 * then share the key (title keys are lower-case words, decision 023).
 */
const DESIGNATION =
  / ((national|state) (monument|memorial|historic(al)? (site|park|landmark)|park|battlefield|seashore|recreation area)( .*)?|historic district)$/;
/** (A record under its operator's name is the sight's record: operatedSight.) */
export const sightKey = (titleKey: string) => {
  const base = operatedSight(titleKey).replace(DESIGNATION, "");
  return base.split(" ").length >= 2 ? base : titleKey;
};
export const parse = <T>(text: unknown, fallback: T): T => {
  if (text == null) return fallback;
  try {
    return JSON.parse(String(text)) as T;
  } catch {
    return fallback;
  }
};
/** The import's merge radius, in miles. */
const SAME_PLACE_MILES = MERGE_RADIUS_M / 1609.344;
/** Two records of one name at one street address are one place up to this far apart (datasets geocode differently). */
const SAME_ADDRESS_MILES = 1;
/**
 * A list shows a place once. A row is left out when a higher row has the same name (ignoring spaces and
 * punctuation: "Childrens" and "Children's") within 100 m, or at the same street address within a mile. The
 * import merges by name within 100 m in a state; two states' files can each hold one near their border (a
 * Georgetown restaurant is Virginia in the OpenStreetMap extract's coarse state polygon, DC in DC's open data),
 * and two datasets can put one museum at points of its block 150 m apart (the Las Vegas Natural History Museum).
 */
export function oneOfEachName<T extends { r: Row }>(ranked: T[]): T[] {
  type Seen = { r: Row; address?: string | null };
  const seen = new Map<string, Seen[]>();
  // A row's street address key, worked out when it meets a row of its name (most never do: a search's folding
  // spent most of its time on the keys).
  const addressOf = (s: Seen) =>
    s.address === undefined ? (s.address = s.r.address ? addressKey(String(s.r.address)) : null) : s.address;
  return ranked.filter(({ r }) => {
    // A name of no Latin letters has an empty key: it says nothing about being the same place.
    const key = String(r.title_key ?? "").replaceAll(" ", "");
    if (!key) return true;
    const entry: Seen = { r };
    const same = seen.get(key);
    const isSame = same?.some((s) => {
      const miles = distanceMiles(Number(s.r.latitude), Number(s.r.longitude), Number(r.latitude), Number(r.longitude));
      if (miles <= SAME_PLACE_MILES) return true;
      const address = addressOf(entry);
      return address !== null && /\d/.test(address) && addressOf(s) === address && miles < SAME_ADDRESS_MILES;
    });
    if (isSame) return false;
    if (same) same.push(entry);
    else seen.set(key, [entry]);
    return true;
  });
}

/**
 * Featured, one entry per sight: records of the same name within ~1 km (a landmark listed by the city, the
 * National Register and OpenStreetMap at different points of a large site, or in two states' files) are one
 * sight. The most notable record stands for it; the sight scores what its records' signals score together
 * (its fame: the import's notability over the union of their sources, links and signal tags, ./fame.ts).
 */
export function corroborated(
  rows: Row[],
): Array<{ r: Row; n: number; key: string; area: boolean; article: Row | null; agree: number; civic: boolean }> {
  const groups = new Map<string, Row[][]>();
  for (const r of rows) {
    // A café or a shop is never a record of a sight, whatever its name ("Park Slope Cafe" beside the Park Slope
    // Historic District, whose key loses its designation): it stands alone.
    const own = GROUPLESS.has(Number(r.category_id)) || !r.title_key; // a name of no Latin letters has no key to group by
    // "Smithsonian Institution, National Air and Space Museum" is the museum's record (showcase.ts commaSight).
    const named = own ? null : commaSight(String(r.title));
    const key = own ? `#${r.id}` : sightKey(named ? titleKey(named) : String(r.title_key));
    const clusters = groups.get(key) ?? groups.set(key, []).get(key)!;
    const near = clusters.find((c) => {
      const miles = distanceMiles(
        Number(c[0]!.latitude),
        Number(c[0]!.longitude),
        Number(r.latitude),
        Number(r.longitude),
      );
      return (
        miles <= CORROBORATION_MILES ||
        (miles <= NAMESAKE_MILES && !own && otherDataset(c, r) && (distinctive(key) || sameWholeName(c, r)))
      );
    });
    if (near) near.push(r);
    else clusters.push([r]);
  }
  const out: Array<{
    r: Row;
    n: number;
    key: string;
    area: boolean;
    article: Row | null;
    agree: number;
    civic: boolean;
  }> = [];
  const keyed = [...groups].flatMap(([groupKey, clusters]) =>
    clusters.map((c) => ({ c, key: groupKey.startsWith("#") ? String(c[0]!.title_key) : groupKey })),
  );
  const keyOf = new Map(keyed.flatMap(({ c, key }) => c.map((r) => [r, key] as const)));
  for (const { records: c, shown } of joinGuideListings(keyed.map(({ c }) => c))) {
    c.sort(
      (a, b) =>
        Number(b.notability) - Number(a.notability) ||
        Number(b.quality) - Number(a.quality) ||
        Number(a.id) - Number(b.id),
    );
    const best = c[0]!;
    // The card shows the guide's name when a guide's listing names the sight more simply (./guide-names.ts).
    const named = shown ?? best;
    const key = keyOf.get(named)!;
    const face = locatedFace(c, named);
    // The card of a sight shows a Wikipedia paragraph when one of its records has it (with the article's link).
    const article =
      wikipediaOf(face) && face.description ? null : (c.find((r) => wikipediaOf(r) && r.description) ?? null);
    // A district lends its name to everything in it, as a street does: names borrowed say nothing of its fame.
    const area = c.some((r) => / historic district$/.test(String(r.title_key)) || /\bdistrict\b/.test(String(r.kind)));
    // How many independent datasets hold the sight: between sights of equal fame, the one more of them agree on first.
    // (At least one: a sight the business directory alone holds is one record, as any other.)
    const agree = Math.max(
      1,
      new Set(
        c.flatMap((r) =>
          parse<Array<{ source: string }>>(r.sources, []).flatMap((x) =>
            x.source === BUSINESS_DUMP ? [] : agreeing(x.source),
          ),
        ),
      ).size,
    );
    out.push({ r: face, n: fame(c, best), key, area, article, agree, civic: civicListing(c, best) });
  }
  return out;
}

/**
 * The museum census places an organisation at its mailing address, which for a few sights is not the sight: it files
 * The Parthenon at Nashville's postal service, 2 mi from Centennial Park where the travel guide places it. A census
 * record that stands for a sight other datasets place elsewhere, none of them within CORROBORATION_MILES of it, gives
 * way on the card to the most notable of those records (taken at the sight; the business directory, which also
 * files addresses, is not one of them). The sight's fame is its records' all the same.
 */
function locatedFace(records: Row[], face: Row): Row {
  if (face.source !== CENSUS) return face;
  const others = records.filter((r) => r.source !== CENSUS && r.source !== BUSINESS_DUMP);
  const near = (r: Row) =>
    distanceMiles(Number(face.latitude), Number(face.longitude), Number(r.latitude), Number(r.longitude)) <=
    CORROBORATION_MILES;
  // That record whole, as it answers by its id (a card and the place's page say the same).
  return others.length && !others.some(near) ? others[0]! : face;
}

/**
 * Two datasets can place one sight far apart (the museum census geocodes Griffith Observatory 1.3 mi from
 * OpenStreetMap's point, at the park's address): a record of a name of two words or more and ten letters or more
 * joins another dataset's record of that name within this distance. Records of one dataset stay apart (two
 * "Veterans Memorial" of the city's list are two).
 */
const NAMESAKE_MILES = 2.5;
const distinctive = (key: string) => key.split(" ").length >= 2 && key.replaceAll(" ", "").length >= 10;
/**
 * A one-word name is distinctive when two datasets give it whole and alike, and it is long enough to be a proper
 * name ("The Parthenon": the museum census at the city's mailing address, the travel guide in Centennial Park, 2 mi
 * apart); a short or a generic word ("Rotary", "Park") stays apart.
 */
const sameWholeName = (cluster: Row[], r: Row) => {
  const key = String(r.title_key);
  return (
    !key.includes(" ") &&
    key.length >= 8 &&
    cluster.some((c) => String(c.title).toLowerCase() === String(r.title).toLowerCase())
  );
};
/**
 * A record under its operator's name (operatedSight: "… Foundation", "… Society") does not speak for its dataset
 * here: the census files Spokane's Northwest Museum of Arts and Culture 1.2 mi off and its foundation at the museum,
 * where Wikipedia's article places it, and the museum's own record joins the two.
 */
const otherDataset = (cluster: Row[], r: Row) => {
  const own = cluster.filter((c) => operatedSight(String(c.title_key)) === String(c.title_key));
  return (own.length ? own : cluster).every((c) => family(String(c.source)) !== family(String(r.source)));
};

/** One voice per organisation that keeps data, the heritage lists and their articles counting as one (as notability).
 * The 2011 business directory is no voice on fame (the caller leaves it out): its record says a business was
 * there, and with it a closed museum's census row outranked a downtown casino resort nearer the centre. */
const agreeing = (source: string) => (LISTING_SOURCES.has(family(source)) ? "heritage" : family(source));

/** Food and stores never join a sight's records (corroborated). */
export const GROUPLESS = new Set([10, 12]);

/** Featured looks city-wide: a larger city's famous places lie farther from downtown (SimpleMaps area population). */
export function featuredRadii(population: number): number[] {
  const start = population >= 1_000_000 ? 8 : population >= 250_000 ? 5 : population >= 50_000 ? 3 : 2;
  return [start, start * 2, 25].filter((r, i, all) => r <= 25 && all.indexOf(r) === i);
}
export const GEM_RADII = [1.5, 2.5, 3.5, 5];
export const GEM_CATEGORIES = [10, 12];
/**
 * A local gem is somewhere to eat, drink or browse, not an errand: groceries, convenience and variety stores,
 * pharmacies, tobacco, liquor and pawn shops, department stores and malls stay in the stores list (Las Vegas's
 * first gem was a 2011 "Minimar"). Judged by the record's kind, which every source of food and stores gives.
 */
const ERRAND =
  /\b(grocery|supermarket|convenience|mini ?mart|pharmacy|chemist|drug ?store|tobacco|liquor|beverages|pawn|discount|variety|department store|mall|dollar|newsagent|party supplies|baby store|dairy)\b/i;
export const isErrand = (kind: string) => ERRAND.test(kind);
/**
 * A food or store place of a brand (the name-suggestion-index): within a distance band it follows the local ones.
 * A chain's record often has more fields (phone, website), so quality alone put Starbucks and Papa John's at the
 * top of "Dine in Las Vegas", above the taquerias next door.
 */
const chainFoodOrStore = (r: Row) => r.brand != null && GEM_CATEGORIES.includes(Number(r.category_id));
/**
 * A record of the 2011 business dump under a company's name ("World Entertainment Ctr Inc", "Affordable DJ Svc",
 * "Ticketing Plus LLC"): the dump files event businesses, agents and promoters as theatres and recreation. Some
 * are places ("Camellia Lanes Inc", a bowling alley), so they stay listed, after the other current places of their
 * distance band (stale records, food or lodging known only from old data, still come after them).
 * (Food, stores and lodging under such names are left out at import; a museum's legal name, "Telfair Museum of
 * Art Inc", comes from the IMLS file, not the dump, and keeps its place.)
 */
const dumpCompany = (r: Row) =>
  r.source === BUSINESS_DUMP &&
  (isOrganisationName(String(r.title)) ||
    isOrganisationName(parse<{ legalName?: string }>(r.tags, {}).legalName ?? ""));

/**
 * Featured order: a listed civic building (fame.ts civicListing), then an apartment block or an office building,
 * follow the sights whatever their score (its listing
 * and article make it a fine façade, and in a city of few sights its score still put it third: Helena's Porter
 * Flats Apartments); then notability (with names borrowed), then how many independent datasets hold the sight
 * (Griffith Observatory, in the map's extract and the museum census, before a cemetery one list knows at the same
 * score; a record's quality counts its fields, not its fame), quality, distance.
 */
export function orderFeatured(
  sights: Array<{ r: Row; n: number; area: boolean; agree?: number; civic?: boolean }>,
  borrowed: Eponyms[],
  dist: (r: Row) => number,
): Array<{ r: Row; d: number; n: number }> {
  return sights
    .map(({ r, n, area, agree = 1, civic = false }, i) => ({
      r,
      agree,
      n: n + (area || namedForSomeone(r) ? 0 : eponymBonus(n, borrowed[i]!)),
      d: dist(r),
      building: isPrivateBuilding(String(r.kind)) ? 2 : civic ? 1 : 0,
    }))
    .sort(
      (a, b) =>
        a.building - b.building ||
        b.n - a.n ||
        b.agree - a.agree ||
        Number(b.r.quality) - Number(a.r.quality) ||
        a.d - b.d ||
        Number(a.r.id) - Number(b.r.id),
    );
}

/**
 * Nearby, local gems and category lists: (lodging: hotels, motels, inns, B&Bs and hostels before campgrounds and
 * RV parks) distance bands first, then within a band recent before stale, local
 * before chains' food and stores and the business dump's company names, then notability + quality, then
 * distance; one place of each name.
 */
export function orderList(rows: Row[], dist: (r: Row) => number, lodging = false): Array<{ r: Row; d: number }> {
  return oneOfEachName(
    branchesLast(
      rows
        .map((r) => ({
          r,
          camp: lodging && lodgingClass(r) !== "hotel" ? 1 : 0,
          d: dist(r),
          band: distanceBand(dist(r)),
          stale: isStale(Number(r.category_id), r.observed_at as string | null, String(r.kind)) ? 1 : 0,
          chain: chainFoodOrStore(r) || dumpCompany(r) ? 1 : 0,
          q: Number(r.quality) + Math.max(0, Number(r.notability)),
        }))
        .sort(
          (a, b) =>
            a.camp - b.camp ||
            a.band - b.band ||
            a.stale - b.stale ||
            a.chain - b.chain ||
            b.q - a.q ||
            a.d - b.d ||
            Number(a.r.id) - Number(b.r.id),
        ),
    ),
  );
}

/** A town's own sights lie within this distance: shown before the famous ones farther out. */
export const NEAR_TOWN_MILES = 5;
/** Below this population a featured list is a town's: what is in or near it first. */
export const TOWN_POPULATION = 250_000;
/**
 * A town's featured list: the sights in or near it (within NEAR_TOWN_MILES) in their order, then those farther out
 * by distance band, the most famous first within a band ("Near Tombstone": the O.K. Corral before a Bisbee office).
 * A city's list is left as it is (its famous places lie across the city).
 */
export function nearBeforeFar<T extends { d: number; n: number }>(ranked: T[], population: number): T[] {
  if (population >= TOWN_POPULATION) return ranked;
  const near = ranked.filter((s) => s.d <= NEAR_TOWN_MILES);
  const far = ranked
    .filter((s) => s.d > NEAR_TOWN_MILES)
    .map((s, i) => ({ s, i, band: distanceBand(s.d) }))
    .sort((a, b) => a.band - b.band || a.i - b.i)
    .map(({ s }) => s);
  return [...near, ...far];
}
