import { LIST } from "../../../src/domain/lists";
/** How stories word things: sources, numbers, distances, lists, and the related-places and wider-context lines. */
import { divisionNoun } from "./division";
import { NEAREST_FLOOR } from "./nearest";
import { organisation } from "./select";
import { namesTitle } from "./truth";
import type { StoryContext, StoryPlace, StorySource } from "./types";

export const WIKIPEDIA = "CC BY-SA 4.0";
export const WIKIVOYAGE = "CC BY-SA 3.0";
export const WORDNET: StorySource = {
  name: "WordNet 3.0 (Princeton University, 2006)",
  url: "https://wordnet.princeton.edu/",
  licence: "WordNet 3.0 licence",
};
export const SIMPLEMAPS: StorySource = {
  name: "SimpleMaps US Cities Database",
  url: "https://simplemaps.com/data/us-cities",
  licence: "CC BY 4.0",
};
export const GEONAMES: StorySource = { name: "GeoNames", url: "https://www.geonames.org/", licence: "CC BY 4.0" };

import { grouped as number } from "../../../src/domain/numbers";

export { number };
export const mi = (d: number) => `${d.toFixed(1)} mi`;
export const list = (items: string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
export const named = (p: StoryPlace) => `${p.title} (${mi(p.distance)})`;
/** A place whose text is its Wikipedia article's paragraph, and a paragraph about it (it names the title). */
const wikipedia = new WeakMap<StoryPlace, boolean>();
export const isWikipedia = (p: StoryPlace): boolean => {
  let known = wikipedia.get(p);
  if (known === undefined) {
    known =
      p.url !== null &&
      /wikipedia\.org\/wiki\//.test(p.url) &&
      p.description.length >= 80 &&
      namesTitle(p.title, p.description);
    wikipedia.set(p, known);
  }
  return known;
};
export const placeSource = (p: StoryPlace): StorySource =>
  isWikipedia(p)
    ? { name: "Wikipedia", url: p.url, licence: WIKIPEDIA }
    : { name: p.sourceName, url: p.url, licence: p.licence };

// ---------------------------------------------------------------------------------------------------------
// Related places (dive deeper, level 2) and wider context (level 3)

export function nearPlace(c: StoryContext, anchor: StoryPlace | null, filter: (p: StoryPlace) => boolean): string {
  const pool = c.places.filter((p) => p.id !== anchor?.id && !organisation(p) && filter(p));
  if (!pool.length)
    return `LocalScope's sources hold no other related places within ${c.radius} miles of ${c.city.name}.`;
  if (!anchor)
    return `Related places to visit within ${c.radius} miles of ${c.city.name}: ${list(pool.slice(0, 5).map(named))}.`;
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
  else if (c.texts.seat === "PPLA2" && !city.division.isCity)
    parts.push(`${city.name} is the seat of ${city.division.label} (GeoNames).`);
  if (city.ranking > 1 && c.county.largest) parts.push(`${whereLine(c)}.`);
  const history = c.places.filter((p) => p.categoryId === LIST.history && isWikipedia(p)).slice(0, 3);
  if (history.length)
    parts.push(`Historic places around it with Wikipedia articles include ${list(history.map(named))}.`);
  if (c.texts.wikivoyageNearby) {
    const next = c.texts.wikivoyageNearby
      .split(/;\s*/)
      .filter((t) => t && t !== city.name)
      .slice(0, 5);
    if (next.length) parts.push(`Wikivoyage suggests going on to ${list(next)}.`);
  }
  const nearest = nearestLine(c);
  if (nearest) parts.push(nearest);
  return parts.length ? parts.join(" ") : `LocalScope's sources hold no wider context for ${city.name} yet.`;
}

/**
 * Where the city lies, in the word its state uses: "Tombstone lies in Cochise County, Arizona, whose largest
 * listed place is Sierra Vista"; "New Orleans lies in Orleans Parish"; "Charlottesville is an independent city".
 */
export function whereLine(c: StoryContext): string {
  const { city } = c;
  const d = city.division;
  if (d.isCity) return `${city.name} is an independent city of ${city.stateName}: it belongs to no county`;
  const largest = c.county.largest;
  const tail =
    !largest || largest.name === city.name
      ? `, the largest of the ${number(c.county.places)} cities and towns SimpleMaps lists in the ${divisionNoun(d)}`
      : `, whose largest listed place is ${largest.name}`;
  return `${city.name} lies in ${d.label}, ${city.stateName}${tail}`;
}

/** The nearest-city claim with its rule in it: "the nearest city of at least 10,000 people", or "with more people than". */
export function nearestLine(c: StoryContext): string | null {
  const big = c.nearestLarger;
  if (!big) return null;
  const name = c.city.name;
  const rule =
    big.atLeast === NEAREST_FLOOR
      ? `The nearest city of at least ${number(NEAREST_FLOOR)} people to ${name}`
      : `The nearest city with more people than ${name} (about ${number(c.city.population)})`;
  return `${rule} is ${big.name}, ${big.stateCode}, with about ${number(big.population)}, ${number(big.miles)} miles to the ${big.direction} as the crow flies (SimpleMaps figures).`;
}

/** "Mountain Time" for an IANA zone, from the platform's time zone data (null if it has none). */
export function timeZoneName(timeZone: string): string | null {
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
