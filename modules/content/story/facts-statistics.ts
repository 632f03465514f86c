import { LIST } from "../../../src/domain/lists";
import type { FactDraft } from "./facts-draft";
import type { StoryContext } from "./types";
import { divisionNoun } from "./division";
import { NEAREST_FLOOR } from "./nearest";
import { SIMPLEMAPS, nearPlace, nearestLine, number, timeZoneName, whereLine } from "./wording";

/** Facts from the cities dataset: the nearest larger city, then statistics that only fill what is left. */
export function statisticFacts(c: StoryContext, wider: string): FactDraft[] {
  const { city } = c;
  const name = city.name;
  const facts: FactDraft[] = [];
  const add = (f: FactDraft) => facts.push(f);

  const nearest = nearestLine(c);
  if (c.nearestLarger && nearest) {
    const big = c.nearestLarger;
    add({
      title:
        big.atLeast === NEAREST_FLOOR
          ? `Nearest town of ${number(NEAREST_FLOOR)}+: ${big.name}`
          : `Nearest larger city: ${big.name}`,
      summary: nearest,
      category: "Geography",
      source: SIMPLEMAPS,
      details: [
        `The rule: of every city in the SimpleMaps data with at least ${number(big.atLeast)} people, the one nearest the centre of ${name}; ${big.name} counts about ${number(big.population)}.`,
        nearPlace(c, null, (p) => p.categoryId === LIST.activities),
        wider,
      ],
      score: 38,
      statistic: true,
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
  const division = city.division;
  if (city.ranking > 1 && city.countyName) {
    add({
      title: division.isCity ? "An independent city" : `In ${division.label.replace(/^the /, "")}`,
      summary: `${whereLine(c)}.`,
      category: "Geography",
      source: SIMPLEMAPS,
      details: [
        division.isCity
          ? `In the Census Bureau's numbering (which SimpleMaps carries), ${name}'s county code is that of an independent city.`
          : `SimpleMaps lists ${number(c.county.places)} cities and towns in ${division.label}.`,
        nearPlace(c, null, () => true),
        wider,
      ],
      score: 18,
      statistic: true,
    });
  }
  // For towns with little else: facts from the cities dataset, last of all (statistic = true).
  if (city.ranking > 1 && !division.isCity && c.county.largest && c.county.largest.name !== name) {
    add({
      title: `${c.county.largest.name}, the ${divisionNoun(division)}'s largest`,
      summary: `The largest place in ${division.label}, ${city.stateName}, is ${c.county.largest.name}, with about ${number(c.county.largest.population)} people; ${name} counts about ${number(city.population)}.`,
      category: "Geography",
      source: SIMPLEMAPS,
      details: [
        `SimpleMaps lists ${number(c.county.places)} cities and towns in ${division.label}.`,
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
