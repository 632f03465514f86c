/**
 * What a traveller sees in the showcase lists (featured, nearby, local gems, lodging) over the real bundled data:
 * the famous sights, no campground featured, no junk, one place once, distances and towns on the cards.
 * Sight names below are test expectations (what a guidebook names), never data.
 */
import { describe, expect, test } from "bun:test";
import type { Row } from "@libsql/client";
import { TEMPLATE_STATES } from "../../scripts/test-template";
import { testApp } from "../../src/testing";
import { nearBeforeFar } from "./ranking";
import { SCHOOL_NAME, SIGHT_WORDS } from "../../db/import/places/filters";
import { isOrganisation, junkInList, lodgingClass, sameSight, sightName } from "./showcase";

const { request } = await testApp();
// biome-ignore lint/suspicious/noExplicitAny: API answers read as JSON
const get = async (path: string): Promise<any[]> => (await (await request(path)).json()) as any[];
const qs = (city: string, state: string) => `city=${encodeURIComponent(city)}&state=${state}`;
const row = (over: Record<string, unknown>) =>
  ({ title: "x", kind: "museum", category_id: 8, latitude: 40, longitude: -75, tags: null, ...over }) as unknown as Row;

/**
 * Big and small cities of the states the test template holds (a state imported on demand takes minutes): a city
 * of another state belongs in a test of its own.
 */
const CITIES = [
  ["New York", "NY"],
  ["Chicago", "IL"],
  ["Philadelphia", "PA"],
  ["Pittsburgh", "PA"],
  ["Boston", "MA"],
  ["Washington", "DC"],
  ["St. Louis", "MO"],
  ["San Antonio", "TX"],
  ["Houston", "TX"],
  ["Dallas", "TX"],
  ["New Orleans", "LA"],
  ["Atlanta", "GA"],
  ["Savannah", "GA"],
  ["Las Vegas", "NV"],
  ["Salt Lake City", "UT"],
  ["Springfield", "IL"],
  ["Abbeville", "AL"],
  ["West Yellowstone", "MT"],
] as const;

describe("one place once", () => {
  test("a typo, a legal suffix, 'X' and 'X Museum', 'Home' for 'House', or 'The' within 0.3 mi is one place; numbered piers are two", () => {
    const at = (title: string, latitude = 32.787) => row({ title, latitude, longitude: -96.806 });
    expect(sameSight(at("Perot Museum of Nature and Science"), at("Pertot Museum of Nature and Science"))).toBe(true);
    expect(sameSight(at("Art Institute of Chicago"), at("The Art Institute of Chicago"))).toBe(true);
    expect(sameSight(at("Dallas Heritage Village"), at("Dallas Heritage Village Inc"))).toBe(true);
    expect(sameSight(at("Old Red"), at("Old Red Museum"))).toBe(true);
    expect(sameSight(at("Kate Chopin House"), at("Kate Chopin Home"))).toBe(true);
    expect(sameSight(at("Kate Chopin House"), at("Kate Chopin Park"))).toBe(false);
    // The part of a life a house museum's name says, and "… and Museum", leave one house; a birthplace is another.
    expect(sameSight(at("Mark Twain Boyhood Home"), at("Mark Twain Home"))).toBe(true);
    expect(sameSight(at("Mark Twain Home and Museum"), at("Mark Twain Boyhood Home"))).toBe(true);
    expect(sameSight(at("Ernest Hemingway Birthplace"), at("Ernest Hemingway Boyhood Home"))).toBe(false);
    expect(sameSight(at("Pier 39"), at("Pier 35"))).toBe(false);
    // A name the census cut short is the place; a shorter name inside a longer one is another place.
    expect(sameSight(at("Dallas Arboretum & Botanical"), at("Dallas Arboretum and Botanical Garden"))).toBe(true);
    expect(sameSight(at("Central Park"), at("Central Park Zoo"))).toBe(false);
    expect(sameSight(at("Perot Museum"), at("Perot Museum", 32.8))).toBe(false); // 0.9 mi apart
  });
});

