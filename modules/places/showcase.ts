import type { Row } from "@libsql/client";
import { distanceMiles, MILES_PER_LAT_DEGREE, milesPerLngDegree } from "../../src/geo";
import {
  isHotelType,
  isNationalLandmark,
  isOrganisationName,
  notListedReason,
  ORGANISATION_WORDS,
  SCHOOL_NAME,
  SIGHT_WORDS,
} from "../../db/import/places/filters";
import { notLodgingReason } from "../../db/import/places/lodging";
import { CENSUS, censusTwinKey, censusTwins, withoutDanglingWord, withoutTownSuffix } from "./census-rows";
import { COMMUNITY_CENTRE, isZooOperator, LISTING_SOURCES } from "../../db/import/places/quality";
import type { CategoryId } from "../../db/import/places/types";

/**
 * What a showcase list (featured, nearby, local gems, lodging) may show, and when two of its rows are one place.
 * The import flags what it knows (tags `notListed`, `status`, `lodgingType`); the name rules here cover the
 * records imported before those flags existed, in one place.
 */

const LODGING = 11;
const tagsOf = (r: Row): Record<string, string> => {
  if (!r.tags) return {};
  try {
    return (JSON.parse(String(r.tags)) as Record<string, string> | null) ?? {};
  } catch {
    return {};
  }
};

/** Hotel-type lodging: a room with a bed and a desk (the import's lodging sub-kinds, or the record's kind). */
const HOTEL_KIND = /\b(hotel|motel|inn|bed (&|and) breakfast|b&b|hostel|guest ?house|resort|lodge)\b/i;
const CAMP_KIND = /\b(campground|camp ?site|rv park|cabin|fire lookout|camping)\b/i;

const ROOM_WORD = /\b(hotel|inn|motel|suites)\b/i;
/** "hotel" (hotel, motel, inn, B&B, hostel, resort, lodge), "camp" (campgrounds, RV parks, cabins) or "not" lodging. */
export function lodgingClass(r: Row): "hotel" | "camp" | "not" {
  const title = String(r.title ?? "");
  const tags = tagsOf(r);
  // Never lodging (the import's rule): scout, YMCA, church and Bible camps, a camp run for an organisation's members,
  // picnic pavilions, day-use areas… A hotel's own name can hold one of those words ("Ramada Inn"): a room word keeps
  // it lodging.
  const not = notLodgingReason({ title, kind: String(r.kind ?? ""), source: r.source as string | null, tags });
  if (not && !ROOM_WORD.test(title)) return "not";
  const type = tags.lodgingType;
  if (type) return isHotelType(type) ? "hotel" : "camp";
  const kind = String(r.kind ?? "");
  if (CAMP_KIND.test(kind)) return "camp";
  if (HOTEL_KIND.test(kind)) return "hotel";
  return CAMP_KIND.test(title) || /\bcamp\b/i.test(title) ? "camp" : "hotel";
}

/** A campground, RV park or camp: lodging of the second band, never featured. */
export const isCamp = (r: Row) =>
  (Number(r.category_id) === LODGING && lodgingClass(r) !== "hotel") || CAMP_KIND.test(String(r.kind ?? ""));

/** What the sources say of a place no longer being what its record shows. */
const NOT_CURRENT = new Set(["closed", "moved", "renamed", "demolished", "probably closed"]);
export const notCurrent = (r: Row) => NOT_CURRENT.has(tagsOf(r).status ?? "");

/**
 * The body that runs a sight, after the sight's name ("Missouri Botanical Garden Board of Trustees", "Saint Louis Art
 * Museum Foundation", "Shedd Aquarium Society": the museum census's legal names).
 */
export const OPERATOR =
  /[\s,]+((operating )?(foundation|fdn)|board of trustees|trustees|society|association|assn|inc|incorporated)\.?$/i;
/** A name less its operator's words when what is left names a sight, else the name. */
export function operatedSight(name: string): string {
  const sight = name.replace(OPERATOR, "");
  return sight !== name && SIGHT_WORDS.test(sight) ? sight : name;
}

/**
 * An operator's name and the sight's, a comma apart ("Smithsonian Institution, National Museum of Natural History",
 * "Lowe Art Museum, University of Miami", the census's inverted "Des Moines Botanical Center, Friends of the"): the part
 * that names a sight when the other names an institution, a university or college, a society, a foundation or its
 * friends; else null.
 */
