// One job: the figures of the last 14 days (this week and the week before), read from the analytics rollups.
// Every figure is defined in docs/decisions/021-admin-metrics.md; the SQL below is that record, written out.
import type { Client } from "@libsql/client";
import { categoryName, DAY_MS, HOUR_MS, num, percent, TOP_LIMIT } from "./sql";

export function trendOf(current: number, previous: number): "up" | "down" | "stable" {
  return current > previous ? "up" : current < previous ? "down" : "stable";
}

/** Users per distinct-city bucket (decision 021 "Explore patterns"). */
export const EXPLORE_PATTERNS = [
  { pattern: "Single city", min: 1, max: 1 },
  { pattern: "2-3 cities", min: 2, max: 3 },
  { pattern: "4-9 cities", min: 4, max: 9 },
  { pattern: "10+ cities", min: 10, max: Number.MAX_SAFE_INTEGER },
] as const;

/** A session's last use is expires_at − SESSION_TTL_MS; migration 0010's triggers hard-code this value. */
export const ROLLUP_SESSION_TTL_MS = 2_592_000_000;

/**
 * The figures of decision 021 that look at the last 14 days, read from the rollups of migration 0010 (decision 021
 * "Rollups"): whole hours (and days) inside a window come from the rollup tables; the at most three partial hours
 * at a window's edges come from the activities themselves (`edge`), so every window is exact to the millisecond.
 * Distinct users are counted with the chains: a user's first row inside a window [a, b) is the one whose
 * predecessor ended before a (`prev_last < a`).
 */
