/**
 * Every admin figure against a hand-built fixture whose answers were worked out by hand (the comments show the
 * arithmetic; definitions in docs/decisions/021-admin-metrics.md).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Client } from "@libsql/client";
import { SESSION_TTL_MS } from "../auth";
import { analytics, dailySeries, dataHealth, listActivities, listUsers } from "./service";
import { UsersQuery } from "./model";
import * as v from "valibot";
import { migratedDatabase } from "../../db/testing-template";

const D = 86_400_000;
const H = 3_600_000;
/** "Now": 2026-03-15 12:00 UTC (today began 12 h ago). */
const N = Date.UTC(2026, 2, 15, 12);

let client: Client;
const users = [
  // id, username, email, guest, created
  [1, "alice", "alice@example.com", 0, N - 40 * D],
  [2, "bob", "bob@example.com", 0, N - 10 * D], // the week before
  [3, "carol", "carol@example.com", 0, N - 3 * D], // this week
  [4, "dave", "dave@example.com", 0, N - 1 * H], // today
  [5, null, null, 1, N - 2 * D], // a guest, this week
] as const;
const activities = [
  // user, type, city, state, category, time
  [1, "category_explored", "Springfield", "MO", "5", N - 2 * H], // a1 today, 10:00
  [1, "place_visited", "Springfield", "MO", "10", N - 3 * D], // a2 this week, 12:00
  [1, "city_discovered", "Austin", "TX", null, N - 10 * D], // a3 week before
  [2, "category_explored", "austin", "tx", "1", N - 9 * D], // a4 week before
  [2, "search_performed", null, null, null, N - 40 * D], // a5 older than 30 days
  [3, "place_visited", "Austin", "TX", "8", N - 1 * D], // a6 this week
  [5, "category_explored", "Boise", "ID", "6", N - 5 * H], // a7 today, 07:00 (the guest)
  [3, "place_visited", "Springfield", "MO", "7", N - 2 * D], // a8 this week
] as const;

beforeAll(async () => {
  const database = await migratedDatabase("ls-admin-");
  client = database.client;
  for (const [id, username, email, guest, created] of users) {
    await client.execute({
      sql: "INSERT INTO users (id, username, email, is_guest, created_at) VALUES (?, ?, ?, ?, ?)",
      args: [id, username, email, guest, created],
    });
  }
  for (const [user, type, city, state, category, at] of activities) {
    await client.execute({
      sql: "INSERT INTO activities (user_id, activity_type, city_name, city_state, category_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      args: [user, type, city, state, category, at],
    });
  }
  // Favorites: alice 2, carol 1.
  for (const [user, item] of [
    [1, "a"],
    [1, "b"],
    [3, "c"],
  ] as const) {
    await client.execute({
      sql: "INSERT INTO favorites (user_id, item_type, item_id, item_data, created_at) VALUES (?, 'place', ?, '{}', ?)",
      args: [user, item, N - D],
    });
  }
  // Sessions (last use = expires_at − TTL): dave used one an hour ago; bob's was last used 8 days ago.
  await client.execute({
    sql: "INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ('s1', 4, ?, ?)",
    args: [N - H, N - H + SESSION_TTL_MS],
  });
  await client.execute({
    sql: "INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ('s2', 2, ?, ?)",
    args: [N - 9 * D, N - 8 * D + SESSION_TTL_MS],
  });
});

