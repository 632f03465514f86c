import { describe, expect, test } from "bun:test";
import { understand } from "./intent";
import type { ChatAnswer } from "./model";
import { guestAsker } from "./testing";
import { testApp } from "../../src/testing";

/**
 * The assistant answers what the question asks within a topic (a cuisine, live music, a beach, indoors on a rainy
 * day), not the topic's list; "the Alamo" is a place, not the town of Alamo; a superlative is no place's name.
 */

describe("what a question asks for", () => {
  test("a cuisine, an outing or the weather is read from the question, with its topic", () => {
    expect(understand("Where can I get good barbecue?")).toMatchObject({ topics: ["food"], want: { topic: "food" } });
    expect(understand("Where can I get Thai?").topics).toEqual(["food"]);
    expect(understand("What should I do on a rainy day?")).toMatchObject({ want: { label: "indoor things to do" } });
    expect(understand("Any hot dogs around here?").want?.label).toBe("hot dog places");
    expect(understand("Where can I take my dog?").want?.label).toBe("places for dogs");
    expect(understand("Show me restaurants").want).toBeNull();
    expect(understand("Where can kids play?").want).toBeNull();
    expect(understand("Where can I watch a Broadway show?").want?.label).toBe("theatres and shows");
    expect(understand("Show me restaurants").want).toBeNull();
    expect(understand("Where can I go hiking?").want?.label).toBe("places to hike");
    expect(understand("Where is the nearest pharmacy?")).toMatchObject({ named: null, want: { label: "pharmacies" } });
    expect(understand("Which is the closest grocery store?").want?.label).toBe("grocery and convenience stores");
    // A room or a pitch, within the places to stay; a weekday the question names.
    expect(understand("Is there a hotel near the plaza?")).toMatchObject({
      topics: ["lodging"],
      want: { label: "hotels, motels and inns" },
    });
    expect(understand("Any B&Bs in town?").want?.label).toBe("hotels, motels and inns");
    expect(understand("Where can I camp with my RV?").want?.label).toBe("campgrounds and RV parks");
    expect(understand("Where should I stay tonight?").want).toBeNull();
    expect(understand("What museums are open on Monday?").weekday).toBe(0);
    expect(understand("Any brunch on Sundays?").weekday).toBe(6);
    expect(understand("bars open now").weekday).toBeNull();
    // The place a question names is no subject: "… Museum of Art" near which coffee is asked is not "about art".
    expect(understand("Coffee near the Metropolitan Museum of Art?")).toMatchObject({
      near: "Metropolitan Museum of Art",
      about: null,
    });
  });

  test("“the X” is said of a place; a superlative is no place's name", () => {
    expect(understand("Is the Alamo free to visit?")).toMatchObject({ named: "Alamo", namedWithThe: true });
    expect(understand("Tell me about Chicago").namedWithThe).toBe(false);
    expect(understand("What is the oldest building in town?").named).toBeNull();
    expect(understand("Tell me about the history of Salt Lake City")).toMatchObject({
      named: null,
      topics: ["history"],
      city: "Salt Lake City",
    });
    expect(understand("What is Savannah famous for?")).toMatchObject({ named: null, overview: true, city: "Savannah" });
  });

  test("“where can I see X” names a place only when X is a name, not a kind of place", () => {
    expect(understand("Where can I see the Liberty Bell?")).toMatchObject({
      named: "Liberty Bell",
      namedWithThe: true,
    });
    expect(understand("Where can I see live music?").named).toBeNull();
    expect(understand("Where can I find Italian food?")).toMatchObject({ named: null, topics: ["food"] });
  });

  test("what the places should be about: “a museum about civil rights”, not a town's history", () => {
    expect(understand("Is there a museum about civil rights?")).toMatchObject({
      about: "civil rights",
      want: { label: "museums" },
    });
    expect(understand("Any museums about the Civil War?").about).toBe("the Civil War");
    expect(understand("Tell me about the history of it").about).toBeNull();
    expect(understand("What restaurants are popular here?").about).toBeNull();
  });
});

