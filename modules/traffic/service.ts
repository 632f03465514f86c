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
 * One request as the log takes it (tests and `record`): raw fields only. The route template, country, bot
 * flag, device and visitor key are derived by the writer (`BatchWriter`), at flush, off the request's path.
 */
export interface PendingEntry {
  at: number;
  method: string;
  /**
   * The path as requested, or the whole request URL (the server's wrapper keeps `request.url` as it is: a
   * slice of it per request cost more at the flush than the rest of the row); the writer drops the origin and
   * the query string and collapses the path to a route template.
   */
  path: string;
  status: number;
  durationMs: number;
  userAgent: string;
  ip: string | undefined;
  /** The request, for "who was signed in" (resolved at flush through the auth module's per-request cache). */
  request?: Request;
}

/**
 * A batch as the writer gets it (docs/decisions/022-traffic-log.md, "Cost"): columns, not objects, so that
 * handing it to the writer thread copies two typed arrays and the batch's distinct strings (a structured
 * clone of 500 objects cost ~2–4 µs a row). Row i: `numbers[4i..4i+3]` = at (epoch ms), duration (ms),
 * status, user id (-1: nobody signed in); `indexes[4i..4i+3]` = method, path, user agent, address, each an
 * index into `strings` (an address that is unknown is null there).
 */
export interface LogBatch {
  count: number;
  numbers: Float64Array;
  indexes: Uint32Array;
  strings: Array<string | null>;
}

/** Build a batch from plain rows (tests, the seeding bench). */
export function batchOf(rows: Array<Omit<PendingEntry, "request"> & { userId?: number | null }>): LogBatch {
  const strings: Array<string | null> = [];
  const known = new Map<string | null, number>();
  const indexOf = (text: string | null) => {
    let i = known.get(text);
    if (i === undefined) known.set(text, (i = strings.push(text) - 1));
    return i;
  };
  const numbers = new Float64Array(rows.length * 4);
  const indexes = new Uint32Array(rows.length * 4);
  rows.forEach((row, i) => {
    numbers.set([row.at, row.durationMs, row.status, row.userId ?? -1], i * 4);
    indexes.set([indexOf(row.method), indexOf(row.path), indexOf(row.userAgent), indexOf(row.ip ?? null)], i * 4);
  });
  return { count: rows.length, numbers, indexes, strings };
}

/** Where batches go: a `BatchWriter` in this thread, or the writer thread (./writer-thread.ts). */
export interface LogSink {
  /** Write a batch, and everything handed over before it: resolves once written. */
  write(batch: LogBatch): Promise<void>;
  /**
   * Hand a batch over to be written within `WRITE_DELAY_MS` together with the others that arrive meanwhile
   * (one transaction for them all): resolves once taken. Sinks without it write each batch at once.
   */
  handOver?(batch: LogBatch): Promise<void>;
  /** Write what was handed over, then prune once a day. */
  maintain(): Promise<void>;
  close?(): void;
  /**
   * Handed-over batches the sink took but has not confirmed written (its thread died, or it was closed before
   * their write): taken out, for another sink to write. Nothing is lost when a writer thread fails.
   */
  unwritten?(): LogBatch[];
}

/** How long the writer thread collects handed-over batches before it writes them in one transaction. */
export const WRITE_DELAY_MS = 500;

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
  /**
   * Started by `start()`: a sink writing batches in another thread (the server's); tests write in-thread.
   * `lost` is told about handed-over rows that could not be written.
   */
  thread?: (lost: (rows: number, error: unknown) => void) => LogSink;
}

/** Route path as logged: no query string, numeric and long opaque segments collapsed to ":id", at most 200 characters. */
export function routePath(pathname: string): string {
  let path = pathname;
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  const segments = path
    .split("/")
    .map((segment) =>
      /^\d+$/.test(segment) ||
      /^[0-9a-f-]{16,}$/i.test(segment) ||
      (segment.length >= 12 && /\d/.test(segment) && /^[\w-]+$/.test(segment))
        ? ":id"
        : segment,
    );
  return segments.join("/").slice(0, 200) || "/";
}