describe("GET /api/admin/analytics figures", () => {
  test("overview: totals, active today/this week (activities or session use), average activities per user", async () => {
    const { overview } = await analytics(client, N);
    expect(overview).toEqual({
      totalUsers: 5, // guests included
      activeUsersToday: 3, // alice (a1), the guest (a7), dave (session) — since 00:00 UTC
      activeUsersThisWeek: 4, // alice, carol, the guest, dave
      totalFavorites: 3,
      totalActivities: 8,
      avgActivitiesPerUser: 1.6, // 8 / 5
    });
  });

  test("user growth: new today / 7 days / 30 days, growth rate against the week before", async () => {
    expect((await analytics(client, N)).userGrowth).toEqual({
      daily: 1, // dave
      weekly: 3, // carol, dave, the guest
      monthly: 4, // bob, carol, dave, the guest
      growthRate: 200, // (3 − 1) / 1 × 100 (bob was the week before's only new user)
    });
  });

  test("engagement: retention, sessions per user, most active users, category preferences", async () => {
    const { engagement } = await analytics(client, N);
    // Active the week before: alice (a3), bob (a4, session) = 2; of them active this week: alice = 1 → 50 %.
    expect(engagement.retentionRate).toBe(50);
    expect(engagement.avgSessionsPerUser).toBe(0.4); // 2 session rows / 5 users
    expect(engagement.mostActiveUsers).toEqual([
      { username: "alice", email: "alice@example.com", activities: 3 },
      { username: "carol", email: "carol@example.com", activities: 2 }, // ties: the newer id first
      { username: "bob", email: "bob@example.com", activities: 2 },
      { username: "Guest", email: "", activities: 1 },
    ]);
    // Last 7 days, category_explored + place_visited with a category: 5 records; ids 5/10 are the same category.
    expect(engagement.categoryPreferences).toEqual([
      { category: "Food & Dining", percentage: 40 }, // a1, a2
      { category: "Fun Facts", percentage: 20 }, // a8
      { category: "Historical Info", percentage: 20 }, // a6 (8)
      { category: "Lodging", percentage: 20 }, // a7
    ]);
  });

  test("geography (last 7 days): top cities and states (activities, distinct users; case folded), explore patterns", async () => {
    const { geography } = await analytics(client, N);
    expect(geography.topCities).toEqual([
      { city: "Springfield, MO", activities: 3, users: 2 }, // a1, a2, a8
      { city: "Austin, TX", activities: 1, users: 1 }, // a6 (a3, a4 are older than 7 days)
      { city: "Boise, ID", activities: 1, users: 1 },
    ]);
    expect(geography.stateDistribution).toEqual([
      { state: "MO", activities: 3, users: 2 },
      { state: "ID", activities: 1, users: 1 },
      { state: "TX", activities: 1, users: 1 },
    ]);
    // Distinct cities per user in 7 days: alice 1 (Springfield), carol 2 (Austin, Springfield), the guest 1.
    expect(geography.explorePatterns).toEqual([
      { pattern: "Single city", frequency: 2 },
      { pattern: "2-3 cities", frequency: 1 },
      { pattern: "4-9 cities", frequency: 0 },
      { pattern: "10+ cities", frequency: 0 },
    ]);
  });

  test("recent activity: newest accounts (no guests), activity types this week with a trend against the week before", async () => {
    const { recentActivity } = await analytics(client, N);
    expect(recentActivity.newUsers.map((u) => u.username)).toEqual(["dave", "carol", "bob", "alice"]);
    expect(recentActivity.newUsers[0]).toEqual({
      username: "dave",
      email: "dave@example.com",
      createdAt: new Date(N - H).toISOString(),
    });
    expect(recentActivity.recentActivities).toEqual([
      { type: "place_visited", count: 3, trend: "up" }, // 3 vs 0
      { type: "category_explored", count: 2, trend: "up" }, // 2 vs 1
      { type: "city_discovered", count: 0, trend: "down" }, // 0 vs 1
    ]);
  });

  test("performance without a request log: not measured (null), peak hours from activities (UTC)", async () => {
    const { performance } = await analytics(client, N);
    // Last 7 days: 12:00 ×3 (a2, a6, a8), 07:00 ×1 (a7), 10:00 ×1 (a1).
    expect(performance).toEqual({
      avgResponseTime: null,
      errorRate: null,
      peakUsageHours: [{ hour: 12 }, { hour: 7 }, { hour: 10 }],
    });
  });

  test("performance with a request log: its figures are used as they are", async () => {
    const figures = { avgResponseTime: 0.12, errorRate: 1.5, peakUsageHours: [{ hour: 9 }] };
    let asked: { since: number; until: number } | undefined;
    const result = await analytics(client, N, { performance: async (range) => ((asked = range), figures) });
    expect(result.performance).toEqual(figures);
    expect(asked).toEqual({ since: N - 7 * D, until: N + 1 });
  });

  test("an empty database answers zeros, not NaN", async () => {
    const empty = await migratedDatabase("ls-admin-empty-");
    const result = await analytics(empty.client, N);
    expect(result.overview).toEqual({
      totalUsers: 0,
      activeUsersToday: 0,
      activeUsersThisWeek: 0,
      totalFavorites: 0,
      totalActivities: 0,
      avgActivitiesPerUser: 0,
    });
    expect(result.userGrowth.growthRate).toBe(0);
    expect(result.engagement.retentionRate).toBe(0);
    expect(result.engagement.categoryPreferences).toEqual([]);
    empty.close();
  });

  test("the daily series: 30 UTC days ending today, new users and activities per day", async () => {
    const series = await dailySeries(client, N);
    expect(series).toHaveLength(30);
    expect(series.at(-1)).toEqual({ day: "2026-03-15", newUsers: 1, activities: 2 }); // dave; a1, a7
    expect(series.at(-3)).toEqual({ day: "2026-03-13", newUsers: 1, activities: 1 }); // the guest; a8
    expect(series.at(-11)).toEqual({ day: "2026-03-05", newUsers: 1, activities: 1 }); // bob; a3
    expect(series[0]!.day).toBe("2026-02-14");
  });
});

