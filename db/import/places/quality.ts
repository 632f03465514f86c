import { CATEGORY, type PlaceInput } from "./types";

/**
 * Place-quality vocabulary (rules on names, kinds and source text, no lists of places): what is an organisation or
 * an industrial business rather than a place to visit (what is lodging: ./lodging.ts), a legal name's suffix, and the status a record's own text gives (demolished, closed). filters.ts applies the rules that drop a
 * record; `flagged` stores the rest as signals (db/import/places/SIGNALS.md).
 */

import { hotelOwnName, isHotelType, lodgingType } from "./lodging";

export { isHotelType, lodgingType } from "./lodging";

/** A wholesale, industrial or trade business (no shop front for a traveller): bakeries, lumber, distributors. */
export const INDUSTRIAL_NAME =
  /\b(wholesale|wholesalers?|distributors?|distributing|distribution|lumber|industries|industrial|manufactur\w*|bakeries|food ?service|division|warehouse|supply co|suppliers?)\b/i;

/**
 * A trade that serves businesses or builders, filed by the 2011 directory as shopping or food: a sign maker, an
 * awning firm, a uniform or trophy supplier, a printer, a contractor, an office (mediation, insurance, realty,
 * law), a caterer whose name says no restaurant,
 * deli or grill besides ("Zarda Bar-B-Q & Catering Co" is a restaurant) (Birmingham's and Butte's first local
 * gems were "Guarantee Awning & Tarpaulin", "MAC Uniforms & Equipment", "Copper City Signs", "Silver Bow Trophy").
 */
export const TRADE_NAME =
  /\b(awnings?|tarpaulins?|tarps|uniforms?|troph(y|ies)|janitorial|printing|printers|contractors?|plumbing|roofing|hvac|welding|machine shop|fasteners|pallets|scaffolding|sodexho|sodexo|aramark|mediation|consulting|consultants?|insurance|realty|real estate|attorneys?|law offices?|accounting|tax service|staffing)\b|\bsigns?(\s+(co|company|shop|inc|& graphics|and graphics))?\s*$|^(?!.*\b(bistro|deli|delicatessen|caf[eé]|restaurant|grill|grille|bar|bbq|bar-b-q|barbecue|kitchen|pizza|pizzeria|bakery|diner|tavern|pub|smokehouse|taqueria|eatery|cafeteria)\b).*\bcater(ing|ers?)\b/i;

/** Pawn and loan shops: real, but no local gem. */
export const PAWN_OR_LOAN_NAME = /\b(pawn\w*|payday|cash advance|title loans?|check cashing|loans?)\b/i;

/**
 * The census files historical societies and the historic places they keep under one discipline (HSC). A name that
 * says what a visitor walks into (a house, a birthplace, a plantation, a fort, a penitentiary) is the place itself,
 * open as a museum: it scores as a history museum (the Paul Revere House, the Juliette Gordon Low Birthplace, Magnolia
 * Plantation and Gardens scored below every listed office building). A society's name keeps the discipline's score (and
 * an organisation's name its penalty: "Sorrel Weed House Corporation").
 */
const HISTORIC_PLACE =
  /\b(house|home|birthplace|plantation|mansion|fort|castle|palace|penitentiary|prison|jail|courthouse|lighthouse|homestead|cabin|cottage|museum|historic site|battlefield|mission|village|(state|national) (historic(al)? )?park|historic(al)? park|national monument)\b/i;
export const houseMuseum = (discipline: string, title: string) =>
  discipline === "HSC" && HISTORIC_PLACE.test(title) ? "HST" : discipline;
/** A housing project or public housing, filed as a sight. */
export const HOUSING_NAME = /\b(projects?|public housing|housing (authority|development))\b/i;

/** Words of an organisation's name (not of a place's): used by the notability score and the lists. */
/**
 * Words of an organisation's name, not a place's. A performing group (an orchestra, a choir, a theatre or dance
 * company) is one too: the census files the Chicago Symphony Orchestra with a museum's discipline, and it led the
 * city's museums; its hall is the place ("Symphony Hall" names a hall). A conservancy or a federation is a body that
 * keeps land or funds the arts ("Archaeological Conservancy", "Western States Arts Federation"), and a job line or an
 * office is where an operator hires and works ("Colonial Williamsburg Job Line"): none is a place to visit.
 */
export const ORGANISATION_WORDS =
  /\b(society|association|assn|council|commission|committee|club|guild|endowment|foundation|fund|fellows|league|alliance|coalition|federation|conservancy|consortium|organi[sz]ations?|matters|humanities|friends of|daughters of|sons of|orchestra|philharmonic|chorale|choir|(theat(re|er)|ballet|opera|dance) company|programs?|programmes?|job ?lines?|jobs|employment|(administrative|corporate|executive|business|general) offices?)\b/i;
