/** The story composer's input (a city, its texts and the places around) and output (facts, history entries). */

import type { AssociatedPerson } from "../../../db/import/city-texts";
import type { Division } from "./division";
import type { Town } from "./towns";
export type { AssociatedPerson };

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
  /** What the county-level division is (parish, borough, independent city, county), from the cities data. */
  division: Division;
}

export interface StoryContext {
  city: StoryCity;
  texts: CityStoryTexts;
  radius: number;
  /** Places within `radius` miles, nearest first. */
  places: StoryPlace[];
  /** The town a historic place lies in when it is not this city (by place id; absent: inside the city). */
  towns: Map<number, Town>;
  /** The historic places whose town is known (absent: none is checked, every place counts as placed). */
  placed?: Set<number>;
  /** The nearest city of at least `atLeast` people (more than this one's and at least 10,000), if any within 300 mi. */
  nearestLarger: {
    name: string;
    stateCode: string;
    population: number;
    miles: number;
    direction: string;
    atLeast: number;
  } | null;
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
  /** For an entry from another town than the city: "In Headland, 8.2 mi away" (absent inside the city). */
  nearby?: string;
  period: string;
  category: string;
  content: string;
  significance: string;
  source: StorySource;
}