/** The path of a logged path or URL: no origin, no query string. */
export function pathnameOf(text: string): string {
  let start = 0;
  if (!text.startsWith("/")) {
    start = text.indexOf("/", text.indexOf("//") + 2);
    if (start < 0) return "/";
  }
  const query = text.indexOf("?", start);
  return text.slice(start, query < 0 ? undefined : query);
}

/** Requests never logged: static files (/assets/*) and the health check (/healthz); `start` is where the URL's path begins. */
export const isSkippedAt = (url: string, start: number) =>
  url.startsWith("/assets/", start) ||
  (url.startsWith("/healthz", start) && (url.length === start + 8 || url.charCodeAt(start + 8) === 63)) /* ? */;

export const deviceOf = (userAgent: string): "mobile" | "desktop" =>
  /Mobi|Android|iPhone|iPad|iPod|Windows Phone/i.test(userAgent) ? "mobile" : "desktop";

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
  constructor(
    private readonly options: {
      client: Client;
      countries: Countries;
      hashIps: boolean;
      retentionDays: number;
      log: { error(...args: unknown[]): void };
      batchSize?: number;
      now?: () => number;
    },
  ) {}

  private countries(): Promise<CountryTable> {
    const source = this.options.countries;
    return (this.table ??= Promise.resolve(typeof source === "function" ? source() : source));
  }

  /** The salt of a day (created once, shared by every instance through the database). */
  private async saltOf(day: number): Promise<string> {
    const known = this.salts.get(day);
    if (known) return known;
    const client = this.options.client;
    await client.execute({
      sql: "INSERT OR IGNORE INTO traffic_salts (day, salt) VALUES (?, ?)",
      args: [day, hex(crypto.getRandomValues(new Uint8Array(32)))],
    });
    const row = await client.execute({ sql: "SELECT salt FROM traffic_salts WHERE day = ?", args: [day] });
    const salt = String(row.rows[0]!.salt);
    // At most two days are known at once (today's, and yesterday's for a batch that crossed midnight).
    for (const known of this.salts.keys()) if (known < day - 1) this.salts.delete(known);
    this.salts.set(day, salt);
    return salt;
  }

  /**
   * Once a day: delete log rows (raw IPs) past retention and every salt older than yesterday's. Yesterday's
   * stays one more day: a batch flushed just after midnight still holds requests of yesterday, whose visitors
   * must keep yesterday's key (a new salt would count them twice).
   */
  async maintain(): Promise<void> {
    const now = this.options.now?.() ?? Date.now();
    const today = Math.floor(now / DAY_MS);
    if (this.maintainedDay === today) return;
    await this.options.client.batch(
      [
        { sql: "DELETE FROM traffic_segments WHERE last_at < ?", args: [now - this.options.retentionDays * DAY_MS] },
        { sql: "DELETE FROM traffic_salts WHERE day < ?", args: [today - 1] },
      ],
      "write",
    );
    this.maintainedDay = today; // only once it worked: a failed prune is tried again at the next flush
    for (const day of this.salts.keys()) if (day < today - 1) this.salts.delete(day);
  }

  /** Write one batch (see `writeMany`). */
  write(batch: LogBatch): Promise<void> {
    return this.writeMany([batch]);
  }

  /**
   * Write batches in one transaction: per batch, derive each distinct string's fields once (route template,
   * bot flag, device, country) and one visitor key per (day, address, agent); the rollups of all of them
   * summed in memory; then a few statements: the batches as stored segments (`traffic_segments`, one row
   * per batch, see `Segment`) and the rollup upserts. A transaction costs ~0.3–0.5 ms whatever its size, so
   * the writer thread writes the batches that arrived within a second together (writer-worker.ts).
   */
  async writeMany(batches: LogBatch[]): Promise<void> {
    // A failed prune never loses the batch (it is tried again at the next flush).
    await this.maintain().catch((error) => this.options.log.error("[traffic] could not prune the request log:", error));
    if (!batches.some((b) => b.count)) return;
    const table = await this.countries();
    if (this.countryCache.size > 10_000) this.countryCache.clear();
    const rollups: Rollups = { hourly: new Map(), pages: new Map(), countries: new Map(), visitors: new Map() };
    const segments: Array<[count: number, firstAt: number, lastAt: number, data: string]> = [];
    let total = 0;
    for (const batch of batches) {
      if (!batch.count) continue;
      segments.push(await this.derive(batch, table, rollups));
      total += batch.count;
    }
    // Entry ids are contiguous: a segment's are next + (entries before it in this write) .. + count - 1 (never
    // reused after a prune). Were traffic_log_ids ever empty, a null id makes SQLite pick max(id) + 1: nothing is lost.
    const offsets: number[] = [];
    segments.reduce((offset, [count]) => (offsets.push(offset), offset + count), 0);
    const statements: InStatement[] = [];
    for (let i = 0; i < segments.length; i += 100) {
      const chunk = segments.slice(i, i + 100);
      statements.push({
        sql: `INSERT INTO traffic_segments (id, count, first_at, last_at, data) SELECT (SELECT next FROM traffic_log_ids) + column1, column2, column3, column4, column5 FROM (VALUES ${chunk.map(() => "(?, ?, ?, ?, ?)").join(", ")})`,
        args: chunk.flatMap((segment, j) => [offsets[i + j]!, ...segment]),
      });
    }
    statements.push({ sql: "UPDATE traffic_log_ids SET next = next + ?", args: [total] });
    await this.options.client.batch(
      [...statements, ...rollupStatements(rollups.hourly, rollups.pages, rollups.countries, rollups.visitors)],
      "write",
    );
  }

  /** One batch as a stored segment's row (count, first and last time, data); its rollups added to `rollups`. */
  private async derive(
    batch: LogBatch,
    table: CountryTable,
    rollups: Rollups,
  ): Promise<[number, number, number, string]> {
    const { count, numbers, indexes, strings } = batch;
    const { hourly, pages, countries, visitors } = rollups;
    const segment: Segment = {
      t0: numbers[0]!,
      at: [],
      ms: [],
      status: [],
      user: [],
      m: [],
      p: [],
      a: [],
      i: [],
      v: [],
      methods: [],
      paths: [],
      agents: [],
      devices: [],
      bots: [],
      ips: [],
      countries: [],
      visitors: [],
    };
    // Per string of the batch (-1: not seen yet as that kind): its index in the segment's list of that kind.
    const methodOf = new Int32Array(strings.length).fill(-1);
    const pathOf = new Int32Array(strings.length).fill(-1);
    const agentOf = new Int32Array(strings.length).fill(-1);
    const ipOf = new Int32Array(strings.length).fill(-1);
    const templates = new Map<string, number>();
    // Numeric keys (a string built per row cost more than the rest of the row's work).
    const S = strings.length;
    const visitorOf = new Map<number, number>();
    const pageCounts = new Map<number, number>(); // hour * S + path
    const countryCounts = new Map<number, number>(); // hour * S + address
    let firstAt = Infinity;
    let lastAt = -Infinity;
    for (let row = 0; row < count; row++) {
      const at = numbers[row * 4]!;
      const durationMs = numbers[row * 4 + 1]!;
      const status = numbers[row * 4 + 2]!;
      const userId = numbers[row * 4 + 3]!;
      const sm = indexes[row * 4]!;
      const sp = indexes[row * 4 + 1]!;
      const sa = indexes[row * 4 + 2]!;
      const si = indexes[row * 4 + 3]!;
      let m = methodOf[sm]!;
      if (m < 0) m = methodOf[sm] = segment.methods.push(String(strings[sm])) - 1;
      let p = pathOf[sp]!;
      if (p < 0) {
        const template = routePath(pathnameOf(String(strings[sp])));
        p = templates.get(template) ?? -1;
        if (p < 0) templates.set(template, (p = segment.paths.push(template) - 1));
        pathOf[sp] = p;
      }
      let a = agentOf[sa]!;
      if (a < 0) {
        const agent = String(strings[sa]);
        a = agentOf[sa] = segment.agents.push(agent.slice(0, 512)) - 1;
        segment.devices.push(deviceOf(agent));
        segment.bots.push(isBot(agent) ? 1 : 0);
      }
      const ip = strings[si] ?? undefined;
      let i = ipOf[si]!;
      if (i < 0) {
        let country = this.countryCache.get(ip);
        if (country === undefined) this.countryCache.set(ip, (country = countryOf(table, ip)));
        i = ipOf[si] = segment.ips.push(this.options.hashIps ? null : (ip ?? null)) - 1;
        segment.countries.push(country);
      }
      const day = Math.floor(at / DAY_MS);
      const hour = Math.floor(at / HOUR_MS);
      // One HMAC per (day, address, agent) in a batch: a visitor's requests share it.
      const keyOf = (day * S + si) * S + sa;
      let v = visitorOf.get(keyOf);
      if (v === undefined) {
        visitorOf.set(
          keyOf,
          (v = segment.visitors.push(visitorKey(await this.saltOf(day), ip, String(strings[sa]))) - 1),
        );
        const key = `${day}\t${segment.visitors[v]}`;
        // A visitor's first hour of the day (batches come in time order; INSERT OR IGNORE keeps a stored one).
        if (!segment.bots[a] && !visitors.has(key)) visitors.set(key, hour);
      }
      segment.at.push(at - segment.t0);
      segment.ms.push(Math.round(durationMs * 100) / 100);
      segment.status.push(status);
      segment.user.push(userId < 0 ? null : userId);
      segment.m.push(m);
      segment.p.push(p);
      segment.a.push(a);
      segment.i.push(i);
      segment.v.push(v);
      if (at < firstAt) firstAt = at;
      if (at > lastAt) lastAt = at;
      const bot = segment.bots[a] === 1;
      let h = hourly.get(hour);
      if (!h) hourly.set(hour, (h = { requests: 0, bots: 0, errors: 0, durationMs: 0 }));
      h.requests++;
      if (bot) h.bots++;
      if (status >= 500) h.errors++;
      h.durationMs += durationMs;
      if (bot) continue;
      const pageKey = hour * S + p;
      pageCounts.set(pageKey, (pageCounts.get(pageKey) ?? 0) + 1);
      const countryKey = hour * S + i;
      countryCounts.set(countryKey, (countryCounts.get(countryKey) ?? 0) + 1);
    }
    for (const [key, n] of pageCounts) {
      const name = `${Math.floor(key / S)}\t${segment.paths[key % S]}`;
      pages.set(name, (pages.get(name) ?? 0) + n);
    }
    // Two addresses of one country: one key.
    for (const [key, n] of countryCounts) {
      const name = `${Math.floor(key / S)}\t${segment.countries[key % S]}`;
      countries.set(name, (countries.get(name) ?? 0) + n);
    }
    return [count, firstAt, lastAt, JSON.stringify(compact(segment))];
  }
}

