import * as v from "valibot";

/** Admin valibot schemas and answer types (docs/product.md#admin "Admin analytics", "Admin user row"). */

export const USER_SORTS = [
  "createdAt",
  "username",
  "email",
  "favoritesCount",
  "activitiesCount",
  "lastActivity",
] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE = 100_000;

export const MESSAGES = {
  page: `page must be a whole number from 1 to ${MAX_PAGE}`,
  pageSize: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
  sort: `sort must be one of ${USER_SORTS.join(", ")}`,
  order: "order must be asc or desc",
  q: "q must be text of at most 100 characters",
  guests: "guests must be exclude or only",
} as const;

/** A query-string whole number within [min, max]; missing → fallback. */
const wholeNumber = (message: string, min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.check(
        (value) => typeof value === "string" && /^\d{1,7}$/.test(value) && Number(value) >= min && Number(value) <= max,
        message,
      ),
      v.transform((value) => Number(value)),
    ),
    String(fallback),
  );

const oneOf = <T extends string>(values: readonly T[], message: string, fallback: T) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.check((value) => typeof value === "string" && (values as readonly string[]).includes(value), message),
      v.transform((value) => value as T),
    ),
    fallback,
  );

/** GET /api/admin/users */
export const UsersQuery = v.object({
  page: wholeNumber(MESSAGES.page, 1, MAX_PAGE, 1),
  pageSize: wholeNumber(MESSAGES.pageSize, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  sort: oneOf(USER_SORTS, MESSAGES.sort, "createdAt"),
  order: oneOf(["asc", "desc"] as const, MESSAGES.order, "desc"),
  q: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (Array.isArray(value) ? value.join(",") : value)),
      v.check((value) => typeof value === "string" && value.length <= 100, MESSAGES.q),
      v.transform((value) => (value as string).trim()),
    ),
    "",
  ),
  guests: oneOf(["exclude", "only"] as const, MESSAGES.guests, "exclude"),
});
export type UsersQuery = v.InferOutput<typeof UsersQuery>;

/** GET /api/admin/user-activities */
export const ActivitiesQuery = v.object({
  page: wholeNumber(MESSAGES.page, 1, MAX_PAGE, 1),
  pageSize: wholeNumber(MESSAGES.pageSize, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
});
export type ActivitiesQuery = v.InferOutput<typeof ActivitiesQuery>;

/** One row of the users table (the product's shape; `isGuest` tells guests apart). */
export interface AdminUserRow {
  id: number;
  username: string | null;
  email: string | null;
  createdAt: string;
  favoritesCount: number;
  activitiesCount: number;
  lastActivity: string | null;
  isGuest: boolean;
}

export interface AdminActivityRow {
  id: number;
  userId: number;
  username: string | null;
  email: string | null;
  activityType: string;
  cityName: string | null;
  cityState: string | null;
  createdAt: string;
}

/** GET /api/admin/analytics — exactly the product's shape; every figure is defined in decision 021. */
export interface AdminAnalytics {
  overview: {
    totalUsers: number;
    activeUsersToday: number;
    activeUsersThisWeek: number;
    totalFavorites: number;
    totalActivities: number;
    avgActivitiesPerUser: number;
  };
  userGrowth: { daily: number; weekly: number; monthly: number; growthRate: number };
  engagement: {
    retentionRate: number;
    avgSessionsPerUser: number;
    mostActiveUsers: Array<{ username: string; email: string; activities: number }>;
    categoryPreferences: Array<{ category: string; percentage: number }>;
    /** Trips planned and trips ever shared (modules/trips). */
    trips: { created: number; shared: number };
  };
  geography: {
    topCities: Array<{ city: string; activities: number; users: number }>;
    stateDistribution: Array<{ state: string; activities: number; users: number }>;
    explorePatterns: Array<{ pattern: string; frequency: number }>;
  };
  recentActivity: {
    newUsers: Array<{ username: string; email: string; createdAt: string }>;
    recentActivities: Array<{ type: string; count: number; trend: "up" | "down" | "stable" }>;
  };
  /** null = not measured (no request log yet; decision 021 "Performance"). */
  performance: { avgResponseTime: number | null; errorRate: number | null; peakUsageHours: Array<{ hour: number }> };
}

/** GET /api/admin/daily — beyond the product rules (docs/product.md), the charts' series: per UTC day, last 30 days, oldest first. */
export type DailySeries = Array<{ day: string; newUsers: number; activities: number }>;

/** Performance figures from the request log (the traffic module), when it is wired in. */
export interface RequestLogStats {
  performance(range: { since: number; until: number }): Promise<AdminAnalytics["performance"]>;
}

export interface StateHealth {
  stateCode: string;
  places: number;
  byCategory: Array<{ category: string; places: number }>;
  /** Share (%) of food, stores and lodging whose source observed them more than five years ago (observed_at). */
  olderThanFiveYears: number;
  /** Food, stores and lodging places (what olderThanFiveYears is a share of). */
  perishablePlaces: number;
  /** The newest date a source observed one of them ("2025-11-01", "2011"), null when none is dated. */
  newestSourceDate: string | null;
  /** When an operator refresh (import:osm / import:overture --state) last ran for the state. */
  lastRefresh: string | null;
  incorporatedCities: number;
  /** Incorporated cities with fewer than 8 places (count, and up to 12 names, fewest first). */
  thinCities: number;
  thinCityNames: string[];
  datasets: Array<{ dataset: string; rows: number; importedAt: string }>;
  lastImportedAt: string | null;
  commands: Array<{ command: string; lastRun: string | null }>;
}

export interface DataHealth {
  nationwide: {
    states: number;
    importedStates: number;
    places: number;
    thinCities: number;
    olderThanFiveYears: number;
  };
  /** A refresh of many states under way (import:osm -- --all, or REFRESH_SCHEDULE): states done of all; null when none. */
  refreshRun: { states: number; done: number; updatedAt: string } | null;
  states: StateHealth[];
}
