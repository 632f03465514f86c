import { DATASETS } from "../../db/import/places";
import { distanceMiles } from "../../src/geo";
import type { CityContext, ContentProvider, DeeperLevel, FunFact, HistoryEntry } from "./service";
import { itemKey } from "./service";
import type { PlaceBrief } from "../places";

/**
 * The data-grounded provider (DECISIONS 7): every sentence is composed from the cities dataset and the
 * places store, so it is true as far as those sources are. It needs no model, answers instantly, and is
 * the fallback whenever a model is slow or fails. Each fact carries its own three deeper levels.
 */

const SOURCE_NAMES = new Map<string, string>(DATASETS.map((d) => [d.key, d.name]));
SOURCE_NAMES.set("osm", "OpenStreetMap");
const CITIES_SOURCE = "the SimpleMaps US Cities Database (built from U.S. Census Bureau data, CC BY 4.0)";

const number = (n: number) => n.toLocaleString("en-US");
const plural = (n: number, one: string, many = `${one}s`) => `${number(n)} ${n === 1 ? one : many}`;
export function ordinal(n: number): string {
  const rem100 = n % 100;
  const suffix = rem100 >= 11 && rem100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${number(n)}${suffix}`;
}
const list = (items: string[]) => (items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);
const sourceName = (key: string) => SOURCE_NAMES.get(key) ?? key;
const sourcesOf = (places: PlaceBrief[]) => {
  const counts = new Map<string, number>();
  for (const p of places) counts.set(p.source, (counts.get(p.source) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([key, n]) => `${sourceName(key)} (${number(n)})`);
};
const compass = (deg: number) => ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"][Math.round(deg / 45) % 8]!;
const mi = (d: number) => `${d.toFixed(1)} mi`;
const named = (p: PlaceBrief) => `${p.title} (${mi(p.distance)})`;
const dated = (p: PlaceBrief) => p.since !== null && /^\d{4}/.test(p.since);
const year = (p: PlaceBrief) => Number(p.since!.slice(0, 4));

function zoneName(timeZone: string, style: "longGeneric" | "shortOffset", at = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: style }).formatToParts(at).find((p) => p.type === "timeZoneName");
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

interface GroundedFact extends FunFact {
  details: [string, string, string];
}

/** Count places by a label, most common first. */
function tally(places: PlaceBrief[], label: (p: PlaceBrief) => string): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const p of places) counts.set(label(p), (counts.get(label(p)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

const CATEGORY_NAMES: Record<number, string> = { 8: "historic sites", 9: "activities", 10: "places to eat and drink", 11: "places to stay", 12: "shops" };

/** A themed group of places ("museums", "parks and nature") as one fact with three levels. */
function groupFact(c: CityContext, group: PlaceBrief[], o: { title: string; one: string; many: string; category: string }): GroundedFact | null {
  if (group.length === 0) return null;
  const name = c.city.name;
  const nearest = group.slice(0, 5);
  const kinds = tally(group, (p) => p.kind).slice(0, 5);
  return {
    title: o.title,
    category: o.category,
    summary: `LocalScope's open data lists ${plural(group.length, o.one, o.many)} within ${c.radius} miles of ${name}; the nearest is ${group[0]!.title}, ${mi(group[0]!.distance)} from the centre.`,
    details: [
      `The closest ones: ${list(nearest.map(named))}.`,
      `By kind: ${list(kinds.map(([k, n]) => `${n} ${k}`))}.${group.some((p) => p.address) ? ` ${group.filter((p) => p.address).length} of them have a street address on record.` : ""}`,
      `Where this comes from: ${list(sourcesOf(group))}. Distances are straight-line miles from ${name}'s centre at ${c.city.latitude.toFixed(4)}, ${c.city.longitude.toFixed(4)}.`,
    ],
  };
}

const factsByContext = new WeakMap<CityContext, GroundedFact[]>();

/** The grounded facts of a context, composed once (facts, deeper levels and the model's prompt share them). */
export function groundedFacts(c: CityContext): GroundedFact[] {
  let facts = factsByContext.get(c);
  if (!facts) factsByContext.set(c, (facts = composeFacts(c)));
  return facts;
}