type Rollups = {
  hourly: Map<number, HourRow>;
  pages: Map<string, number>;
  countries: Map<string, number>;
  visitors: Map<string, number>;
};

/** Per-entry columns that may be stored as one value when every entry of the segment has it (see `Segment`). */
const CONSTANT_COLUMNS = ["ms", "status", "user", "m", "p", "a", "i", "v"] as const;

/** A segment with each per-entry column whose entries are all equal stored as that one value (a third of the bytes). */
function compact(segment: Segment): Segment {
  for (const column of CONSTANT_COLUMNS) {
    const values = segment[column] as Array<number | null>;
    if (values.length > 1 && values.every((value) => value === values[0]))
      (segment as unknown as Record<string, unknown>)[column] = values[0];
  }
  return segment;
}

/**
 * A stored batch (`traffic_segments.data`, JSON): per entry `at` (ms after `t0`), `ms` (duration), `status`, `user`
 * (id or null) and indexes into the lists: `m` → methods, `p` → paths (route templates), `a` → agents (with
 * `devices` and `bots` per agent), `i` → ips (null with TRAFFIC_HASH_IPS=true) and `countries` per address,
 * `v` → visitors (keys). Entry k of the segment whose row id is N has id N + k. A per-entry column other than
 * `at` whose entries are all equal is stored as that single value instead of an array (segments written before
 * that have arrays only).
 */
