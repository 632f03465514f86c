import * as v from "valibot";
import { queryText } from "../../src/http";

export const MAX_QUERY_LENGTH = 100;
export const MAX_SUGGESTIONS = 10;

/** GET /api/cities/search?q&limit */
export const CitySearchQuery = v.object({
  q: v.pipe(
    queryText(""),
    v.trim(),
    v.nonEmpty("Type a city name or a 5-digit ZIP code to search (q is required)."),
    v.maxLength(MAX_QUERY_LENGTH, `The search text can be at most ${MAX_QUERY_LENGTH} characters long.`),
  ),
  limit: v.pipe(
    queryText(String(MAX_SUGGESTIONS)),
    v.trim(),
    v.regex(/^-?\d{1,6}$/, "limit must be a whole number."),
    v.transform((value) => Math.min(MAX_SUGGESTIONS, Math.max(1, Number(value)))),
  ),
});

/** One city suggestion, as clients receive it. */
export interface CitySuggestion {
  name: string;
  state: string;
  stateCode: string;
  /** SimpleMaps population; for large cities it is the urban-area figure (see populationIsUrbanArea). */
  population: number;
  populationIsUrbanArea: boolean;
  displayName: string;
  latitude: number;
  longitude: number;
  county: string;
  timezone: string;
}

const wholeNumber = (field: string, min: number, max: number, fallback: number) =>
  v.pipe(
    queryText(String(fallback)),
    v.trim(),
    v.regex(/^\d{1,6}$/, `${field} must be a whole number from ${min} to ${max}.`),
    v.transform(Number),
    v.minValue(min, `${field} must be a whole number from ${min} to ${max}.`),
    v.maxValue(max, `${field} must be a whole number from ${min} to ${max}.`),
  );

const requiredText = (field: string, what: string) =>
  v.pipe(queryText(""), v.trim(), v.nonEmpty(`${field} is required (${what}).`), v.maxLength(100, `${field} can be at most 100 characters long.`));

export const MAX_COUNT = 50;
export const MAX_OFFSET = 1000;

/** ?city&state&count&offset for every place list. */
export const PlaceListQuery = v.object({
  city: requiredText("city", "the city name, e.g. Las Vegas"),
  state: requiredText("state", "the state code, e.g. NV"),
  count: wholeNumber("count", 1, MAX_COUNT, 12),
  offset: wholeNumber("offset", 0, MAX_OFFSET, 0),
  local: v.optional(v.picklist(["true", "false"], "local must be true or false.")),
});

export const PlaceSearchQuery = v.object({
  q: v.pipe(queryText(""), v.trim(), v.nonEmpty("Type what you are looking for (q is required)."), v.maxLength(MAX_QUERY_LENGTH, `The search text can be at most ${MAX_QUERY_LENGTH} characters long.`)),
  city: v.optional(v.pipe(queryText(""), v.trim(), v.maxLength(100, "city can be at most 100 characters long."))),
  state: v.optional(v.pipe(queryText(""), v.trim(), v.maxLength(100, "state can be at most 100 characters long."))),
  limit: wholeNumber("limit", 1, MAX_COUNT, 20),
});

export const PlaceIdParams = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, "The place id must be a positive whole number."), v.transform(Number)),
});

export const CategoryIdParams = v.object({
  categoryId: v.pipe(
    v.string(),
    v.regex(/^\d{1,2}$/, "The category id must be a number: 1–6 or 7–12."),
    v.transform(Number),
    v.check((n) => n >= 1 && n <= 12, "The category id must be 1–6 or 7–12."),
  ),
});

export const CityStateParams = v.object({
  city: v.pipe(v.string(), v.trim(), v.nonEmpty("city is required."), v.maxLength(100, "city can be at most 100 characters long.")),
  state: v.pipe(v.string(), v.trim(), v.nonEmpty("state is required."), v.maxLength(100, "state can be at most 100 characters long.")),
});

export const CityStateListQuery = v.object({
  count: wholeNumber("count", 1, MAX_COUNT, 12),
  offset: wholeNumber("offset", 0, MAX_OFFSET, 0),
});

/** JSON body numbers: whole numbers in a range; numeric strings ("5") are accepted too. */
const bodyCount = (field: string, min: number, max: number, fallback: number) =>
  v.pipe(
    v.optional(v.union([v.number(), v.string()], `${field} must be a whole number from ${min} to ${max}.`), fallback),
    v.transform((value) => (typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value)),
    v.number(`${field} must be a whole number from ${min} to ${max}.`),
    v.integer(`${field} must be a whole number from ${min} to ${max}.`),
    v.minValue(min, `${field} must be a whole number from ${min} to ${max}.`),
    v.maxValue(max, `${field} must be a whole number from ${min} to ${max}.`),
  );

const bodyText = (field: string, what: string, max = 100) =>
  v.pipe(
    v.string(`${field} is required (${what}).`),
    v.trim(),
    v.nonEmpty(`${field} is required (${what}).`),
    v.maxLength(max, `${field} can be at most ${max} characters long.`),
  );

export const MAX_CONTENT_BATCH = 20;

/** POST /api/fun-facts/city. `more: true` is "Show More Fun Facts": it needs a signed-in user. */
export const FunFactsBody = v.object({
  cityName: bodyText("cityName", "the city name, e.g. Las Vegas"),
  stateCode: bodyText("stateCode", "the state code, e.g. NV"),
  count: bodyCount("count", 1, MAX_CONTENT_BATCH, 5),
  more: v.optional(v.boolean("more must be true or false."), false),
});

/** POST /api/city-history/more (always a load-more: signed-in users only). */
export const HistoryMoreBody = v.object({
  cityName: bodyText("cityName", "the city name, e.g. Las Vegas"),
  stateCode: bodyText("stateCode", "the state code, e.g. NV"),
  count: bodyCount("count", 1, MAX_CONTENT_BATCH, 4),
});

/** POST /api/fun-facts/dive-deeper */
export const DiveDeeperBody = v.object({
  factTitle: bodyText("factTitle", "the title of the fact", 200),
  factSummary: v.pipe(v.optional(v.string("factSummary must be text."), ""), v.trim(), v.maxLength(2000, "factSummary can be at most 2000 characters long.")),
  cityName: bodyText("cityName", "the city name, e.g. Las Vegas"),
  stateCode: bodyText("stateCode", "the state code, e.g. NV"),
  level: v.pipe(
    v.union([v.number(), v.string()], "level is required: 1, 2 or 3."),
    v.transform((value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value)),
    v.number("level must be 1, 2 or 3."),
    v.integer("level must be 1, 2 or 3."),
    v.minValue(1, "level must be 1, 2 or 3."),
    v.maxValue(3, "level must be 1, 2 or 3."),
  ),
});

/** How many history entries the first (public) history call returns: the history view's six skeletons. */
export const HISTORY_FIRST_BATCH = 6;
