/**
 * City stories (issue 12): fun facts and history entries composed only from bundled data — Wikipedia
 * paragraphs of historic sites, Wikivoyage bylines, WordNet glosses and nicknames, the most-viewed biography
 * of a person associated with the city, GeoNames seats, register and landmark records, and the places store.
 *
 * Rules kept here (and tested in stories.test.ts):
 * - every fact and entry names its source (and links it where the source is a web page; CC BY-SA text always);
 * - a year is called "built" only when the text says so; a designation or listing year is called that;
 * - no comparative claim ("oldest", "largest") unless computed over a stated, complete set;
 * - statistics ("N ZIP codes") come after every better fact, so they lead nothing and fill only what is left.
 */

export interface StorySource {
  name: string;
  url: string | null;
  licence: string;
}

export interface StoryPlace {
  id: number;
  title: string;
  kind: string;
  categoryId: number;
  description: string;
  address: string | null;
  /** The place's web page: for a historic site with a Wikipedia paragraph, its article. */
  url: string | null;
  source: string;
  sourceName: string;
  licence: string;
  quality: number;
  distance: number;
}

import type { AssociatedPerson } from "../../db/import/city-texts";
export type { AssociatedPerson };

export interface CityStoryTexts {
  wikipediaTitle: string | null;
  wikipediaUrl: string | null;
  wikivoyageUrl: string | null;
  wikivoyageByline: string | null;
  wikivoyageNearby: string | null;
  wordnetLemmas: string | null;
  wordnetGloss: string | null;
  people: AssociatedPerson[];
  /** GeoNames feature code of the city's point: PPLC national capital, PPLA state capital, PPLA2 county seat. */
  seat: string | null;
}

export interface StoryCity {
  name: string;
  stateName: string;
  stateCode: string;
  countyName: string;
  population: number;
  /** SimpleMaps gives the urban-area population for its largest cities (ranking 1–2). */
  urbanArea: boolean;
  ranking: number;
  timezone: string;
}

export interface StoryContext {
  city: StoryCity;
  texts: CityStoryTexts;
  radius: number;
  /** Places within `radius` miles, nearest first. */
  places: StoryPlace[];
  nearestLarger: { name: string; stateCode: string; population: number; miles: number; direction: string } | null;
  county: { places: number; largest: { name: string; population: number } | null };
  zips: string[];
}

export interface StoryFact {
  title: string;
  summary: string;
  category: string;
  source: StorySource;
  /** Dive deeper: 1 the source text expanded, 2 related real places nearby, 3 the wider context. */
  details: [string, string, string];
  score: number;
  statistic: boolean;
}

export interface StoryHistory {
  id: string;
  title: string;
  period: string;
  category: string;
  content: string;
  significance: string;
  source: StorySource;
}

const WIKIPEDIA = "CC BY-SA 4.0";
const WIKIVOYAGE = "CC BY-SA 3.0";
const WORDNET: StorySource = {
  name: "WordNet 3.0 (Princeton University, 2006)",
  url: "https://wordnet.princeton.edu/",
  licence: "WordNet 3.0 licence",
};
const SIMPLEMAPS: StorySource = {
  name: "SimpleMaps US Cities Database",
  url: "https://simplemaps.com/data/us-cities",
  licence: "CC BY 4.0",
};
const GEONAMES: StorySource = { name: "GeoNames", url: "https://www.geonames.org/", licence: "CC BY 4.0" };

