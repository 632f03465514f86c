import { describe, expect, test } from "bun:test";
import { testApp } from "../../src/testing";
import { jsonPost, signUp } from "../auth/testing";
import { WALKING_MPH } from "./model";

const { request, places, cityIndex } = await testApp();
// The states the tests read, imported before the first test (they are not in every template).
for (const [city, state] of [
  ["Savannah", "GA"],
  ["Las Vegas", "NV"],
] as const)
  await places.page(cityIndex.find(city, state)!, "featured", 1, 0);

const send = (cookie: string, method: string, path: string, body?: unknown) =>
  request(path, body === undefined ? { method, headers: { cookie } } : { ...jsonPost(body, { cookie }), method });
const json = async (response: Response) => (await response.json()) as Record<string, any>;

/** A signed-up user's trip in a city with its day planned. */
async function plannedTrip(city: string, startDate: string | null = null) {
  const { cookie } = await signUp(request);
  const trip = await json(await send(cookie, "POST", "/api/trips", { title: `Day in ${city}`, city, startDate }));
  const planned = await send(cookie, "POST", `/api/trips/${trip.id}/plan`, {});
  return { cookie, planned, trip: await json(planned) };
}

describe("plan my day", () => {
  test("Savannah and Las Vegas: 4–6 sights of the city's featured list close together, one food stop near midday, times in order", async () => {
    for (const city of ["Savannah, GA", "Las Vegas, NV"]) {
      const { planned, trip } = await plannedTrip(city);
      expect(planned.status).toBe(201);
      const stops = trip.days[0].stops as Array<Record<string, any>>;
      const food = stops.filter((s) => s.place.categoryId === 10);
      expect({ city, food: food.length }).toEqual({ city, food: 1 });
      expect(stops.length - 1).toBeGreaterThanOrEqual(4);
      expect(stops.length - 1).toBeLessThanOrEqual(6);
      const times = stops.map((s) => s.time as string);
      expect([...times].sort()).toEqual(times);
      expect(food[0]!.time >= "11:00" && food[0]!.time <= "14:00").toBe(true);
      // Close together: no leg longer than the cluster allows twice over.
      for (const s of stops.slice(1)) expect(s.legMiles).toBeLessThan(6);
      expect(trip.days[0].walkingMinutes).toBe(Math.round(((trip.days[0].totalMiles / WALKING_MPH) * 60) / 5) * 5);
      expect(trip.walkingMph).toBe(WALKING_MPH);
      for (const s of stops)
        expect(s.warnings.every((w: string) => /^(Hours unknown|Closed on .+)$/.test(w))).toBe(true);
    }
  }, 60_000);

  test("planning again adds a new day instead of overwriting the first", async () => {
    const { cookie, trip } = await plannedTrip("Savannah, GA");
    const again = await json(await send(cookie, "POST", `/api/trips/${trip.id}/plan`, {}));
    expect(again.days).toHaveLength(2);
    expect(again.days[1].stops.length).toBe(trip.days[0].stops.length);
  }, 60_000);
});

describe("share links", () => {
  test("a shared trip renders for anyone at /t/{token}, read-only; revoked, the link answers 404", async () => {
    const { cookie, trip } = await plannedTrip("Savannah, GA");
    const shared = await json(await send(cookie, "POST", `/api/trips/${trip.id}/share`));
    expect(shared.shareToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const page = await request(`/t/${shared.shareToken}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Day in Savannah, GA");
    expect(html).toContain(trip.days[0].stops[0].place.title.replace(/&/g, "&amp;"));
    // Signed out, the page offers only what a visitor can use: no app tabs or account buttons, a way to sign in.
    expect(html).not.toContain('aria-label="Main"');
    expect(html).not.toContain('aria-label="Profile"');
    expect(html).toContain("Try it or sign in");
    // The owner, signed in, keeps the app's tabs on the same page.
    expect(await (await request(`/t/${shared.shareToken}`, { headers: { cookie } })).text()).toContain(
      'aria-label="Main"',
    );
    // Sharing again keeps the same link; another user's API still answers 404.
    expect((await json(await send(cookie, "POST", `/api/trips/${trip.id}/share`))).shareToken).toBe(shared.shareToken);
    const other = await signUp(request);
    expect((await send(other.cookie, "GET", `/api/trips/${trip.id}`)).status).toBe(404);
    expect((await send(cookie, "DELETE", `/api/trips/${trip.id}/share`)).status).toBe(200);
    expect((await request(`/t/${shared.shareToken}`)).status).toBe(404);
    expect((await request("/t/not-a-real-token-at-all-xxxxxxxx")).status).toBe(404);
  }, 60_000);
});

describe("exports", () => {
  test("the calendar needs a start date; with one, one event per stop on its day, at its time", async () => {
    const undated = await plannedTrip("Savannah, GA");
    const refused = await send(undated.cookie, "GET", `/api/trips/${undated.trip.id}/export.ics`);
    expect(refused.status).toBe(409);
    expect((await json(refused)).errors).toEqual({
      startDate: ["Set the trip's start date to export it to a calendar."],
    });
    const { cookie, trip } = await plannedTrip("Savannah, GA", "2026-12-07");
    const response = await send(cookie, "GET", `/api/trips/${trip.id}/export.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toStartWith("text/calendar");
    const ics = (await response.text()).replace(/\r\n[ \t]/g, "");
    const stops = trip.days[0].stops as Array<Record<string, any>>;
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(stops.length);
    const first = stops[0]!;
    expect(ics).toContain(`DTSTART:20261207T${first.time.replace(":", "")}00`);
    expect(ics).toContain(`SUMMARY:${first.place.title.replace(/([,;])/g, "\\$1")}`);
  }, 60_000);

  test("GPX: one waypoint per stop at the place's coordinates; ?day=N picks a day, an unknown day is 404", async () => {
    const { cookie, trip } = await plannedTrip("Las Vegas, NV");
    const response = await send(cookie, "GET", `/api/trips/${trip.id}/export.gpx?day=1`);
    expect(response.headers.get("content-type")).toStartWith("application/gpx+xml");
    const gpx = await response.text();
    const points = [...gpx.matchAll(/<wpt lat="([-\d.]+)" lon="([-\d.]+)">/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(points).toEqual(trip.days[0].stops.map((s: any) => [s.place.latitude, s.place.longitude]));
    expect((await send(cookie, "GET", `/api/trips/${trip.id}/export.gpx?day=9`)).status).toBe(404);
  }, 60_000);
});