describe("users table and activities list", () => {
  const q = (input: Record<string, string>) => v.parse(UsersQuery, input);

  test("accounts newest first with their counts; guests apart", async () => {
    const page = await listUsers(client, q({}));
    expect(page.users.map((u) => u.username)).toEqual(["dave", "carol", "bob", "alice"]);
    expect(page).toMatchObject({ total: 4, registered: 4, guests: 1 });
    expect(page.users[3]).toEqual({
      id: 1,
      username: "alice",
      email: "alice@example.com",
      createdAt: new Date(N - 40 * D).toISOString(),
      favoritesCount: 2,
      activitiesCount: 3,
      lastActivity: new Date(N - 2 * H).toISOString(),
      isGuest: false,
    });
    expect(page.users[0]!.lastActivity).toBeNull(); // dave never did anything
    const guests = await listUsers(client, q({ guests: "only" }));
    expect(guests.users.map((u) => [u.id, u.isGuest, u.activitiesCount])).toEqual([[5, true, 1]]);
    expect(guests.total).toBe(1);
  });

  test("sorting, paging and search by name or e-mail", async () => {
    expect((await listUsers(client, q({ sort: "activitiesCount" }))).users.map((u) => u.username)).toEqual([
      "alice",
      "carol",
      "bob",
      "dave",
    ]);
    expect((await listUsers(client, q({ sort: "username", order: "asc" }))).users.map((u) => u.username)).toEqual([
      "alice",
      "bob",
      "carol",
      "dave",
    ]);
    expect((await listUsers(client, q({ sort: "lastActivity" }))).users.map((u) => u.username)).toEqual([
      "alice",
      "carol",
      "bob",
      "dave",
    ]);
    expect(
      (await listUsers(client, q({ sort: "favoritesCount", order: "asc" }))).users.map((u) => u.favoritesCount),
    ).toEqual([0, 0, 1, 2]);
    const second = await listUsers(client, q({ page: "2", pageSize: "2" }));
    expect(second.users.map((u) => u.username)).toEqual(["bob", "alice"]);
    expect(second.total).toBe(4);
    const search = await listUsers(client, q({ q: "CAR" }));
    expect(search.users.map((u) => u.username)).toEqual(["carol"]);
    expect(search.total).toBe(1);
    expect((await listUsers(client, q({ q: "bob@example" }))).users.map((u) => u.username)).toEqual(["bob"]);
    expect((await listUsers(client, q({ q: "%" }))).users).toEqual([]); // wildcards are literal
  });

  test("the rollup follows deletes: a removed favorite and activity change the counts", async () => {
    await client.execute(
      "INSERT INTO activities (user_id, activity_type, created_at) VALUES (4, 'search_performed', 1)",
    );
    let dave = (await listUsers(client, q({}))).users[0]!;
    expect([dave.activitiesCount, dave.lastActivity]).toEqual([1, new Date(1).toISOString()]);
    await client.execute("DELETE FROM activities WHERE user_id = 4");
    dave = (await listUsers(client, q({}))).users[0]!;
    expect([dave.activitiesCount, dave.lastActivity]).toEqual([0, null]);
  });

  test("recent activities: newest first with who and where; total", async () => {
    const page = await listActivities(client, { page: 1, pageSize: 3 });
    expect(page.total).toBe(8);
    expect(page.activities.map((a) => [a.username, a.activityType, a.cityName, a.cityState])).toEqual([
      ["alice", "category_explored", "Springfield", "MO"],
      [null, "category_explored", "Boise", "ID"],
      ["carol", "place_visited", "Austin", "TX"],
    ]);
    expect(page.activities[0]!.createdAt).toBe(new Date(N - 2 * H).toISOString());
  });
});

