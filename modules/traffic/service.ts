// Traffic service (issue 15, DECISIONS 15 and 23, docs/decisions/022-traffic-log.md): the request log with
// its buffer, batch writer, privacy rules and the analytics read from hourly rollups. Plain values in/out.
import type { Client, InStatement } from "@libsql/client";
import { isbot } from "isbot";
import type { CurrentUser, RequestUser } from "../../src/http";
import { countryOf, type CountryTable } from "./geo";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** Spec constants (accounts-and-shell.md §9). */
export const TOP_HOURS = 6;
export const RECENT_VISITORS = 8;
export const LIVE_LOGS = 50;
export const MAX_LOGS = 200;
export const TOP_LIST = 20;

/**
 * What the fetch wrapper hands over per request: raw fields only. The route template, country, bot flag,
 * device and visitor key are derived by the writer (`BatchWriter`), at flush, off the request's path.
 */
export interface PendingEntry {
  at: number;
  method: string;
  /** The path without its query string, as requested (collapsed to a route template by the writer). */
  path: string;
  status: number;
  durationMs: number;
  userAgent: string;
  ip: string | undefined;
  /** The request itself, for "who was signed in" (resolved at flush, from the auth module's per-request cache). */
  request: Request;
}

/** A row as the writer gets it: the pending entry's raw fields and who was signed in (resolved at flush). */
export type LogRow = Omit<PendingEntry, "request"> & { userId: number | null };

/** Where batches go: a `BatchWriter` in this thread, or the writer thread (./writer-thread.ts). */
export interface LogSink {
  write(rows: LogRow[]): Promise<void>;
  maintain(): Promise<void>;
  close?(): void;
}

/** Raised by a sink that cannot work at all (the writer thread did not start): the log falls back to writing in-thread. */
export class SinkUnavailable extends Error {}

type Countries = Promise<CountryTable> | CountryTable | (() => Promise<CountryTable> | CountryTable);

export interface TrafficOptions {
  client: Client;
  /** The DB-IP table, or a function that loads it (only called when batches are written in this thread). */
  countries: Countries;
  currentUser: CurrentUser;
  hashIps: boolean;
  includeAdmin: boolean;
  retentionDays: number;
  log: { error(...args: unknown[]): void };
  now?: () => number;
  /** Rows kept in memory at most (the oldest are dropped beyond it); rows per flush trigger; flush period. */
  capacity?: number;
  batchSize?: number;
  intervalMs?: number;
  /** Started by `start()`: a sink writing batches in another thread (the server's); tests write in-thread. */
  thread?: () => LogSink;
}

/** Route path as logged: no query string, numeric and long opaque segments collapsed to ":id", at most 200 characters. */
export function routePath(pathname: string): string {
  let path = pathname;
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  const segments = path.split("/").map((segment) =>
    /^\d+$/.test(segment) || /^[0-9a-f-]{16,}$/i.test(segment) || (segment.length >= 12 && /\d/.test(segment) && /^[\w-]+$/.test(segment)) ? ":id" : segment,
  );
  return segments.join("/").slice(0, 200) || "/";
}

/** Paths never logged: static files and the health check. */
export const isSkipped = (pathname: string) => pathname.startsWith("/assets/") || pathname === "/healthz";

export const deviceOf = (userAgent: string): "mobile" | "desktop" => (/Mobi|Android|iPhone|iPad|iPod|Windows Phone/i.test(userAgent) ? "mobile" : "desktop");

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/** isbot's pattern costs ~10 µs a call; user agents repeat, so answers are kept (up to 5,000 agents). */
const botAnswers = new Map<string, boolean>();
export function isBot(userAgent: string): boolean {
  let answer = botAnswers.get(userAgent);
  if (answer === undefined) {
    if (botAnswers.size >= 5_000) botAnswers.clear();
    answer = isbot(userAgent);
    botAnswers.set(userAgent, answer);
  }
  return answer;
}

/** The visitor key: HMAC-SHA256(salt, ip + "\n" + user agent), 32 hex characters. */
export function visitorKey(salt: string, ip: string | undefined, userAgent: string): string {
  const hmac = new Bun.CryptoHasher("sha256", salt);
  hmac.update(`${ip ?? "?"}\n${userAgent}`);
  return hmac.digest("hex").slice(0, 32);
}

/**
 * Writes batches of log rows: derives each row's route template, country, bot flag, device and visitor key,
 * inserts the rows and upserts the rollups in one transaction, and prunes once a day. Runs in the writer
 * thread in the server (./writer-thread.ts), in the caller's thread in tests and as the fallback.
 */