function composeFacts(c: CityContext): GroundedFact[] {
  const { city } = c;
  const name = city.name;
  const places = c.places;
  const facts: Array<GroundedFact | null> = [];
  const people = city.urbanArea ? `about ${number(city.population)} people in its urban area` : `about ${number(city.population)} residents`;

  facts.push({
    title: city.urbanArea ? `An urban area of ${number(city.population)}` : `Home to ${number(city.population)} people`,
    category: "Population",
    summary: `${name} counts ${people}, the ${c.stateRank.rank === 1 ? "" : `${ordinal(c.stateRank.rank)} `}largest of the ${number(c.stateRank.of)} cities and towns listed for ${city.stateName}.`,
    details: [
      `That is about ${number(Math.round(city.density))} people per square mile, ${c.densityPercentile >= 99 ? "among the densest 1%" : `denser than ${c.densityPercentile}%`} of the US cities and towns in the same dataset.`,
      c.county.largest && c.county.largest.name !== name
        ? `Within ${city.countyName} County the largest place is ${c.county.largest.name} (${number(c.county.largest.population)} people); the county has ${plural(c.county.places, "listed city or town", "listed cities and towns")}.`
        : `${name} is the largest of the ${plural(c.county.places, "listed city or town", "listed cities and towns")} in ${city.countyName} County.`,
      `These figures come from ${CITIES_SOURCE}. ${city.urbanArea ? `For the largest cities it gives the urban-area population rather than the city proper's. ` : ""}${name} is ${city.incorporated ? "an incorporated municipality" : "a census-designated place rather than an incorporated municipality"}.`,
    ],
  });

  const history = places.filter((p) => p.categoryId === 8);
  const datedHistory = history.filter(dated).sort((a, b) => year(a) - year(b) || a.distance - b.distance);
  if (datedHistory.length) {
    const oldest = datedHistory[0]!;
    facts.push({
      title: `Dated back to ${oldest.since}`,
      category: "History",
      summary: `The oldest dated historic place near ${name} in LocalScope's sources is ${oldest.title}, from ${oldest.since}, ${mi(oldest.distance)} from the centre.`,
      details: [
        `${oldest.description}${oldest.address ? ` It stands at ${oldest.address}.` : ""}`,
        datedHistory.length > 1
          ? `Next in age: ${list(datedHistory.slice(1, 4).map((p) => `${p.title} (${p.since})`))}. ${plural(datedHistory.length, "historic place")} within ${c.radius} miles carry a date.`
          : `It is the only historic place within ${c.radius} miles that carries a date in our sources.`,
        `Recorded by ${sourceName(oldest.source)} (${oldest.licence}). Dates are the year the source gives: built, dedicated or placed, depending on the record.`,
      ],
    });
  }

  const museums = places.filter((p) => /museum|gallery|historical society|science center|planetarium/i.test(p.kind));
  facts.push(groupFact(c, museums, { title: museums.length === 1 ? "A museum nearby" : `${number(museums.length)} museums nearby`, one: "museum or gallery", many: "museums and galleries", category: "Culture" }));

  const tallyKinds = tally(places.filter((p) => p.categoryId !== 8), (p) => p.kind);
  if (tallyKinds.length && places.length >= 5) {
    const [topKind, topCount] = tallyKinds[0]!;
    const categories = tally(places, (p) => CATEGORY_NAMES[p.categoryId] ?? "other places");
    facts.push({
      title: `${topKind === "restaurant" ? "Restaurants" : `${topKind.charAt(0).toUpperCase()}${topKind.slice(1)} places`} lead the map`,
      category: "Local Life",
      summary: `Of the ${number(places.length)} places within ${c.radius} miles of ${name} in LocalScope's open data, the most common kind is ${topKind}: ${number(topCount)} of them.`,
      details: [
        `The next most common kinds: ${list(tallyKinds.slice(1, 6).map(([k, n]) => `${k} (${number(n)})`))}.`,
        `Across the app's categories: ${list(categories.map(([k, n]) => `${number(n)} ${k}`))}.`,
        `Every place comes from an open dataset: ${list(sourcesOf(places).slice(0, 6))}. None is written by a model.`,
      ],
    });
  }

  if (c.nearestLarger) {
    const big = c.nearestLarger;
    facts.push({
      title: `${number(big.miles)} miles from ${big.name}`,
      category: "Geography",
      summary: `The nearest larger city to ${name} is ${big.name}, ${big.stateCode}, about ${number(big.miles)} miles to the ${compass(big.bearing)} as the crow flies.`,
      details: [
        `${big.name} counts about ${number(big.population)} people in the same dataset, ${(big.population / Math.max(1, city.population)).toFixed(1)} times ${name}'s figure.`,
        `"Larger" here means at least twice ${name}'s population and at least 50,000 people; the bearing from ${name} is ${big.bearing}°.`,
        `Distances are great-circle miles between the two city centres given by ${CITIES_SOURCE}.`,
      ],
    });
  }

  const north = c.northOf >= 50;
  facts.push({
    title: `${Math.abs(city.latitude).toFixed(2)}° north`,
    category: "Geography",
    summary: `${name}'s centre lies at ${city.latitude.toFixed(4)}° N, ${Math.abs(city.longitude).toFixed(4)}° W: farther ${north ? "north" : "south"} than ${north ? c.northOf : 100 - c.northOf}% of US cities and towns.`,
    details: [
      `It is also farther ${c.westOf >= 50 ? "west" : "east"} than ${c.westOf >= 50 ? c.westOf : 100 - c.westOf}% of them.`,
      `The point used as the geographic centre of the contiguous United States (39.83° N, 98.58° W) is about ${number(Math.round(distanceMiles(city.latitude, city.longitude, 39.83, -98.58)))} miles away.`,
      `LocalScope measures every distance in the app from this centre point, given by ${CITIES_SOURCE}.`,
    ],
  });

  facts.push({
    title: `In ${city.countyName} County`,
    category: "Geography",
    summary: `${name} lies in ${city.countyName} County, ${city.stateName}, one of ${plural(c.county.places, "city or town", "cities and towns")} listed in that county.`,
    details: [
      c.county.largest ? `The county's largest listed place is ${c.county.largest.name}, with about ${number(c.county.largest.population)} people.` : `No other place in the county is listed.`,
      `${city.stateName} has ${plural(c.stateRank.of, "listed city or town", "listed cities and towns")}; by population ${name} ranks ${ordinal(c.stateRank.rank)}.`,
      `County names and populations come from ${CITIES_SOURCE}.`,
    ],
  });

  const winter = zoneName(city.timezone, "shortOffset", new Date(Date.UTC(2026, 0, 15, 12)));
  const summer = zoneName(city.timezone, "shortOffset", new Date(Date.UTC(2026, 6, 15, 12)));
  facts.push({
    title: `On ${zoneName(city.timezone, "longGeneric")}`,
    category: "Time",
    summary: `${name} keeps ${zoneName(city.timezone, "longGeneric")} (time zone ${city.timezone}).`,
    details: [
      winter === summer
        ? `Its clocks stay at ${winter.replace("GMT", "UTC")} all year: no daylight saving time.`
        : `Its clocks read ${winter.replace("GMT", "UTC")} in winter and ${summer.replace("GMT", "UTC")} in summer, with daylight saving time.`,
      `LocalScope shows "Open now" and "Closed" for ${name}'s places in this time zone, from each place's recorded opening hours.`,
      `The time zone comes from ${CITIES_SOURCE}; the offsets from the IANA time zone database.`,
    ],
  });

  const food = places.filter((p) => p.categoryId === 10);
  facts.push(groupFact(c, food, { title: `${number(food.length)} places to eat and drink`, one: "place to eat and drink", many: "places to eat and drink", category: "Food & Drink" }));
  const nature = places.filter((p) => p.categoryId === 9 && /park|nature|lake|summit|forest|garden|trail|beach|reserve|valley|spring|falls|reservoir|island|arch|canyon/i.test(p.kind));
  facts.push(groupFact(c, nature, { title: "Parks and nature", one: "park or natural feature", many: "parks and natural features", category: "Nature" }));
  const lodging = places.filter((p) => p.categoryId === 11);
  facts.push(groupFact(c, lodging, { title: `${number(lodging.length)} places to stay`, one: "place to stay", many: "places to stay", category: "Travel" }));
  const libraries = places.filter((p) => /library/i.test(p.kind));
  facts.push(groupFact(c, libraries, { title: libraries.length === 1 ? "A public library nearby" : `${number(libraries.length)} libraries`, one: "library", many: "libraries", category: "Culture" }));
  const markets = places.filter((p) => /farmers.?market/i.test(p.kind));
  facts.push(groupFact(c, markets, { title: "Farmers markets", one: "farmers market", many: "farmers markets", category: "Food & Drink" }));
  const breweries = places.filter((p) => /brew|taproom|distillery|winery/i.test(p.kind));
  facts.push(groupFact(c, breweries, { title: "Local brewing", one: "brewery or taproom", many: "breweries and taprooms", category: "Food & Drink" }));

  if (c.zips.length) {
    facts.push({
      title: c.zips.length === 1 ? `ZIP code ${c.zips[0]}` : `${number(c.zips.length)} ZIP codes`,
      category: "Geography",
      summary: c.zips.length === 1 ? `${name} has a single ZIP code, ${c.zips[0]}.` : `${name} spans ${number(c.zips.length)} ZIP codes, from ${c.zips[0]} to ${c.zips.at(-1)}.`,
      details: [
        `The ZIP codes: ${list(c.zips.slice(0, 40))}${c.zips.length > 40 ? ` and ${c.zips.length - 40} more` : ""}.`,
        `Type any of them into LocalScope's city search to find ${name}.`,
        `ZIP codes per city come from ${CITIES_SOURCE}.`,
      ],
    });
  }

  if (history.length) {
    facts.push(groupFact(c, history, { title: `${number(history.length)} historic places`, one: "historic site or landmark", many: "historic sites and landmarks", category: "History" }));
  }

  const seen = new Set<string>();
  return facts.filter((f): f is GroundedFact => {
    if (!f || seen.has(itemKey(f.title))) return false;
    seen.add(itemKey(f.title));
    return true;
  });
}


