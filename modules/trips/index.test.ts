import { describe, expect, test } from "bun:test";
import { testApp } from "../../src/testing";
import { continueAsGuest, jsonPost, signUp } from "../auth/testing";
import { LIMITS } from "./model";

const { request, places, cityIndex } = await testApp();
// The states the tests read, imported before the first test (they are not in every template).
await places.page(cityIndex.find("Savannah", "GA")!, "featured", 1, 0);

const send = (cookie: string, method: string, path: string, body?: unknown) =>
  request(path, body === undefined ? { method, headers: { cookie } } : { ...jsonPost(body, { cookie }), method });
const json = async (response: Response) => (await response.json()) as Record<string, any>;
const createTrip = async (cookie: string, body: unknown = { title: "Weekend", city: "Savannah, GA" }) =>
  json(await send(cookie, "POST", "/api/trips", body));
/** Real places of a city, from the store's own list (never typed in). */
const featuredIds = async (city = "Savannah", state = "GA", n = 3) =>
  (await places.page(cityIndex.find(city, state)!, "featured", n, 0)).map((p) => p.id);

describe("trips: create, read, edit, delete", () => {
  test("POST /api/trips answers 201 with the trip, its id and one empty day; GET reads it back; the list has it", async () => {
    const { cookie } = await signUp(request);
    const created = await send(cookie, "POST", "/api/trips", { title: "Savannah weekend", city: "savannah, ga" });
    expect(created.status).toBe(201);
    const trip = await json(created);
    expect(structuredClone(trip)).toMatchObject({
      id: expect.any(Number),
      title: "Savannah weekend",
      city: "Savannah, GA",
      shareToken: null,
    });
    expect(trip.days).toHaveLength(1);
    expect(trip.days[0]).toMatchObject({ number: 1, stops: [], totalMiles: 0, walkingMinutes: 0 });
    expect(await json(await send(cookie, "GET", `/api/trips/${trip.id}`))).toEqual(trip);
    const list = (await json(await send(cookie, "GET", "/api/trips"))) as unknown as Array<Record<string, unknown>>;
    expect(list).toEqual([expect.objectContaining({ id: trip.id, title: "Savannah weekend", days: 1, stops: 0 })]);
  }, 60_000);

  test("guests plan trips too; anonymous callers get 401", async () => {
    const { cookie } = await continueAsGuest(request);
    expect((await send(cookie, "POST", "/api/trips", { title: "T", city: "Savannah, GA" })).status).toBe(201);
    expect((await request("/api/trips")).status).toBe(401);
    expect((await request("/api/trips", jsonPost({ title: "T", city: "Savannah, GA" }))).status).toBe(401);
  }, 60_000);

  test("bad input answers 400 with a message for each field", async () => {
    const { cookie } = await signUp(request);
    const missing = await send(cookie, "POST", "/api/trips", {});
    expect(missing.status).toBe(400);
    const body = await json(missing);
    expect(body.errors.title).toEqual(["title is required"]);
    expect(body.errors.city).toEqual(['city is required, as "City, ST"']);
    const bad = await json(
      await send(cookie, "POST", "/api/trips", { title: "x".repeat(121), city: "Savannah", startDate: "2026-02-30" }),
    );
    expect(bad.errors).toEqual({
      title: ["title must be at most 120 characters"],
      city: ['city must be "City, ST" (for example "Savannah, GA")'],
      startDate: ["startDate must be a date as YYYY-MM-DD"],
    });
    const unknown = await send(cookie, "POST", "/api/trips", { title: "T", city: "Nowhereville, ZZ" });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).errors.city).toEqual(['We don\'t know a city called "Nowhereville, ZZ".']);
  }, 60_000);

  test("PATCH changes title, city and dates; DELETE answers 204 and the trip is gone", async () => {
    const { cookie } = await signUp(request);
    const trip = await createTrip(cookie);
    const patched = await json(
      await send(cookie, "PATCH", `/api/trips/${trip.id}`, { title: "Renamed", startDate: "2026-12-07" }),
    );
    expect(patched).toMatchObject({ title: "Renamed", city: "Savannah, GA", startDate: "2026-12-07" });
    expect(patched.days[0].date).toBe("2026-12-07");
    expect((await send(cookie, "DELETE", `/api/trips/${trip.id}`)).status).toBe(204);
    expect((await send(cookie, "GET", `/api/trips/${trip.id}`)).status).toBe(404);
  }, 60_000);
});

describe("trips belong to their owner", () => {
  test("another user reads, edits, exports and deletes nothing: 404, as for a trip that does not exist", async () => {
    const owner = await signUp(request);
    const other = await signUp(request);
    const trip = await createTrip(owner.cookie);
    const [placeId] = await featuredIds();
    const day = trip.days[0].id;
    const attempts: Array<[string, string, unknown?]> = [
      ["GET", `/api/trips/${trip.id}`],
      ["PATCH", `/api/trips/${trip.id}`, { title: "Mine now" }],
      ["DELETE", `/api/trips/${trip.id}`],
      ["POST", `/api/trips/${trip.id}/days`],
      ["POST", `/api/trips/${trip.id}/days/${day}/stops`, { placeId }],
      ["POST", `/api/trips/${trip.id}/plan`, {}],
      ["POST", `/api/trips/${trip.id}/share`],
      ["GET", `/api/trips/${trip.id}/export.ics`],
      ["GET", `/api/trips/${trip.id}/export.gpx`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await send(other.cookie, method, path, body);
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 404 });
    }
    expect(await json(await send(owner.cookie, "GET", `/api/trips/${trip.id}`))).toMatchObject({
      title: "Weekend",
      days: [{ stops: [] }],
    });
  }, 60_000);
});

