/**
 * One job: what a content provider is given — a city's grounded context — and what it writes (facts, history,
 * deeper details), with the keys items are cached and shown under.
 */
import { normalise, type IndexedCity } from "../cities";
import type { PlaceBrief } from "../places";
import type { CityStoryTexts, StoryHistory, StorySource } from "./stories";
import type { NearestCity } from "./story/nearest";
import type { Town } from "./story/towns";

/** Where a fact or entry comes from: named always, linked where it is a web page (the story composer's). */
export type ContentSource = StorySource;

/** docs/product.md: a fun fact as clients receive it, plus its source. */
export interface FunFact {
  title: string;
  summary: string;
  category: string;
  source?: ContentSource;
}

/** docs/product.md: a history entry (the story composer's; a model's entry may lack a source). */
export type HistoryEntry = Omit<StoryHistory, "source"> & { source?: ContentSource };

export type DeeperLevel = 1 | 2 | 3;

/**
 * Everything true we know about a city, gathered from the cities dataset and the places store. Both
 * providers write from this and nothing else: the grounded one composes sentences, a model rewrites them.
 */
export interface CityContext {
  key: string;
  city: IndexedCity & { density: number; incorporated: boolean; urbanArea: boolean; countyFips: string };
  zips: string[];
  stateRank: { rank: number; of: number };
  /** Share of US cities and towns (in the SimpleMaps data) that are less densely populated, 0–100. */
  densityPercentile: number;
  county: { places: number; largest: { name: string; population: number } | null };
  /** The nearest city of at least `atLeast` people (more than this one's, and at least 10,000). */
  nearestLarger: NearestCity | null;
  /** For each historic place outside the city, the town whose centre is nearest it (absent: inside the city). */
  towns: Map<number, Town>;
  /** The historic places whose town is known (in the city, or in `towns`); only these are told. */
  placed: Set<number>;
  /** Share of US cities and towns lying farther south / farther east, 0–100. */
  northOf: number;
  westOf: number;
  /** Places within `radius` miles of the centre, nearest first. */
  radius: number;
  places: PlaceBrief[];
  /** Text about the city from Wikipedia, Wikivoyage, WordNet, The Pudding and GeoNames (db/import/city-texts.ts). */
  texts: CityStoryTexts;
}

/** A provider writes facts, history and deeper details from a city's grounded context. */
export interface ContentProvider {
  /** Stable name used as the cache key ("grounded", "ollama:llama3.2"). */
  readonly name: string;
  /** False while the model is skipped (the LLM seam's shared breaker); absent = always available. */
  available?(): boolean;
  /** An ordered batch of facts; `avoid` lists titles already written for this city. */
  facts(context: CityContext, avoid: string[]): Promise<FunFact[]>;
  history(context: CityContext, avoid: string[]): Promise<HistoryEntry[]>;
  deeper(context: CityContext, fact: { title: string; summary: string }, level: DeeperLevel): Promise<string>;
}

export const cityKey = (city: Pick<IndexedCity, "id">) => String(city.id);
export const itemKey = (title: string) => normalise(title).replace(/ /g, "-").slice(0, 120);