export function commaSight(title: string): string | null {
  const parts = title.split(/\s*,\s+/);
  if (parts.length !== 2) return null;
  const [first, second] = parts as [string, string];
  const sight = (part: string) => SIGHT_WORDS.test(part) && !INSTITUTION.test(part);
  if (INSTITUTION.test(first) && sight(second)) return second;
  if (INSTITUTION.test(second) && sight(first)) return first;
  return null;
}
const INSTITUTION = /\b(institution|university|college|society|foundation)\b|^friends of( the)?$/i;

/** Legal and volunteer words: an organisation's name, not a place's. */
const LEGAL_SUFFIX = /[\s,]+(inc|incorporated|corp|corporation|co|ltd|llc|l\.l\.c|assn|assoc|association)\.?$/i;

/**
 * The name a sight is known by: the first of its other names (the import's `otherNames`) that is no organisation's,
 * else its own name less a legal suffix or its operator's words when what is left names a sight ("Eastern State
 * Penitentiary Historic Site Inc" → "… Historic Site", "Shedd Aquarium Society" → "Shedd Aquarium"), else its own name.
 */
export function sightName(r: Row): string {
  const title = withoutTownSuffix(r);
  return commaSight(title) ?? withoutDanglingWord(r, knownName(r, title));
}
function knownName(r: Row, title: string): string {
  const other = (tagsOf(r).otherNames ?? "")
    .split("|")
    .map((n) => n.trim())
    .find((n) => n && !isOrganisationName(n) && !ORGANISATION_WORDS.test(n));
  if (other && (isOrganisationName(title) || ORGANISATION_WORDS.test(title))) return other;
  const unsuffixed = title.replace(LEGAL_SUFFIX, "");
  const bare = operatedSight(unsuffixed);
  if (bare !== title && SIGHT_WORDS.test(bare)) return bare;
  // "Menil Foundation Inc" (the census files the foundation as the museum): a suffix after the operator's word is
  // bookkeeping. A company's name keeps its suffix ("World Entertainment Ctr Inc").
  return unsuffixed !== title && OPERATOR.test(unsuffixed) ? unsuffixed : title;
}

/**
 * An organisation's record rather than a place to visit: a legal or volunteer name that does not also name a sight
 * ("After School Matters", "Fellows of Contemporary Art"); a museum or landmark whose legal name names it ("Menil
 * Foundation Inc" filed as a museum, "… Historic Site Inc") is the sight.
 */
export function isOrganisation(r: Row): boolean {
  if (isZooOperator({ kind: String(r.kind ?? ""), title: String(r.title ?? ""), tags: tagsOf(r) })) return false;
  const name = sightName(r);
  // The census files funds under the sight they pay for ("Endowment for McWane Science Center", "Tacoma Art Museum
  // Endowment" in Pasadena): a fund has no door.
  // Likewise its volunteers' auxiliary ("Mint Museum Auxiliary"; not "Glen Ullin Museum and Auxiliary") and a
  // scholars' institute ("American Institute of Pakistan Studies").
  // And a network, a partnership, a preservation or support group, a production company, a festival or a show, a
  // resource or learning programme ("Museum Computer Network", "Balboa Park Cultural Partnership", "Mercer Auto Racing
  // Group", "Antiques and Garden Show of Nashville", "Pacific Resources for Education and Learning"): whatever sight
  // its name mentions, it is the body or the event, not a door to walk in.
  if ([CENSUS_FUND, CENSUS_BODY, CENSUS_OFFICE].some((body) => body.test(name)) && r.source === CENSUS) return true;
  // A university's research centre filed as a museum ("Arizona State University Center for Meteorite Studies").
  if (SCHOOL_NAME.test(name) && RESEARCH_CENTRE.test(name)) return true;
  if (!(isOrganisationName(name) || ORGANISATION_WORDS.test(name))) return false;
  if (SIGHT_WORDS.test(name.replace(LEGAL_SUFFIX, ""))) return false;
  // "Menil Foundation Inc", "Barnes Foundation": a foundation the data files as a museum, at a street address, is the
  // museum. One the census gives no street address ("Uwm Foundation", a university's fund) has no door to walk in.
  return !(
    /\bfoundation\b/i.test(name) &&
    /\bmuseum|gallery\b/i.test(String(r.kind ?? "")) &&
    /\d/.test(String(r.address ?? "")) &&
    !ORG_ONLY.test(name)
  );
}