interface Segment {
  /** `at` holds each entry's time minus t0 (epoch ms). */
  t0: number;
  at: number[];
  ms: number[];
  status: number[];
  user: Array<number | null>;
  m: number[];
  p: number[];
  a: number[];
  i: number[];
  v: number[];
  methods: string[];
  paths: string[];
  agents: string[];
  devices: string[];
  bots: number[];
  ips: Array<string | null>;
  countries: string[];
  visitors: string[];
}

/** One logged request as stored (the columns of the former `traffic_log` table). */
export interface StoredEntry {
  id: number;
  at: number;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  user_agent: string;
  device: string;
  country: string;
  ip: string | null;
  visitor: string;
  user_id: number | null;
  bot: number;
}

/** The entries of a stored segment, oldest first. */
export function entriesOf(row: Record<string, unknown>): StoredEntry[] {
  const s = JSON.parse(String(row.data)) as Segment;
  const first = Number(row.id);
  // A column stored as one value (see `Segment`) is that value for every entry.
  const column = <T>(values: T[] | T) => (Array.isArray(values) ? (k: number) => values[k]! : () => values);
  const [ms, status, user, m, p, a, i, v] = [
    column(s.ms),
    column(s.status),
    column(s.user),
    column(s.m),
    column(s.p),
    column(s.a),
    column(s.i),
    column(s.v),
  ];
  return s.at.map((at, k) => ({
    id: first + k,
    at: s.t0 + at,
    method: s.methods[m(k)]!,
    path: s.paths[p(k)]!,
    status: status(k),
    duration_ms: ms(k),
    user_agent: s.agents[a(k)]!,
    device: s.devices[a(k)]!,
    country: s.countries[i(k)]!,
    ip: s.ips[i(k)] ?? null,
    visitor: s.visitors[v(k)]!,
    user_id: user(k) ?? null,
    bot: s.bots[a(k)]!,
  }));
}

