/**
 * The analytics rollups of migration 0010 against the figures' definitions (decision 021), computed here straight
 * from the activities and sessions: random data crowded around every window edge (the week's start, the week
 * before's start, midnight UTC, the current hour), inserted out of order, then sessions renewed and ended,
 * activities deleted, a user deleted (cascade), and finally the rollups rebuilt by the migration's backfill.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Client } from "@libsql/client";
import { migrations } from "../../db/migrations";
import { SESSION_TTL_MS } from "../auth";
import {
  analytics,
  categoryName,
  dailySeries,
  EXPLORE_PATTERNS,
  percent,
  ROLLUP_SESSION_TTL_MS,
  TOP_LIMIT,
  trendOf,
} from "./service";
import { migratedDatabase } from "../../db/testing-template";

const D = 86_400_000;
const H = 3_600_000;
const M = 60_000;
/** "Now": 2026-03-15 12:34:56.789 UTC — no window edge falls on a whole hour. */
const N = Date.UTC(2026, 2, 15, 12, 34, 56, 789);

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The windowed figures of decision 021, straight from the activities and sessions (no rollup). */
async function reference(c: Client, now: number) {
  const dayStart = Math.floor(now / D) * D;
  const weekStart = now - 7 * D;
  const previousWeekStart = now - 14 * D;
  const end = now + 1;
  const acts = (
    await c.execute({
      sql: "SELECT user_id, activity_type, city_name, city_state, category_id, created_at FROM activities WHERE created_at >= ? AND created_at < ?",
      args: [previousWeekStart, end],
    })
  ).rows;
  const uses = (await c.execute({ sql: "SELECT user_id, expires_at FROM sessions" })).rows
    .map((r) => ({ user: Number(r.user_id), at: Number(r.expires_at) - SESSION_TTL_MS }))
    .filter((u) => u.at >= previousWeekStart && u.at < end);
  const today = new Set<number>();
  const week = new Set<number>();
  const previous = new Set<number>();
  const seen = (user: number, at: number) => {
    if (at >= weekStart) week.add(user);
    else previous.add(user);
    if (at >= dayStart) today.add(user);
  };
  for (const u of uses) seen(u.user, u.at);
  const categories = new Map<string, number>();
  type Tally = { n: number; users: Set<number>; name: string; st: string };
  const cities = new Map<string, Tally>();
  const states = new Map<string, Tally>();
  const tally = (map: Map<string, Tally>, key: string, name: string, st: string, user: number) => {
    let e = map.get(key);
    if (!e) map.set(key, (e = { n: 0, users: new Set(), name, st }));
    e.n++;
    e.users.add(user);
    if (name < e.name) e.name = name;
  };
  const userCities = new Map<number, Set<string>>();
  const hours = new Map<number, number>();
  const types = new Map<string, { current: number; previous: number }>();
  for (const r of acts) {
    const user = Number(r.user_id);
    const type = String(r.activity_type);
    const at = Number(r.created_at);
    seen(user, at);
    const count = types.get(type) ?? { current: 0, previous: 0 };
    types.set(type, count);
    if (at < weekStart) {
      count.previous++;
      continue;
    }
    count.current++;
    const hour = Math.floor(at / H) % 24;
    hours.set(hour, (hours.get(hour) ?? 0) + 1);
    if ((type === "category_explored" || type === "place_visited") && r.category_id !== null) {
      const name = categoryName(String(r.category_id));
      categories.set(name, (categories.get(name) ?? 0) + 1);
    }
    const st = r.city_state === null ? null : String(r.city_state).toUpperCase();
    if (st !== null) tally(states, st, st, st, user);
    if (r.city_name !== null) {
      const name = String(r.city_name);
      const key = `${name.toLowerCase()}|${st ?? ""}`;
      tally(cities, key, name, st ?? "", user);
      let set = userCities.get(user);
      if (!set) userCities.set(user, (set = new Set()));
      set.add(key);
    }
  }
  const byCount = (a: Tally, b: Tally) =>
    b.n - a.n ||
    b.users.size - a.users.size ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    (a.st < b.st ? -1 : a.st > b.st ? 1 : 0);
  const categoryTotal = [...categories.values()].reduce((a, b) => a + b, 0);
  const perUser = [...userCities.values()].map((s) => s.size);
  return {
    activeUsersToday: today.size,
    activeUsersThisWeek: week.size,
    retentionRate: percent([...previous].filter((u) => week.has(u)).length, previous.size),
    categoryPreferences: [...categories]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([category, n]) => ({ category, percentage: percent(n, categoryTotal) })),
    topCities: [...cities.values()]
      .sort(byCount)
      .slice(0, TOP_LIMIT)
      .map((e) => ({ city: e.st ? `${e.name}, ${e.st}` : e.name, activities: e.n, users: e.users.size })),
    stateDistribution: [...states.values()]
      .sort(byCount)
      .map((e) => ({ state: e.st, activities: e.n, users: e.users.size })),
    explorePatterns: EXPLORE_PATTERNS.map((p) => ({
      pattern: p.pattern,
      frequency: perUser.filter((n) => n >= p.min && n <= p.max).length,
    })),
    recentActivities: [...types]
      .map(([type, v]) => ({ type, count: v.current, trend: trendOf(v.current, v.previous) }))
      .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)),
    peakUsageHours: [...hours]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, 3)
      .map(([hour]) => ({ hour })),
  };
}

