/**
 * Traffic analytics benchmark (docs/decisions/022-traffic-log.md): seeds a temporary database with the rollups of 10,000,000 logged
 * requests (one year of hours, 60 pages, 80 countries, hourly and daily, ~1.1 M daily visitor keys, 50,000 recent log rows),
 * then times GET /api/admin/traffic-analytics's work (trafficAnalytics) for every range against the
 * 300 ms target, with a trivial query on the same connection as the baseline.
 * Usage: bun scripts/bench-traffic.ts [--requests 10000000] [--runs 7]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { loadCountryTable } from "../modules/traffic/geo";
import { BatchWriter } from "../modules/traffic/batch-writer";
import { batchOf, HOUR_MS } from "../modules/traffic/log-batch";
import { RANGES } from "../modules/traffic/model";
import { trafficAnalytics, trafficLogs } from "../modules/traffic/service";
import { arg } from "./lib/args";

const total = arg("requests", 10_000_000);
const runs = arg("runs", 7);
const HOURS = 365 * 24;
const PAGES = 60;
const COUNTRIES = 80;
const VISITORS_PER_DAY = 3_000;

const dir = mkdtempSync(join(tmpdir(), "localscope-bench-traffic-"));
const database = await openDatabase(`file:${join(dir, "bench.db")}`);
const { client } = database;
try {
  await migrate(client);
  const seedStart = performance.now();
  const now = Date.now();
  const lastHour = Math.floor(now / HOUR_MS);
  const firstHour = lastHour - HOURS + 1;
  // Requests per hour: a day-shaped curve, scaled so the year sums to exactly `total`.
  const shape = Array.from({ length: HOURS }, (_, i) => 1 + Math.sin((((firstHour + i) % 24) / 24) * Math.PI) * 2);
  const scale = total / shape.reduce((a, b) => a + b, 0);
  const perHour = shape.map((s) => Math.floor(s * scale));
  perHour[HOURS - 1]! += total - perHour.reduce((a, b) => a + b, 0);
  const statements = [];
  for (let i = 0; i < HOURS; i += 500) {
    const chunk = perHour.slice(i, i + 500);
    statements.push({
      sql: `INSERT INTO traffic_hourly (hour, requests, bots, errors, duration_ms) VALUES ${chunk.map(() => "(?,?,?,?,?)").join(",")}`,
      args: chunk.flatMap((n, j) => [firstHour + i + j, n, Math.floor(n * 0.08), Math.floor(n * 0.004), n * 12.5]),
    });
  }
  await client.batch(statements, "write");
  // Pages and countries per hour (Zipf-like shares), their all-time totals, daily visitor keys: generated in SQL.
  await client.batch(
    [
      `CREATE TEMP TABLE n(i INTEGER PRIMARY KEY)`,
      `WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < ${VISITORS_PER_DAY - 1}) INSERT INTO n SELECT i FROM c`,
      `INSERT INTO traffic_pages (hour, path, requests) SELECT h.hour, '/page-' || n.i, max(1, h.requests * 0.92 / ((n.i + 1) * 4.68)) FROM traffic_hourly h JOIN n ON n.i < ${PAGES}`,
      `INSERT INTO traffic_countries (hour, country, requests) SELECT h.hour, 'C' || n.i, max(1, h.requests * 0.92 / ((n.i + 1) * 4.97)) FROM traffic_hourly h JOIN n ON n.i < ${COUNTRIES}`,
      `INSERT INTO traffic_pages_daily SELECT hour / 24, path, sum(requests) FROM traffic_pages GROUP BY 1, 2`,
      `INSERT INTO traffic_countries_daily SELECT hour / 24, country, sum(requests) FROM traffic_countries GROUP BY 1, 2`,
      `INSERT INTO traffic_pages_total SELECT path, sum(requests) FROM traffic_pages GROUP BY path`,
      `INSERT INTO traffic_countries_total SELECT country, sum(requests) FROM traffic_countries GROUP BY country`,
      `INSERT INTO traffic_visitors (day, visitor, hour) SELECT h.hour / 24, printf('%032x', h.hour * 100000 + n.i), h.hour FROM traffic_hourly h JOIN n WHERE h.hour % 24 = 0`,
    ],
    "write",
  );
  // The latest 50,000 log entries (recent visitors, live log), written by the log's own writer in batches of
  // 500 (one stored segment each); the rollup rows they add are taken out again so the totals stay exact.
  const tables = [
    "traffic_hourly",
    "traffic_pages",
    "traffic_countries",
    "traffic_pages_daily",
    "traffic_countries_daily",
    "traffic_pages_total",
    "traffic_countries_total",
    "traffic_visitors",
  ];
  await client.batch(
    tables.map((t) => `CREATE TEMP TABLE keep_${t} AS SELECT * FROM ${t}`),
    "write",
  );
  const writer = new BatchWriter({
    client,
    countries: loadCountryTable,
    hashIps: false,
    retentionDays: 400,
    log: console,
    now: () => now,
  });
  for (let i = 0; i < 50_000; i += 500) {
    await writer.write(
      batchOf(
        Array.from({ length: 500 }, (_, j) => i + j).map((k) => ({
          at: now - (50_000 - k) * 50,
          method: "GET",
          path: `/page-${k % PAGES}`,
          status: 200,
          durationMs: 12.5,
          userAgent: k % 12 === 0 ? "Googlebot/2.1" : `Mozilla/5.0 (${k % 3 ? "X11" : "iPhone"})`,
          ip: `203.0.113.${k % 250}`,
        })),
      ),
    );
  }
  await client.batch(
    tables.flatMap((t) => [`DELETE FROM ${t}`, `INSERT INTO ${t} SELECT * FROM keep_${t}`, `DROP TABLE keep_${t}`]),
    "write",
  );
  await client.execute("ANALYZE");
  const counts = (
    await client.execute(
      "SELECT (SELECT sum(requests) FROM traffic_hourly) AS r, (SELECT count(*) FROM traffic_pages) AS p, (SELECT count(*) FROM traffic_countries) AS c, (SELECT count(*) FROM traffic_visitors) AS v",
    )
  ).rows[0]!;
  console.log(
    `Traffic analytics benchmark — Bun ${Bun.version}, ${navigator.hardwareConcurrency} cores, embedded libSQL file`,
  );
  console.log(
    `seeded ${Number(counts.r).toLocaleString("en-US")} logged requests over ${HOURS} hours: ${Number(counts.p).toLocaleString("en-US")} page rows, ${Number(counts.c).toLocaleString("en-US")} country rows, ${Number(counts.v).toLocaleString("en-US")} visitor keys, 50,000 log entries in 100 segments (${((performance.now() - seedStart) / 1000).toFixed(1)} s)`,
  );

  const time = async (fn: () => Promise<unknown>) => {
    await fn(); // warm
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await fn();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)]!, max: times.at(-1)! };
  };
  const baseline = await time(() => client.execute("SELECT 1"));
  console.log("query".padEnd(34), "median ms".padStart(10), "max ms".padStart(9), " target");
  console.log(
    "baseline (SELECT 1)".padEnd(34),
    baseline.median.toFixed(2).padStart(10),
    baseline.max.toFixed(2).padStart(9),
  );
  let worst = 0;
  for (const range of RANGES) {
    const t = await time(() => trafficAnalytics(client, range, now));
    worst = Math.max(worst, t.median);
    const check = await trafficAnalytics(client, range, now);
    console.log(
      `analytics range=${range}`.padEnd(34),
      t.median.toFixed(2).padStart(10),
      t.max.toFixed(2).padStart(9),
      ` ${t.median <= 300 ? "meets" : "MISSES"} ≤ 300 ms (${check.totalRequests.toLocaleString("en-US")} requests, ${check.uniqueVisitors.toLocaleString("en-US")} visitors, ${(t.median / baseline.median).toFixed(0)}× baseline)`,
    );
  }
  const logs = await time(() => trafficLogs(client, { limit: 50 }));
  console.log("logs latest 50".padEnd(34), logs.median.toFixed(2).padStart(10), logs.max.toFixed(2).padStart(9));
  console.log(
    `slowest analytics range: ${worst.toFixed(1)} ms → ${worst <= 300 ? "meets" : "MISSES"} the 300 ms target with ${total.toLocaleString("en-US")} logged requests`,
  );
} finally {
  database.close();
  rmSync(dir, { recursive: true, force: true });
}