/**
 * A school's listed building: a school, college or university by its name (no word of a sight a visitor finds there:
 * "… Schoolhouse Museum" is one), that only heritage lists know, with no Park Service unit, and no landmark
 * designation unless it is a college's or university's (a working campus building: "University of Wisconsin Dairy
 * Barn"). A fine façade ("Simmons Colored School", "College of Charleston"), not a sight to lead a showcase list; a
 * school whose history made it a landmark ("Little Rock Central High School") is the sight. Category lists still
 * show them all.
 */
export function isSchoolBuilding(r: Row): boolean {
  const title = String(r.title ?? "");
  // A school's building that is now a community centre is still a school's listed building, no sight.
  if (!SCHOOL_NAME.test(title) || SIGHT_WORDS.test(title.replace(COMMUNITY_CENTRE, ""))) return false;
  const tags = tagsOf(r);
  if (tags.npsCode || (isNationalLandmark(tags) && !CAMPUS.test(title))) return false;
  let sources: Array<{ source: string }> = [];
  try {
    sources = JSON.parse(String(r.sources ?? "[]")) as Array<{ source: string }>;
  } catch {}
  const families = sources.length ? sources.map((s) => s.source) : [String(r.source ?? "")];
  return families.every((s) => LISTING_SOURCES.has(s));
}
/** A college's or university's name; a hill or district named after one is an area, not its building. */
const CAMPUS = /^(?!.*\b(hill|district|heights)\b).*\b(university|college)\b/i;
const RESEARCH_CENTRE = /\bcent(er|re) for [\w\s&-]+ studies\b/i;
const CENSUS_FUND = /\bendowment\b|(?<!\b(?:and|&) )\bauxiliar(?:y|ies)$|\binstitute (?:of|for)\b.*\bstudies\b/i;
const CENSUS_BODY =
  /\b(network|partnership|productions|festival)\b|\bgroup$|\bshow(s| of\b|$)|\bresources?( for\b|$)|\blearning community\b/i;
/** A government or its office ("City of Lakewood", "Office of the State Archaeologist"), not a museum it runs. */
const CENSUS_OFFICE =
  /^(?!.*\b(arts?|museums?|house|home|cent(er|re)|gallery|garden|park|zoo|library|heritage|history|historic|site|collection|memorial)\b)(.*\b(office|department|dept|dep)( of\b|$)|(city|town|village|county|borough|township) of )/i;
/** Names that are an organisation whatever the kind a dataset gives it. */
const ORG_ONLY = /\b(fellows|friends|endowment|humanities|relief|council|matters|guild|league|alliance|coalition)\b/i;

/** Why a row must not show in a showcase list, or null. */
export function junkInList(r: Row, list: "featured" | "list" | "lodging"): string | null {
  const tags = tagsOf(r);
  // The import's flag, or the import's rule on a record imported before the rule existed.
  const notListed =
    tags.notListed ??
    notListedReason({
      categoryId: Number(r.category_id) as CategoryId,
      kind: String(r.kind ?? ""),
      title: String(r.title),
      tags,
    });
  if (notListed) return `not listed: ${notListed}`;
  if (notCurrent(r)) return `not current: ${tags.status}`;
  // A point miles from the record's own street address (the import's flag): its distance and map pin would mislead.
  if (tags.pointOff && list !== "lodging") return `point far from its address: ${tags.pointOff}`;
  // Lodging that is not lodging (a camp, an office or apartment block filed as a hotel) shows in no list as lodging.
  if ((list === "lodging" || Number(r.category_id) === LODGING) && lodgingClass(r) === "not") return "not lodging";
  if (list === "featured" && isCamp(r)) return "campground in featured";
  if (list !== "lodging" && Number(r.category_id) !== 10 && Number(r.category_id) !== 12 && isOrganisation(r))
    return "organisation";
  if (list !== "lodging" && isSchoolBuilding(r)) return "a school's listed building";
  return null;
}

/** Two rows of a list within this distance whose names fold to one are one place. */
export const FOLD_MILES = 0.3;
/**
 * Words a name gains or loses without becoming another place's: articles, legal and operator words, "(and) Museum",
 * and the part of a life a house museum's name may say ("Mark Twain Home" and "Mark Twain Boyhood Home", "… Home and
 * Museum": one house, named by two datasets). A birthplace is another house.
 */