/**
 * Stored entries, newest first (by id): those with id < `before` (if given) that `keep` keeps, from segments
 * with an entry at or after `minLastAt`, read a few segments at a time until `want` are found.
 */
async function newestEntries(
  client: Client,
  options: { before?: number; minLastAt?: number; keep?: (entry: StoredEntry) => boolean; want: number },
): Promise<StoredEntry[]> {
  const out: StoredEntry[] = [];
  let below = options.before ?? Number.MAX_SAFE_INTEGER;
  for (let pageSize = 4; ; pageSize = Math.min(pageSize * 2, 64)) {
    const { rows } = await client.execute({
      sql: "SELECT id, data FROM traffic_segments WHERE id < ? AND last_at >= ? ORDER BY id DESC LIMIT ?",
      args: [below, options.minLastAt ?? -Number.MAX_SAFE_INTEGER, pageSize],
    });
    for (const row of rows) {
      const entries = entriesOf(row);
      for (let k = entries.length - 1; k >= 0; k--) {
        const entry = entries[k]!;
        if ((options.before === undefined || entry.id < options.before) && (!options.keep || options.keep(entry)))
          out.push(entry);
      }
      below = Number(row.id);
      if (out.length >= options.want) return out;
    }
    if (rows.length < pageSize) return out;
  }
}

