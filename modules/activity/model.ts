import * as v from "valibot";
import { textOrNumber } from "../../src/http";

/** What the client records (docs/product.md, "Activity record"). */
import { ACTIVITY_TYPES, type ActivityType } from "../../src/domain/accounts";

export { ACTIVITY_TYPES, type ActivityType };

export const MAX_ACTIVITY_DATA_BYTES = 4 * 1024;

export const MESSAGES = {
  typeRequired: "activityType is required",
  type: `activityType must be one of ${ACTIVITY_TYPES.join(", ")}`,
  text: (field: string, max: number) => `${field} must be text of at most ${max} characters`,
  data: "activityData must be a JSON object",
  dataTooBig: `activityData must be at most 4 KB (${MAX_ACTIVITY_DATA_BYTES} bytes) as JSON`,
} as const;

/** Optional text (a number is accepted for ids); blank → null. */
const optionalText = (field: string, max: number) =>
  v.optional(
    v.pipe(
      textOrNumber(),
      v.rawCheck(({ dataset, addIssue }) => {
        const value = dataset.value;
        if (value === undefined || value === null || value === "") return;
        if (typeof value !== "string" || [...value].length > max) addIssue({ message: MESSAGES.text(field, max) });
      }),
      v.transform((value) => (typeof value === "string" && value !== "" ? value : null)),
    ),
    null,
  );

/** POST /api/activities */
export const ActivityInput = v.object(
  {
    // A missing field is checked as "" (→ "activityType is required"); the optional ones default to null.
    activityType: v.optional(
      v.pipe(
        v.unknown(),
        v.rawCheck(({ dataset, addIssue }) => {
          const value = dataset.value;
          if (value === undefined || value === null || value === "") addIssue({ message: MESSAGES.typeRequired });
          else if (typeof value !== "string" || !(ACTIVITY_TYPES as readonly string[]).includes(value))
            addIssue({ message: MESSAGES.type });
        }),
        v.transform((value) => value as ActivityType),
      ),
      "",
    ),
    cityName: optionalText("cityName", 100),
    /** Preferably the two-letter state code ("MO"); two letters are stored upper-cased. */
    cityState: v.optional(
      v.pipe(
        optionalText("cityState", 50),
        v.transform((value) => (value && /^[a-z]{2}$/i.test(value) ? value.toUpperCase() : value)),
      ),
      null,
    ),
    placeId: optionalText("placeId", 100),
    categoryId: optionalText("categoryId", 50),
    /** A JSON object (or its JSON text), e.g. {"searchQuery": "museum"}; stored as JSON text. */
    activityData: v.optional(
      v.pipe(
        v.unknown(),
        v.transform((value) => {
          if (typeof value !== "string") return value;
          try {
            return JSON.parse(value) as unknown;
          } catch {
            return value; // reported below
          }
        }),
        v.rawCheck(({ dataset, addIssue }) => {
          const value = dataset.value;
          if (value === undefined || value === null) return;
          if (typeof value !== "object" || Array.isArray(value)) return addIssue({ message: MESSAGES.data });
          if (Buffer.byteLength(JSON.stringify(value), "utf8") > MAX_ACTIVITY_DATA_BYTES)
            addIssue({ message: MESSAGES.dataTooBig });
        }),
        v.transform((value) => (value === undefined || value === null ? null : JSON.stringify(value))),
      ),
      null,
    ),
  },
  "The request body must be a JSON object.",
);
export type ActivityInput = v.InferOutput<typeof ActivityInput>;

/** A stored activity as the client sees it. */
export interface Activity {
  id: number;
  activityType: ActivityType;
  cityName: string | null;
  cityState: string | null;
  placeId: string | null;
  categoryId: string | null;
  activityData: Record<string, unknown> | null;
  createdAt: string;
}

/** GET /api/profile/stats (definitions in docs/decisions/007-accounts-and-sessions.md): response schema and type. */
export const ProfileStatsSchema = v.object({
  /** Distinct cities (name + state, case-insensitive) in the user's activity records. */
  citiesExplored: v.number(),
  /** Distinct places the user opened (place_visited records with a placeId). */
  discoveries: v.number(),
  /** The user's saved favorites. */
  favorites: v.number(),
  /** ISO 8601 creation time of the account. */
  memberSince: v.string(),
});
export type ProfileStats = v.InferOutput<typeof ProfileStatsSchema>;
