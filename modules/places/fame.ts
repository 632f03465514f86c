import type { Row } from "@libsql/client";
import { isNationalLandmark, notability, type NotabilityInput, SCHOOL_NAME } from "../../db/import/places/filters";
import { LISTING_SOURCES } from "../../db/import/places/quality";
import { isOrganisation, sightName } from "./showcase";

/**
 * How famous a sight is, for featured: the import's notability over the sight's records, read so that a sight's
 * fame outweighs a record's bookkeeping.
 * - Independent sources agree: OpenStreetMap's extracts (the live map, its city extracts, its monument and
 *   campground cuts) are one source, not three (Chicago's Heald Square Monument scored two "families" from
 *   OpenStreetMap alone and led Millennium Park).
 * - A National Register listing brings its Wikipedia list article with it: a civic building known only from the
 *   Register and its article (a branch library, a school, an armory, a bank, an airport) is a listed building, below
 *   the sights around it.
 * - A National Park Service unit is a sight by designation, more so the more visitors it counts.
 * - A park with an article is a sight (Millennium Park, Grant Park); a library is a civic building.
 * - The name is the sight's: a legal name that also names the sight ("… Historic Site Inc") is not an
 *   organisation's, and scores as the sight's own name.
 */
export function fame(records: Row[], best: Row): number {
  const tags: Record<string, string> = {};
  for (const r of records) for (const [k, v] of Object.entries(tagsOf(r))) if (v && !tags[k]) tags[k] = v;
  // A college's museum files the college's income (Smith College Museum of Art, $50 M+; the Smart Museum of Art under
  // its operator's name, the University of Chicago): it says nothing of the museum.
  if (SCHOOL_NAME.test(String(best.title)) || SCHOOL_NAME.test(tags.legalName ?? "")) delete tags.income;
  const sources = records.flatMap((r) => sourcesOf(r)).map((s) => ({ source: family(s.source) }));
  const input: NotabilityInput = {
    categoryId: Number(best.category_id),
    kind: String(best.kind),
    // A sight filed under its operator's name ("Barnes Foundation", "Saint Louis Art Museum Foundation") is scored as
    // the sight: the organisation penalty is for organisations.
    title: isOrganisation(best) ? String(best.title) : scoredName(best),
    address: best.address as string | null,
    wikidata: (records.find((r) => r.wikidata)?.wikidata as string | undefined) ?? null,
    tags,
    sources,
  };
  let score = notability(input);
  const families = new Set(sources.map((s) => s.source));
  const article = !!(tags.wikipedia || input.wikidata || families.has("historic-wikipedia"));
  const listedOnly = [...families].every((f) => LISTING_SOURCES.has(f));
  // Wikidata's description says what a listed building is ("public library in Los Angeles"), unless it also names
  // what a visitor finds there ("former public library and planetarium").
  const described = tags.wikidataDescription ?? "";
  const civic = CIVIC.test(String(best.title)) || (CIVIC.test(described) && !MUSEUM_NAME.test(described));
  const shortArticle = !(Number(tags.leadLength) >= LONG_LEAD);
  // A historic district is an area the Register lists for its buildings, each district with its list article: known
  // only so, with no landmark designation, it is bookkeeping, not a sight (Nashville's list was five districts).
  const district = /\bdistrict\b/i.test(String(best.kind)) || / historic district$/i.test(String(best.title));
  // Listed buildings lose for their bookkeeping once, by the strongest of the rules below (never the sum).
  let listedPenalty = 0;
  if (listedOnly && (civic || (district && !isNationalLandmark(tags))) && shortArticle) listedPenalty = 3;
  else if (
    listedOnly &&
    shortArticle &&
    !isNationalLandmark(tags) &&
    (FACADE.test(described) || FACADE_NAME.test(String(best.title)))
  )
    listedPenalty = 2;
  // The Register's list articles cover its listings: a building the Register alone knows (with or without that
  // article) is listed, not famous (Philadelphia's list led with a hotel, a bank and an armory that only it knows).
  // A second body's list (a city's landmarks), a landmark designation, or a name or description that says what a
  // visitor comes to see is more.
  const bodies = new Set([...families].map((f) => (REGISTER_SOURCES.has(f) ? "register" : f)));
  if (
    listedOnly &&
    bodies.size === 1 &&
    !isNationalLandmark(tags) &&
    ![input.title, described].some((text) => MUSEUM_NAME.test(text) || VISITED.test(text))
  )
    listedPenalty = 3;
  score -= listedPenalty;
  // The designation alone is worth 2, the visits carry the rest: at 4, memorials of 60,000 visits a year (Federal
  // Hall) ranked above the Empire State Building; now they follow it (it is 18th in New York, behind Hamilton Grange,
  // whose name a branch library borrows, and Theodore Roosevelt's Birthplace).
  if (families.has("nps") || tags.npsCode) score += 2 + visitsBonus(Number(tags.npsVisits));
  const kind = String(best.kind);
  if (/\bpark\b/i.test(kind) && article) score += 3;
  if (/\blibrary\b/i.test(kind) || branchLibrary(records)) score -= 3;
  // (A foundation the census files as a museum is the museum, as in isOrganisation: the Barnes Foundation.)
  const museumName = MUSEUM_NAME.test(input.title) || /\bfoundation\b/i.test(String(best.title));
  if (museumName || families.size > 1) score += majorMuseumBonus(tags.income, tags.discipline);
  // A museum whose Form 990 reports under $100,000 a year (codes 0–3) is a volunteer-run room or house: known to the
  // census and the map alike (San Diego's Firehouse Museum, $25–100 K), it still follows the museums people travel
  // for. (A public museum files no Form 990 and reports no income: nothing is read from that.)
  if (SMALL_INCOME.has(tags.income ?? "")) score -= 2;
  return score;
}