const MAX_HISTORY = 60;

/** History entries: the city's historic places, dated ones oldest first, then the undated by quality. */
export function groundedHistory(c: CityContext): HistoryEntry[] {
  const name = c.city.name;
  const history = c.places.filter((p) => p.categoryId === 8);
  const withDate = history.filter(dated).sort((a, b) => year(a) - year(b) || a.distance - b.distance || a.id - b.id);
  const without = history.filter((p) => !dated(p)).sort((a, b) => b.quality - a.quality || a.distance - b.distance || a.id - b.id);
  const entries = [...withDate, ...without].slice(0, MAX_HISTORY).map((p): HistoryEntry => {
    const rank = withDate.indexOf(p);
    return {
      id: `place-${p.id}`,
      title: p.title,
      period: p.since ?? "Date not recorded",
      category: p.kind.replace(/\b\p{L}/gu, (ch) => ch.toUpperCase()),
      content: `${p.description}${p.address ? ` Address: ${p.address}.` : ""} ${mi(p.distance)} from the centre of ${name}.`,
      significance:
        rank >= 0
          ? `${rank === 0 ? "The oldest" : `The ${ordinal(rank + 1)} oldest`} of the ${plural(withDate.length, "dated historic place")} recorded within ${c.radius} miles of ${name}. Source: ${sourceName(p.source)} (${p.licence}).`
          : `One of ${plural(history.length, "historic place")} recorded within ${c.radius} miles of ${name}. Source: ${sourceName(p.source)} (${p.licence}).`,
    };
  });
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(itemKey(e.title)) && Boolean(seen.add(itemKey(e.title))));
}