export class BatchWriter {
  private salts = new Map<number, string>();
  private maintainedDay = -1;
  /** Country per address (a lookup parses the address: ~2 µs); visitors repeat within a batch and across batches. */
  private countryCache = new Map<string | undefined, string>();
  private table: Promise<CountryTable> | undefined;
  constructor(private readonly options: { client: Client; countries: Countries; hashIps: boolean; retentionDays: number; log: { error(...args: unknown[]): void }; batchSize?: number; now?: () => number }) {}

  private countries(): Promise<CountryTable> {
    const source = this.options.countries;
    return (this.table ??= Promise.resolve(typeof source === "function" ? source() : source));
  }

  /** The salt of a day (created once, shared by every instance through the database). */
  private async saltOf(day: number): Promise<string> {
    const known = this.salts.get(day);
    if (known) return known;
    const client = this.options.client;
    await client.execute({ sql: "INSERT OR IGNORE INTO traffic_salts (day, salt) VALUES (?, ?)", args: [day, hex(crypto.getRandomValues(new Uint8Array(32)))] });
    const row = await client.execute({ sql: "SELECT salt FROM traffic_salts WHERE day = ?", args: [day] });
    const salt = String(row.rows[0]!.salt);
    this.salts.clear();
    this.salts.set(day, salt);
    return salt;
  }

  /** Once a day: delete log rows (raw IPs) past retention and every salt older than today's. */
  async maintain(): Promise<void> {
    const now = this.options.now?.() ?? Date.now();
    const today = Math.floor(now / DAY_MS);
    if (this.maintainedDay === today) return;
    await this.options.client.batch(
      [
        { sql: "DELETE FROM traffic_log WHERE at < ?", args: [now - this.options.retentionDays * DAY_MS] },
        { sql: "DELETE FROM traffic_salts WHERE day < ?", args: [today] },
      ],
      "write",
    );
    this.maintainedDay = today; // only once it worked: a failed prune is tried again at the next flush
    this.salts.delete(today - 1);
  }

  async write(entries: LogRow[]): Promise<void> {
    // A failed prune never loses the batch (it is tried again at the next flush).
    await this.maintain().catch((error) => this.options.log.error("[traffic] could not prune the request log:", error));
    if (!entries.length) return;
    const table = await this.countries();
    if (this.countryCache.size > 10_000) this.countryCache.clear();
    const batchSize = this.options.batchSize ?? 500;
    const logRows: unknown[][] = [];
    const hourly = new Map<number, HourRow>();
    const pages = new Map<string, number>();
    const countries = new Map<string, number>();
    const visitors = new Map<string, number>();
    // One HMAC per (day, address, agent) in a batch: a visitor's requests share it.
    const keys = new Map<string, string>();
    for (const entry of entries) {
      const day = Math.floor(entry.at / DAY_MS);
      const hour = Math.floor(entry.at / HOUR_MS);
      const path = routePath(entry.path);
      const bot = isBot(entry.userAgent);
      let country = this.countryCache.get(entry.ip);
      if (country === undefined) this.countryCache.set(entry.ip, (country = countryOf(table, entry.ip)));
      const keyOf = `${day}\n${entry.ip}\n${entry.userAgent}`;
      let visitor = keys.get(keyOf);
      if (visitor === undefined) keys.set(keyOf, (visitor = visitorKey(await this.saltOf(day), entry.ip, entry.userAgent)));
      logRows.push([
        entry.at, entry.method, path, entry.status, Math.round(entry.durationMs * 100) / 100, entry.userAgent.slice(0, 512), deviceOf(entry.userAgent), country,
        this.options.hashIps ? null : (entry.ip ?? null), visitor, entry.userId, bot ? 1 : 0,
      ]);
      const h = hourly.get(hour) ?? { requests: 0, bots: 0, errors: 0, durationMs: 0 };
      h.requests++;
      if (bot) h.bots++;
      if (entry.status >= 500) h.errors++;
      h.durationMs += entry.durationMs;
      hourly.set(hour, h);
      if (bot) continue;
      pages.set(`${hour}\t${path}`, (pages.get(`${hour}\t${path}`) ?? 0) + 1);
      countries.set(`${hour}\t${country}`, (countries.get(`${hour}\t${country}`) ?? 0) + 1);
      if (!visitors.has(`${day}\t${visitor}`)) visitors.set(`${day}\t${visitor}`, hour);
    }
    const statements: InStatement[] = [];
    for (let i = 0; i < logRows.length; i += batchSize) {
      const chunk = logRows.slice(i, i + batchSize);
      statements.push({
        sql: `INSERT INTO traffic_log (at, method, path, status, duration_ms, user_agent, device, country, ip, visitor, user_id, bot) VALUES ${chunk.map(() => "(?,?,?,?,?,?,?,?,?,?,?,?)").join(",")}`,
        args: chunk.flat() as never,
      });
    }
    statements.push(...rollupStatements(hourly, pages, countries, visitors));
    await this.options.client.batch(statements, "write");
  }
}

