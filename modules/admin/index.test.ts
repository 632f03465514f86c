/** The admin API over HTTP: the guard on every route, the answers' shapes and headers, bad query → 400. */
import { describe, expect, test } from "bun:test";
import { testApp } from "../../src/testing";
import { claimAdmin } from "../auth";
import { continueAsGuest, signUp, uniqueEmail } from "../auth/testing";

const ADMIN = uniqueEmail("admin");
const { request, database } = await testApp({ ADMIN_EMAIL: ADMIN });
const cookies: Record<string, string> = {};
{
  // The one place this test makes the admin: the ADMIN_EMAIL account, claimed as the operator would
  // (`npm run admin -- claim EMAIL` calls claimAdmin; docs/product.md#accounts).
  cookies.admin = (await signUp(request, { email: ADMIN, username: "Boss" })).cookie;
  expect((await claimAdmin({ database, config: { ADMIN_EMAIL: ADMIN } }, ADMIN)).ok).toBe(true);
  cookies.user = (await signUp(request, { username: "Plain" })).cookie;
  cookies.guest = (await continueAsGuest(request)).cookie;
}

const get = (path: string, who?: string) => request(path, { headers: who ? { cookie: cookies[who]! } : {} });
const ROUTES = [
  "/api/admin/analytics",
  "/api/admin/users",
  "/api/admin/user-activities",
  "/api/admin/daily",
  "/api/admin/data-health",
];

describe("admin guard", () => {
  for (const path of ROUTES) {
    test(`${path}: anonymous 401, guest 403, user 403 (the product's text), admin 200`, async () => {
      expect((await get(path)).status).toBe(401);
      for (const who of ["guest", "user"]) {
        const response = await get(path, who);
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ message: "Access denied. Admin privileges required.", errors: {} });
      }
      const admin = await get(path, "admin");
      expect(admin.status).toBe(200);
      expect(admin.headers.get("cache-control")).toBe("no-store");
    });
  }

  test("the guard comes before validation: a non-admin with bad parameters still gets 403", async () => {
    expect((await get("/api/admin/users?page=0", "user")).status).toBe(403);
    expect((await get("/api/admin/users?page=0")).status).toBe(401);
  });
});

describe("admin answers", () => {
  test("analytics has exactly the product's shape", async () => {
    const body = await (await get("/api/admin/analytics", "admin")).json();
    expect(Object.keys(body).sort()).toEqual([
      "engagement",
      "geography",
      "overview",
      "performance",
      "recentActivity",
      "userGrowth",
    ]);
    expect(Object.keys(body.overview).sort()).toEqual([
      "activeUsersThisWeek",
      "activeUsersToday",
      "avgActivitiesPerUser",
      "totalActivities",
      "totalFavorites",
      "totalUsers",
    ]);
    expect(Object.keys(body.userGrowth).sort()).toEqual(["daily", "growthRate", "monthly", "weekly"]);
    expect(Object.keys(body.engagement).sort()).toEqual([
      "avgSessionsPerUser",
      "categoryPreferences",
      "mostActiveUsers",
      "retentionRate",
      "trips",
    ]);
    expect(Object.keys(body.geography).sort()).toEqual(["explorePatterns", "stateDistribution", "topCities"]);
    expect(Object.keys(body.recentActivity).sort()).toEqual(["newUsers", "recentActivities"]);
    expect(Object.keys(body.performance).sort()).toEqual(["avgResponseTime", "errorRate", "peakUsageHours"]);
    expect(body.overview.totalUsers).toBeGreaterThanOrEqual(3);
  });

  test("users: the product's row array, totals in headers, the new accounts found by name and e-mail", async () => {
    const response = await get(`/api/admin/users?q=${encodeURIComponent(ADMIN)}`, "admin");
    const rows = await response.json();
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]).sort()).toEqual([
      "activitiesCount",
      "createdAt",
      "email",
      "favoritesCount",
      "id",
      "isGuest",
      "lastActivity",
      "username",
    ]);
    expect(rows[0]).toMatchObject({
      username: "Boss",
      email: ADMIN,
      favoritesCount: 0,
      activitiesCount: 0,
      lastActivity: null,
      isGuest: false,
    });
    expect(response.headers.get("x-total-count")).toBe("1");
    expect(Number(response.headers.get("x-guest-count"))).toBeGreaterThanOrEqual(1);
    const page = await get("/api/admin/users?pageSize=1&sort=username&order=asc", "admin");
    expect(await page.json()).toHaveLength(1);
    const guests = await (await get("/api/admin/users?guests=only&pageSize=100", "admin")).json();
    expect(guests.every((u: { isGuest: boolean }) => u.isGuest)).toBe(true);
  });

  test("user-activities: an array with who, type, city and time; the total in a header", async () => {
    await request("/api/activities", {
      method: "POST",
      headers: { cookie: cookies.user!, "content-type": "application/json" },
      body: JSON.stringify({ activityType: "city_discovered", cityName: "Boise", cityState: "ID" }),
    });
    const response = await get("/api/admin/user-activities?pageSize=1", "admin");
    const [row] = await response.json();
    expect(row).toMatchObject({
      username: "Plain",
      activityType: "city_discovered",
      cityName: "Boise",
      cityState: "ID",
    });
    expect(Number(response.headers.get("x-total-count"))).toBeGreaterThanOrEqual(1);
  });

  test("bad query parameters → 400 with a message per field", async () => {
    const response = await get("/api/admin/users?page=0&pageSize=500&sort=age&order=up&guests=all", "admin");
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors).toEqual({
      page: ["page must be a whole number from 1 to 100000"],
      pageSize: ["pageSize must be a whole number from 1 to 100"],
      sort: ["sort must be one of createdAt, username, email, favoritesCount, activitiesCount, lastActivity"],
      order: ["order must be asc or desc"],
      guests: ["guests must be exclude or only"],
    });
    const long = await get(`/api/admin/users?q=${"x".repeat(101)}`, "admin");
    expect((await long.json()).errors).toEqual({ q: ["q must be text of at most 100 characters"] });
    const activities = await get("/api/admin/user-activities?page=abc", "admin");
    expect(activities.status).toBe(400);
    expect((await activities.json()).errors).toEqual({ page: ["page must be a whole number from 1 to 100000"] });
  });
});