const number = (n: number) => n.toLocaleString("en-US");
const mi = (d: number) => `${d.toFixed(1)} mi`;
const list = (items: string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
const named = (p: StoryPlace) => `${p.title} (${mi(p.distance)})`;
const isWikipedia = (p: StoryPlace) =>
  p.url !== null && /wikipedia\.org\/wiki\//.test(p.url) && p.description.length >= 80;
const placeSource = (p: StoryPlace): StorySource =>
  isWikipedia(p)
    ? { name: "Wikipedia", url: p.url, licence: WIKIPEDIA }
    : { name: p.sourceName, url: p.url, licence: p.licence };

// ---------------------------------------------------------------------------------------------------------
// Text helpers

const ABBREVIATION =
  /(?:\b(?:St|Mt|Ft|Dr|Mr|Mrs|Ms|Jr|Sr|Co|Inc|Corp|Ave|Blvd|Rd|No|Gen|Col|Capt|Lt|Rev|Hon|Gov|Sen|Rep|ca|c|vs|etc|approx)|\b[A-Z]|\b(?:U\.S|D\.C|N\.Y|U\.K))\.$/;

/** Split prose into sentences without breaking at "St.", "U.S." or initials. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let current = "";
  for (const piece of text
    .replace(/\s+/g, " ")
    .trim()
    .split(/(?<=[.!?])\s+(?=["“(]?[A-Z0-9])/)) {
    current = current ? `${current} ${piece}` : piece;
    if (!ABBREVIATION.test(current)) {
      out.push(current);
      current = "";
    }
  }
  if (current) out.push(current);
  return out;
}

/** The first sentences of a text, up to about `max` characters (always at least one sentence). */
export function lead(text: string, max = 280): string {
  const parts = sentences(text);
  let out = parts[0] ?? "";
  for (const s of parts.slice(1)) {
    if (out.length + s.length + 1 > max) break;
    out += ` ${s}`;
  }
  return out;
}

const YEAR = "(1[5-9]\\d{2}|20[0-2]\\d)";
const BUILT = new RegExp(
  `\\b(built|constructed|completed|erected|founded|established|laid out|platted|incorporated)\\b(?:[^.;]{0,40}?)\\b(?:in|c\\.|circa|about|around|between|from)?\\s*${YEAR}\\b|\\b(?:Built|Erected)\\s+${YEAR}\\b`,
  "i",
);
const DESIGNATED = new RegExp(
  `\\b(listed on the National Register of Historic Places|added to the National Register of Historic Places|designated(?: an?| as)?[^.;]{0,60}?|declared[^.;]{0,60}?|placed)\\b[^.;]{0,30}?\\bin\\s+${YEAR}\\b`,
  "i",
);

/** The year a text says something was built or founded, with the verb it used. */
export function builtYear(text: string): { year: number; verb: string } | null {
  const m = BUILT.exec(text);
  if (!m) return null;
  const year = Number(m[2] ?? m[3]);
  const verb = (m[1] ?? "built").toLowerCase();
  return Number.isFinite(year) ? { year, verb } : null;
}

/** The year a text says something was listed, designated or placed (a designation, not an age). */
export function designationYear(text: string): { year: number; phrase: string } | null {
  const m = DESIGNATED.exec(text);
  if (!m) return null;
  const phrase = /national register/i.test(m[1]!)
    ? "Listed on the National Register"
    : /placed/i.test(m[1]!)
      ? "Placed"
      : "Designated";
  return { year: Number(m[2]), phrase };
}

const SIGNIFICANT =
  /\b(National Historic Landmark|National Register|landmark|oldest|first|only|example of|notable|significant|important|designed by|architect|style|listed|historic district|museum)\b/i;

/** One sentence on why a place matters, from its own text (never a rank among our records). */
function significanceOf(p: StoryPlace, used: string): string {
  const candidates = sentences(p.description).filter((s) => !used.includes(s) && SIGNIFICANT.test(s));
  if (candidates.length) return candidates[0]!;
  const designation = designationYear(p.description);
  if (designation) return `${designation.phrase} in ${designation.year}, according to ${p.sourceName}.`;
  return `Recorded as a ${p.kind} by ${p.sourceName}.`;
}

// ---------------------------------------------------------------------------------------------------------
// Related places (dive deeper, level 2) and wider context (level 3)

export function nearPlace(c: StoryContext, anchor: StoryPlace | null, filter: (p: StoryPlace) => boolean): string {
  const pool = c.places.filter((p) => p.id !== anchor?.id && filter(p));
  if (!pool.length)
    return `LocalScope's sources hold no other related places within ${c.radius} miles of ${c.city.name}.`;
  if (!anchor)
    return `Related places to visit near the centre of ${c.city.name}: ${list(pool.slice(0, 5).map(named))}.`;
  const near = pool
    .map((p) => ({ p, d: Math.abs(p.distance - anchor.distance) }))
    .sort((a, b) => a.d - b.d || a.p.distance - b.p.distance)
    .slice(0, 4)
    .map(({ p }) => named(p));
  return `Nearby in ${c.city.name}, also in LocalScope's sources: ${list(near)} (distances from the city centre).`;
}

export function widerContext(c: StoryContext): string {
  const { city } = c;
  const parts: string[] = [];
  if (c.texts.seat === "PPLA" || c.texts.seat === "PPLC")
    parts.push(`${city.name} is the capital of ${city.stateName} (GeoNames).`);
  else if (c.texts.seat === "PPLA2") parts.push(`${city.name} is a county seat (GeoNames).`);
  if (city.ranking > 1 && c.county.largest) {
    parts.push(
      c.county.largest.name === city.name
        ? `It is the largest of the ${number(c.county.places)} cities and towns SimpleMaps lists in ${city.countyName} County, ${city.stateName}.`
        : `It lies in ${city.countyName} County, ${city.stateName}, whose largest listed place is ${c.county.largest.name}.`,
    );
  }
  const history = c.places.filter((p) => p.categoryId === 8 && isWikipedia(p)).slice(0, 3);
  if (history.length)
    parts.push(`Historic places around it with Wikipedia articles include ${list(history.map(named))}.`);
  if (c.texts.wikivoyageNearby) {
    const next = c.texts.wikivoyageNearby
      .split(/;\s*/)
      .filter((t) => t && t !== city.name)
      .slice(0, 5);
    if (next.length) parts.push(`Wikivoyage suggests going on to ${list(next)}.`);
  }
  if (c.nearestLarger)
    parts.push(
      `The nearest larger city is ${c.nearestLarger.name}, ${c.nearestLarger.stateCode}, about ${number(c.nearestLarger.miles)} miles to the ${c.nearestLarger.direction}.`,
    );
  return parts.length ? parts.join(" ") : `LocalScope's sources hold no wider context for ${city.name} yet.`;
}

// ---------------------------------------------------------------------------------------------------------
// Facts

/** "Mountain Time" for an IANA zone, from the platform's time zone data (null if it has none). */
function timeZoneName(timeZone: string): string | null {
  try {
    const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longGeneric" })
      .formatToParts(new Date(Date.UTC(2026, 0, 15)))
      .find((p) => p.type === "timeZoneName")?.value;
    // Without a long name the runtime answers a bare offset ("GMT-07:00"): no fact to tell then.
    return name && !/^(GMT|UTC)/.test(name) ? name : null;
  } catch {
    return null;
  }
}

const MUSEUM = /museum|science center|planetarium|zoo|aquarium|botanical garden|arboretum|nature center/i;
const VISITABLE_TITLE =
  /museum|zoo|aquarium|planetarium|garden|fort|house|home|birthplace|mansion|church|cathedral|temple|lighthouse|bridge|station|depot|monument|memorial|park|cemetery|mission|hall|theat(re|er)|school|mill|farm|ranch|site/i;
const ORG_NAME =
  /\b(inc|llc|corp|co|ltd|foundation|fund|society|association|group|council|commission|committee|non-? ?profit|trust|league|club|guild|alliance|coalition|partners)\b\.?/i;
const PO_BOX = /\bp\.?\s*o\.?\s*box\b/i;
/** An office or organisation rather than a place a traveller can visit. */
const organisation = (p: StoryPlace) =>
  (p.address !== null && PO_BOX.test(p.address)) ||
  (ORG_NAME.test(p.title) && !VISITABLE_TITLE.test(p.title.replace(ORG_NAME, "")));
/** Venues from the 2011 business dump call frame shops "galleries" and dog runs "parks": not used for stories. */
const BUSINESS_DUMP = new Set(["wof-simplegeo"]);
/** Words that make a comparative claim; a title never makes one on a source's word alone. */
const COMPARATIVE = /\b(largest|oldest|biggest|only|first|tallest|smallest|most|best)\b/i;
const NATURE =
  /park|nature|lake|summit|forest|garden|trail|beach|reserve|valley|spring|falls|reservoir|island|arch|canyon/i;

/** A person's extract is used only when it names the city or its state (the source matched names automatically). */
export function personFits(person: AssociatedPerson, city: StoryCity): boolean {
  const text = person.extract.toLowerCase();
  return text.includes(city.name.toLowerCase()) || text.includes(city.stateName.toLowerCase());
}

/** Every candidate fact for a city, scored for interest and specificity, best first. */
export function storyFacts(c: StoryContext): StoryFact[] {
  const { city, texts } = c;
  const name = city.name;
  const facts: StoryFact[] = [];
  const add = (f: Omit<StoryFact, "statistic"> & { statistic?: boolean }) => facts.push({ statistic: false, ...f });
  const wider = widerContext(c);
  const history = c.places.filter((p) => p.categoryId === 8 && !organisation(p));

  // Nicknames and other names (WordNet lemmas other than the name itself).
  const lemmas = (texts.wordnetLemmas ?? "")
    .split(/;\s*/)
    .map((s) => s.trim())
    .filter((s) => s && s.toLowerCase() !== name.toLowerCase() && !/^capital of /i.test(s));
  const unique = [...new Set(lemmas)];
  if (unique.length) {
    const nicknames = unique.filter((s) => !s.toLowerCase().includes(name.toLowerCase()));
    add({
      title: `Also called ${list(unique.slice(0, 3).map((s) => `“${s}”`))}`,
      summary: `Besides ${name}, the WordNet dictionary lists ${list(unique.map((s) => `“${s}”`))} as ${unique.length === 1 ? "a name" : "names"} for the city.`,
      category: "Names",
      source: WORDNET,
      details: [
        texts.wordnetGloss
          ? `WordNet's definition: ${name} is ${texts.wordnetGloss.split(" | ")[0]}.`
          : `WordNet gives no definition beyond the names.`,
        nearPlace(c, null, (p) => p.categoryId === 8 || MUSEUM.test(p.kind)),
        wider,
      ],
      score: nicknames.length ? 92 : 50,
    });
  }

  // The WordNet gloss: a dictionary's one-line portrait (2006).
  if (texts.wordnetGloss) {
    const gloss = texts.wordnetGloss.split(" | ")[0]!;
    const noted =
      /\b(noted for|known for|site of|famous|resort|university|college|port|center|centre|home of|scene of)\b/i.exec(
        gloss,
      );
    const capital = /\bcapital\b/i.test(gloss);
    const clause = gloss.split(";").map((s) => s.trim());
    const highlight =
      clause.find((s) => /noted|known|site of|famous|resort|university|home of|scene of/i.test(s)) ??
      clause.find((s) => /capital|center|centre|port/i.test(s)) ??
      clause[0]!;
    add({
      title:
        (noted || capital) && !COMPARATIVE.test(highlight) && highlight.length <= 70
          ? `${highlight.charAt(0).toUpperCase()}${highlight.slice(1).replace(/^"|"$/g, "")}`
          : `${name} in a dictionary`,
      summary: `The WordNet dictionary (2006) describes ${name} as ${gloss.replace(/"/g, "'")}.`,
      category: "Character",
      source: WORDNET,
      details: [
        texts.wikivoyageByline
          ? `Wikivoyage's traveller guide puts it this way: "${texts.wikivoyageByline}"`
          : `That is WordNet's whole entry; it was written around 2006, so a "largest" or "major" in it is as of then.`,
        nearPlace(c, null, (p) => MUSEUM.test(p.kind) || p.categoryId === 8),
        wider,
      ],
      score: noted ? 82 : capital ? 64 : 42,
    });
  }

  // The Wikivoyage byline.
  if (texts.wikivoyageByline && texts.wikivoyageUrl) {
    const generic =
      /^[^,]+ is an? (?:small |large )?(?:city|town|village|borough|community|suburb|hamlet|census-designated place|unincorporated community)[^.]{0,80}\bin\b[^.]*\.$/i.test(
        texts.wikivoyageByline,
      ) && texts.wikivoyageByline.length < 110;
    const next = (texts.wikivoyageNearby ?? "")
      .split(/;\s*/)
      .filter((t) => t && t !== name)
      .slice(0, 6);
    add({
      title: "A traveller's first look",
      summary: `Wikivoyage introduces ${name}: "${texts.wikivoyageByline}"`,
      category: "Travel",
      source: { name: "Wikivoyage", url: texts.wikivoyageUrl, licence: WIKIVOYAGE },
      details: [
        next.length
          ? `From ${name}, Wikivoyage's guide suggests going on to ${list(next)}.`
          : `Wikivoyage's guide to ${name} is linked from this fact's source.`,
        nearPlace(c, null, (p) => p.categoryId === 9 || MUSEUM.test(p.kind)),
        wider,
      ],
      score: generic ? 34 : 72,
    });
  }

  // An associated person (The Pudding's people map; only when the extract names the city or state).
  const person = texts.people.find((p) => personFits(p, city));
  if (person) {
    const first = lead(person.extract, 220).replace(/\.\.\.$/, "…");
    add({
      title: `Associated with ${name}: ${person.person}`,
      summary: `The most-viewed Wikipedia biography (2015–19) among people associated with ${person.neighborhood ? `${person.neighborhood}, ${name}` : name} is ${person.person}'s. Wikipedia, in 2019: "${first}"`,
      category: "People",
      source: { name: "Wikipedia via The Pudding's People Map", url: person.url, licence: WIKIPEDIA },
      details: [
        `Wikipedia's article began, in 2019: "${person.extract}" "Associated" means born, raised or having lived there, as Wikipedia's lists of people from ${name} record it.`,
        nearPlace(c, null, (p) => p.categoryId === 8),
        wider,
      ],
      score: 76,
    });
  }

  // Seats from GeoNames.
  if ((texts.seat === "PPLA" || texts.seat === "PPLC") && !/\bcapital\b/i.test(texts.wordnetGloss ?? "")) {
    add({
      title: `Capital of ${city.stateName}`,
      summary: `${name} is the capital of ${city.stateName}, as GeoNames records it.`,
      category: "Government",
      source: GEONAMES,
      details: [
        `GeoNames marks ${name} as the seat of ${city.stateName}'s government.`,
        nearPlace(c, null, (p) => p.categoryId === 8),
        wider,
      ],
      score: 68,
    });
  } else if (texts.seat === "PPLA2" && city.countyName && city.ranking > 1) {
    add({
      title: `Seat of ${city.countyName} County`,
      summary: `${name} is the county seat of ${city.countyName} County, ${city.stateName}, as GeoNames and SimpleMaps record it.`,
      category: "Government",
      source: GEONAMES,
      details: [
        c.county.largest && c.county.largest.name !== name
          ? `The county's largest listed place is ${c.county.largest.name}, with about ${number(c.county.largest.population)} people (SimpleMaps).`
          : `It is also the largest of the ${number(c.county.places)} cities and towns SimpleMaps lists in the county.`,
        nearPlace(c, null, (p) => p.categoryId === 8),
        wider,
      ],
      score: 58,
    });
  }

  // Historic sites with a Wikipedia paragraph: the first sentences, linked.
  const wiki = history.filter(isWikipedia).slice(0, 8);
  wiki.forEach((p, i) => {
    const summary = lead(p.description, 180);
    const rest = sentences(p.description).slice(sentences(summary).length).join(" ");
    add({
      title: p.title,
      summary,
      category: "Landmark",
      source: placeSource(p),
      details: [
        rest ||
          `${p.title} stands ${mi(p.distance)} from the centre of ${name}${p.address ? `, at ${p.address}` : ""}.`,
        nearPlace(c, p, (q) => q.categoryId === 8 || MUSEUM.test(q.kind)),
        wider,
      ],
      score: 86 - i * 3,
    });
  });

  // The oldest built site, computed over the historic places whose own text gives a construction year.
  const built = history
    .map((p) => ({ p, b: builtYear(p.description) }))
    .filter((x): x is { p: StoryPlace; b: { year: number; verb: string } } => x.b !== null)
    .sort((a, b) => a.b.year - b.b.year || a.p.distance - b.p.distance);
  if (built.length >= 3) {
    const { p, b } = built[0]!;
    add({
      title: `${b.verb.charAt(0).toUpperCase()}${b.verb.slice(1)} in ${b.year}: ${p.title}`,
      summary: `Of the ${number(built.length)} historic places within ${c.radius} miles of ${name} whose records in LocalScope's sources give a construction or founding year, the earliest is ${p.title}, ${b.verb} in ${b.year}.`,
      category: "History",
      source: placeSource(p),
      details: [
        lead(p.description, 400),
        `Next by year: ${list(built.slice(1, 4).map((x) => `${x.p.title} (${x.b.verb} ${x.b.year})`))}.`,
        wider,
      ],
      score: 66,
    });
  }

  // Museums worth the trip (discipline museums before society offices).
  const visitable = c.places
    .filter((p) => !BUSINESS_DUMP.has(p.source) && (MUSEUM.test(p.kind) || MUSEUM.test(p.title)) && !organisation(p))
    .sort((a, b) => b.quality - a.quality || a.distance - b.distance);
  if (visitable.length) {
    const top = visitable.slice(0, 4);
    add({
      title: top.length === 1 ? `A museum: ${top[0]!.title}` : `Museums to visit`,
      summary: `Museums and galleries near the centre of ${name}: ${list(top.map(named))}.`,
      category: "Culture",
      source: { name: top[0]!.sourceName, url: null, licence: top[0]!.licence },
      details: [
        top
          .map(
            (p) =>
              `${p.title}: ${p.description ? lead(p.description, 160) : p.kind}${p.address ? ` (${p.address})` : ""}`,
          )
          .join(" "),
        nearPlace(c, top[0]!, (q) => q.categoryId === 8 || q.categoryId === 9),
        wider,
      ],
      score: 56,
    });
  }

  // Parks and nature, food and drink, places to stay: named places, never bare counts.
  const groups: Array<[string, string, StoryPlace[], number]> = [
    [
      "Parks and nature",
      "Nature",
      c.places.filter((p) => p.categoryId === 9 && NATURE.test(p.kind) && !BUSINESS_DUMP.has(p.source)),
      44,
    ],
    ["Local brewing", "Food & Drink", c.places.filter((p) => /brew|taproom|distillery|winery/i.test(p.kind)), 40],
    ["Farmers markets", "Food & Drink", c.places.filter((p) => /farmers.?market/i.test(p.kind)), 36],
    ["Libraries", "Culture", c.places.filter((p) => /library/i.test(p.kind)), 30],
  ];
  for (const [title, category, group, score] of groups) {
    if (!group.length) continue;
    const top = group.slice(0, 4);
    add({
      title,
      summary: `${title} near ${name} in LocalScope's open data: ${list(top.map(named))}.`,
      category,
      source: { name: top[0]!.sourceName, url: null, licence: top[0]!.licence },
      details: [
        top.map((p) => `${p.title} (${p.kind}${p.address ? `, ${p.address}` : ""}).`).join(" "),
        nearPlace(c, top[0]!, (q) => q.categoryId === top[0]!.categoryId),
        wider,
      ],
      score,
    });
  }

  if (c.nearestLarger) {
    const big = c.nearestLarger;
    add({
      title: `${number(big.miles)} miles from ${big.name}`,
      summary: `The nearest larger city to ${name} is ${big.name}, ${big.stateCode}, about ${number(big.miles)} miles to the ${big.direction} as the crow flies.`,
      category: "Geography",
      source: SIMPLEMAPS,
      details: [
        `"Larger" means at least twice ${name}'s population figure and at least 50,000 people in the SimpleMaps data.`,
        nearPlace(c, null, (p) => p.categoryId === 9),
        wider,
      ],
      score: 38,
    });
  }

  // Statistics: only to fill up to five facts (below).
  const people = city.urbanArea
    ? `an urban area of about ${number(city.population)} people`
    : `about ${number(city.population)} residents`;
  add({
    title: city.urbanArea ? "A metropolitan heart" : `Home to ${number(city.population)} people`,
    summary: `SimpleMaps counts ${people} for ${name}${city.urbanArea ? " (the urban-area figure, not the city proper)" : ""}.`,
    category: "Population",
    source: SIMPLEMAPS,
    details: [`SimpleMaps builds its figures from US Census Bureau data.`, nearPlace(c, null, () => true), wider],
    score: 20,
    statistic: true,
  });
  if (city.ranking > 1 && city.countyName) {
    add({
      title: `In ${city.countyName} County`,
      summary: `${name} lies in ${city.countyName} County, ${city.stateName}, one of ${number(c.county.places)} cities and towns SimpleMaps lists there.`,
      category: "Geography",
      source: SIMPLEMAPS,
      details: [
        c.county.largest
          ? `The county's largest listed place is ${c.county.largest.name}.`
          : `No other place in the county is listed.`,
        nearPlace(c, null, () => true),
        wider,
      ],
      score: 18,
      statistic: true,
    });
  }
  // For towns with little else: facts from the cities dataset, last of all (statistic = true).
  if (city.ranking > 1 && c.county.largest && c.county.largest.name !== name) {
    add({
      title: `${c.county.largest.name}, the county's largest`,
      summary: `The largest place in ${city.countyName} County, ${city.stateName}, is ${c.county.largest.name}, with about ${number(c.county.largest.population)} people; ${name} counts about ${number(city.population)}.`,
      category: "Geography",
      source: SIMPLEMAPS,
      details: [
        `SimpleMaps lists ${number(c.county.places)} cities and towns in ${city.countyName} County.`,
        nearPlace(c, null, () => true),
        wider,
      ],
      score: 12,
      statistic: true,
    });
  }
  const zone = timeZoneName(city.timezone);
  if (zone) {
    add({
      title: `On ${zone}`,
      summary: `${name} keeps ${zone} (${city.timezone}); LocalScope shows "Open now" for its places in this time zone.`,
      category: "Time",
      source: SIMPLEMAPS,
      details: [
        `The time zone comes from the SimpleMaps data; its offsets from the IANA time zone database.`,
        nearPlace(c, null, () => true),
        wider,
      ],
      score: 6,
      statistic: true,
    });
  }
  if (c.zips.length === 1) {
    add({
      title: `ZIP code ${c.zips[0]}`,
      summary: `${name} has a single ZIP code, ${c.zips[0]}; type it into LocalScope's city search to find the town.`,
      category: "Geography",
      source: SIMPLEMAPS,
      details: [`ZIP codes per city come from the SimpleMaps data.`, nearPlace(c, null, () => true), wider],
      score: 7,
      statistic: true,
    });
  }
  if (c.zips.length > 1) {
    add({
      title: `${number(c.zips.length)} ZIP codes`,
      summary: `${name} spans ${number(c.zips.length)} ZIP codes, from ${c.zips[0]} to ${c.zips.at(-1)}.`,
      category: "Geography",
      source: SIMPLEMAPS,
      details: [
        `Type any of them into LocalScope's city search to find ${name}.`,
        nearPlace(c, null, () => true),
        wider,
      ],
      score: 8,
      statistic: true,
    });
  }

  const seen = new Set<string>();
  const ranked = facts
    .filter((f) => {
      const key = f.title.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => b.score - a.score);
  // Statistics come only after every better fact: the first five never hold one when five better exist.
  return [...ranked.filter((f) => !f.statistic), ...ranked.filter((f) => f.statistic)];
}

// ---------------------------------------------------------------------------------------------------------
// History

const MAX_HISTORY = 60;

/**
 * History entries: sites with a Wikipedia paragraph first, then register and landmark records, markers and
 * monuments; within each, by the year the text says the place was built (undated last, nearest first).
 */
export function storyHistory(c: StoryContext): StoryHistory[] {
  const history = c.places.filter((p) => p.categoryId === 8 && !organisation(p));
  const dated = (p: StoryPlace) => builtYear(p.description)?.year ?? Number.POSITIVE_INFINITY;
  const order = (a: StoryPlace, b: StoryPlace) => dated(a) - dated(b) || a.distance - b.distance || a.id - b.id;
  const wiki = history.filter(isWikipedia).sort(order);
  const rest = history
    .filter((p) => !isWikipedia(p))
    .sort((a, b) => dated(a) - dated(b) || b.quality - a.quality || a.distance - b.distance || a.id - b.id);
  const seen = new Set<string>();
  return [...wiki, ...rest]
    .filter((p) => {
      const key = p.title.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_HISTORY)
    .map((p): StoryHistory => {
      const b = builtYear(p.description);
      const d = designationYear(p.description);
      const content = isWikipedia(p)
        ? p.description
        : `${p.description}${p.address ? ` Address: ${p.address}.` : ""}`.trim() ||
          `${p.title}, ${mi(p.distance)} from the centre of ${c.city.name}.`;
      return {
        id: `place-${p.id}`,
        title: p.title,
        period: b
          ? `${b.verb.charAt(0).toUpperCase()}${b.verb.slice(1)} ${b.year}`
          : d
            ? `${d.phrase} ${d.year}`
            : "Date not recorded",
        category: p.kind.replace(/\b\p{L}/gu, (ch) => ch.toUpperCase()),
        content,
        significance: significanceOf(p, isWikipedia(p) ? (sentences(p.description)[0] ?? "") : ""),
        source: placeSource(p),
      };
    });
}

// ---------------------------------------------------------------------------------------------------------
// Checking a model's rewrite against its grounded material

const STOP_NAMES = new Set([
  "The",
  "A",
  "An",
  "In",
  "On",
  "At",
  "Of",
  "And",
  "But",
  "Its",
  "It",
  "This",
  "That",
  "These",
  "Those",
  "Today",
  "Here",
  "There",
  "Visitors",
  "You",
  "Your",
  "Locals",
  "Travelers",
  "Travellers",
  "Explore",
  "Discover",
  "Did",
  "Fun",
  "Fact",
  "History",
  "Built",
  "Designated",
  "Listed",
  "Also",
  "Known",
  "With",
  "From",
  "For",
  "As",
  "By",
  "When",
  "While",
  "Some",
  "Many",
  "Most",
  "One",
  "LocalScope",
  "Wikipedia",
  "Wikivoyage",
  "WordNet",
  "GeoNames",
  "SimpleMaps",
  "National",
  "Register",
  "Historic",
  "Places",
  "Landmark",
  "Museum",
  "Park",
  "City",
  "County",
  "State",
  "North",
  "South",
  "East",
  "West",
  "American",
  "US",
  "U.S.",
]);

/** Names (runs of capitalised words) and numbers (years, counts) a text states. */
export function claims(text: string): { names: string[]; numbers: string[] } {
  const numbers = [...text.matchAll(/\b\d[\d,]*(?:\.\d+)?\b/g)].map((m) => m[0].replace(/,/g, ""));
  const names: string[] = [];
  for (const sentence of sentences(text)) {
    const words = sentence
      .replace(/[“”"'’(),:;!?[\]{}]/g, " ")
      .split(/\s+/)
      .filter(Boolean);
    words.forEach((w, i) => {
      if (i === 0 || !/^\p{Lu}[\p{L}.-]+$/u.test(w) || STOP_NAMES.has(w.replace(/\.$/, ""))) return;
      names.push(w.replace(/\.$/, ""));
    });
  }
  return { names, numbers };
}

/**
 * What a model wrote that its context does not contain: each name word and each number must appear in the
 * grounded material it was given. An empty list means the rewrite may be shown.
 */
export function ungrounded(output: string, material: string): string[] {
  const haystack = material.toLowerCase().replace(/,(?=\d{3}\b)/g, "");
  const { names, numbers } = claims(output);
  const missing = [
    ...names.filter((n) => !haystack.includes(n.toLowerCase())),
    ...numbers.filter((n) => !new RegExp(`(^|[^\\d])${n.replace(".", "\\.")}([^\\d]|$)`).test(haystack)),
  ];
  return [...new Set(missing)];
}