const FOLDED_WORDS =
  /\b(the|inc|incorporated|corp|corporation|co|ltd|llc|assn|association|foundation|(and )?museum|historic site|historical site|society|boyhood|girlhood|childhood)\b/g;
/** A name reduced to what two records of one place share ("The Perot Museum" and "Perot Museum Inc" → "perot"). */
export function foldKey(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/&/g, " and ")
      .replace(/[^a-z0-9 ]+/g, " ")
      // "Kate Chopin Home" and "Kate Chopin House": two datasets' words for one house.
      .replace(/\bhome\b/g, "house")
      .replace(FOLDED_WORDS, " ")
      .replace(/\s+/g, "")
      .trim()
  );
}
/** One edit (a letter added, dropped, changed or two swapped) between two keys of 6 letters or more. */
function oneTypo(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 6 || Math.abs(a.length - b.length) > 1) return false;
  // "Pier 39" and "Pier 35", "Hotel 32" and "Hotel 33" are two places.
  if (/\d/.test(a) || /\d/.test(b)) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length)
    return (
      a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
    );
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
/** A row's name as the fold compares it: its fold key and its words, worked out once per row (a big city's
 * list compares each row with hundreds of others: Manhattan's 0.3-mile cells are dense). */
interface FoldName {
  key: string;
  words: string[];
}
const foldNames = new WeakMap<Row, FoldName>();
const foldNameOf = (r: Row) => {
  let name = foldNames.get(r);
  if (name === undefined) {
    const title = String(r.title ?? "");
    name = {
      key: foldKey(title),
      words: title
        .toLowerCase()
        .replace(/&/g, " and ")
        .split(/[^a-z0-9]+/)
        .filter(Boolean),
    };
    foldNames.set(r, name);
  }
  return name;
};
/** Whether two rows are one place: names that fold to one (or one typo apart) within FOLD_MILES. The names are
 * compared first: most pairs differ there, and that costs less than the distance. */
export function sameSight(a: Row, b: Row): boolean {
  const na = foldNameOf(a);
  const nb = foldNameOf(b);
  if (isZooName(a, na.words) && isZooName(b, nb.words))
    return distanceMiles(Number(a.latitude), Number(a.longitude), Number(b.latitude), Number(b.longitude)) <= ZOO_MILES;
  if (
    !(
      (!!na.key && !!nb.key && oneTypo(na.key, nb.key)) ||
      cutName(na.words, nb.words) ||
      partOfName(na.words, nb.words)
    )
  )
    return false;
  return distanceMiles(Number(a.latitude), Number(a.longitude), Number(b.latitude), Number(b.longitude)) <= FOLD_MILES;
}
/**
 * Two zoos at one point are one zoo under two names (the census's "Henry Doorly Zoo" and the 2011 file's "Omaha Zoo",
 * 13 m apart); a zoo inside a park or beside a museum has another name and stays, and so does a fixture of a zoo
 * (a gate, a fountain) named after it.
 */
const isZooName = (r: Row, words: string[]) =>
  !String(r.title).includes(",") && // "Rockefeller Fountain, New York Zoological Park" is a fixture in it
  (words.at(-1) === "zoo" || /^zoological (park|gardens?)$/.test(words.slice(-2).join(" ")));
const ZOO_MILES = 0.1;
/**
 * The museum census cut long names ("Dallas Arboretum & Botanical" for the Dallas Arboretum and Botanical Garden): a
 * name of three words or more that starts another one word longer is that place.
 */
function cutName(a: string[], b: string[]): boolean {
  if (Math.abs(a.length - b.length) !== 1) return false;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length >= 3 && short.every((w, i) => w === long[i]);
}

/**
 * One name is another's whole name and more that still names that sight: its full name ("Whitaker Center" and
 * "Whitaker Center for Science and the Arts", "Victor Valley Museum & Art Gallery"), its support bodies' records
 * ("Birmingham Museum of Art Members", "… Endowment Tr"), its town ("Confederate Soldier Monument in
 * Lexington") or a fixture of it ("Pioneer Square pergola"). A name of two words or more; another sight within it
 * ("Central Park Zoo", "… Carousel") or a museum named after it ("Havre de Grace Maritime Museum") is not folded.
 */
