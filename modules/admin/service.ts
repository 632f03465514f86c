// Admin service: plain functions taking plain values (a libSQL client and a clock). Every figure is defined in
// docs/decisions/021-admin-metrics.md; the SQL below is that record, written out.
import type { Client, InValue } from "@libsql/client";
import { SESSION_TTL_MS } from "../auth";
import { CATEGORIES } from "../../src/domain";
import { freshness, refreshRunProgress } from "./freshness";
import type {
  AdminActivityRow,
  AdminAnalytics,
  AdminUserRow,
  ActivitiesQuery,
  DailySeries,
  DataHealth,
  RequestLogStats,
  StateHealth,
  UsersQuery,
} from "./model";

export const DAY_MS = 86_400_000;
export const TOP_LIMIT = 10;
export const WINDOW_DAYS = 30;

const num = (value: unknown) => Number(value ?? 0);
const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
/** part / whole as a percentage with one decimal; 0 when whole is 0. */
export const percent = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100, 1) : 0);

async function rows(client: Client, sql: string, args: InValue[] = []) {
  return (await client.execute({ sql, args })).rows;
}
async function one(client: Client, sql: string, args: InValue[] = []) {
  return num((await rows(client, sql, args))[0]?.[0]);
}

/** The label of a stored category id: 1–6 (route numbering) or 7–12 (list numbering) → the product's name. */
export function categoryName(id: string): string {
  const n = Number(id);
  const category = CATEGORIES.find((c) => c.id === n || c.listId === n);
  return category?.name ?? id;
}

/** Distinct users with an activity or a session use in [since, until) (decision 021 "Active"). */
const ACTIVE_IDS = `
  SELECT user_id FROM activities WHERE created_at >= ?1 AND created_at < ?2
  UNION
  SELECT user_id FROM sessions WHERE expires_at >= ?1 + ${SESSION_TTL_MS} AND expires_at < ?2 + ${SESSION_TTL_MS}`;

export function growthRate(thisWeek: number, previousWeek: number): number {
  if (previousWeek === 0) return thisWeek > 0 ? 100 : 0;
  return round(((thisWeek - previousWeek) / previousWeek) * 100, 1);
}

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

export const HOUR_MS = 3_600_000;
/** A session's last use is expires_at − SESSION_TTL_MS; migration 0010's triggers hard-code this value. */
export const ROLLUP_SESSION_TTL_MS = 2_592_000_000;

/**
 * The figures of decision 021 that look at the last 14 days, read from the rollups of migration 0010 (decision 021
 * "Rollups"): whole hours (and days) inside a window come from the rollup tables; the at most three partial hours
 * at a window's edges come from the activities themselves (`edge`), so every window is exact to the millisecond.
 * Distinct users are counted with the chains: a user's first row inside a window [a, b) is the one whose
 * predecessor ended before a (`prev_last < a`).
 */
