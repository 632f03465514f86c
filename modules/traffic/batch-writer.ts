// The request log's batch writer: derives each row's fields, stores the batch as a segment and upserts the
// rollups in one transaction, and prunes once a day (docs/decisions/022-traffic-log.md).
import type { Client, InStatement } from "@libsql/client";
import { LRUCache } from "lru-cache";
import { clientKey } from "../../src/client-key";
import { countryOf, type CountryTable } from "./geo";
import { DAY_MS, HOUR_MS, type LogBatch } from "./log-batch";
import { deviceOf, isBot, pathnameOf, routePath, visitorKey } from "./request-fields";
import { compact, type Segment } from "./segments";

export type Countries = Promise<CountryTable> | CountryTable | (() => Promise<CountryTable> | CountryTable);

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/**
 * The log's bounds (docs/decisions/050-bounded-request-log.md). A client (an address; IPv6 by /64) has its
 * first `perClientPerHour` requests of an hour stored one by one; beyond that its requests are only counted
 * (the hourly figures), so no client can grow the raw log, the page and country rollups or the visitor keys
 * faster than that. The stored log has a size budget: past `maxBytes` the oldest segments go first, down to
 * 90 % of it. Rollups by hour and day are kept `ROLLUP_DAYS` (the ranges read no older ones); the all-time
 * page and country totals keep their `MAX_TOTAL_KEYS` busiest keys.
 */
export const LOG_BOUNDS = { perClientPerHour: 600, maxBytes: 256 * 1024 * 1024 } as const;
export const ROLLUP_DAYS = 32;
export const MAX_TOTAL_KEYS = 10_000;

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
      bounds?: { perClientPerHour: number; maxBytes: number };
    },
  ) {}

  private get bounds() {
    return this.options.bounds ?? LOG_BOUNDS;
  }
  /** Rows stored one by one this hour, per client ("hour\tclient"). */
  private storedPerClient = new LRUCache<string, number>({ max: 50_000 });
  /** Bytes of stored segments (read once, then kept up to date by this writer); undefined until read. */
  private storedBytes: number | undefined;

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
        ...(["traffic_pages", "traffic_countries"] as const).flatMap((table) => [
          { sql: `DELETE FROM ${table} WHERE hour < ?`, args: [(today - ROLLUP_DAYS) * 24] },
          { sql: `DELETE FROM ${table}_daily WHERE day < ?`, args: [today - ROLLUP_DAYS] },
        ]),
        ...(
          [
            ["traffic_pages_total", "path"],
            ["traffic_countries_total", "country"],
          ] as const
        ).map(([table, column]) => ({
          sql: `DELETE FROM ${table} WHERE ${column} IN (SELECT ${column} FROM ${table} ORDER BY requests DESC, ${column} LIMIT -1 OFFSET ?)`,
          args: [MAX_TOTAL_KEYS],
        })),
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
      const segment = await this.derive(batch, table, rollups);
      if (!segment[0]) continue; // every row beyond its client's rate: counted, none stored
      segments.push(segment);
      total += segment[0];
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
    await this.keepBudget(segments.reduce((n, [, , , data]) => n + data.length, 0));
  }

  /** Past the size budget, delete the oldest segments down to 90 % of it. */
  private async keepBudget(written: number): Promise<void> {
    const client = this.options.client;
    if (this.storedBytes === undefined) {
      const { rows } = await client.execute("SELECT coalesce(sum(length(data)), 0) AS n FROM traffic_segments");
      this.storedBytes = Number(rows[0]!.n);
    } else this.storedBytes += written;
    const { maxBytes } = this.bounds;
    if (this.storedBytes <= maxBytes) return;
    let excess = this.storedBytes - Math.floor(maxBytes * 0.9);
    let upTo = -1;
    let freed = 0;
    while (excess > 0) {
      const { rows } = await client.execute({
        sql: "SELECT id, length(data) AS n FROM traffic_segments WHERE id > ? ORDER BY id LIMIT 200",
        args: [upTo],
      });
      if (!rows.length) break;
      for (const row of rows) {
        if (excess <= 0) break;
        upTo = Number(row.id);
        excess -= Number(row.n);
        freed += Number(row.n);
      }
    }
    await client.execute({ sql: "DELETE FROM traffic_segments WHERE id <= ?", args: [upTo] });
    this.storedBytes -= freed;
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
    const clientOf = new Array<string | undefined>(strings.length);
    const { perClientPerHour } = this.bounds;
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
      const hour = Math.floor(at / HOUR_MS);
      let client = clientOf[si];
      if (client === undefined) client = clientOf[si] = clientKey(String(strings[si] ?? "?"));
      const storedKey = `${hour}\t${client}`;
      const stored = this.storedPerClient.get(storedKey) ?? 0;
      if (stored >= perClientPerHour) {
        // Beyond the client's rate: counted in the hourly figures only.
        let h = hourly.get(hour);
        if (!h) hourly.set(hour, (h = { requests: 0, bots: 0, errors: 0, durationMs: 0 }));
        h.requests++;
        if (isBot(String(strings[sa]))) h.bots++;
        if (status >= 500) h.errors++;
        h.durationMs += durationMs;
        continue;
      }
      this.storedPerClient.set(storedKey, stored + 1);
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
    return [segment.at.length, firstAt, lastAt, JSON.stringify(compact(segment))];
  }
}

type Rollups = {
  hourly: Map<number, HourRow>;
  pages: Map<string, number>;
  countries: Map<string, number>;
  visitors: Map<string, number>;
};

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
