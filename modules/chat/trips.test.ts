import { describe, expect, test } from "bun:test";
import { testApp } from "../../src/testing";
import { continueAsGuest, jsonPost } from "../auth/testing";
import { tripCommand } from "./trip-commands";

/**
 * The chat acts on the user's trips: "plan a day in Savannah" makes a draft trip planned by the trips module
 * and links to it; "add the … to day 1" adds a named place (found as every named place is) to day 1 of the
 * user's latest trip in the city, or says why nothing was added.
 */

const { request, places, cityIndex } = await testApp();
// The states the tests read, imported before the first test.
await places.page(cityIndex.find("Savannah", "GA")!, "featured", 1, 0);
await places.page(cityIndex.find("Las Vegas", "NV")!, "featured", 1, 0);

const chat = async (cookie: string, query: string, location: string) => {
  const response = await request("/api/chat/recommendations", jsonPost({ query, location }, { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()) as {
    response: string;
    location: string;
    places: Array<{ id: number; title: string }>;
  };
};
interface TripJson {
  id: number;
  title: string;
  city: string;
  days: Array<{
    stops: Array<{ placeId: number; place: { title: string } | null }>;
    totalMiles: number;
    walkingMinutes: number;
  }>;
}
const get = async (cookie: string, path: string) =>
  (await request(path, { headers: { cookie } })).json() as Promise<TripJson>;
/** A real place of the city's own featured list (never typed in) and its title as the store has it. */
const featured = async (city: string, state: string, index: number) =>
  (await places.page(cityIndex.find(city, state)!, "featured", index + 1, 0))[index]!;

describe("chat trip commands: what is a command", () => {
  test("plan and add are recognised in their usual wordings; questions are not commands", () => {
    expect(tripCommand("plan a day in Savannah")).toEqual({ kind: "plan", city: "Savannah" });
    expect(tripCommand("Can you plan my day in Austin, TX?")).toEqual({ kind: "plan", city: "Austin, TX" });
    expect(tripCommand("plan a day")).toEqual({ kind: "plan", city: null });
    expect(tripCommand("add the Mob Museum to day 1")).toEqual({ kind: "add", name: "Mob Museum", day: 1 });
    expect(tripCommand("Please add Neon Museum to my day 2.")).toEqual({ kind: "add", name: "Neon Museum", day: 2 });
    for (const question of ["what should I plan for a day in Savannah?", "tell me about the Mob Museum", "add day"])
      expect(tripCommand(question)).toBeNull();
  });
});

describe("chat: plan a day", () => {
  test("'plan a day in Savannah' answers with a link to a new draft trip of real, ordered stops", async () => {
    const { cookie } = await continueAsGuest(request);
    // Asked from another city: the city the message names is planned.
    const answer = await chat(cookie, "plan a day in Savannah", "Las Vegas, NV");
    const id = Number(/\/trips\/(\d+)/.exec(answer.response)?.[1]);
    expect(id).toBeGreaterThan(0);
    expect(answer.location).toBe("Savannah, GA");
    const trip = await get(cookie, `/api/trips/${id}`);
    expect(trip).toMatchObject({ title: "A day in Savannah", city: "Savannah, GA" });
    const day = trip.days[0]!;
    expect(day.stops.length).toBeGreaterThanOrEqual(4);
    expect(day!.stops.every((s) => s.place !== null)).toBe(true);
    expect(answer.response).toContain(`${day.stops.length} stops`);
    expect(answer.response).toContain(`Open your draft: “A day in Savannah” (/trips/${id})`);
    expect(answer.response).toContain(
      `; ${day.totalMiles} mi · about ${day.walkingMinutes} min on foot at 3 mph (estimate, straight lines).`,
    );
  }, 120_000);

  test("a city we do not know: no trip is made, and the answer says why", async () => {
    const { cookie } = await continueAsGuest(request);
    const answer = await chat(cookie, "plan a day in Qwertyville Zz", "Savannah, GA");
    expect(answer.response).toStartWith("I don't know the city “Qwertyville Zz”, so no trip was made.");
    expect(await (await request("/api/trips", { headers: { cookie } })).json()).toEqual([]);
  });

  test("the chat's city name in a state where we know no city of that name: no trip, not the chat's own city", async () => {
    // The index knows Savannah in Georgia and not in Nevada (checked here, not assumed).
    expect(cityIndex.find("Savannah", "NV")).toBeFalsy();
    const { cookie } = await continueAsGuest(request);
    const answer = await chat(cookie, "plan a day in Savannah, NV", "Savannah, GA");
    expect(answer.response).toStartWith("I don't know the city “Savannah, NV”, so no trip was made.");
    expect(await (await request("/api/trips", { headers: { cookie } })).json()).toEqual([]);
  });
});

describe("chat: add a place to day 1", () => {
  test("without a trip in the city, with a day the trip lacks, and with an unknown place: nothing is added, and the answer says why", async () => {
    const { cookie } = await continueAsGuest(request);
    const place = await featured("Las Vegas", "NV", 0);
    const none = await chat(cookie, `add the ${place.title} to day 1`, "Las Vegas, NV");
    expect(none.response).toStartWith("You have no trip in Las Vegas, NV yet, so");
    expect(none.response).toContain("“Your trips” (/trips)");
    // A trip in another city does not count.
    await request("/api/trips", jsonPost({ title: "Savannah", city: "Savannah, GA" }, { cookie }));
    expect((await chat(cookie, `add the ${place.title} to day 1`, "Las Vegas, NV")).response).toStartWith(
      "You have no trip in Las Vegas, NV yet",
    );
    const created = await request("/api/trips", jsonPost({ title: "Vegas", city: "Las Vegas, NV" }, { cookie }));
    const trip = await created.json();
    const noDay = await chat(cookie, `add the ${place.title} to day 3`, "Las Vegas, NV");
    expect(noDay.response).toBe(
      `Your trip “Vegas” has 1 day, so there is no day 3: nothing was added. Add a day on its page: “Vegas” (/trips/${trip.id}).`,
    );
    const unknown = await chat(cookie, "add the Zzyzx Qwertyplex to day 1", "Las Vegas, NV");
    expect(unknown.response).toStartWith(
      "I couldn't find a place called “Zzyzx Qwertyplex” in Las Vegas, NV, so nothing was added to your trip.",
    );
    expect((await get(cookie, `/api/trips/${trip.id}`)).days[0]!.stops).toEqual([]);
  }, 120_000);

  test("a named place is added to day 1 of the latest trip in the city, with a link", async () => {
    const { cookie } = await continueAsGuest(request);
    const older = await (
      await request("/api/trips", jsonPost({ title: "Older", city: "Las Vegas, NV" }, { cookie }))
    ).json();
    const latest = await (
      await request("/api/trips", jsonPost({ title: "Latest", city: "Las Vegas, NV" }, { cookie }))
    ).json();
    const place = await featured("Las Vegas", "NV", 1);
    const answer = await chat(cookie, `add the ${place.title} to day 1`, "Las Vegas, NV");
    expect(answer.response).toBe(`Added ${place.title} to day 1 of “Latest” (/trips/${latest.id}).`);
    // The lookup every named place goes through: of records with the same name, the one that knows most.
    expect(answer.places.map((p) => p.title)).toEqual([place.title]);
    const day = (await get(cookie, `/api/trips/${latest.id}`)).days[0];
    expect(day!.stops.map((s) => [s.placeId, s.place?.title])).toEqual([[answer.places[0]!.id, place.title]]);
    expect((await get(cookie, `/api/trips/${older.id}`)).days[0]!.stops).toEqual([]);
  }, 120_000);
});