describe("data health", () => {
  test("per state: places by category, share of food, stores and lodging observed over five years ago, thin incorporated cities, imports, commands; nationwide", async () => {
    const city = (id: number, name: string, st: string, incorporated: number) =>
      client.execute({
        sql: `INSERT INTO cities (id, name, name_ascii, state_code, state_name, county_fips, county_name, latitude, longitude, population, density, incorporated, timezone, ranking, zips)
              VALUES (?, ?, ?, ?, 'X', '00000', 'X', 0, 0, 1, 1, ?, 'UTC', 1, '')`,
        args: [id, name, name, st, incorporated],
      });
    await city(1, "Bigtown", "VT", 1);
    await city(2, "Smallville", "VT", 1);
    await city(3, "Hamlet", "VT", 0); // not incorporated: never "thin"
    await city(4, "Nowhere", "WY", 1);
    let n = 0;
    const place = (st: string, cityName: string, category: number, observedAt: string | null, source = "osm") =>
      client.execute({
        sql: `INSERT INTO places (source, source_id, licence, sources, category_id, kind, title, title_key, city, state_code, latitude, longitude, quality, updated_at, observed_at)
              VALUES (?, ?, 'ODbL', '[]', ?, 'k', 't', 't', ?, ?, 0, 0, 1, ?, ?)`,
        args: [source, String(++n), category, cityName, st, N - D, observedAt],
      });
    // VT: Bigtown 8 places (10 food ×5, two observed in 2011; 8 history ×3 from 1990, not food, stores or
    // lodging), Smallville 2 (lodging, one observed in 2020 — more than five years before N — one undated).
    // Every row was written yesterday: age comes from the source's date, not the import's.
    for (let i = 0; i < 5; i++) await place("VT", "Bigtown", 10, i < 2 ? "2011" : "2025-11-01");
    for (let i = 0; i < 3; i++) await place("VT", "bigtown", 8, "1990");
    await place("VT", "Smallville", 11, "2020-06-30");
    await place("VT", "Smallville", 11, null);
    await client.execute({
      sql: "INSERT INTO data_imports (dataset, version, rows, imported_at) VALUES ('places:osm:VT', '1', 10, ?), ('places:nps:VT', '1', 3, ?), ('refresh:osm:VT', '2026-11-01', 10, ?)",
      args: [N - 2 * D, N - 3 * D, N - 2 * D],
    });

    const health = await dataHealth(client, N);
    const vt = health.states.find((s) => s.stateCode === "VT")!;
    expect(vt).toEqual({
      stateCode: "VT",
      places: 10,
      byCategory: [
        { category: "Food & Dining", places: 5 },
        { category: "Historical Info", places: 3 },
        { category: "Lodging", places: 2 },
      ],
      olderThanFiveYears: 42.9, // 3 of the 7 food, stores and lodging
      perishablePlaces: 7,
      newestSourceDate: "2025-11-01",
      lastRefresh: new Date(N - 2 * D).toISOString(),
      incorporatedCities: 2,
      thinCities: 1, // Smallville (2 < 8); Bigtown has exactly 8 (case folded)
      thinCityNames: ["Smallville"],
      datasets: [
        { dataset: "osm", rows: 10, importedAt: new Date(N - 2 * D).toISOString() },
        { dataset: "nps", rows: 3, importedAt: new Date(N - 3 * D).toISOString() },
      ],
      lastImportedAt: new Date(N - 2 * D).toISOString(),
      commands: [
        { command: "npm run import:osm -- --state VT", lastRun: new Date(N - 2 * D).toISOString() },
        { command: "npm run import:overture -- --state VT", lastRun: null },
      ],
    });
    const wy = health.states.find((s) => s.stateCode === "WY")!;
    expect(wy).toMatchObject({ places: 0, thinCities: 1, datasets: [], lastImportedAt: null, olderThanFiveYears: 0 });
    expect(health.nationwide).toEqual({
      states: 2,
      importedStates: 1,
      places: 10,
      thinCities: 2,
      olderThanFiveYears: 42.9,
    });
    expect(health.refreshRun).toBeNull();
    await client.execute({
      sql: "INSERT INTO data_imports (dataset, version, rows, imported_at) VALUES ('refresh-run:osm', ?, 1, ?)",
      args: [JSON.stringify({ states: ["DE", "RI", "VT"], done: [{ stateCode: "DE" }] }), N],
    });
    expect((await dataHealth(client, N)).refreshRun).toEqual({
      states: 3,
      done: 1,
      updatedAt: new Date(N).toISOString(),
    });
    await client.execute("DELETE FROM data_imports WHERE dataset = 'refresh-run:osm'");
    // The same figure as a direct count over observed_at.
    const direct = (
      await client.execute(
        "SELECT count(*) AS n, sum(observed_at < '2021-03-15') AS old FROM places WHERE state_code = 'VT' AND category_id IN (10, 11, 12)",
      )
    ).rows[0]!;
    expect(vt.olderThanFiveYears).toBe(Math.round((Number(direct.old) / Number(direct.n)) * 1000) / 10);

    // Stored: a second call reads the summary (same answer); a new import of the state recomputes it.
    expect(await dataHealth(client, N)).toEqual(health);
    await place("VT", "Smallville", 11, "2026-01-01");
    expect((await dataHealth(client, N)).states.find((s) => s.stateCode === "VT")!.places).toBe(10); // imports unchanged → stored
    await client.execute({
      sql: "UPDATE data_imports SET imported_at = ? WHERE dataset IN ('places:osm:VT', 'refresh:osm:VT')",
      args: [N - D],
    });
    const after = (await dataHealth(client, N)).states.find((s) => s.stateCode === "VT")!;
    expect(after.places).toBe(11);
    expect(after.commands[0]!.lastRun).toBe(new Date(N - D).toISOString());
  });
});
