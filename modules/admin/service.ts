// Admin service: plain functions taking plain values (a libSQL client and a clock). Every figure is defined in
// docs/decisions/021-admin-metrics.md; the SQL below is that record, written out.
import type { Client, InValue } from "@libsql/client";
import { SESSION_TTL_MS } from "../auth";
import { CATEGORIES } from "../../src/domain";
import type { AdminActivityRow, AdminAnalytics, AdminUserRow, ActivitiesQuery, DailySeries, DataHealth, RequestLogStats, StateHealth, UsersQuery } from "./model";

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

/** The label of a stored category id: 1–6 (route numbering) or 7–12 (list numbering) → the spec's name. */
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

type Tally = { n: number; users: Set<number> };
const tally = (map: Map<string, Tally & { name: string; st: string }>, key: string, name: string, st: string, user: number) => {
  let entry = map.get(key);
  if (!entry) map.set(key, (entry = { n: 0, users: new Set(), name, st }));
  entry.n++;
  entry.users.add(user);
  if (name < entry.name) entry.name = name;
};
const byCount = (a: { n: number; users: Set<number>; name: string }, b: { n: number; users: Set<number>; name: string }) =>
  b.n - a.n || b.users.size - a.users.size || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The figures of decision 021 that read the last 14 days of activities (and session uses), in one pass. */