/**
 * A civic building that only the heritage lists know (a post office, a branch library, a school, a courthouse), with
 * no landmark designation or Park Service unit: it follows a town's sights in featured whatever its score, as an
 * office block does. However long its article, a listed post office is not what a traveller came for (Cooperstown's
 * led its list, ahead of the town's museums). Its name, kind or Wikidata's description says so, unless one of them
 * also names a museum in it.
 */
export function civicListing(records: Row[], best: Row): boolean {
  const tags: Record<string, string> = {};
  for (const r of records) for (const [k, v] of Object.entries(tagsOf(r))) if (v && !tags[k]) tags[k] = v;
  if (isNationalLandmark(tags) || tags.npsCode) return false;
  const families = records.flatMap((r) => sourcesOf(r)).map((s) => family(s.source));
  if (!families.length || !families.every((f) => LISTING_SOURCES.has(f))) return false;
  const described = tags.wikidataDescription ?? "";
  const says = [String(best.title), String(best.kind), described];
  return says.some((text) => CIVIC.test(text)) && !says.some((text) => MUSEUM_NAME.test(text));
}

/**
 * The name a sight (no organisation) is scored under: the name it is known by (sightName, its operator's words
 * dropped), less "Foundation" as its last word ("Barnes Foundation" → "Barnes"). The word elsewhere in a name is the
 * name's ("Foundation Square").
 */
export const scoredName = (best: Row) => sightName(best).replace(/\s+foundation$/i, "");

/** 100,000 recreation visits a year → 2, a million → 4, ten million → 6. */
const visitsBonus = (visits: number) =>
  Number.isFinite(visits) && visits > 0 ? Math.max(0, Math.min(6, 2 * (Math.log10(visits) - 4))) : 0;
const LONG_LEAD = 600;
/**
 * The census also files orchestras, schools and arts councils with a museum's discipline and a large income: the
 * income counts for a name that says what a visitor finds there, or a sight another dataset lists too.
 */
const MUSEUM_NAME =
  /\b(museums?|(art|science|nature|history|heritage) cent(er|re)|gallery|collection|zoo|zoological|aquarium|planetarium|garden|gardens|observatory|arboretum)\b/i;
