// The admin service: plain functions taking plain values (a libSQL client and a clock), one job a file. Every
// figure is defined in docs/decisions/021-admin-metrics.md.
export { analytics, dailySeries, growthRate, tripCounts } from "./analytics";
export {
  computeStateHealth,
  dataHealth,
  REFRESH_COMMANDS,
  refreshStateHealth,
  STALE_AFTER_MS,
  THIN_CITY_PLACES,
} from "./data-health";
export { categoryName, DAY_MS, HOUR_MS, percent, TOP_LIMIT, WINDOW_DAYS } from "./sql";
export { listActivities, listUsers } from "./tables";
export { EXPLORE_PATTERNS, ROLLUP_SESSION_TTL_MS, trendOf } from "./window-tallies";