/** Words that name a sight a visitor finds there ("Msm" is the museum census's cut of "Museum"). */
export const SIGHT_WORDS =
  /\b(museums?|msm|historic site|gallery|galleries|collection|house|mansion|home|gardens?|park|zoo|aquarium|planetarium|cent(er|re)|hall|library|fort|village|memorial|monument|penitentiary|castle|lighthouse|observatory|arboretum|estate|farm)\b/i;
/**
 * A school, a college or a university by its name: filed as a museum, it is the school (the census gives a school's
 * discipline and income to its gallery: "Altamont School", an art museum of $5 M); known only from heritage lists,
 * its listed building is a school's (a façade, not a sight).
 */
export const SCHOOL_NAME = /\b(university|college|school|seminary)\b/i;
/** A hospital filed as a museum ("The Queen's Medical Center", general museum, over $50 M): a hospital. */
const HOSPITAL_NAME = /\b(hospital|medical cent(er|re)|clinic)\b/i;
/** The kinds the museum census gives (a historic site is a place whatever its keeper). */
const MUSEUM_KIND = /\b(museum|gallery|botanical garden|zoo|aquarium|planetarium)\b/i;

/** An organisation's legal suffix at the end of a name: "Eastern State Penitentiary Historic Site Inc". */
const LEGAL_SUFFIX = /,?\s+(inc|incorporated|corp|corporation|llc|l\.l\.c|ltd)\.?$/i;

/**
 * A community centre is a hall for a neighbourhood's meetings, no sight's word: a school's building that is one
 * ("1914 Plant City High School Community Center", filed as a museum) is still the school's.
 */
export const COMMUNITY_CENTRE = /\bcommunity cent(er|re)\b/i;

/**
 * A zoo under its operator's name: the museum census files many zoos as the zoological society, foundation or
 * association that runs them, with the zoo's discipline and the zoo's income ("Denver Zoological Foundation" at the
 * zoo's gate, $10–50 M; "San Francisco Zoological Society" at 1 Zoo Road; "Zoological Society of Florida" at Zoo
 * Miami). Such a record is the zoo, not an organisation. A fund or a research body of the same words files with a
 * small income (under $500,000 a year: "Zoological Foundation of Georgia", $0), and stays one.
 */
export function isZooOperator(p: {
  kind?: string | null;
  title: string;
  tags?: Record<string, string> | null;
}): boolean {
  return (
    ZOO_OPERATOR.test(p.title) &&
    !ZOO_FUND.test(p.title) &&
    p.kind === ZOO_DISCIPLINE_KIND &&
    Number(p.tags?.income ?? -1) >= ZOO_OPERATOR_INCOME
  );
}
/** A society's endowment or trust at the zoo's address ("Zoological Society of Milwaukee County Endowment Tr"). */
const ZOO_FUND = /\b(endowment|trusts?|tr|fund)\b/i;
const ZOO_OPERATOR = /\bzoological (society|foundation|association|corporation)\b|\bzoological society\b/i;
/** The kind the museum census's zoo and aquarium discipline (ZAW) gives a record. */
export const ZOO_DISCIPLINE_KIND = "zoo or aquarium";
/** The census's income code 5: $500,000 to $1 M a year. */
const ZOO_OPERATOR_INCOME = 5;

/** Why a place belongs in no showcase list (kept for its sources), or null. */
export function notListedReason(p: Pick<PlaceInput, "categoryId" | "kind" | "title" | "tags">): string | null {
  const { categoryId, title } = p;
  if (categoryId === CATEGORY.stores && PAWN_OR_LOAN_NAME.test(title)) return "pawn or loan shop";
  if (categoryId !== CATEGORY.history && categoryId !== CATEGORY.activities) return null;
  if (HOUSING_NAME.test(title)) return "housing project";
  if (INDUSTRIAL_NAME.test(title)) return "wholesale or industrial business";
  if (MUSEUM_KIND.test(p.kind) && HOSPITAL_NAME.test(title) && !/\bmuseums?\b/i.test(title))
    return "a hospital, not a museum";
  if (SIGHT_WORDS.test(title.replace(COMMUNITY_CENTRE, "")) || isZooOperator(p)) return null;
  // A museum of the largest income class (over $50 M a year, IMLS) is a museum whatever its operator's name says.
  if (ORGANISATION_WORDS.test(title) && p.tags?.income !== "9") return "an organisation, not a place to visit";
  if (SCHOOL_NAME.test(title) && MUSEUM_KIND.test(p.kind)) return "a school or university, not a museum";
  return null;
}

