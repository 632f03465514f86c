import type { FactDraft } from "./facts-draft";
import type { StoryContext } from "./types";
import { SIMPLEMAPS, nearPlace, number, timeZoneName } from "./wording";

/** Facts from the cities dataset: the nearest larger city, then statistics that only fill what is left. */
export function statisticFacts(c: StoryContext, wider: string): FactDraft[] {
  const { city } = c;
  const name = city.name;
  const facts: FactDraft[] = [];
  const add = (f: FactDraft) => facts.push(f);

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
  return facts;
}
