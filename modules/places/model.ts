import * as v from "valibot";
import { queryText } from "../../src/http";

import { MAX_QUERY_LENGTH } from "../cities";
import { LIST_PAGE_COUNT, MAX_COUNT, MAX_OFFSET } from "../../src/domain";

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
  v.pipe(
    queryText(""),
    v.trim(),
    v.nonEmpty(`${field} is required (${what}).`),
    v.maxLength(100, `${field} can be at most 100 characters long.`),
  );

/** ?city&state&count&offset for every place list. */
export const PlaceListQuery = v.object({
  city: requiredText("city", "the city name, e.g. Las Vegas"),
  state: requiredText("state", "the state code, e.g. NV"),
  count: wholeNumber("count", 1, MAX_COUNT, LIST_PAGE_COUNT),
  offset: wholeNumber("offset", 0, MAX_OFFSET, 0),
  local: v.optional(v.picklist(["true", "false"], "local must be true or false.")),
});

/** Characters a place search needs at least (the title index matches three-character pieces). */
export const SEARCH_MIN_LENGTH = 3;

export const PlaceSearchQuery = v.object({
  q: v.pipe(
    queryText(""),
    v.trim(),
    v.nonEmpty("Type what you are looking for (q is required)."),
    v.minLength(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters to search places.`),
    v.maxLength(MAX_QUERY_LENGTH, `The search text can be at most ${MAX_QUERY_LENGTH} characters long.`),
  ),
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

export const CityStateListQuery = v.object({
  count: wholeNumber("count", 1, MAX_COUNT, LIST_PAGE_COUNT),
  offset: wholeNumber("offset", 0, MAX_OFFSET, 0),
});

/** ?city&state for the places-preparation status (decision 024). */
export const PlaceStatusQuery = v.object({
  city: requiredText("city", "the city name, e.g. Las Vegas"),
  state: requiredText("state", "the state code, e.g. NV"),
});
