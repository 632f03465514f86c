// Traffic analytics (docs/decisions/022-traffic-log.md): the admin's figures read from the hourly rollups and
// the live log read from the latest stored segments. Plain values in/out.
import type { Client, InStatement } from "@libsql/client";
import { HOUR_MS } from "./log-batch";
import type { Range } from "./model";
import { newestEntries } from "./segments";

/** The admin screens' sizes: busiest hours shown, latest visitors, entries per top list. */
export const TOP_HOURS = 6;
export const RECENT_VISITORS = 8;
export const TOP_LIST = 20;
const RANGE_HOURS: Record<Range, number> = { "24h": 24, "7d": 24 * 7, "30d": 24 * 30, all: Infinity };

export interface TrafficLogEntry {
  id: number;
  method: string;
  path: string;
  ipAddress: string;
  country: string;
  statusCode: number;
  userAgent: string;
  timestamp: string;
  device: "mobile" | "desktop";
  bot: boolean;
  durationMs: number;
}

export interface TrafficAnalytics {
  range: Range;
  totalRequests: number;
  uniqueVisitors: number;
  bots: number;
  topCountries: Array<{ country: string; visits: number }>;
  topPages: Array<{ path: string; visits: number }>;
  /** Requests per hour of the day (0–23, UTC) over the range: the Peak Hour and the top 6 hours. */
  hourlyTraffic: Array<{ hour: number; requests: number }>;
  /** Requests per hour (24h, 7d) or per day (30d, all) over the range, oldest first, for the chart. */
  timeline: Array<{ at: string; requests: number; bots: number }>;
  recentVisitors: Array<{
    path: string;
    ipAddress: string;
    country: string;
    userAgent: string;
    timestamp: string;
    device: "mobile" | "desktop";
  }>;
}

/** With TRAFFIC_HASH_IPS=true there is no IP: screens show the visitor key's prefix instead. */
const shownIp = (ip: unknown, visitor: unknown) => (ip ? String(ip) : `#${String(visitor).slice(0, 10)}`);

/**
 * Visits per key since hour `from`, exactly: the first, partial day from the hourly table, whole days from
 * the daily one (a 30-day range reads about 3,000 rows instead of 43,000).
 */
function ranked(table: "traffic_pages" | "traffic_countries", column: "path" | "country", from: number): InStatement {
  const firstWholeDay = Math.ceil(from / 24);
  return {
    sql: `SELECT k, sum(n) AS n FROM (
        SELECT ${column} AS k, requests AS n FROM ${table} WHERE hour >= ? AND hour < ?
        UNION ALL SELECT ${column} AS k, requests AS n FROM ${table}_daily WHERE day >= ?
      ) GROUP BY k ORDER BY n DESC, k LIMIT ?`,
    args: [from, firstWholeDay * 24, firstWholeDay, TOP_LIST],
  };
}