/**
 * The request log: `record` only pushes raw fields to an in-memory buffer (never awaits, never blocks a
 * request); a timer flushes every `intervalMs`, or sooner once `batchSize` rows wait; a full buffer drops its
 * oldest row and counts it (`dropped`). A flush resolves who was signed in (the admin's own requests are
 * left out) and hands the rows to the sink: in the server, the writer thread, so the derivation and the SQL
 * (the log's main cost) run off the thread that answers requests. `stop()` flushes what is left (SIGTERM).
 */
export class TrafficLog {
  private buffer: PendingEntry[] = [];
  /** Rows before this index were dropped (a full buffer drops its oldest). */
  private head = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private flushing: Promise<void> | undefined;
  private soon = false;
  private readonly inline: BatchWriter;
  private sink: LogSink;
  /** Rows dropped because the buffer was full, or lost in a failed write. */
  dropped = 0;
  failed = 0;
  readonly capacity: number;
  readonly batchSize: number;
  constructor(private readonly options: TrafficOptions) {
    this.capacity = options.capacity ?? 10_000;
    this.batchSize = options.batchSize ?? 500;
    this.inline = new BatchWriter({ client: options.client, countries: options.countries, hashIps: options.hashIps, retentionDays: options.retentionDays, log: options.log, batchSize: this.batchSize, now: options.now });
    this.sink = this.inline;
  }

  get pending() {
    return this.buffer.length - this.head;
  }

  /** Whether batches are written by the writer thread (false in tests, before start() and after a fallback). */
  get threaded() {
    return this.sink !== this.inline;
  }

  record(entry: PendingEntry): void {
    if (this.buffer.length - this.head >= this.capacity) {
      // Drop the oldest row: move the start (O(1)); the dropped rows are cut off once they are half the array.
      this.head++;
      this.dropped++;
      if (this.head >= this.capacity / 2) {
        this.buffer = this.buffer.slice(this.head);
        this.head = 0;
      }
    }
    this.buffer.push(entry);
    if (this.buffer.length - this.head >= this.batchSize && !this.soon && this.timer) {
      this.soon = true;
      setTimeout(() => {
        this.soon = false;
        void this.flush();
      }, 0);
    }
  }

  start(): void {
    if (!this.timer && this.options.thread) {
      try {
        this.sink = this.options.thread();
      } catch (error) {
        this.options.log.error("[traffic] the writer thread could not start; writing in the server's thread:", error instanceof Error ? error.message : error);
      }
    }
    this.timer ??= setInterval(() => void this.flush(), this.options.intervalMs ?? 1000);
    (this.timer as { unref?: () => void }).unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
    if (this.sink !== this.inline) {
      this.sink.close?.();
      this.sink = this.inline;
    }
  }

  /** Run `work` on the sink; a sink that cannot work at all is replaced by the in-thread writer, which runs it. */
  private async onSink(work: (sink: LogSink) => Promise<void>): Promise<void> {
    try {
      await work(this.sink);
    } catch (error) {
      if (!(error instanceof SinkUnavailable) || this.sink === this.inline) throw error;
      this.options.log.error("[traffic] the writer thread failed; writing in the server's thread:", error.message);
      this.sink.close?.();
      this.sink = this.inline;
      await work(this.inline);
    }
  }

  /** Write everything buffered (one flush at a time; a flush started meanwhile waits and runs after). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.buffer.length === this.head) {
      // Daily pruning also runs on quiet days; a database failure is logged, never thrown at the timer.
      return this.onSink((sink) => sink.maintain()).catch((error) => this.options.log.error("[traffic] could not prune the request log:", error));
    }
    const entries = this.head ? this.buffer.slice(this.head) : this.buffer;
    this.buffer = [];
    this.head = 0;
    this.flushing = this.rowsOf(entries)
      .then((rows) => this.onSink((sink) => sink.write(rows)))
      .catch((error) => {
        this.failed += entries.length;
        this.options.log.error("[traffic] could not write the request log:", error);
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  /** The rows to write: who was signed in (one lookup per distinct cookie header), the admin's own requests left out. */
  private async rowsOf(entries: PendingEntry[]): Promise<LogRow[]> {
    const users = new Map<string, Promise<RequestUser | null>>();
    for (const entry of entries) {
      const cookie = entry.request.headers.get("cookie");
      if (cookie && !users.has(cookie)) users.set(cookie, this.options.currentUser(entry.request).catch(() => null));
    }
    const known = new Map<string, RequestUser | null>();
    for (const [cookie, user] of users) known.set(cookie, await user);
    const rows: LogRow[] = [];
    for (const entry of entries) {
      const cookie = known.size ? entry.request.headers.get("cookie") : null;
      const user = cookie ? known.get(cookie) : null;
      if (user?.isAdmin && !this.options.includeAdmin) continue;
      rows.push({ at: entry.at, method: entry.method, path: entry.path, status: entry.status, durationMs: entry.durationMs, userAgent: entry.userAgent, ip: entry.ip, userId: user?.id ?? null });
    }
    return rows;
  }
}