function partOfName(a: string[], b: string[]): boolean {
  const [x, y] = [a, b].map((w) => (w[0] === "the" ? w.slice(1) : w)) as [string[], string[]];
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  if (short.length < 2 || long.length <= short.length || !short.every((w, i) => w === long[i])) return false;
  const rest = long.slice(short.length).join(" ");
  return /^(of|for|and) /.test(rest) || SUPPORT_OR_FIXTURE.test(rest);
}
const SUPPORT_OR_FIXTURE =
  /^((endowment|trust|tr|members|membership|guild|auxiliary|associates|commission)( (fund|tr|trust|inc))?|in \w+( \w+)?|pergola|gazebo|fountain|bandstand|band ?shell|kiosk|sign|marker|plaque|flagpole|totem pole|clock|sundial)$/;

/**
 * A list less its near-duplicates: the first (highest) row of each place stays, with every source of the others.
 * A row is compared only with kept rows that could be the same place: those filed in its cell of FOLD_MILES or
 * more or the eight around it, under one of its name's blocks (`nameBlocks`). A big city's candidates number
 * thousands, and Manhattan's cells hold hundreds of rows each: compared with every kept row of its cells, New
 * York's two home lists took a second each, during which the server answered nobody.
 */
export function foldDuplicates<T extends { r: Row }>(ranked: T[]): T[] {
  const kept: T[] = [];
  if (!ranked.length) return kept;
  const twins = new Map<string, number[]>();
  const latitude = Number(ranked[0]!.r.latitude);
  const cellLat = (FOLD_MILES / MILES_PER_LAT_DEGREE) * 1.1;
  const cellLng = (FOLD_MILES / Math.max(milesPerLngDegree(latitude), 0.05 * milesPerLngDegree(0))) * 1.25;
  const filed = new Map<string, number[]>();
  const cellOf = (r: Row) => [Math.floor(Number(r.latitude) / cellLat), Math.floor(Number(r.longitude) / cellLng)];
  for (const item of ranked) {
    const [y, x] = cellOf(item.r);
    const name = foldNameOf(item.r);
    const blocks = nameBlocks(name);
    const twin = censusTwinKey(item.r, name.key);
    let same = twin ? (twins.get(twin)?.find((at) => censusTwins(kept[at]!.r, item.r)) ?? -1) : -1;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++)
        for (const block of blocks)
          for (const at of filed.get(`${y! + dy}:${x! + dx}:${block}`) ?? [])
            if ((same === -1 || at < same) && sameSight(kept[at]!.r, item.r)) same = at;
    if (same === -1) {
      for (const block of blocks) {
        const key = `${y}:${x}:${block}`;
        (filed.get(key) ?? filed.set(key, []).get(key)!).push(kept.length);
      }
      if (twin) (twins.get(twin) ?? twins.set(twin, []).get(twin)!).push(kept.length);
      kept.push(item);
      continue;
    }
    const keeper = kept[same]!;
    kept[same] = { ...keeper, r: withSources(keeper.r, item.r) };
  }
  return kept;
}
/**
 * Blocks that two names `sameSight` matches always share: keys one edit apart (6 letters or more; shorter ones only
 * when equal) share their first two letters or their last two, since one edit cannot touch both ends; a name cut
 * short shares its first word with the full name.
 */
function nameBlocks(name: FoldName): string[] {
  const blocks = name.key ? [`<${name.key.slice(0, 2)}`, `>${name.key.slice(-2)}`] : [];
  if (name.words.length >= 3) blocks.push(`=${name.words[0]}`);
  return blocks;
}
/**
 * One name spelt with its apostrophe, one without (the census files Salt Lake City's zoo as "Utah's Hogle Zoo" and,
 * under its society, "Utahs Hogle Zoo"): the card shows the spelling that has it.
 */
function apostrophed(keep: Row, other: Row): string {
  const title = String(keep.title ?? "");
  const spelt = String(other.title ?? "");
  const bare = (s: string) => s.replace(/['’]/g, "");
  return bare(spelt) === title && spelt !== title ? spelt : title;
}
function withSources(keep: Row, other: Row): Row {
  const parse = (r: Row) => {
    try {
      return JSON.parse(String(r.sources ?? "[]")) as Array<{ source: string; sourceId: string }>;
    } catch {
      return [];
    }
  };
  const sources = parse(keep);
  for (const s of parse(other))
    if (!sources.some((k) => k.source === s.source && k.sourceId === s.sourceId)) sources.push(s);
  return { ...keep, title: apostrophed(keep, other), sources: JSON.stringify(sources) } as unknown as Row;
}