describe("names and kinds", () => {
  test("a sight under its legal name shows as the sight and is no organisation; an organisation is one", () => {
    const penitentiary = row({ title: "Eastern State Penitentiary Historic Site Inc", kind: "historic site" });
    expect(sightName(penitentiary)).toBe("Eastern State Penitentiary Historic Site");
    expect(sightName(row({ title: "Menil Foundation Inc", kind: "art museum" }))).toBe("Menil Foundation");
    expect(sightName(row({ title: "Hammond Harwood House Assoc", kind: "historic site" }))).toBe(
      "Hammond Harwood House",
    );
    expect(isOrganisation(penitentiary)).toBe(false);
    expect(isOrganisation(row({ title: "Menil Foundation Inc", kind: "art museum", address: "1511 Branard St" }))).toBe(
      false,
    );
    // An operator's name and the museum's, a comma apart: the museum's.
    expect(sightName(row({ title: "Smithsonian Institution, National Air and Space Museum" }))).toBe(
      "National Air and Space Museum",
    );
    expect(sightName(row({ title: "Lowe Art Museum, University of Miami" }))).toBe("Lowe Art Museum");
    expect(sightName(row({ title: "Martin Luther King, Jr. Memorial" }))).toBe("Martin Luther King, Jr. Memorial");
    for (const title of ["After School Matters", "Fellows of Contemporary Art", "Craft Emergency Relief Fund"])
      expect(isOrganisation(row({ title, kind: "art museum" })), title).toBe(true);
  });

  test("lodging: hotels are hotels, campgrounds camps; scout, Bible and YMCA camps, day-use areas are not lodging", () => {
    const lodging = (title: string, kind: string) => lodgingClass(row({ title, kind, category_id: 11 }));
    expect(lodging("Ramada Inn", "hotel")).toBe("hotel");
    expect(lodging("Kalaloch Campground", "campground")).toBe("camp");
    for (const title of [
      "William H. Pouch Scout Camp",
      "Milford Park Bible Camp",
      "YMCA Camp Orkila",
      "Westlake Day Use",
    ])
      expect(lodging(title, "campground"), title).toBe("not");
    expect(junkInList(row({ title: "Kalaloch Campground", kind: "campground", category_id: 11 }), "featured")).toBe(
      "campground in featured",
    );
  });

  test("an office block filed as a hotel, a foundation with no street address and a school's listed building are junk in showcase lists", () => {
    expect(lodgingClass(row({ title: "The Fisher Building", kind: "hotel", category_id: 11 }))).toBe("not");
    expect(junkInList(row({ title: "The Fisher Building", kind: "hotel", category_id: 11 }), "featured")).toBe(
      "not lodging",
    );
    expect(lodgingClass(row({ title: "Georgetown Suites Harbor Building", kind: "hotel", category_id: 11 }))).toBe(
      "hotel",
    );
    expect(isOrganisation(row({ title: "Uwm Foundation", kind: "art museum", category_id: 9, address: null }))).toBe(
      true,
    );
    expect(
      isOrganisation(
        row({ title: "Barnes Foundation", kind: "art museum", category_id: 9, address: "2025 Benjamin Franklin Pkwy" }),
      ),
    ).toBe(false);
    const listed = (title: string, tags: Record<string, string> = {}) =>
      row({
        title,
        kind: "historic site",
        source: "historic-wikipedia",
        sources: JSON.stringify([{ source: "historic-wikipedia" }]),
        tags: JSON.stringify(tags),
      });
    expect(junkInList(listed("Simmons Colored School"), "featured")).toBe("a school's listed building");
    expect(junkInList(listed("College of Charleston"), "list")).toBe("a school's listed building");
    expect(junkInList(listed("Little Rock Central High School", { nationalLandmark: "yes" }), "featured")).toBeNull();
    expect(junkInList(listed("Old Schoolhouse Museum"), "featured")).toBeNull();
    expect(junkInList(listed("1914 Plant City High School Community Center"), "featured")).toBe(
      "a school's listed building",
    );
    expect(junkInList(row({ title: "1914 Plant City High School Community Center", category_id: 9 }), "featured")).toBe(
      "not listed: a school or university, not a museum",
    );
    const centre = row({ title: "Arizona State University Center for Meteorite Studies", category_id: 9 });
    expect(junkInList(centre, "featured")).toBe("organisation");
    for (const title of ["Altamont School", "Archaeological Conservancy", "Colonial Williamsburg Job Line"])
      expect(junkInList(row({ title, kind: "art museum", category_id: 9 }), "featured"), title).not.toBeNull();
  });

  test("a town's featured list shows what is within 5 mi first, then farther sights nearest band first", () => {
    const order = nearBeforeFar(
      [
        { d: 22, n: 9 },
        { d: 2, n: 4 },
        { d: 8, n: 3 },
        { d: 4, n: 2 },
      ],
      3_000,
    );
    expect(order.map((s) => s.d)).toEqual([2, 4, 8, 22]);
  });
});