/** Every stored entry, oldest first (tests and scripts: what the former `SELECT * FROM traffic_log ORDER BY id` gave). */
export async function logRows(client: Client): Promise<StoredEntry[]> {
  const { rows } = await client.execute("SELECT id, data FROM traffic_segments ORDER BY id");
  return rows.flatMap(entriesOf);
}

/**
 * The request log: `push` only writes raw fields into a ring buffer of columns (never awaits, never blocks a
 * request, allocates no object per request and keeps no request alive: only the first request of each cookie
 * header, for the user lookup); a timer flushes every `intervalMs`, or sooner once `batchSize` rows wait; a
 * full buffer drops its oldest row and counts it (`dropped`). A flush resolves who was signed in (the
 * admin's own requests are left out) and hands the rows to the sink as columns: in the server, the writer
 * thread, so the derivation and the SQL run off the thread that answers requests. `stop()` flushes what is
 * left (SIGTERM).
 */
export class TrafficLog {
  // The ring buffer: row r lives at (head + r) % capacity.
  private readonly at: Float64Array;
  private readonly durationMs: Float64Array;
  private readonly status: Uint16Array;
  private readonly method: string[];
  private readonly path: string[];
  private readonly userAgent: string[];
  private readonly ip: Array<string | undefined>;
  private readonly cookie: Array<string | null>;
  /** The first request seen with each cookie header since the last flush (the auth module caches its user). */
  private cookieRequests = new Map<string, Request>();
  private head = 0;
  private size = 0;
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
    this.at = new Float64Array(this.capacity);
    this.durationMs = new Float64Array(this.capacity);
    this.status = new Uint16Array(this.capacity);
    this.method = new Array(this.capacity).fill("");
    this.path = new Array(this.capacity).fill("");
    this.userAgent = new Array(this.capacity).fill("");
    this.ip = new Array(this.capacity).fill(undefined);
    this.cookie = new Array(this.capacity).fill(null);
    this.inline = new BatchWriter({
      client: options.client,
      countries: options.countries,
      hashIps: options.hashIps,
      retentionDays: options.retentionDays,
      log: options.log,
      now: options.now,
    });
    this.sink = this.inline;
  }

  get pending() {
    return this.size;
  }

  /** Whether batches are written by the writer thread (false in tests, before start() and after a fallback). */
  get threaded() {
    return this.sink !== this.inline;
  }

  record(entry: PendingEntry): void {
    this.push(
      entry.at,
      entry.method,
      entry.path,
      entry.status,
      entry.durationMs,
      entry.userAgent,
      entry.ip,
      entry.request,
    );
  }

  /** One request (the fetch wrapper's call): its raw fields, and the request only if its cookie is new here. */
  push(
    at: number,
    method: string,
    path: string,
    status: number,
    durationMs: number,
    userAgent: string,
    ip: string | undefined,
    request: Request | undefined,
  ): void {
    if (this.size === this.capacity) {
      // Drop the oldest row.
      this.head = (this.head + 1) % this.capacity;
      this.size--;
      this.dropped++;
    }
    const slot = (this.head + this.size++) % this.capacity;
    this.at[slot] = at;
    this.durationMs[slot] = durationMs;
    this.status[slot] = status;
    this.method[slot] = method;
    this.path[slot] = path;
    this.userAgent[slot] = userAgent;
    this.ip[slot] = ip;
    const cookie = request ? request.headers.get("cookie") : null;
    this.cookie[slot] = cookie;
    // One request per distinct cookie, for the flush's user lookup; bounded like the ring (a stalled writer
    // and a flood of made-up cookies must not grow it without end: beyond it a row's user is unknown).
    if (cookie && request && this.cookieRequests.size < this.capacity && !this.cookieRequests.has(cookie))
      this.cookieRequests.set(cookie, request);
    if (this.size >= this.batchSize && !this.soon && this.timer) {
      this.soon = true;
      setTimeout(() => {
        this.soon = false;
        void this.drain(true);
      }, 0);
    }
  }

  start(): void {
    if (!this.timer && this.options.thread) {
      try {
        this.sink = this.options.thread((rows, error) => {
          this.failed += rows;
          this.options.log.error("[traffic] could not write the request log:", error);
        });
      } catch (error) {
        this.options.log.error(
          "[traffic] the writer thread could not start; writing in the server's thread:",
          error instanceof Error ? error.message : error,
        );
      }
    }
    this.timer ??= setInterval(() => void this.drain(true), this.options.intervalMs ?? 1000);
    (this.timer as { unref?: () => void }).unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    // A full batch's drain scheduled before stop() may still start after a flush: flush until nothing is left.
    do await this.flush();
    while (this.size || this.flushing || this.soon);
    if (this.sink !== this.inline) await this.replaceSink();
  }

  /** Close the writer thread's sink and write, in this thread, what it took but had not written. */
  private async replaceSink(): Promise<void> {
    const old = this.sink;
    old.close?.();
    this.sink = this.inline;
    for (const batch of old.unwritten?.() ?? []) {
      await this.inline.write(batch).catch((error) => {
        this.failed += batch.count;
        this.options.log.error("[traffic] could not write the request log:", error);
      });
    }
  }

  /** Run `work` on the sink; a sink that cannot work at all is replaced by the in-thread writer, which runs it. */
  private async onSink(work: (sink: LogSink) => Promise<void>): Promise<void> {
    const sink = this.sink;
    try {
      await work(sink);
    } catch (error) {
      if (!(error instanceof SinkUnavailable) || sink === this.inline) throw error;
      // Two calls can fail together (a maintain and a hand-over): the first replaces the sink, both rerun here.
      if (this.sink === sink) {
        this.options.log.error("[traffic] the writer thread failed; writing in the server's thread:", error.message);
        await this.replaceSink();
      }
      await work(this.inline);
    }
  }

  /** Write everything buffered: resolves once it is written (one flush at a time; a flush started meanwhile waits and runs after). */
  flush(): Promise<void> {
    return this.drain(false);
  }

  /**
   * Empty the buffer into the sink. The timer and a full batch only hand it over (`handOver`: the writer
   * thread writes the batches of about half a second in one transaction); `flush()` waits until it is written.
   */
  private async drain(handOver: boolean): Promise<void> {
    while (this.flushing) await this.flushing;
    if (!this.size) {
      // Daily pruning also runs on quiet days; a database failure is logged, never thrown at the timer.
      return this.onSink((sink) => sink.maintain()).catch((error) =>
        this.options.log.error("[traffic] could not prune the request log:", error),
      );
    }
    const taken = this.take();
    this.flushing = this.withUsers(taken)
      .then((batch) => this.onSink((sink) => (handOver && sink.handOver ? sink.handOver(batch) : sink.write(batch))))
      .catch((error) => {
        this.failed += taken.count;
        this.options.log.error("[traffic] could not write the request log:", error);
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  /** Empty the buffer into a batch (strings once each), with each row's cookie header and the requests to look them up. */
  private take() {
    const count = this.size;
    const strings: Array<string | null> = [];
    const known = new Map<string | undefined, number>();
    const indexOf = (text: string | undefined) => {
      let i = known.get(text);
      if (i === undefined) known.set(text, (i = strings.push(text ?? null) - 1));
      return i;
    };
    const numbers = new Float64Array(count * 4);
    const indexes = new Uint32Array(count * 4);
    const previous: Array<string | undefined> = [undefined, undefined, undefined, undefined];
    const cookies = new Array<string | null>(count);
    for (let row = 0, slot = this.head; row < count; row++, slot = slot + 1 === this.capacity ? 0 : slot + 1) {
      numbers[row * 4] = this.at[slot]!;
      numbers[row * 4 + 1] = this.durationMs[slot]!;
      numbers[row * 4 + 2] = this.status[slot]!;
      numbers[row * 4 + 3] = -1;
      // Most rows repeat the row before's strings: a comparison is cheaper than hashing them again.
      for (let field = 0; field < 4; field++) {
        const text =
          field === 0
            ? this.method[slot]
            : field === 1
              ? this.path[slot]
              : field === 2
                ? this.userAgent[slot]
                : this.ip[slot];
        indexes[row * 4 + field] = row && text === previous[field] ? indexes[(row - 1) * 4 + field]! : indexOf(text);
        previous[field] = text;
      }
      cookies[row] = this.cookie[slot]!;
      this.cookie[slot] = null;
    }
    const requests = this.cookieRequests;
    this.cookieRequests = new Map();
    this.head = 0;
    this.size = 0;
    return { count, numbers, indexes, strings, cookies, requests };
  }

  /** Who was signed in (one lookup per distinct cookie header, from the auth module's per-request cache); the admin's own requests left out. */
  private async withUsers(taken: ReturnType<TrafficLog["take"]>): Promise<LogBatch> {
    const { numbers, indexes, cookies, requests } = taken;
    if (!requests.size) return taken;
    const lookups = [...requests].map(
      async ([cookie, request]) => [cookie, await this.options.currentUser(request).catch(() => null)] as const,
    );
    const users = new Map(await Promise.all(lookups));
    let kept = 0;
    for (let row = 0; row < taken.count; row++) {
      const cookie = cookies[row];
      const user = cookie ? users.get(cookie) : null;
      if (user?.isAdmin && !this.options.includeAdmin) continue;
      if (kept !== row) {
        numbers.copyWithin(kept * 4, row * 4, row * 4 + 4);
        indexes.copyWithin(kept * 4, row * 4, row * 4 + 4);
      }
      numbers[kept * 4 + 3] = user ? user.id : -1;
      kept++;
    }
    return {
      count: kept,
      numbers: numbers.subarray(0, kept * 4),
      indexes: indexes.subarray(0, kept * 4),
      strings: taken.strings,
    };
  }
}

type HourRow = { requests: number; bots: number; errors: number; durationMs: number };

/** Upserts of the rollups (also used by the seeding bench): hourly figures, pages, countries, totals, visitor keys. */
export function rollupStatements(
  hourly: Map<number, HourRow>,
  pages: Map<string, number>,
  countries: Map<string, number>,
  visitors: Map<string, number>,
): InStatement[] {
  const out: InStatement[] = [];
  const chunked = <T>(items: T[], size: number, make: (chunk: T[]) => InStatement) => {
    for (let i = 0; i < items.length; i += size) out.push(make(items.slice(i, i + size)));
  };
  chunked([...hourly], 500, (chunk) => ({
    sql: `INSERT INTO traffic_hourly (hour, requests, bots, errors, duration_ms) VALUES ${chunk.map(() => "(?,?,?,?,?)").join(",")}
      ON CONFLICT (hour) DO UPDATE SET requests = requests + excluded.requests, bots = bots + excluded.bots, errors = errors + excluded.errors, duration_ms = duration_ms + excluded.duration_ms`,
    args: chunk.flatMap(([hour, h]) => [hour, h.requests, h.bots, h.errors, h.durationMs]),
  }));
  const keyed = (map: Map<string, number>) =>
    [...map].map(([key, n]) => [...key.split("\t"), n] as [string, string, number]);
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
 * The seam for the admin analytics' "performance" figures (accounts-and-shell.md §3): average response time
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
