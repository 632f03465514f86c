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

/** One city suggestion, as clients receive it: the route's response schema and the client's type. */
export const CitySuggestionSchema = v.object({
  name: v.string(),
  state: v.string(),
  stateCode: v.string(),
  /** SimpleMaps population; for large cities it is the urban-area figure (see populationIsUrbanArea). */
  population: v.number(),
  populationIsUrbanArea: v.boolean(),
  displayName: v.string(),
  latitude: v.number(),
  longitude: v.number(),
  county: v.string(),
  timezone: v.string(),
});
export type CitySuggestion = v.InferOutput<typeof CitySuggestionSchema>;

/** :city/:state path parameters (the city name and the state code or name). */
export const CityStateParams = v.object({
  city: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty("city is required."),
    v.maxLength(100, "city can be at most 100 characters long."),
  ),
  state: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty("state is required."),
    v.maxLength(100, "state can be at most 100 characters long."),
  ),
});
