import * as v from "valibot";

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
  factSummary: v.pipe(
    v.optional(v.string("factSummary must be text."), ""),
    v.trim(),
    v.maxLength(2000, "factSummary can be at most 2000 characters long."),
  ),
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
