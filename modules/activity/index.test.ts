import { describe, expect, test } from "bun:test";
import { testApp } from "../../src/testing";
import { continueAsGuest, jsonPost, signUp } from "../auth/testing";

const { request, database } = await testApp();

const track = (body: unknown, cookie?: string) => request("/api/activities", jsonPost(body, cookie ? { cookie } : {}));
const stats = async (cookie: string) => {
  const response = await request("/api/profile/stats", { headers: { cookie } });
  expect(response.status).toBe(200);
  return response.json();
};
const storedCount = async () =>
  Number((await database.client.execute("SELECT count(*) AS n FROM activities")).rows[0]!.n);

describe("POST /api/activities", () => {
  test("stores each of the four activity types for the signed-in user (201 with the record)", async () => {
    const { cookie } = await signUp(request);
    const bodies = [
      { activityType: "city_discovered", cityName: "Springfield", cityState: "mo" },
      { activityType: "category_explored", cityName: "Springfield", cityState: "MO", categoryId: 8 },
      { activityType: "place_visited", cityName: "Springfield", cityState: "MO", placeId: 1234, categoryId: "10" },
      {
        activityType: "search_performed",
        cityName: "Springfield",
        cityState: "MO",
        activityData: { searchQuery: "museum" },
      },
    ];
    for (const body of bodies) {
      const response = await track(body, cookie);
      expect(response.status).toBe(201);
      const record = await response.json();
      expect(record).toMatchObject({
        id: expect.any(Number),
        activityType: body.activityType,
        cityName: "Springfield",
        cityState: "MO",
        createdAt: expect.any(String),
      });
    }
    const last = await (await track(bodies[3], cookie)).json();
    expect(last.activityData).toEqual({ searchQuery: "museum" });
    const visited = await (await track(bodies[2], cookie)).json();
    expect(visited).toMatchObject({ placeId: "1234", categoryId: "10", activityData: null });
  });

  test("a missing activityType is 400 with a field message (signed in or not)", async () => {
    const { cookie } = await signUp(request);
    for (const who of [cookie, undefined]) {
      const response = await track({ cityName: "Springfield", cityState: "MO" }, who);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: "activityType is required",
        errors: { activityType: ["activityType is required"] },
      });
    }
  });

  test("an unknown activityType and bad fields are 400, every field named", async () => {
    const { cookie } = await signUp(request);
    const response = await track(
      { activityType: "teleported", cityName: "x".repeat(101), activityData: [1, 2] },
      cookie,
    );
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      activityType: ["activityType must be one of city_discovered, category_explored, place_visited, search_performed"],
      cityName: ["cityName must be text of at most 100 characters"],
      activityData: ["activityData must be a JSON object"],
    });
    const big = await track(
      { activityType: "search_performed", activityData: { searchQuery: "q".repeat(5000) } },
      cookie,
    );
    expect((await big.json()).errors).toEqual({
      activityData: ["activityData must be at most 4 KB (4096 bytes) as JSON"],
    });
  });

  test("anonymous callers get 204 and nothing is stored", async () => {
    const before = await storedCount();
    const response = await track({ activityType: "city_discovered", cityName: "Boise", cityState: "ID" });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect(await storedCount()).toBe(before);
  });
});

describe("GET /api/profile/stats", () => {
  test("a new account: zeros and its creation date", async () => {
    const { cookie, user } = await signUp(request);
    expect(await stats(cookie)).toEqual({
      citiesExplored: 0,
      discoveries: 0,
      favorites: 0,
      memberSince: (user as unknown as { createdAt: string }).createdAt,
    });
  });

  test("cities explored = distinct cities (any case) in the records; discoveries = distinct places visited; favorites counted", async () => {
    const { cookie } = await signUp(request);
    const other = await signUp(request);
    const records = [
      { activityType: "city_discovered", cityName: "Springfield", cityState: "MO" },
      { activityType: "category_explored", cityName: "springfield", cityState: "mo", categoryId: 9 },
      {
        activityType: "search_performed",
        cityName: "Branson",
        cityState: "MO",
        activityData: { searchQuery: "shows" },
      },
      { activityType: "place_visited", cityName: "Springfield", cityState: "MO", placeId: "5" },
      { activityType: "place_visited", cityName: "Springfield", cityState: "MO", placeId: 5 },
      { activityType: "place_visited", cityName: "Branson", cityState: "MO", placeId: "9" },
      { activityType: "city_discovered", cityName: "Springfield", cityState: "IL" },
      { activityType: "search_performed", activityData: { searchQuery: "no city" } },
    ];
    for (const body of records) expect((await track(body, cookie)).status).toBe(201);
    // Someone else's activity never counts.
    expect(
      (await track({ activityType: "place_visited", cityName: "Denver", cityState: "CO", placeId: "77" }, other.cookie))
        .status,
    ).toBe(201);
    await request(
      "/api/favorites",
      jsonPost({ itemType: "city", itemId: "springfield-mo", itemData: "{}" }, { cookie }),
    );

    expect(await stats(cookie)).toMatchObject({ citiesExplored: 3, discoveries: 2, favorites: 1 });
    expect(await stats(other.cookie)).toMatchObject({ citiesExplored: 1, discoveries: 1, favorites: 0 });
  });

  test("guests have stats too; anonymous callers get 401", async () => {
    const guest = await continueAsGuest(request);
    expect(
      (await track({ activityType: "city_discovered", cityName: "Reno", cityState: "NV" }, guest.cookie)).status,
    ).toBe(201);
    expect(await stats(guest.cookie)).toMatchObject({ citiesExplored: 1, discoveries: 0, favorites: 0 });
    const anonymous = await request("/api/profile/stats");
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).message).toBe("Please sign in to see your profile.");
  });
});

test("GET /api/activities/{city}/{state} (discovery's activity places) still answers beside POST /api/activities", async () => {
  const response = await request("/api/activities/Washington/DC?count=3");
  expect(response.status).toBe(200);
  expect(Array.isArray(await response.json())).toBe(true);
}, 120_000);