async function windowTallies(c: Client, t: { dayStart: number; weekStart: number; previousWeekStart: number; end: number }) {
  const acts = (
    await c.execute({
      sql: "SELECT user_id, activity_type, city_name, city_state, category_id, created_at FROM activities WHERE created_at >= ? AND created_at < ?",
      args: [t.previousWeekStart, t.end],
    })
  ).rows;
  const uses = (await c.execute({ sql: "SELECT user_id, expires_at FROM sessions WHERE expires_at >= ? AND expires_at < ?", args: [t.previousWeekStart + SESSION_TTL_MS, t.end + SESSION_TTL_MS] })).rows;
  const today = new Set<number>();
  const week = new Set<number>();
  const previous = new Set<number>();
  const seen = (user: number, at: number) => {
    if (at >= t.weekStart) week.add(user);
    else previous.add(user);
    if (at >= t.dayStart) today.add(user);
  };
  for (const r of uses) seen(Number(r[0]), Number(r[1]) - SESSION_TTL_MS);
  const categories = new Map<string, number>();
  const cities = new Map<string, Tally & { name: string; st: string }>();
  const states = new Map<string, Tally & { name: string; st: string }>();
  const userCities = new Map<number, Set<string>>();
  const hours = new Map<number, number>();
  const types = new Map<string, { current: number; previous: number }>();
  for (const r of acts) {
    const user = Number(r[0]);
    const type = String(r[1]);
    const at = Number(r[5]);
    seen(user, at);
    const count = types.get(type) ?? { current: 0, previous: 0 };
    types.set(type, count);
    if (at < t.weekStart) {
      count.previous++;
      continue;
    }
    count.current++;
    const hour = Math.floor(at / 3_600_000) % 24;
    hours.set(hour, (hours.get(hour) ?? 0) + 1);
    if ((type === "category_explored" || type === "place_visited") && r[4] !== null) {
      const name = categoryName(String(r[4]));
      categories.set(name, (categories.get(name) ?? 0) + 1);
    }
    const st = r[3] === null ? null : String(r[3]).toUpperCase();
    if (st !== null) tally(states, st, st, st, user);
    if (r[2] !== null) {
      const name = String(r[2]);
      const key = `${name.toLowerCase()}|${st ?? ""}`;
      tally(cities, key, name, st ?? "", user);
      let set = userCities.get(user);
      if (!set) userCities.set(user, (set = new Set()));
      set.add(key);
    }
  }
  const categoryTotal = [...categories.values()].reduce((a, b) => a + b, 0);
  const perUser = [...userCities.values()].map((set) => set.size);
  return {
    activeToday: today.size,
    activeThisWeek: week.size,
    activePreviousWeek: previous.size,
    retained: [...previous].filter((u) => week.has(u)).length,
    categoryPreferences: [...categories]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([category, n]) => ({ category, percentage: percent(n, categoryTotal) })),
    topCities: [...cities.values()]
      .sort(byCount)
      .slice(0, TOP_LIMIT)
      .map((e) => ({ city: e.st ? `${e.name}, ${e.st}` : e.name, activities: e.n, users: e.users.size })),
    stateDistribution: [...states.values()].sort(byCount).map((e) => ({ state: e.st, activities: e.n, users: e.users.size })),
    explorePatterns: EXPLORE_PATTERNS.map((p) => ({ pattern: p.pattern, frequency: perUser.filter((n) => n >= p.min && n <= p.max).length })),
    recentActivities: [...types]
      .map(([type, v]) => ({ type, count: v.current, trend: trendOf(v.current, v.previous) }))
      .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)),
    peakUsageHours: [...hours]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, 3)
      .map(([hour]) => ({ hour })),
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
    const totalUsers = await one(c, "SELECT count(*) FROM users");
    const totalFavorites = await one(c, "SELECT coalesce(sum(favorites_count), 0) FROM admin_user_stats");
    const totalActivities = await one(c, "SELECT coalesce(sum(activities_count), 0) FROM admin_user_stats");
    const newToday = await one(c, "SELECT count(*) FROM users WHERE created_at >= ?", [dayStart]);
    const newWeek = await one(c, "SELECT count(*) FROM users WHERE created_at >= ?", [weekStart]);
    const newPreviousWeek = await one(c, "SELECT count(*) FROM users WHERE created_at >= ? AND created_at < ?", [previousWeekStart, weekStart]);
    const newMonth = await one(c, "SELECT count(*) FROM users WHERE created_at >= ?", [monthStart]);
    const sessionRows = await one(c, "SELECT count(*) FROM sessions");

    const mostActiveUsers = (
      await rows(
        c,
        `SELECT coalesce(u.username, 'Guest') AS username, coalesce(u.email, '') AS email, s.activities_count AS n
         FROM admin_user_stats s JOIN users u ON u.id = s.user_id WHERE s.activities_count > 0
         ORDER BY s.activities_count DESC, s.user_id DESC LIMIT ${TOP_LIMIT}`,
      )
    ).map((r) => ({ username: String(r.username), email: String(r.email), activities: num(r.n) }));

    // Every windowed figure comes from one range read of the covering index activities_created_cover_idx (the
    // last 14 days: this week and the week before), tallied here in one pass.
    const w = await windowTallies(c, { dayStart, weekStart, previousWeekStart, end });
    const { activeToday, activeThisWeek, retained, activePreviousWeek, categoryPreferences, topCities, stateDistribution, explorePatterns } = w;
    const newUsers = (
      await rows(c, `SELECT username, email, created_at FROM users WHERE is_guest = 0 ORDER BY created_at DESC, id DESC LIMIT ${TOP_LIMIT}`)
    ).map((r) => ({ username: String(r.username ?? ""), email: String(r.email ?? ""), createdAt: new Date(num(r.created_at)).toISOString() }));

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
      userGrowth: { daily: newToday, weekly: newWeek, monthly: newMonth, growthRate: growthRate(newWeek, newPreviousWeek) },
      engagement: {
        retentionRate: percent(retained, activePreviousWeek),
        avgSessionsPerUser: totalUsers ? round(sessionRows / totalUsers, 2) : 0,
        mostActiveUsers,
        categoryPreferences,
      },
      geography: { topCities, stateDistribution, explorePatterns },
      recentActivity: { newUsers, recentActivities },
      performance,
    };
  } finally {
    tx.close();
  }
}