/** What a Wikipedia paragraph says of the place's present: demolished, or closed in a given year. */
export function statusFromText(description: string | null | undefined): { status: string; evidence: string } | null {
  if (!description) return null;
  const gone = description.match(/[^.]*\b(was|were|has been|have been) (demolished|razed|torn down)\b[^.]*\./i);
  if (gone && !/\b(rebuilt|reconstructed|restored)\b/i.test(gone[0]))
    return { status: "demolished", evidence: `Wikipedia: ${gone[0].trim().slice(0, 160)}` };
  const closed = description.match(/[^.]*\b(closed|ceased operations?) (permanently )?in (1[89]\d\d|20\d\d)\b[^.]*\./i);
  if (closed && !/\breopen/i.test(description))
    return { status: "closed", evidence: `Wikipedia: ${closed[0].trim().slice(0, 160)}` };
  return null;
}

/**
 * The record with its quality signals set: the lodging sub-kind (and a kind that says a camp, RV park or cabin
 * when the sub-kind is one); a history or activities record's legal suffix, or a lodging's, dropped from its title
 * (kept as `legalName`); `notListed` with its reason; the status its own text gives.
 */
export function flagged(p: PlaceInput): PlaceInput {
  const tags: Record<string, string> = { ...(p.tags ?? {}) };
  let title = p.title;
  let kind = p.kind;
  if (p.categoryId === CATEGORY.lodging) {
    const type = lodgingType(p.kind, p.title);
    tags.lodgingType = type;
    // The card labels a campground, an RV park or a cabin by its kind: a record filed as a hotel whose name says
    // cabins or an RV park ("Volcano View Cabins"), or OSM's "caravan site", reads as what it is.
    if ((!isHotelType(type) && !CAMP_KIND.test(kind)) || /\bcaravan\b/i.test(kind)) kind = type;
    // A lodging's legal suffix is its company's ("Westmark Hotel Inc"): the card shows its own name.
    const own = hotelOwnName(title);
    if (own && own !== title) {
      tags.legalName = title;
      title = own;
    }
  }
  if ((p.categoryId === CATEGORY.history || p.categoryId === CATEGORY.activities) && LEGAL_SUFFIX.test(title)) {
    const own = title.replace(LEGAL_SUFFIX, "").trim();
    // Only a name that says what a visitor finds there ("… Historic Site", "… Museum"): a company's ("World
    // Entertainment Ctr Inc") keeps the suffix that tells it for one.
    if (own && SIGHT_WORDS.test(own)) {
      tags.legalName = title;
      title = own;
    }
  }
  const reason = notListedReason({ ...p, title, tags });
  if (reason) tags.notListed = reason;
  const status = statusFromText(p.tags?.wikipedia ? p.description : null);
  if (status && !tags.status) {
    tags.status = status.status;
    tags.statusEvidence = status.evidence;
  }
  return Object.keys(tags).length ? { ...p, title, kind, tags } : { ...p, title, kind };
}
/** The kinds of lodging that are no room: a campground, a camp site, an RV park, a cabin, a fire lookout. */
const CAMP_KIND = /\b(camp\w*|rv park|cabins?|fire lookout)\b/i;

/**
 * Heritage listings (city landmark lists, state and national registers, their Wikipedia articles): one family of
 * sources, however many of them list a place.
 */
export const LISTING_SOURCES = new Set([
  "nyc-landmarks",
  "nys-national-register",
  "chicago-landmarks",
  "portland-landmarks",
  "mt-national-register",
  "mo-historic",
  "wv-nrhp",
  "nc-nrhp",
  "dc-open-data",
  "historic-wikipedia",
]);

/** How many independent sources agree on a place: its distinct datasets, heritage listings counted once. */
export function sourceAgreement(sources: ReadonlyArray<{ source: string }>): number {
  return new Set(sources.map((s) => (LISTING_SOURCES.has(s.source) ? "heritage" : s.source))).size;
}

/** Whether a Wikipedia article (its link) or a Wikidata item stands behind the place. */
export const hasArticle = (p: { wikidata?: string | null; tags?: Record<string, string> | null }) =>
  !!(p.tags?.wikipedia || p.wikidata);

/** The kind of sight a place is: a park (an outdoor NPS unit or a park), a museum, a landmark, or none. */
export function sightClass(kind: string, tags?: Record<string, string> | null): "park" | "museum" | "landmark" | null {
  if (/(museum|gallery|zoo|aquarium|planetarium|botanical garden)/i.test(kind) || tags?.discipline) return "museum";
  if (
    tags?.npsCode &&
    !/historic/i.test(kind) &&
    /(park|recreation|seashore|lakeshore|preserve|river|parkway|reserve|trail)/i.test(kind)
  )
    return "park";
  if (
    tags?.npsCode ||
    tags?.nationalLandmark === "yes" ||
    tags?.nrListed ||
    /(landmark|monument|memorial|historic|lighthouse|skyscraper|bridge|battlefield)/i.test(kind)
  )
    return "landmark";
  return /park/i.test(kind) ? "park" : null;
}
