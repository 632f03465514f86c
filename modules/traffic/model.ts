// Traffic valibot schemas and the admin screens' sizes.
import * as v from "valibot";

/** Entries in the live log by default, and at most per page. */
export const LIVE_LOGS = 50;
export const MAX_LOGS = 200;
export const RANGES = ["24h", "7d", "30d", "all"] as const;
export type Range = (typeof RANGES)[number];

const wholeNumber = (field: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,12}$/, `${field} must be a whole number from ${min} to ${max}`),
    v.transform(Number),
    v.minValue(min, `${field} must be a whole number from ${min} to ${max}`),
    v.maxValue(max, `${field} must be a whole number from ${min} to ${max}`),
  );

export const AnalyticsQuery = v.object({
  range: v.optional(v.picklist(RANGES, `range must be one of ${RANGES.join(", ")}`), "all"),
});

export const LogsQuery = v.object({
  limit: v.optional(wholeNumber("limit", 1, MAX_LOGS), String(LIVE_LOGS)),
  before: v.optional(wholeNumber("before", 1, Number.MAX_SAFE_INTEGER)),
});