export async function trafficAnalytics(client: Client, range: Range, now = Date.now()): Promise<TrafficAnalytics> {
  const currentHour = Math.floor(now / HOUR_MS);
  const from = range === "all" ? 0 : currentHour - RANGE_HOURS[range] + 1;
  const perDay = range === "30d" || range === "all";
  const [totals, byHourOfDay, timeline, visitors, pages, countries] = await client.batch(
    [
      {
        sql: "SELECT coalesce(sum(requests), 0) AS requests, coalesce(sum(bots), 0) AS bots FROM traffic_hourly WHERE hour >= ?",
        args: [from],
      },
      { sql: "SELECT hour % 24 AS h, sum(requests) AS n FROM traffic_hourly WHERE hour >= ? GROUP BY h", args: [from] },
      perDay
        ? {
            sql: "SELECT hour / 24 * 24 AS t, sum(requests) AS n, sum(bots) AS b FROM traffic_hourly WHERE hour >= ? GROUP BY hour / 24 ORDER BY t",
            args: [from],
          }
        : {
            sql: "SELECT hour AS t, requests AS n, bots AS b FROM traffic_hourly WHERE hour >= ? ORDER BY t",
            args: [from],
          },
      range === "all"
        ? "SELECT count(*) AS n FROM traffic_visitors"
        : { sql: "SELECT count(*) AS n FROM traffic_visitors WHERE hour >= ?", args: [from] },
      range === "all"
        ? {
            sql: "SELECT path AS k, requests AS n FROM traffic_pages_total ORDER BY n DESC, k LIMIT ?",
            args: [TOP_LIST],
          }
        : ranked("traffic_pages", "path", from),
      range === "all"
        ? {
            sql: "SELECT country AS k, requests AS n FROM traffic_countries_total ORDER BY n DESC, k LIMIT ?",
            args: [TOP_LIST],
          }
        : ranked("traffic_countries", "country", from),
    ],
    "read",
  );
  // The latest visitors (bots left out): the latest 200 entries of the range, enough to find 8 distinct visitor keys.
  const fromMs = from * HOUR_MS;
  const recent = (await newestEntries(client, { minLastAt: fromMs, keep: (e) => !e.bot && e.at >= fromMs, want: 200 }))
    .sort((a, b) => b.at - a.at || b.id - a.id)
    .slice(0, 200);
  const hours = new Array<number>(24).fill(0);
  for (const row of byHourOfDay!.rows) hours[Number(row.h)] = Number(row.n);
  const seen = new Set<string>();
  const recentVisitors: TrafficAnalytics["recentVisitors"] = [];
  for (const row of recent) {
    if (seen.has(row.visitor)) continue;
    seen.add(row.visitor);
    recentVisitors.push({
      path: row.path,
      ipAddress: shownIp(row.ip, row.visitor),
      country: row.country,
      userAgent: row.user_agent,
      timestamp: new Date(row.at).toISOString(),
      device: row.device === "mobile" ? "mobile" : "desktop",
    });
    if (recentVisitors.length === RECENT_VISITORS) break;
  }
  return {
    range,
    totalRequests: Number(totals!.rows[0]!.requests),
    uniqueVisitors: Number(visitors!.rows[0]!.n),
    bots: Number(totals!.rows[0]!.bots),
    topCountries: countries!.rows.map((r) => ({ country: String(r.k), visits: Number(r.n) })),
    topPages: pages!.rows.map((r) => ({ path: String(r.k), visits: Number(r.n) })),
    hourlyTraffic: hours.map((requests, hour) => ({ hour, requests })),
    timeline: timeline!.rows.map((r) => ({
      at: new Date(Number(r.t) * HOUR_MS).toISOString(),
      requests: Number(r.n),
      bots: Number(r.b),
    })),
    recentVisitors,
  };
}

/** The latest log entries, newest first; `before` = an id from a previous page. */
export async function trafficLogs(
  client: Client,
  options: { limit: number; before?: number },
): Promise<TrafficLogEntry[]> {
  const entries = await newestEntries(client, { before: options.before, want: options.limit });
  return entries.slice(0, options.limit).map((r) => ({
    id: r.id,
    method: r.method,
    path: r.path,
    ipAddress: shownIp(r.ip, r.visitor),
    country: r.country,
    statusCode: r.status,
    userAgent: r.user_agent,
    timestamp: new Date(r.at).toISOString(),
    device: r.device === "mobile" ? "mobile" : "desktop",
    bot: r.bot === 1,
    durationMs: r.duration_ms,
  }));
}

/**
 * The seam for the admin analytics' "performance" figures (docs/product.md#entities): average response time
 * in seconds, error rate in % (5xx answers) and the busiest hours of the day (UTC, busiest first), over the
 * last `hours` hours (default: all time), from the hourly rollup.
 */
export async function trafficPerformance(
  client: Client,
  options: { hours?: number; now?: number; peakHours?: number } = {},
) {
  const from = options.hours ? Math.floor((options.now ?? Date.now()) / HOUR_MS) - options.hours + 1 : 0;
  const [totals, peaks] = await client.batch(
    [
      {
        sql: "SELECT coalesce(sum(requests), 0) AS n, coalesce(sum(errors), 0) AS e, coalesce(sum(duration_ms), 0) AS d FROM traffic_hourly WHERE hour >= ?",
        args: [from],
      },
      {
        sql: "SELECT hour % 24 AS h, sum(requests) AS n FROM traffic_hourly WHERE hour >= ? GROUP BY h ORDER BY n DESC, h LIMIT ?",
        args: [from, options.peakHours ?? 3],
      },
    ],
    "read",
  );
  const n = Number(totals!.rows[0]!.n);
  return {
    avgResponseTime: n ? Number(totals!.rows[0]!.d) / n / 1000 : 0,
    errorRate: n ? (Number(totals!.rows[0]!.e) / n) * 100 : 0,
    peakUsageHours: peaks!.rows.map((r) => ({ hour: Number(r.h) })),
    requests: n,
  };
}