export async function windowTallies(
  c: Client,
  t: { dayStart: number; weekStart: number; previousWeekStart: number; end: number },
) {
  const a = t.weekStart;
  const b = t.end;
  const ps = t.previousWeekStart;
  const hP = Math.floor(ps / HOUR_MS);
  const hA = Math.floor(a / HOUR_MS);
  const hB = Math.floor((b - 1) / HOUR_MS);
  const dP = Math.floor(ps / DAY_MS);
  const dA = Math.floor(a / DAY_MS);
  const dB = Math.floor((b - 1) / DAY_MS);
  // Raw activities of the partial hours: [ps, end of hour hP), hour hA (split at the week's start), [hour hB, b).
  const edge = `edge AS (
    SELECT created_at, activity_type, category_id, city_name, city_state FROM activities WHERE created_at >= :ps AND created_at < :hP1
    UNION ALL SELECT created_at, activity_type, category_id, city_name, city_state FROM activities WHERE created_at >= :hA0 AND created_at < :hA1
    UNION ALL SELECT created_at, activity_type, category_id, city_name, city_state FROM activities WHERE created_at >= :hB0 AND created_at < :b)`;
  const args = {
    ps,
    a,
    b,
    hP,
    hA,
    hB,
    dP,
    dA,
    dB,
    dToday: Math.floor(t.dayStart / DAY_MS),
    hP1: (hP + 1) * HOUR_MS,
    hA0: hA * HOUR_MS,
    hA1: (hA + 1) * HOUR_MS,
    hB0: hB * HOUR_MS,
  };
  const q = async (sql: string, used: (keyof typeof args)[]) =>
    (await c.execute({ sql, args: Object.fromEntries(used.map((k) => [k, args[k]])) })).rows;
  const EDGE: (keyof typeof args)[] = ["ps", "hP1", "hA0", "hA1", "hB0", "b"];

  // Active users: today, this week, the week before. Retained: a user's first row this week either began before
  // the week (a day row that spans its start) or follows a row that ended within the week before.
  const [active] = await q(
    `SELECT
      (SELECT count(*) FROM admin_user_days WHERE day = :dToday AND first_at < :b),
      (SELECT count(*) FROM admin_user_days WHERE day >= :dP AND day <= :dA AND last_at >= :ps AND first_at < :a AND coalesce(prev_last, -1) < :ps),
      count(*), coalesce(sum(first_at < :a OR prev_last >= :ps), 0)
     FROM admin_user_days WHERE day >= :dA AND day <= :dB AND last_at >= :a AND first_at < :b AND coalesce(prev_last, -1) < :a`,
    ["dToday", "b", "dA", "dB", "a", "dP", "ps"],
  );
  const [activeToday, activePreviousWeek, activeThisWeek, retained] = Array.from(active as ArrayLike<unknown>, num);

  const types = await q(
    `WITH ${edge}
     SELECT type, sum(cur) AS cur, sum(prev) AS prev FROM (
       SELECT activity_type AS type, CASE WHEN hour > :hA THEN n ELSE 0 END AS cur, CASE WHEN hour < :hA THEN n ELSE 0 END AS prev
       FROM admin_activity_hours WHERE hour > :hP AND hour < :hB AND hour <> :hA
       UNION ALL SELECT activity_type, created_at >= :a, created_at < :a FROM edge)
     GROUP BY type`,
    [...EDGE, "hA", "hP", "hB", "a"],
  );
  const categories = await q(
    `WITH ${edge}
     SELECT category_id, sum(n) AS n FROM (
       SELECT category_id, n FROM admin_activity_hours
       WHERE hour > :hA AND hour < :hB AND has_category = 1 AND activity_type IN ('category_explored', 'place_visited')
       UNION ALL SELECT category_id, 1 FROM edge
       WHERE created_at >= :a AND category_id IS NOT NULL AND activity_type IN ('category_explored', 'place_visited'))
     GROUP BY category_id`,
    [...EDGE, "hA", "hB", "a"],
  );
  const hours = await q(
    `WITH ${edge}
     SELECT h, sum(n) AS n FROM (
       SELECT hour % 24 AS h, n FROM admin_activity_hours WHERE hour > :hA AND hour < :hB
       UNION ALL SELECT created_at / ${HOUR_MS} % 24, 1 FROM edge WHERE created_at >= :a)
     GROUP BY h ORDER BY n DESC, h ASC LIMIT 3`,
    [...EDGE, "hA", "hB", "a"],
  );
  // Cities: activities of whole hours from the rollup plus the edges; distinct users from the chain; the least
  // spelling of the name among the window's activities (whole-hour rows carry theirs, edge rows their own).
  const cities = await q(
    `WITH ${edge}
     SELECT state, city_key, sum(acts) AS n, sum(fst) AS users, min(name) AS name FROM (
       SELECT state, city_key, CASE WHEN hour > :hA AND hour < :hB THEN n ELSE 0 END AS acts, coalesce(prev_last, -1) < :a AS fst,
              CASE WHEN hour > :hA AND hour < :hB THEN name END AS name
       FROM admin_user_city_hours WHERE hour >= :hA AND hour <= :hB AND last_at >= :a AND first_at < :b
       UNION ALL SELECT coalesce(upper(city_state), ''), lower(city_name), 1, 0, city_name FROM edge WHERE created_at >= :a AND city_name IS NOT NULL)
     GROUP BY state, city_key ORDER BY n DESC, users DESC, name ASC, state ASC LIMIT ${TOP_LIMIT}`,
    [...EDGE, "hA", "hB", "a"],
  );
  // States are few: walk them on the (state, hour, user) key one by one (no sort of the week's rows).
  const states = await q(
    `WITH RECURSIVE ${edge},
     st(s) AS (SELECT min(state) FROM admin_user_state_hours
               UNION ALL SELECT (SELECT min(state) FROM admin_user_state_hours WHERE state > st.s) FROM st WHERE st.s IS NOT NULL),
     e(s, n) AS (SELECT upper(city_state), count(*) FROM edge WHERE created_at >= :a AND city_state IS NOT NULL GROUP BY 1),
     t(state, n, users) AS (SELECT s,
        (SELECT coalesce(sum(n), 0) FROM admin_user_state_hours WHERE state = st.s AND hour > :hA AND hour < :hB) + coalesce((SELECT n FROM e WHERE e.s = st.s), 0),
        (SELECT count(*) FROM admin_user_state_hours WHERE state = st.s AND hour >= :hA AND hour <= :hB AND last_at >= :a AND first_at < :b AND coalesce(prev_last, -1) < :a)
        FROM st WHERE s IS NOT NULL)
     SELECT state, n, users FROM t WHERE n > 0 ORDER BY n DESC, users DESC, state ASC`,
    [...EDGE, "hA", "hB", "a"],
  );
  // Distinct cities per user this week: each user's first row per city inside the window, counted per user.
  const [patterns] = await q(
    `SELECT ${EXPLORE_PATTERNS.map((p) => `coalesce(sum(c >= ${p.min} AND c <= ${Math.min(p.max, 2 ** 31)}), 0)`).join(", ")} FROM (
       SELECT count(*) AS c FROM admin_user_city_hours
       WHERE hour >= :hA AND hour <= :hB AND last_at >= :a AND first_at < :b AND coalesce(prev_last, -1) < :a GROUP BY user_id)`,
    ["hA", "hB", "a", "b"],
  );

  const byCategory = new Map<string, number>();
  for (const r of categories) {
    const name = categoryName(String(r.category_id));
    byCategory.set(name, (byCategory.get(name) ?? 0) + num(r.n));
  }
  const categoryTotal = [...byCategory.values()].reduce((x, y) => x + y, 0);
  return {
    activeToday,
    activeThisWeek,
    activePreviousWeek,
    retained,
    categoryPreferences: [...byCategory]
      .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
      .map(([category, n]) => ({ category, percentage: percent(n, categoryTotal) })),
    topCities: cities.map((r) => ({
      city: r.state ? `${String(r.name)}, ${String(r.state)}` : String(r.name),
      activities: num(r.n),
      users: num(r.users),
    })),
    stateDistribution: states.map((r) => ({ state: String(r.state), activities: num(r.n), users: num(r.users) })),
    explorePatterns: EXPLORE_PATTERNS.map((p, i) => ({
      pattern: p.pattern,
      frequency: num((patterns as unknown as unknown[])[i]),
    })),
    recentActivities: types
      .map((r) => ({ type: String(r.type), count: num(r.cur), trend: trendOf(num(r.cur), num(r.prev)) }))
      .sort((x, y) => y.count - x.count || x.type.localeCompare(y.type)),
    peakUsageHours: hours.map((r) => ({ hour: num(r.h) })),
  };
}