const app = await testApp({ CHAT_MESSAGES_PER_MINUTE: "100000" });
const ask = guestAsker(app);

const titles = (a: ChatAnswer) => a.places.map((p) => p.title.toLowerCase());

describe("answers within a topic, over real data", () => {
  test("barbecue in Austin: every place named is a barbecue place", async () => {
    const answer = await ask("Where can I get good barbecue?", "Austin, TX");
    expect(answer.places.length).toBeGreaterThanOrEqual(3);
    for (const p of answer.places) expect(`${p.title} ${p.kind}`).toMatch(/bbq|barbecue|smokehouse/i);
    expect(answer.response).toContain("barbecue places");
  }, 120_000);

  test("a rainy day in Chicago: indoor places (museums, theatres …), not the help text", async () => {
    const answer = await ask("What should I do on a rainy day?", "Chicago, IL");
    expect(answer.places.length).toBeGreaterThanOrEqual(3);
    for (const p of answer.places) expect(`${p.title} ${p.kind}`).toMatch(/museum|theat|gallery|aquarium|library/i);
  }, 120_000);

  test("a beach in Chicago: beaches, each once", async () => {
    const answer = await ask("Is there a beach nearby?", "Chicago, IL");
    expect(titles(answer).filter((t) => t.includes("beach")).length).toBeGreaterThanOrEqual(2);
    expect(new Set(titles(answer)).size).toBe(answer.places.length);
  }, 120_000);

  test("live jazz in New Orleans: music places, no music museum", async () => {
    const answer = await ask("Where can I hear live jazz tonight?", "New Orleans, LA");
    expect(answer.places.length).toBeGreaterThanOrEqual(3);
    for (const p of answer.places) {
      expect(`${p.title} ${p.kind}`).toMatch(/music|jazz|blues|hall|theat|auditorium|venue/i);
      expect(p.kind).not.toMatch(/museum/i);
    }
  }, 120_000);

  test("a cuisine the data lists nowhere near is said plainly, then the topic's places (Thai in Boston)", async () => {
    const thai = await ask("Where can I get Thai?", "Boston, MA");
    expect(thai.response).toStartWith(
      "I couldn't find any Thai places in LocalScope's data for Boston, so here are other places to eat.",
    );
    expect(thai.places.length).toBeGreaterThan(0);
  }, 120_000);

  test("“the Alamo” asked in San Antonio stays in San Antonio (Alamo, TX is another town)", async () => {
    const answer = await ask("Is the Alamo free to visit?", "San Antonio, TX");
    expect(answer.location).toBe("San Antonio, TX");
    expect(answer.response).not.toContain("Alamo, TX");
  }, 120_000);

  test("what a town is known for: its featured sights, for the town asked about", async () => {
    const answer = await ask("What is Chicago known for?", "Savannah, GA");
    expect(answer.location).toBe("Chicago, IL");
    expect(answer.response).toContain("best-known sights");
    const featured = (await (
      await app.request("/api/places/featured?city=Chicago&state=IL&count=12")
    ).json()) as Array<{ id: number }>;
    const ids = new Set(featured.map((p) => p.id));
    expect(answer.places.length).toBeGreaterThanOrEqual(3);
    for (const p of answer.places) expect(ids.has(p.id)).toBe(true);
  }, 120_000);

  test("cheap hotels: places to stay, with a plain word that the data has no prices (not “no free places to stay”)", async () => {
    const answer = await ask("Cheap hotels near downtown?", "Atlanta, GA");
    expect(answer.places.length).toBeGreaterThan(0);
    for (const p of answer.places) expect(p.category).toBe("Lodging");
    expect(answer.response).toContain("LocalScope has no prices");
    expect(answer.response).not.toContain("free places to stay");
  }, 120_000);

  test("souvenirs: no everyday chain store", async () => {
    const answer = await ask("Where can I buy souvenirs?", "Savannah, GA");
    expect(answer.places.length).toBeGreaterThan(0);
    for (const p of answer.places) expect(p.title).not.toMatch(/dollar|lululemon|citi trends|black market/i);
  }, 120_000);

  test("a sight with no record of its own: said plainly, with the place whose description names it", async () => {
    const answer = await ask("Where can I see the Liberty Bell?", "Philadelphia, PA");
    expect(answer.location).toBe("Philadelphia, PA");
    // Not the "Liberty Bell Shrine" of Allentown, 48 mi away: a title that only begins with the name, far off.
    expect(answer.response).not.toMatch(/shrine|allent/i);
    expect(answer.response).toStartWith("LocalScope has no record of its own for “Liberty Bell” in Philadelphia");
    // The place whose description names it comes first, and the sentence that names it is quoted.
    expect(answer.response).toMatch(new RegExp(`Of ${answer.places[0]?.title}: “[^”]*Liberty Bell[^”]*”`));
  }, 120_000);

  test("museums about art in Boston: museums whose names or descriptions say art, said so", async () => {
    const answer = await ask("Museums about art?", "Boston, MA");
    expect(answer.response).toContain("museums about art");
    expect(answer.places.length).toBeGreaterThanOrEqual(3);
    for (const p of answer.places) expect(`${p.title} ${p.kind}`).toMatch(/museum|galler/i);
  }, 120_000);

  test("a name the sources give as a place's other name is that place (“the Met” in New York)", async () => {
    const answer = await ask("What time does the Met close?", "New York, NY");
    expect(answer.places[0]?.title).toMatch(/metropolitan museum of art|the met/i);
    expect(answer.response).not.toContain("no record of its own");
  }, 120_000);

  test("a park of the chat's city is not a small town of that name in another state (Central Park in New York)", async () => {
    const answer = await ask("Is Central Park free?", "New York, NY");
    expect(answer.location).toBe("New York, NY");
    expect(answer.response).not.toContain("Central Park, WA");
    // What was asked, the price, answered as the data allows: no prices (the data files it as a historic site, which
    // may charge: nothing is said of what it costs).
    expect(answer.response).toStartWith("LocalScope has no prices or admission fees for Central Park.");
    expect(answer.response).not.toContain("usually costs nothing");
  }, 120_000);

  test("is a park free: no prices in the data, and what a city park usually costs (Millennium Park in Chicago)", async () => {
    const answer = await ask("Is Millennium Park free?", "Chicago, IL");
    expect(answer.places[0]?.title).toBe("Millennium Park");
    expect(answer.response).toStartWith("LocalScope has no prices or admission fees for Millennium Park.");
    expect(answer.response).toContain("A park usually costs nothing to visit, but check before you go.");
    const fair = await ask("Is Six Flags Great America free?", "Chicago, IL");
    expect(fair.response).not.toContain("usually costs nothing");
  }, 120_000);

  test("the nearest pharmacy in Boston: pharmacies, nearest first (not “no record of nearest pharmacy”)", async () => {
    const answer = await ask("Where is the nearest pharmacy?", "Boston, MA");
    expect(answer.response).not.toContain("no record of");
    expect(answer.places.length).toBeGreaterThanOrEqual(2);
    for (const p of answer.places) expect(`${p.title} ${p.kind}`).toMatch(/pharmac|drug|walgreens|cvs|rite aid/i);
    const miles = answer.places.map((p) => p.distance ?? 0);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  }, 120_000);

  test("a hotel named after a sight is not the sight (Faneuil Hall in Boston)", async () => {
    const answer = await ask("Tell me about Faneuil Hall", "Boston, MA");
    expect(answer.places.length).toBeGreaterThan(0);
    for (const p of answer.places) expect(p.category).not.toBe("Lodging");
    expect(answer.response).not.toMatch(/hyatt/i);
  }, 120_000);

  test("the oldest building in Savannah: historic places, not “no record of”", async () => {
    const answer = await ask("What is the oldest building in town?", "Savannah, GA");
    expect(answer.response).not.toContain("has no record of");
    expect(answer.places.length).toBeGreaterThan(0);
  }, 120_000);
});