/** New users and activities per UTC day for the last 30 days (today included), oldest first. */
export async function dailySeries(client: Client, now: number): Promise<DailySeries> {
  const first = Math.floor(now / DAY_MS) * DAY_MS - (WINDOW_DAYS - 1) * DAY_MS;
  const users = await rows(client, "SELECT created_at / 86400000 AS d, count(*) AS n FROM users WHERE created_at >= ? GROUP BY d", [first]);
  const acts = await rows(client, "SELECT created_at / 86400000 AS d, count(*) AS n FROM activities WHERE created_at >= ? GROUP BY d", [first]);
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
export async function listUsers(client: Client, query: UsersQuery): Promise<{ users: AdminUserRow[]; total: number; registered: number; guests: number }> {
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
    ? guest ? guests : registered
    : list.length ? num(list[0]!.matches)
    : await one(client, `SELECT count(*) FROM users u INDEXED BY users_guest_search_idx WHERE ${where.join(" AND ")}`, args);
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
export async function listActivities(client: Client, query: ActivitiesQuery): Promise<{ activities: AdminActivityRow[]; total: number }> {
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
  { command: (st: string) => `npm run import:overture -- --state ${st}`, marker: (st: string) => `refresh:overture:${st}` },
] as const;

/** What a state's summary depends on: its import markers (name, rows, time). A change recomputes it. */
async function fingerprints(client: Client): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const list = await rows(client, "SELECT dataset, rows, imported_at FROM data_imports WHERE dataset LIKE 'places:%' OR dataset LIKE 'refresh:%' ORDER BY dataset");
  for (const r of list) {
    const st = String(r.dataset).split(":").at(-1)!;
    result.set(st, `${result.get(st) ?? ""}${r.dataset}=${r.rows}@${r.imported_at};`);
  }
  return result;
}

/** Compute one state's summary from the places store (a few index scans of that state). */
export async function computeStateHealth(client: Client, stateCode: string, now: number): Promise<StateHealth> {
  const byCategory = (await rows(client, "SELECT category_id, count(*) AS n FROM places WHERE state_code = ? GROUP BY category_id ORDER BY n DESC", [stateCode])).map(
    (r) => ({ category: categoryName(String(r.category_id)), places: num(r.n) }),
  );
  const places = byCategory.reduce((sum, c) => sum + c.places, 0);
  const stale = await one(client, "SELECT count(*) FROM places WHERE state_code = ? AND updated_at < ?", [stateCode, now - STALE_AFTER_MS]);
  const cityRows = await rows(
    client,
    `SELECT c.name, (SELECT count(*) FROM places p WHERE p.state_code = c.state_code AND p.city = c.name COLLATE NOCASE) AS n
     FROM cities c WHERE c.state_code = ? AND c.incorporated = 1`,
    [stateCode],
  );
  const thin = cityRows.filter((r) => num(r.n) < THIN_CITY_PLACES).sort((a, b) => num(a.n) - num(b.n) || String(a.name).localeCompare(String(b.name)));
  const datasets = (await rows(client, "SELECT dataset, rows, imported_at FROM data_imports WHERE dataset LIKE ? ORDER BY imported_at DESC", [`places:%:${stateCode}`])).map(
    (r) => ({ dataset: String(r.dataset).split(":").slice(1, -1).join(":"), rows: num(r.rows), importedAt: new Date(num(r.imported_at)).toISOString() }),
  );
  // The operator refreshes record themselves as refresh:<source>:<state> (db/import/places/replace.ts).
  const refreshes = await rows(client, "SELECT dataset, imported_at FROM data_imports WHERE dataset LIKE ?", [`refresh:%:${stateCode}`]);
  const lastRuns = new Map(refreshes.map((r) => [String(r.dataset), new Date(num(r.imported_at)).toISOString()]));
  return {
    stateCode,
    places,
    byCategory,
    olderThanFiveYears: percent(stale, places),
    incorporatedCities: cityRows.length,
    thinCities: thin.length,
    thinCityNames: thin.slice(0, 12).map((r) => String(r.name)),
    datasets,
    lastImportedAt: datasets[0]?.importedAt ?? null,
    commands: REFRESH_COMMANDS.map((c) => ({ command: c.command(stateCode), lastRun: lastRuns.get(c.marker(stateCode)) ?? null })),
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
  const states = (await rows(client, "SELECT state_code, count(*) AS n FROM cities GROUP BY state_code ORDER BY state_code")).map((r) => ({
    stateCode: String(r.state_code),
    cities: num(r.n),
  }));
  const prints = await fingerprints(client);
  const stored = new Map(
    (await rows(client, "SELECT state_code, fingerprint, payload FROM admin_data_health")).map((r) => [String(r.state_code), { fingerprint: String(r.fingerprint), payload: String(r.payload) }]),
  );
  const out: StateHealth[] = [];
  for (const { stateCode } of states) {
    const print = prints.get(stateCode) ?? "";
    const cached = stored.get(stateCode);
    if (cached && cached.fingerprint === print) out.push(JSON.parse(cached.payload) as StateHealth);
    else out.push(await refreshStateHealth(client, stateCode, now));
  }
  const places = out.reduce((s, h) => s + h.places, 0);
  const stale = out.reduce((s, h) => s + (h.olderThanFiveYears * h.places) / 100, 0);
  return {
    nationwide: {
      states: out.length,
      importedStates: out.filter((h) => h.datasets.length > 0).length,
      places,
      thinCities: out.reduce((s, h) => s + h.thinCities, 0),
      olderThanFiveYears: percent(Math.round(stale), places),
    },
    states: out,
  };
}