describe("showcase lists over real data", () => {
  test("18 cities: no campground featured, no junk and no place twice in the first 12 rows; featured cards carry a distance", async () => {
    // Every city's state is in the template: none is skipped.
    expect(CITIES.filter(([, s]) => !(TEMPLATE_STATES as readonly string[]).includes(s))).toEqual([]);
    expect(CITIES.length).toBe(18);
    for (const [city, state] of CITIES) {
      const lists = {
        featured: await get(`/api/places/featured?${qs(city, state)}&count=12`),
        nearby: await get(`/api/places/nearby?${qs(city, state)}&count=12`),
        gems: await get(`/api/places/local-gems?${qs(city, state)}&count=12`),
        lodging: await get(`/api/places/category/11?${qs(city, state)}&count=12`),
      };
      expect(lists.featured.length, `${city} featured`).toBeGreaterThan(0);
      for (const p of lists.featured) {
        expect(p.distance, `${city}: ${p.title}`).toEqual(expect.any(Number));
        expect(p.kind, `${city}: ${p.title}`).not.toMatch(/\b(campground|camp site|rv park)\b/i);
        // A landmark hotel or casino resort may feature; lodging of any other class (a camp, a cabin, a scout camp,
        // an office block filed as a hotel: Chicago's Fisher Building) never does.
        if (p.category === "Lodging")
          expect(lodgingClass(row({ title: p.title, kind: p.kind, category_id: 11 })), `${city}: ${p.title}`).toBe(
            "hotel",
          );
      }
      for (const [name, places] of Object.entries(lists)) {
        for (const p of places) {
          expect(p.title, `${city} ${name}`).not.toMatch(
            /\b(inc|llc|endowment|fellows|council|conservancy|federation|consortium|job ?line)\b/i,
          );
          // A school's name with nothing a visitor finds there is a school, not a sight or a museum.
          if (name !== "lodging")
            expect(SCHOOL_NAME.test(p.title) && !SIGHT_WORDS.test(p.title), `${city} ${name}: ${p.title}`).toBe(false);
          // Camps are never lodging; a sight may carry the word ("Girl Scout First Headquarters Building").
          if (name === "lodging")
            expect(p.title, `${city} ${name}`).not.toMatch(/\b(scout|bible|ymca|day use|trailhead)\b/i);
          // A gem is somewhere to eat, drink or browse: never an errand.
          if (name === "gems")
            expect(p.kind, `${city} ${name}: ${p.title}`).not.toMatch(
              /\b(grocery|supermarket|convenience|pharmacy|tobacco|liquor|pawn|department store)\b/i,
            );
        }
        for (let i = 0; i < places.length; i++)
          for (let j = 0; j < i; j++)
            expect(
              sameSight(row(places[i]), row(places[j])),
              `${city} ${name}: ${places[j].title} / ${places[i].title}`,
            ).toBe(false);
      }
    }
  }, 300_000);

  test("the famous sight the data holds reaches the first 12 featured rows", async () => {
    const expectations = [
      ["Chicago", "IL", /millennium park/i],
      ["Philadelphia", "PA", /independence national historical park/i],
      ["San Antonio", "TX", /san antonio missions/i],
      ["St. Louis", "MO", /gateway arch/i],
      // The Park Service's "The White House and President's Park" and "Thomas Jefferson Memorial" are the White House
      // and the Jefferson Memorial of the city's data: one sight each, with the unit's visits.
      ["Washington", "DC", /white house/i],
      ["Washington", "DC", /jefferson memorial/i],
      // Central Park lends its name to more places around it than the houses and memorials that led it.
      ["New York", "NY", /^central park$/i],
    ] as const;
    for (const [city, state, sight] of expectations) {
      const titles = (await get(`/api/places/featured?${qs(city, state)}&count=12`)).map((p) => p.title);
      expect(
        titles.some((t) => sight.test(t)),
        `${city}: ${titles.join("; ")}`,
      ).toBe(true);
    }
  }, 120_000);

  test("Cooperstown's featured list leads with its sights, not its listed post office", async () => {
    const featured = await get(`/api/places/featured?${qs("Cooperstown", "NY")}&count=12`);
    const titles = featured.map((p) => p.title);
    expect(featured.length, titles.join("; ")).toBeGreaterThan(4);
    for (const p of featured.slice(0, 4)) expect(`${p.title} (${p.kind})`).not.toMatch(/post office/i);
    // The museums come before the post office, wherever it is.
    const museum = titles.findIndex((t) => /museum/i.test(t));
    const postOffice = titles.findIndex((t) => /post office/i.test(t));
    expect(museum, titles.join("; ")).toBeGreaterThanOrEqual(0);
    if (postOffice >= 0) expect(museum, titles.join("; ")).toBeLessThan(postOffice);
  });

  test("Hannibal shows Mark Twain's home once, whichever datasets name it", async () => {
    for (const list of ["featured", "nearby"]) {
      const places = await get(`/api/places/${list}?${qs("Hannibal", "MO")}&count=24`);
      const homes = places.filter((p) => /^mark twain.*\b(home|house)\b/i.test(p.title)).map((p) => p.title);
      expect(homes, `${list}: ${places.map((p) => p.title).join("; ")}`).toHaveLength(1);
    }
  });

  test("Abbeville, AL: its far sights follow the near ones and name their own town", async () => {
    const featured = await get(`/api/places/featured?${qs("Abbeville", "AL")}&count=24`);
    expect(featured.length).toBeGreaterThan(0);
    const firstFar = featured.findIndex((p) => p.distance > 5);
    if (firstFar > 0) expect(featured.slice(0, firstFar).every((p) => p.distance <= 5)).toBe(true);
    const far = featured.filter((p) => p.distance > 5 && p.city);
    expect(far.length).toBeGreaterThan(0);
    for (const p of far) if (!/abbeville/i.test(p.city)) expect(p.town, p.title).toBe(p.city);
  });

  test("a big city's lodging page leads with hotels, motels and inns before campgrounds", async () => {
    for (const [city, state] of [
      ["Philadelphia", "PA"],
      ["Chicago", "IL"],
      ["Houston", "TX"],
    ] as const) {
      const lodging = await get(`/api/places/category/11?${qs(city, state)}&count=24`);
      expect(lodging.length, city).toBeGreaterThan(0);
      expect(lodging[0].kind, `${city}: ${lodging[0].title}`).not.toMatch(/\b(campground|camp site|rv park|cabin)\b/i);
    }
  }, 120_000);
});