/** Deeper levels for a fact this provider did not write (a model's fact when the model is down): city context, honestly labelled. */
function genericDeeper(c: CityContext, fact: { title: string }, level: DeeperLevel): string {
  const name = c.city.name;
  if (level === 1) {
    const categories = tally(c.places, (p) => CATEGORY_NAMES[p.categoryId] ?? "other places");
    return categories.length
      ? `Around ${name}, LocalScope's open data lists ${number(c.places.length)} places within ${c.radius} miles: ${list(categories.map(([k, n]) => `${number(n)} ${k}`))}.`
      : `LocalScope's open data has no places recorded within ${c.radius} miles of ${name} yet.`;
  }
  if (level === 2) {
    return `${name} lies in ${c.city.countyName} County and ranks ${ordinal(c.stateRank.rank)} by population of the ${number(c.stateRank.of)} cities and towns listed for ${c.city.stateName}; it keeps ${zoneName(c.city.timezone, "longGeneric")}.`;
  }
  return `Our open datasets hold no further recorded detail about "${fact.title}". Sources behind ${name}'s page: ${CITIES_SOURCE}${c.places.length ? `, ${list(sourcesOf(c.places).slice(0, 5))}` : ""}.`;
}

export function groundedProvider(): ContentProvider {
  return {
    name: "grounded",
    async facts(context) {
      return groundedFacts(context).map(({ title, summary, category }) => ({ title, summary, category }));
    },
    async history(context) {
      return groundedHistory(context);
    },
    async deeper(context, fact, level) {
      const own = groundedFacts(context).find((f) => itemKey(f.title) === itemKey(fact.title));
      return own ? own.details[level - 1] : genericDeeper(context, fact, level);
    },
  };
}