type HourRow = { requests: number; bots: number; errors: number; durationMs: number };

/** Upserts of the rollups (also used by the seeding bench): hourly figures, pages, countries, totals, visitor keys. */
export function rollupStatements(hourly: Map<number, HourRow>, pages: Map<string, number>, countries: Map<string, number>, visitors: Map<string, number>): InStatement[] {
  const out: InStatement[] = [];
  const chunked = <T>(items: T[], size: number, make: (chunk: T[]) => InStatement) => {
    for (let i = 0; i < items.length; i += size) out.push(make(items.slice(i, i + size)));
  };
  chunked([...hourly], 500, (chunk) => ({
    sql: `INSERT INTO traffic_hourly (hour, requests, bots, errors, duration_ms) VALUES ${chunk.map(() => "(?,?,?,?,?)").join(",")}
      ON CONFLICT (hour) DO UPDATE SET requests = requests + excluded.requests, bots = bots + excluded.bots, errors = errors + excluded.errors, duration_ms = duration_ms + excluded.duration_ms`,
    args: chunk.flatMap(([hour, h]) => [hour, h.requests, h.bots, h.errors, h.durationMs]),
  }));
  const keyed = (map: Map<string, number>) => [...map].map(([key, n]) => [...key.split("\t"), n] as [string, string, number]);
  for (const [table, column, rows] of [
    ["traffic_pages", "path", keyed(pages)],
    ["traffic_countries", "country", keyed(countries)],
  ] as const) {
    chunked(rows, 500, (chunk) => ({
      sql: `INSERT INTO ${table} (hour, ${column}, requests) VALUES ${chunk.map(() => "(?,?,?)").join(",")} ON CONFLICT (hour, ${column}) DO UPDATE SET requests = requests + excluded.requests`,
      args: chunk.flatMap(([hour, key, n]) => [Number(hour), key, n]),
    }));
    const daily = new Map<string, number>();
    for (const [hour, key, n] of rows) {
      const dayKey = `${Math.floor(Number(hour) / 24)}\t${key}`;
      daily.set(dayKey, (daily.get(dayKey) ?? 0) + n);
    }
    chunked(keyed(daily), 500, (chunk) => ({
      sql: `INSERT INTO ${table}_daily (day, ${column}, requests) VALUES ${chunk.map(() => "(?,?,?)").join(",")} ON CONFLICT (day, ${column}) DO UPDATE SET requests = requests + excluded.requests`,
      args: chunk.flatMap(([day, key, n]) => [Number(day), key, n]),
    }));
    const totals = new Map<string, number>();
    for (const [, key, n] of rows) totals.set(key, (totals.get(key) ?? 0) + n);
    chunked([...totals], 500, (chunk) => ({
      sql: `INSERT INTO ${table}_total (${column}, requests) VALUES ${chunk.map(() => "(?,?)").join(",")} ON CONFLICT (${column}) DO UPDATE SET requests = requests + excluded.requests`,
      args: chunk.flat(),
    }));
  }
  chunked(keyed(visitors), 500, (chunk) => ({
    sql: `INSERT OR IGNORE INTO traffic_visitors (day, visitor, hour) VALUES ${chunk.map(() => "(?,?,?)").join(",")}`,
    args: chunk.flatMap(([day, visitor, hour]) => [Number(day), visitor, hour]),
  }));
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Reading: analytics from the rollups, the live log from the latest rows.
// ---------------------------------------------------------------------------------------------------------

export const RANGES = ["24h", "7d", "30d", "all"] as const;
export type Range = (typeof RANGES)[number];
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
  recentVisitors: Array<{ path: string; ipAddress: string; country: string; userAgent: string; timestamp: string; device: "mobile" | "desktop" }>;
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
  const [totals, byHourOfDay, timeline, visitors, pages, countries, recent] = await client.batch(
    [
      { sql: "SELECT coalesce(sum(requests), 0) AS requests, coalesce(sum(bots), 0) AS bots FROM traffic_hourly WHERE hour >= ?", args: [from] },
      { sql: "SELECT hour % 24 AS h, sum(requests) AS n FROM traffic_hourly WHERE hour >= ? GROUP BY h", args: [from] },
      perDay
        ? { sql: "SELECT hour / 24 * 24 AS t, sum(requests) AS n, sum(bots) AS b FROM traffic_hourly WHERE hour >= ? GROUP BY hour / 24 ORDER BY t", args: [from] }
        : { sql: "SELECT hour AS t, requests AS n, bots AS b FROM traffic_hourly WHERE hour >= ? ORDER BY t", args: [from] },
      range === "all" ? "SELECT count(*) AS n FROM traffic_visitors" : { sql: "SELECT count(*) AS n FROM traffic_visitors WHERE hour >= ?", args: [from] },
      range === "all"
        ? { sql: "SELECT path AS k, requests AS n FROM traffic_pages_total ORDER BY n DESC, k LIMIT ?", args: [TOP_LIST] }
        : ranked("traffic_pages", "path", from),
      range === "all"
        ? { sql: "SELECT country AS k, requests AS n FROM traffic_countries_total ORDER BY n DESC, k LIMIT ?", args: [TOP_LIST] }
        : ranked("traffic_countries", "country", from),
      // The latest visitors (bots left out): enough rows to find 8 distinct visitor keys.
      { sql: "SELECT path, ip, visitor, country, user_agent, at, device FROM traffic_log WHERE bot = 0 AND at >= ? ORDER BY at DESC, id DESC LIMIT 200", args: [from * HOUR_MS] },
    ],
    "read",
  );
  const hours = new Array<number>(24).fill(0);
  for (const row of byHourOfDay!.rows) hours[Number(row.h)] = Number(row.n);
  const seen = new Set<string>();
  const recentVisitors: TrafficAnalytics["recentVisitors"] = [];
  for (const row of recent!.rows) {
    if (seen.has(String(row.visitor))) continue;
    seen.add(String(row.visitor));
    recentVisitors.push({
      path: String(row.path),
      ipAddress: shownIp(row.ip, row.visitor),
      country: String(row.country),
      userAgent: String(row.user_agent),
      timestamp: new Date(Number(row.at)).toISOString(),
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
    timeline: timeline!.rows.map((r) => ({ at: new Date(Number(r.t) * HOUR_MS).toISOString(), requests: Number(r.n), bots: Number(r.b) })),
    recentVisitors,
  };
}

/** The latest log entries, newest first; `before` = an id from a previous page. */
export async function trafficLogs(client: Client, options: { limit: number; before?: number }): Promise<TrafficLogEntry[]> {
  const result = await client.execute({
    sql: `SELECT id, method, path, ip, visitor, country, status, user_agent, at, device, bot, duration_ms FROM traffic_log ${options.before ? "WHERE id < ?" : ""} ORDER BY id DESC LIMIT ?`,
    args: options.before ? [options.before, options.limit] : [options.limit],
  });
  return result.rows.map((r) => ({
    id: Number(r.id),
    method: String(r.method),
    path: String(r.path),
    ipAddress: shownIp(r.ip, r.visitor),
    country: String(r.country),
    statusCode: Number(r.status),
    userAgent: String(r.user_agent),
    timestamp: new Date(Number(r.at)).toISOString(),
    device: r.device === "mobile" ? "mobile" : "desktop",
    bot: Number(r.bot) === 1,
    durationMs: Number(r.duration_ms),
  }));
}

/**
 * The seam for the admin analytics' "performance" figures (accounts-and-shell.md §3): average response time
 * in seconds, error rate in % (5xx answers) and the busiest hours of the day (UTC, busiest first), over the
 * last `hours` hours (default: all time), from the hourly rollup.
 */
export async function trafficPerformance(client: Client, options: { hours?: number; now?: number; peakHours?: number } = {}) {
  const from = options.hours ? Math.floor((options.now ?? Date.now()) / HOUR_MS) - options.hours + 1 : 0;
  const [totals, peaks] = await client.batch(
    [
      { sql: "SELECT coalesce(sum(requests), 0) AS n, coalesce(sum(errors), 0) AS e, coalesce(sum(duration_ms), 0) AS d FROM traffic_hourly WHERE hour >= ?", args: [from] },
      { sql: "SELECT hour % 24 AS h, sum(requests) AS n FROM traffic_hourly WHERE hour >= ? GROUP BY h ORDER BY n DESC, h LIMIT ?", args: [from, options.peakHours ?? 3] },
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