/**
 * A museum's income (IMLS, from its Form 990) of $10–50 M (code 8) or over $50 M (code 9) marks an institution people
 * travel for (about 2 % of the file's museums; code 9 adds 5, as much as a Wikipedia article with a long lead and a
 * listing: the Field Museum, the Museum of Fine Arts and the Lincoln Park Zoo sat under listed office blocks): the
 * import's museum score stops at $5 M, so the Field Museum and a county's house museum with a listing and an article
 * scored alike.
 *
 * The general discipline (GMU) is the census's catch-all, where an operator's or a tenant's income lands on a small
 * museum (a curling museum in a Chicago office tower files code 9): there code 9 adds 3, as code 8 adds 2.
 */
const majorMuseumBonus = (income: string | undefined, discipline: string | undefined) =>
  income === "9" ? (discipline === "GMU" ? 3 : 5) : income === "8" ? 2 : 0;
const SMALL_INCOME = new Set(["0", "1", "2", "3"]);
/**
 * A public library's branch: a record of the public-libraries census joins it (merged into the listing at import,
 * or beside it), unless the census calls it a central library (the Boston Public Library is a sight; its branches
 * are civic buildings, however good their Wikipedia article).
 */
function branchLibrary(records: Row[]): boolean {
  const census = records.filter((r) => sourcesOf(r).some((s) => s.source === "imls-libraries"));
  if (!census.length) return false;
  return !census.some((r) => /central/i.test(tagsOf(r).outlet ?? ""));
}
/**
 * A listed building that the Register and its list article alone know, that Wikidata calls a building, a church, a
 * house or a hotel (or whose name says so), with a short article: a façade on a walk, not the sight a visitor came
 * for (Memphis's Toof Building and Nashville's James Robertson Hotel led the cities' museums, the Ryman, the
 * Parthenon). A long article keeps it (the Register's famous buildings have long ones), and so does a National
 * Historic Landmark (the Old North Church).
 */
const FACADE =
  /^(historic |former )?(building|church building|church|residential buildings?|house|hotel|government building|office building|commercial building)\b/i;
const FACADE_NAME = /\b(building|hotel|tenements?|church)$/i;
const CIVIC =
  /\b(library|school|armory|armoury|bank|airport|post office|fire station|substation|telephone exchange|subway station|hospital|courthouse)\b/i;
/** One source per organisation that keeps the data (OpenStreetMap's cuts are one source). */
export const family = (source: string) => (source === "osm" || source.startsWith("osm-") ? "osm" : source);

function tagsOf(r: Row): Record<string, string> {
  try {
    return (JSON.parse(String(r.tags ?? "null")) as Record<string, string> | null) ?? {};
  } catch {
    return {};
  }
}
function sourcesOf(r: Row): Array<{ source: string }> {
  try {
    return JSON.parse(String(r.sources ?? "[]")) as Array<{ source: string }>;
  } catch {
    return [];
  }
}
/**
 * What a visitor comes to see, by its name or Wikidata's description, whatever list knows it: a public space (a park,
 * a square), a structure to climb or cross (an observation tower, a bridge), a fort, a mission, a palace, a mansion,
 * a stadium, a ride, an archaeological site, a tomb, a capitol, a cathedral, a pier or a wharf (Coit Tower, Graceland,
 * Eads Bridge, Jackson Square, the Cathedral of Saint Helena, Navy Pier).
 */
const VISITED =
  /\b(park|square|plaza|tower|bridge|pier|wharf|archaeological site|mission|fort|palace|castle|lighthouse|mansion|stadium|ballpark|amusement|monument|memorial|tomb|mausoleum|capitol|cathedral|basilica)\b/i;
/** The National Register's files and its Wikipedia articles: one body's listing, however many copies hold it. */
const REGISTER_SOURCES = new Set([
  "historic-wikipedia",
  "nys-national-register",
  "mt-national-register",
  "mo-historic",
  "wv-nrhp",
  "nc-nrhp",
]);