async function fromRollups(c: Client, now: number) {
  const r = await analytics(c, now);
  return {
    activeUsersToday: r.overview.activeUsersToday,
    activeUsersThisWeek: r.overview.activeUsersThisWeek,
    retentionRate: r.engagement.retentionRate,
    categoryPreferences: r.engagement.categoryPreferences,
    topCities: r.geography.topCities,
    stateDistribution: r.geography.stateDistribution,
    explorePatterns: r.geography.explorePatterns,
    recentActivities: r.recentActivity.recentActivities,
    peakUsageHours: r.performance.peakUsageHours,
  };
}

const ROLLUPS = ["admin_user_days", "admin_activity_hours", "admin_user_city_hours", "admin_user_state_hours"] as const;
const dump = async (c: Client) =>
  Object.fromEntries(
    await Promise.all(
      ROLLUPS.map(
        async (t) =>
          [t, (await c.execute(`SELECT * FROM ${t} ORDER BY 1, 2, 3, 4`)).rows.map((r) => JSON.stringify(r))] as const,
      ),
    ),
  );

let client: Client;
const rand = random(20261124);
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;

beforeAll(async () => {
  const database = await migratedDatabase("ls-admin-rollups-");
  client = database.client;
  // One batch (one transaction): the triggers still run once per row, in this order.
  const writes: { sql: string; args: (string | number | null)[] }[] = [];
  for (let id = 1; id <= 40; id++) {
    writes.push({
      sql: "INSERT INTO users (id, username, email, is_guest, created_at) VALUES (?, ?, ?, ?, ?)",
      args: [id, id % 7 ? `u${id}` : null, id % 7 ? `u${id}@example.com` : null, id % 7 ? 0 : 1, N - 60 * D],
    });
  }
  // Times crowd the edges: ±90 minutes around N − 14 d, N − 7 d, midnight today, N − 1 h … N, plus anywhere in 16 days.
  const edges = [N - 14 * D, N - 7 * D, Math.floor(N / D) * D, N - 45 * M];
  const time = () =>
    rand() < 0.7 ? pick(edges) + Math.round((rand() * 2 - 1) * 90 * M) : N - Math.floor(rand() * 16 * D);
  const TYPES = ["city_discovered", "category_explored", "place_visited", "search_performed"];
  const CITIES = [
    ["Austin", "TX"],
    ["austin", "tx"],
    ["AUSTIN", "TX"],
    ["Springfield", "MO"],
    ["Springfield", "IL"],
    ["Boise", "ID"],
    ["Nome", null],
    ["Nome", ""],
    [null, "CA"],
    [null, null],
  ] as const;
  const CATEGORIES = ["1", "5", "7", "10", "12", null];
  for (let i = 0; i < 700; i++) {
    const at = Math.min(time(), N); // nothing after "now"
    const [city, state] = pick(CITIES);
    writes.push({
      sql: "INSERT INTO activities (user_id, activity_type, city_name, city_state, category_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      args: [1 + Math.floor(rand() * 40), pick(TYPES), city, state, pick(CATEGORIES), at],
    });
  }
  for (let i = 0; i < 30; i++) {
    const use = Math.min(time(), N);
    writes.push({
      sql: "INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
      args: [`s${i}`, 1 + Math.floor(rand() * 40), use, use + SESSION_TTL_MS],
    });
  }
  await client.batch(writes, "write");
}, 120_000); // migrations on an empty file and 770 rows: slow only on a busy machine

