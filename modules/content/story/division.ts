/**
 * What the county-level division of a city is called, from the cities data alone. Louisiana's are parishes;
 * Alaska's are boroughs and census areas (the data does not say which, so both words are used); a county code of
 * 510 or above is, in the Census Bureau's numbering, an independent city (Virginia's cities, Baltimore, St. Louis,
 * Carson City), which belongs to no county. Everywhere else the cities data names a county.
 */
export type DivisionKind = "county" | "parish" | "borough" | "independent city" | "district";

export interface Division {
  kind: DivisionKind;
  /** "Orleans Parish", "Fairbanks North Star borough or census area", "the independent city of Charlottesville". */
  label: string;
  /** True when the city itself is the independent city (its county name is its own name). */
  isCity: boolean;
}

/** The county code's own part (the last three digits of the five-digit FIPS code). */
const countyCode = (fips: string) => Number(fips.slice(-3));

export function divisionOf(city: {
  name: string;
  stateCode: string;
  countyName: string;
  countyFips: string;
}): Division {
  const { countyName: county } = city;
  if (/\bdistrict\b/i.test(county)) return { kind: "district", label: `the ${county}`, isCity: false };
  if (countyCode(city.countyFips) >= 510) {
    const isCity = county.toLowerCase() === city.name.toLowerCase();
    return { kind: "independent city", label: `the independent city of ${county}`, isCity };
  }
  if (city.stateCode === "LA") return { kind: "parish", label: `${county} Parish`, isCity: false };
  if (city.stateCode === "AK") return { kind: "borough", label: `the ${county} borough or census area`, isCity: false };
  return { kind: "county", label: `${county} County`, isCity: false };
}

/** The noun for the division, as a sentence says "the county's largest place". */
export const divisionNoun = (d: Division) =>
  d.kind === "borough" ? "borough or census area" : d.kind === "district" ? "district" : d.kind;