async function windowTallies(
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

export async function analytics(client: Client, now: number, requestLog?: RequestLogStats): Promise<AdminAnalytics> {
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const weekStart = now - 7 * DAY_MS;
  const previousWeekStart = now - 14 * DAY_MS;
  const monthStart = now - WINDOW_DAYS * DAY_MS;
  const end = now + 1;

  // One read transaction: every figure sees the same data.
  const tx = await client.transaction("read");
  try {
    const c = tx as unknown as Client;
    const [totals] = await rows(
      c,
      "SELECT (SELECT count(*) FROM users), coalesce(sum(favorites_count), 0), coalesce(sum(activities_count), 0), (SELECT count(*) FROM sessions) FROM admin_user_stats",
    );
    const [totalUsers, totalFavorites, totalActivities, sessionRows] = Array.from(totals as ArrayLike<unknown>, num);
    const newToday = await one(c, "SELECT count(*) FROM users WHERE created_at >= ?", [dayStart]);
    const newWeek = await one(c, "SELECT count(*) FROM users WHERE created_at >= ?", [weekStart]);
    const newPreviousWeek = await one(c, "SELECT count(*) FROM users WHERE created_at >= ? AND created_at < ?", [
      previousWeekStart,
      weekStart,
    ]);
    const newMonth = await one(c, "SELECT count(*) FROM users WHERE created_at >= ?", [monthStart]);

    const mostActiveUsers = (
      await rows(
        c,
        `SELECT coalesce(u.username, 'Guest') AS username, coalesce(u.email, '') AS email, s.activities_count AS n
         FROM admin_user_stats s JOIN users u ON u.id = s.user_id WHERE s.activities_count > 0
         ORDER BY s.activities_count DESC, s.user_id DESC LIMIT ${TOP_LIMIT}`,
      )
    ).map((r) => ({ username: String(r.username), email: String(r.email), activities: num(r.n) }));

    // Every windowed figure (the last 14 days: this week and the week before) comes from the rollups.
    const w = await windowTallies(c, { dayStart, weekStart, previousWeekStart, end });
    const {
      activeToday,
      activeThisWeek,
      retained,
      activePreviousWeek,
      categoryPreferences,
      topCities,
      stateDistribution,
      explorePatterns,
    } = w;
    const newUsers = (
      await rows(
        c,
        `SELECT username, email, created_at FROM users WHERE is_guest = 0 ORDER BY created_at DESC, id DESC LIMIT ${TOP_LIMIT}`,
      )
    ).map((r) => ({
      username: String(r.username ?? ""),
      email: String(r.email ?? ""),
      createdAt: new Date(num(r.created_at)).toISOString(),
    }));

    const recentActivities = w.recentActivities;

    const performance = requestLog
      ? await requestLog.performance({ since: weekStart, until: end })
      : {
          avgResponseTime: null,
          errorRate: null,
          // Until the request log exists: the busiest UTC hours of the stored activities (last 7 days).
          peakUsageHours: w.peakUsageHours,
        };

    return {
      overview: {
        totalUsers,
        activeUsersToday: activeToday,
        activeUsersThisWeek: activeThisWeek,
        totalFavorites,
        totalActivities,
        avgActivitiesPerUser: totalUsers ? round(totalActivities / totalUsers, 2) : 0,
      },
      userGrowth: {
        daily: newToday,
        weekly: newWeek,
        monthly: newMonth,
        growthRate: growthRate(newWeek, newPreviousWeek),
      },
      engagement: {
        retentionRate: percent(retained, activePreviousWeek),
        avgSessionsPerUser: totalUsers ? round(sessionRows / totalUsers, 2) : 0,
        mostActiveUsers,
        categoryPreferences,
        trips: await tripCounts(c),
      },
      geography: { topCities, stateDistribution, explorePatterns },
      recentActivity: { newUsers, recentActivities },
      performance,
    };
  } finally {
    tx.close();
  }
}

/** Trips planned (every trip kept) and shared (ever given a share link, even if revoked since). */
export async function tripCounts(client: Client): Promise<{ created: number; shared: number }> {
  const [row] = await rows(client, "SELECT count(*) AS created, count(shared_at) AS shared FROM trips");
  return { created: num(row?.created), shared: num(row?.shared) };
}

/** New users and activities per UTC day for the last 30 days (today included), oldest first. */
export async function dailySeries(client: Client, now: number): Promise<DailySeries> {
  const first = Math.floor(now / DAY_MS) * DAY_MS - (WINDOW_DAYS - 1) * DAY_MS;
  const users = await rows(
    client,
    "SELECT created_at / 86400000 AS d, count(*) AS n FROM users WHERE created_at >= ? GROUP BY d",
    [first],
  );
  // Activities per day from the hourly rollup (migration 0010): 720 hours instead of ~165,000 index rows.
  const acts = await rows(
    client,
    `SELECT hour / 24 AS d, sum(n) AS n FROM admin_activity_hours WHERE hour >= ? GROUP BY d`,
    [first / HOUR_MS],
  );
  const u = new Map(users.map((r) => [num(r.d), num(r.n)]));
  const a = new Map(acts.map((r) => [num(r.d), num(r.n)]));
  return Array.from({ length: WINDOW_DAYS }, (_, i) => {
    const d = first / DAY_MS + i;
    return { day: new Date(d * DAY_MS).toISOString().slice(0, 10), newUsers: u.get(d) ?? 0, activities: a.get(d) ?? 0 };
  });
}

const SORT_COLUMNS: Record<UsersQuery["sort"], string> = {
  createdAt: "u.created_at",
  username: "u.username COLLATE NOCASE",
  email: "u.email",
  favoritesCount: "s.favorites_count",
  activitiesCount: "s.activities_count",
  lastActivity: "s.last_activity",
};

/**
 * One page of the users table (guests apart: `guests=only` lists them), with the totals for the headers.
 * Every user has a rollup row (trigger at insert, backfilled by migration 0006), so the join is inner and each
 * sort walks one index: (is_guest, created_at | username | email) or (count/last, user_id) of the rollup.
 */
export async function listUsers(
  client: Client,
  query: UsersQuery,
): Promise<{ users: AdminUserRow[]; total: number; registered: number; guests: number }> {
  const guest = query.guests === "only" ? 1 : 0;
  const where: string[] = [`u.is_guest = ${guest}`];
  const args: InValue[] = [];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push("(u.username LIKE ? ESCAPE '\\' OR u.email LIKE ? ESCAPE '\\')");
    args.push(like, like);
  }
  const direction = query.order === "asc" ? "ASC" : "DESC";
  const column = SORT_COLUMNS[query.sort];
  const onRollup = column.startsWith("s.");
  // A search matches few rows: it reads the (is_guest, username, email) index once and sorts the matches ("+"
  // keeps SQLite off the sort index).
  const order = query.q ? `+${column.split(" ")[0]}${column.includes("NOCASE") ? " COLLATE NOCASE" : ""}` : column;
  const tie = onRollup ? "s.user_id" : "u.id";
  const list = await rows(
    client,
    `SELECT u.id, u.username, u.email, u.created_at, u.is_guest, s.favorites_count AS favorites,
            s.activities_count AS activities, s.last_activity${query.q ? ", count(*) OVER () AS matches" : ""}
     FROM ${onRollup && !query.q ? "admin_user_stats s JOIN users u ON u.id = s.user_id" : `users u ${query.q ? "INDEXED BY users_guest_search_idx " : ""}JOIN admin_user_stats s ON s.user_id = u.id`}
     WHERE ${where.join(" AND ")}
     ORDER BY ${order} ${direction}, ${tie} ${direction}
     LIMIT ? OFFSET ?`,
    [...args, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const registered = await one(client, "SELECT count(*) FROM users WHERE is_guest = 0");
  const guests = await one(client, "SELECT count(*) FROM users WHERE is_guest = 1");
  // A search counts its matches in the same scan (a page past the end has no row to carry it: count apart).
  const total = !query.q
    ? guest
      ? guests
      : registered
    : list.length
      ? num(list[0]!.matches)
      : await one(
          client,
          `SELECT count(*) FROM users u INDEXED BY users_guest_search_idx WHERE ${where.join(" AND ")}`,
          args,
        );
  return {
    users: list.map((r) => ({
      id: num(r.id),
      username: r.username === null ? null : String(r.username),
      email: r.email === null ? null : String(r.email),
      createdAt: new Date(num(r.created_at)).toISOString(),
      favoritesCount: num(r.favorites),
      activitiesCount: num(r.activities),
      lastActivity: r.last_activity === null ? null : new Date(num(r.last_activity)).toISOString(),
      isGuest: num(r.is_guest) === 1,
    })),
    total,
    registered,
    guests,
  };
}

/** Recent activities, newest first, with who did them. */
export async function listActivities(
  client: Client,
  query: ActivitiesQuery,
): Promise<{ activities: AdminActivityRow[]; total: number }> {
  const list = await rows(
    client,
    `SELECT a.id, a.user_id, u.username, u.email, a.activity_type, a.city_name, a.city_state, a.created_at
     FROM activities a JOIN users u ON u.id = a.user_id
     ORDER BY a.created_at DESC, a.id DESC LIMIT ? OFFSET ?`,
    [query.pageSize, (query.page - 1) * query.pageSize],
  );
  const total = await one(client, "SELECT coalesce(sum(activities_count), 0) FROM admin_user_stats");
  return {
    activities: list.map((r) => ({
      id: num(r.id),
      userId: num(r.user_id),
      username: r.username === null ? null : String(r.username),
      email: r.email === null ? null : String(r.email),
      activityType: String(r.activity_type),
      cityName: r.city_name === null ? null : String(r.city_name),
      cityState: r.city_state === null ? null : String(r.city_state),
      createdAt: new Date(num(r.created_at)).toISOString(),
    })),
    total,
  };
}

// ——— Data health (decision 021 "Data health") ———

export const THIN_CITY_PLACES = 8;
export const STALE_AFTER_MS = 5 * 365.25 * DAY_MS;
/** The operator refresh commands of a state and the data_imports marker that records their last run. */
export const REFRESH_COMMANDS = [
  { command: (st: string) => `npm run import:osm -- --state ${st}`, marker: (st: string) => `refresh:osm:${st}` },
  {
    command: (st: string) => `npm run import:overture -- --state ${st}`,
    marker: (st: string) => `refresh:overture:${st}`,
  },
] as const;

/** What a state's summary depends on: its import markers (name, rows, time). A change recomputes it. */
async function fingerprints(client: Client): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const list = await rows(
    client,
    "SELECT dataset, rows, imported_at FROM data_imports WHERE dataset LIKE 'places:%' OR dataset LIKE 'refresh:%' ORDER BY dataset",
  );
  for (const r of list) {
    const st = String(r.dataset).split(":").at(-1)!;
    // "age2": summaries stored before freshness was read from observed_at are recomputed once.
    result.set(st, `${result.get(st) ?? "age2;"}${r.dataset}=${r.rows}@${r.imported_at};`);
  }
  return result;
}

/** Compute one state's summary from the places store (a few index scans of that state). */
export async function computeStateHealth(client: Client, stateCode: string, now: number): Promise<StateHealth> {
  const byCategory = (
    await rows(
      client,
      "SELECT category_id, count(*) AS n FROM places WHERE state_code = ? GROUP BY category_id ORDER BY n DESC",
      [stateCode],
    )
  ).map((r) => ({ category: categoryName(String(r.category_id)), places: num(r.n) }));
  const places = byCategory.reduce((sum, c) => sum + c.places, 0);
  // Age by the date each place's source observed it, over food, stores and lodging (./freshness.ts).
  const fresh = await freshness(client, stateCode, now);
  const cityRows = await rows(
    client,
    `SELECT c.name, (SELECT count(*) FROM places p WHERE p.state_code = c.state_code AND p.city = c.name COLLATE NOCASE) AS n
     FROM cities c WHERE c.state_code = ? AND c.incorporated = 1`,
    [stateCode],
  );
  const thin = cityRows
    .filter((r) => num(r.n) < THIN_CITY_PLACES)
    .sort((a, b) => num(a.n) - num(b.n) || String(a.name).localeCompare(String(b.name)));
  const datasets = (
    await rows(
      client,
      "SELECT dataset, rows, imported_at FROM data_imports WHERE dataset LIKE ? ORDER BY imported_at DESC",
      [`places:%:${stateCode}`],
    )
  ).map((r) => ({
    dataset: String(r.dataset).split(":").slice(1, -1).join(":"),
    rows: num(r.rows),
    importedAt: new Date(num(r.imported_at)).toISOString(),
  }));
  // The operator refreshes record themselves as refresh:<source>:<state> (db/import/places/replace.ts).
  const refreshes = await rows(client, "SELECT dataset, imported_at FROM data_imports WHERE dataset LIKE ?", [
    `refresh:%:${stateCode}`,
  ]);
  const lastRuns = new Map(refreshes.map((r) => [String(r.dataset), new Date(num(r.imported_at)).toISOString()]));
  return {
    stateCode,
    places,
    byCategory,
    olderThanFiveYears: percent(fresh.olderThanFiveYears, fresh.perishable),
    perishablePlaces: fresh.perishable,
    newestSourceDate: fresh.newestSourceDate,
    lastRefresh: [...lastRuns.values()].sort().at(-1) ?? null,
    incorporatedCities: cityRows.length,
    thinCities: thin.length,
    thinCityNames: thin.slice(0, 12).map((r) => String(r.name)),
    datasets,
    lastImportedAt: datasets[0]?.importedAt ?? null,
    commands: REFRESH_COMMANDS.map((c) => ({
      command: c.command(stateCode),
      lastRun: lastRuns.get(c.marker(stateCode)) ?? null,
    })),
  };
}

/**
 * Recompute and store the summary of one state (import scripts may call this after importing a state, so the
 * admin screen never waits); returns it.
 */
export async function refreshStateHealth(client: Client, stateCode: string, now = Date.now()): Promise<StateHealth> {
  const fingerprint = (await fingerprints(client)).get(stateCode) ?? "";
  const health = await computeStateHealth(client, stateCode, now);
  await client.execute({
    sql: `INSERT INTO admin_data_health (state_code, fingerprint, payload, computed_at) VALUES (?, ?, ?, ?)
          ON CONFLICT (state_code) DO UPDATE SET fingerprint = excluded.fingerprint, payload = excluded.payload, computed_at = excluded.computed_at`,
    args: [stateCode, fingerprint, JSON.stringify(health), now],
  });
  return health;
}

/**
 * Every state (50 + DC from the cities table): stored summaries, recomputing only the states whose imports
 * changed since (a state never imported has an empty summary).
 */
export async function dataHealth(client: Client, now: number): Promise<DataHealth> {
  const states = (
    await rows(client, "SELECT state_code, count(*) AS n FROM cities GROUP BY state_code ORDER BY state_code")
  ).map((r) => ({
    stateCode: String(r.state_code),
    cities: num(r.n),
  }));
  const prints = await fingerprints(client);
  const stored = new Map(
    (await rows(client, "SELECT state_code, fingerprint, payload FROM admin_data_health")).map((r) => [
      String(r.state_code),
      { fingerprint: String(r.fingerprint), payload: String(r.payload) },
    ]),
  );
  const out: StateHealth[] = [];
  for (const { stateCode } of states) {
    const print = prints.get(stateCode) ?? "";
    const cached = stored.get(stateCode);
    if (cached && cached.fingerprint === print) out.push(JSON.parse(cached.payload) as StateHealth);
    else out.push(await refreshStateHealth(client, stateCode, now));
  }
  const places = out.reduce((s, h) => s + h.places, 0);
  const perishable = out.reduce((s, h) => s + (h.perishablePlaces ?? 0), 0);
  const stale = out.reduce((s, h) => s + (h.olderThanFiveYears * (h.perishablePlaces ?? 0)) / 100, 0);
  return {
    nationwide: {
      states: out.length,
      importedStates: out.filter((h) => h.datasets.length > 0).length,
      places,
      thinCities: out.reduce((s, h) => s + h.thinCities, 0),
      olderThanFiveYears: percent(Math.round(stale), perishable),
    },
    refreshRun: await refreshRunProgress(client),
    states: out,
  };
}