describe("days and stops", () => {
  test("add stops (real places only), reorder, move between days, edit note and time, remove", async () => {
    const { cookie } = await signUp(request);
    const trip = await createTrip(cookie);
    const [a, b, c] = await featuredIds("Savannah", "GA", 3);
    const day1 = trip.days[0].id;
    const base = `/api/trips/${trip.id}`;
    for (const placeId of [a, b, c])
      expect((await send(cookie, "POST", `${base}/days/${day1}/stops`, { placeId })).status).toBe(201);
    let t = await json(await send(cookie, "POST", `${base}/days/${day1}/stops`, { placeId: 999_999_999 }));
    expect(t.errors).toEqual({ placeId: ["No place has the id 999999999."] });
    t = await json(await send(cookie, "POST", `${base}/days/${day1}/stops`, { placeId: "x", time: "25:00" }));
    expect(t.errors).toEqual({
      placeId: ["placeId must be the id of a place (a whole number)"],
      time: ["time must be a time of day as HH:MM (24-hour)"],
    });
    t = await json(await send(cookie, "GET", base));
    const stops = t.days[0].stops as Array<Record<string, any>>;
    expect(stops.map((s) => s.placeId)).toEqual([a, b, c]);
    expect(stops[0]!.place).toMatchObject({ id: a, title: expect.any(String) });
    expect(stops[0]!.legMiles).toBeNull();
    expect(stops[1]!.legMiles).toEqual(expect.any(Number));
    expect(t.days[0].totalMiles).toBeGreaterThan(0);
    // Reorder: the third stop first.
    t = await json(await send(cookie, "PATCH", `${base}/stops/${stops[2]!.id}`, { position: 0 }));
    expect(t.days[0].stops.map((s: any) => s.placeId)).toEqual([c, a, b]);
    // A second day; move the first stop there, with a note and a time.
    t = await json(await send(cookie, "POST", `${base}/days`));
    const day2 = t.days[1].id;
    t = await json(
      await send(cookie, "PATCH", `${base}/stops/${stops[2]!.id}`, {
        dayId: day2,
        note: "Tickets online",
        time: "10:30",
      }),
    );
    expect(t.days[0].stops.map((s: any) => [s.placeId, s.position])).toEqual([
      [a, 0],
      [b, 1],
    ]);
    expect(t.days[1].stops).toEqual([expect.objectContaining({ placeId: c, note: "Tickets online", time: "10:30" })]);
    // A day of another trip is refused.
    const otherTrip = await createTrip(cookie);
    const moved = await send(cookie, "PATCH", `${base}/stops/${stops[0]!.id}`, { dayId: otherTrip.days[0].id });
    expect(moved.status).toBe(400);
    expect((await json(moved)).errors).toEqual({ dayId: ["dayId must be the id of one of this trip's days"] });
    // Remove a stop, then the second day (its stops go with it).
    t = await json(await send(cookie, "DELETE", `${base}/stops/${stops[0]!.id}`));
    expect(t.days[0].stops.map((s: any) => s.placeId)).toEqual([b]);
    t = await json(await send(cookie, "DELETE", `${base}/days/${day2}`));
    expect(t.days).toHaveLength(1);
    const last = await send(cookie, "DELETE", `${base}/days/${day1}`);
    expect(last.status).toBe(409);
    expect((await json(last)).errors).toEqual({ days: ["A trip keeps at least one day."] });
  }, 60_000);

  test("limits: stops per day, days per trip and trips per user answer 409 with the field's message", async () => {
    const { cookie } = await signUp(request);
    const trip = await createTrip(cookie);
    const base = `/api/trips/${trip.id}`;
    const [placeId] = await featuredIds();
    for (let i = 0; i < LIMITS.stopsPerDay; i++)
      await send(cookie, "POST", `${base}/days/${trip.days[0].id}/stops`, { placeId });
    const tooManyStops = await send(cookie, "POST", `${base}/days/${trip.days[0].id}/stops`, { placeId });
    expect(tooManyStops.status).toBe(409);
    expect((await json(tooManyStops)).errors).toEqual({
      stops: [`A day can have at most ${LIMITS.stopsPerDay} stops. Move some to another day.`],
    });
    for (let i = 1; i < LIMITS.daysPerTrip; i++) await send(cookie, "POST", `${base}/days`);
    const tooManyDays = await send(cookie, "POST", `${base}/days`);
    expect(tooManyDays.status).toBe(409);
    expect((await json(tooManyDays)).errors).toEqual({ days: [`A trip can have at most ${LIMITS.daysPerTrip} days.`] });
    for (let i = 1; i < LIMITS.trips; i++) await createTrip(cookie);
    const tooManyTrips = await send(cookie, "POST", "/api/trips", { title: "One more", city: "Savannah, GA" });
    expect(tooManyTrips.status).toBe(409);
    expect((await json(tooManyTrips)).errors).toEqual({
      trips: [`You can keep at most ${LIMITS.trips} trips. Delete one to start another.`],
    });
  }, 60_000);
});
