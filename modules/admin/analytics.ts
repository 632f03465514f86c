// One job: the analytics screen's figures (totals, growth, engagement, geography, recent activity, daily series).
// Every figure is defined in docs/decisions/021-admin-metrics.md; the SQL below is that record, written out.
import type { Client } from "@libsql/client";
import type { AdminAnalytics, DailySeries, RequestLogStats } from "./model";
import { DAY_MS, HOUR_MS, num, one, percent, round, rows, TOP_LIMIT, WINDOW_DAYS } from "./sql";
import { windowTallies } from "./window-tallies";

export function growthRate(thisWeek: number, previousWeek: number): number {
  if (previousWeek === 0) return thisWeek > 0 ? 100 : 0;
  return round(((thisWeek - previousWeek) / previousWeek) * 100, 1);
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