describe("analytics rollups (migration 0010)", () => {
  test("the migration's session lifetime is the auth module's", () => {
    expect(ROLLUP_SESSION_TTL_MS).toBe(SESSION_TTL_MS);
    const sql = migrations.find((m) => m.tag === "0010_admin_rollups")!.sql;
    expect(sql).toContain(String(SESSION_TTL_MS));
  });

  test("every windowed figure equals its definition computed from the raw rows, at several moments", async () => {
    const expected = await reference(client, N);
    expect(expected.activeUsersThisWeek).toBeGreaterThan(10); // the data reaches every figure
    expect(expected.topCities.length).toBeGreaterThan(3);
    expect(await fromRollups(client, N)).toEqual(expected);
    // Other "nows": windows whose edges cut through hours and days differently.
    for (const now of [N - 30 * M, N - 3 * H - 17 * M, N - 1 * D, N - 7 * D + 11 * M])
      expect(await fromRollups(client, now)).toEqual(await reference(client, now));
  });

  test("sessions renewed and ended, activities deleted, a user deleted: still equal", async () => {
    // Renew five sessions to "now" (the old last use disappears, as in the definition), end five.
    await client.execute({
      sql: "UPDATE sessions SET expires_at = ? WHERE id_hash IN ('s1', 's2', 's3', 's4', 's5')",
      args: [N - 5 * M + SESSION_TTL_MS],
    });
    await client.execute("DELETE FROM sessions WHERE id_hash IN ('s6', 's7', 's8', 's9', 's10')");
    await client.execute("DELETE FROM activities WHERE id % 9 = 0");
    const before = (await fromRollups(client, N)).activeUsersThisWeek;
    const busiest = Number(
      (
        await client.execute({
          sql: "SELECT user_id FROM activities WHERE created_at >= ? GROUP BY user_id ORDER BY count(*) DESC LIMIT 1",
          args: [N - 7 * D],
        })
      ).rows[0]![0],
    );
    await client.execute({ sql: "DELETE FROM users WHERE id = ?", args: [busiest] }); // cascades to activities, sessions and rollups
    for (const t of ROLLUPS.filter((t) => t !== "admin_activity_hours")) {
      expect(
        Number(
          (await client.execute({ sql: `SELECT count(*) FROM ${t} WHERE user_id = ?`, args: [busiest] })).rows[0]![0],
        ),
      ).toBe(0);
    }
    const after = await fromRollups(client, N);
    expect(after.activeUsersThisWeek).toBe(before - 1);
    expect(after).toEqual(await reference(client, N));
    const total = Number((await client.execute("SELECT count(*) FROM activities")).rows[0]![0]);
    expect(Number((await client.execute("SELECT coalesce(sum(n), 0) FROM admin_activity_hours")).rows[0]![0])).toBe(
      total,
    );
    const series = await dailySeries(client, N);
    const since = Math.floor(N / D) * D - 29 * D;
    expect(series.reduce((s, d) => s + d.activities, 0)).toBe(
      Number(
        (await client.execute({ sql: "SELECT count(*) FROM activities WHERE created_at >= ?", args: [since] }))
          .rows[0]![0],
      ),
    );
  });

  test("the migration's backfill rebuilds exactly what the triggers kept", async () => {
    const kept = await dump(client);
    const rebuild = migrations
      .find((m) => m.tag === "0010_admin_rollups")!
      .sql.split("--> statement-breakpoint")
      .map((s) => s.replace(/^--.*$/gm, "").trim())
      .filter((s) => s.startsWith("DELETE FROM") || s.startsWith("INSERT INTO"));
    expect(rebuild).toHaveLength(8);
    await client.batch(rebuild, "write");
    expect(await dump(client)).toEqual(kept);
  });
});
