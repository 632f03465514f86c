/**
 * The truth suite: every false line a review found in city stories, as a regression test, and properties that
 * hold over every city of the cities data (db/data/uscities.csv.gz) and every site of the Wikipedia dataset.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { distanceMiles } from "../../src/geo";
import { storyFacts, storyHistory, type StoryContext, type StoryPlace } from "./stories";
import { divisionOf } from "./story/division";
import { nearestBox, nearestOfAtLeast } from "./story/nearest";
import { areaRadiusMiles, coreMiles, partOfCity, townOf, type TownPoint } from "./story/towns";
import { builtYearOf, namesTitle, tellsSomething } from "./story/truth";

type Row = Record<string, string>;
const csv = (path: string): Row[] =>
  parse(gunzipSync(readFileSync(new URL(path, import.meta.url))).toString("utf8"), { columns: true, bom: true });

const rows = csv("../../db/data/uscities.csv.gz");
const cities = rows.map((r) => ({
  name: r.city!,
  stateCode: r.state_id!,
  stateName: r.state_name!,
  countyName: r.county_name!,
  countyFips: r.county_fips!,
  latitude: Number(r.lat),
  longitude: Number(r.lng),
  population: Number(r.population),
  ranking: Number(r.ranking),
  timezone: r.timezone!,
}));
type City = (typeof cities)[number];
const byName = new Map(cities.map((c) => [`${c.name}|${c.stateCode}`, c]));
const find = (name: string, stateCode: string) => byName.get(`${name}|${stateCode}`)!;
const byCounty = Map.groupBy(cities, (c) => `${c.stateCode}|${c.countyName}`);
/** The rule never names a town under 10,000 people: the store is asked only for those. */
const big = cities.filter((c) => c.population >= 10_000).sort((a, b) => a.latitude - b.latitude);
/** The towns of 10,000+ between two latitudes (big is sorted by latitude). */
function between(south: number, north: number): City[] {
  const first = (lat: number) => {
    let lo = 0;
    let hi = big.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (big[mid]!.latitude < lat) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return big.slice(first(south), first(north + 1e-9));
}

const COMPASS = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"];
const inBox = (city: City) => {
  const b = nearestBox(city);
  return between(b.south, b.north).filter(
    (c) => c.latitude >= b.south && c.latitude <= b.north && c.longitude >= b.west && c.longitude <= b.east,
  );
};
/** What the content service computes for a city: the box the store is asked for, then the rule. */
const nearestOf = (city: City) => nearestOfAtLeast(city, inBox(city));

const place = (over: Partial<StoryPlace>): StoryPlace => ({
  id: 1,
  title: "A place",
  kind: "historic site",
  categoryId: 8,
  description: "",
  address: null,
  url: null,
  source: "osm-monuments",
  sourceName: "OpenStreetMap",
  licence: "ODbL",
  quality: 1,
  distance: 1,
  ...over,
});

function contextOf(city: City, over: Partial<StoryContext> = {}): StoryContext {
  const county = byCounty.get(`${city.stateCode}|${city.countyName}`)!;
  const largest = county.reduce((a, b) => (b.population > a.population ? b : a));
  const near = nearestOf(city);
  return {
    city: {
      name: city.name,
      stateName: city.stateName,
      stateCode: city.stateCode,
      countyName: city.countyName,
      population: city.population,
      urbanArea: city.ranking <= 2,
      ranking: Math.max(3, city.ranking),
      timezone: city.timezone,
      division: divisionOf(city),
    },
    texts: {
      wikipediaTitle: null,
      wikipediaUrl: null,
      wikivoyageUrl: null,
      wikivoyageByline: null,
      wikivoyageNearby: null,
      wordnetLemmas: null,
      wordnetGloss: null,
      people: [],
      seat: "PPLA2",
    },
    radius: 10,
    places: [],
    towns: new Map(),
    nearestLarger: near && { ...near, direction: COMPASS[Math.round(near.bearing / 45) % 8]! },
    county: { places: county.length, largest: { name: largest.name, population: largest.population } },
    zips: ["00000"],
    ...over,
  };
}
/** Every word a city's facts can show, deeper levels included. */
const allText = (c: StoryContext) =>
  storyFacts(c)
    .flatMap((f) => [f.title, f.summary, ...f.details])
    .join("\n");

describe("the false lines of the review", () => {
  test("New Orleans is in Orleans Parish, not 'Orleans County'", () => {
    const text = allText(contextOf(find("New Orleans", "LA")));
    expect(text).not.toContain("Orleans County");
    expect(text).toContain("seat of Orleans Parish");
  });

  test("Charlottesville is an independent city, not 'Charlottesville County'", () => {
    const text = allText(contextOf(find("Charlottesville", "VA")));
    expect(text).not.toContain("Charlottesville County");
    expect(text).toContain("Charlottesville is an independent city of Virginia: it belongs to no county");
  });

  test("Fairbanks is not in 'Fairbanks North Star County'", () => {
    const text = allText(contextOf(find("Fairbanks", "AK")));
    expect(text).not.toContain("Fairbanks North Star County");
    expect(text).toContain("Fairbanks North Star borough or census area");
  });

  test("Baltimore, St. Louis and Carson City are independent cities, from their county codes", () => {
    for (const [name, state] of [
      ["Baltimore", "MD"],
      ["St. Louis", "MO"],
      ["Carson City", "NV"],
    ] as const)
      expect(divisionOf(find(name, state))).toEqual({
        kind: "independent city",
        label: `the independent city of ${name}`,
        isCity: true,
      });
  });

  test("the nearest city claims name their rule: Tombstone → Sierra Vista, Helena → not Missoula, Washington → Philadelphia", () => {
    expect(nearestOf(find("Tombstone", "AZ"))?.name).toBe("Sierra Vista");
    const helena = nearestOf(find("Helena", "MT"))!;
    expect(["Butte", "Great Falls", "Bozeman"]).toContain(helena.name);
    expect(nearestOf(find("Washington", "DC"))?.name).toBe("Philadelphia");
    expect(allText(contextOf(find("Tombstone", "AZ")))).toContain(
      "The nearest city of at least 10,000 people to Tombstone is Sierra Vista, AZ",
    );
    expect(allText(contextOf(find("Washington", "DC")))).not.toContain("nearest larger city");
  });

  test("a bridge's year is the year it opened, not the year of the bridge it replaced", () => {
    const text =
      "The Richard V. Woods Memorial Bridge, is a swing bridge that connects downtown Beaufort with Lady's Island and the outer Sea Islands in Beaufort County, South Carolina. Originally named Lady's Island Bridge, it was renamed in 1971 in memory of Richard V. Woods (1935–1969), who was a South Carolina Highway Patrol officer killed in the line of duty. It was opened on December 17, 1959, replacing an earlier swing-bridge that was built 1927.";
    expect(builtYearOf("Richard V. Woods Memorial Bridge", text)).toEqual({ year: 1959, verb: "opened" });
    const [entry] = storyHistory(
      contextOf(find("Beaufort", "SC"), {
        places: [
          place({
            title: "Richard V. Woods Memorial Bridge",
            url: "https://en.wikipedia.org/wiki/Richard_V._Woods_Memorial_Bridge",
            description: text,
          }),
        ],
      }),
    );
    expect(entry!.period).toBe("Opened 1959");
  });

  test("another district's paragraph is not shown under Nashville's Germantown Historic District", () => {
    const paragraph =
      "Buena Vista Historic District is a historic neighborhood in East Nashville, Tennessee. It was listed on the National Register of Historic Places listings in Davidson County, Tennessee (NRHP) in 1979.";
    expect(namesTitle("Germantown Historic District", paragraph)).toBe(false);
    const c = contextOf(find("Nashville", "TN"), {
      places: [
        place({
          title: "Germantown Historic District",
          url: "https://en.wikipedia.org/wiki/Germantown_Historic_District",
          description: paragraph,
        }),
      ],
    });
    expect(storyHistory(c)).toEqual([]);
    expect(allText(c)).not.toContain("Buena Vista");
  });

  test("OSM's inscription=yes is not shown as the inscription 'yes'", () => {
    const c = contextOf(find("Las Vegas", "NV"), {
      places: [place({ title: "Veterans Memorial", kind: "memorial", description: "Inscription: “yes”" })],
    });
    expect(JSON.stringify(storyHistory(c))).not.toContain("yes");
    expect(allText(c)).not.toContain("“yes”");
  });

  test("a fund's address is not a historic site; an association is not a park", () => {
    const c = contextOf(find("Las Vegas", "NV"), {
      places: [
        place({
          id: 1,
          title: "Nevada Preservation Fund",
          description: "The Nevada Preservation Fund keeps its office at this address in downtown Las Vegas.",
        }),
        place({ id: 2, title: "Santa Fe Botanical Garden Association", kind: "garden", categoryId: 9 }),
        place({
          id: 3,
          title: "Commonwealth Zoological Corporation",
          kind: "zoo",
          categoryId: 9,
          source: "imls-museums",
        }),
      ],
    });
    expect(storyHistory(c)).toEqual([]);
    const text = allText(c);
    expect(text).not.toContain("Nevada Preservation Fund");
    expect(text).not.toContain("Botanical Garden Association");
    expect(text).not.toContain("Commonwealth Zoological");
  });

  test("no empty shells: 'Monument.', 'Plaque.' and a bare listing line are not history", () => {
    const c = contextOf(find("Tombstone", "AZ"), {
      places: [
        place({ id: 1, title: "Monument", description: "Monument." }),
        place({ id: 2, title: "Plaque", description: "Plaque." }),
        place({
          id: 3,
          title: "Old House",
          description: "Listed on the National Register of Historic Places in 1988.",
        }),
        place({ id: 4, title: "Memorial", description: "Memorial in Tombstone, AZ." }),
      ],
    });
    expect(storyHistory(c)).toEqual([]);
  });

  test("no name-only shells: an alias, what a building is now, or the data's 'Kind in City, ST' line is not history", () => {
    const c = contextOf(find("New York", "NY"), {
      places: [
        place({
          id: 1,
          title: "361 Broadway Building",
          description: "Also known as the James S. White Building. Designated a New York City landmark in 1982.",
        }),
        place({
          id: 2,
          title: "Alvin Theater",
          description: "Now the Neil Simon Theater. Designated a New York City landmark in 1985.",
        }),
        place({
          id: 3,
          title: "J. William and Margaretta C. Clark House",
          description:
            "Later Automation House, now Richard L. Feigen & Co. Designated a New York City landmark in 1974.",
        }),
        place({
          id: 4,
          title: "Benjamin P. Allen House",
          description: "Designated as the Allen-Beville House. Designated a New York City landmark in 1977.",
        }),
        place({ id: 5, title: "Gold Star Table", description: "War memorial in St. Paul, MN (since 2015)." }),
        place({
          id: 6,
          title: "Old Stone Church",
          description:
            "Also called the Stone Chapel, it was the first church in the county to hold services in English.",
        }),
      ],
    });
    expect(storyHistory(c).map((h) => h.title)).toEqual(["Old Stone Church"]);
    // The bench counts shells with the same rule.
    expect(
      tellsSomething("Also known as the James S. White Building. Designated a New York City landmark in 1982."),
    ).toBe(false);
  });

  test("a neighbourhood or borough of New York is New York; a town of its own, or across a state line, is not", () => {
    const geonames = csv("../../db/data/geonames_us_cities1000.csv.gz");
    /** A town of the cities list (with its ZIP codes), or a GeoNames point (none). */
    const town = (name: string, stateCode: string, fromGeoNames = false) => {
      const r = fromGeoNames
        ? geonames.find((x) => x.name === name && x.state_code === stateCode)!
        : rows.find((x) => x.city === name && x.state_id === stateCode)!;
      const [lat, lng] = fromGeoNames ? [r.lat, r.lon] : [r.lat, r.lng];
      return {
        name,
        stateCode,
        latitude: Number(lat),
        longitude: Number(lng),
        population: Number(r.population),
        zips: r.zips ?? "",
      };
    };
    const nycRow = rows.find((r) => r.city === "New York" && r.state_id === "NY")!;
    const nyc = { ...town("New York", "NY"), density: Number(nycRow.density) };
    const elmhurst = town("Elmhurst", "NY", true);
    const brooklyn = town("Brooklyn", "NY");
    const yonkers = town("Yonkers", "NY");
    const hoboken = town("Hoboken", "NJ");
    // A place in Elmhurst, Queens, is told as New York's own (the old rule labelled it "In Elmhurst").
    expect(townOf(nyc, elmhurst, [elmhurst, yonkers, hoboken])).toBeNull();
    expect(partOfCity(nyc, brooklyn)).toBe(true);
    expect(partOfCity(nyc, yonkers)).toBe(false);
    expect(townOf(nyc, hoboken, [elmhurst, yonkers, hoboken])).toEqual({ name: "Hoboken", stateCode: "NJ" });
    // Without a density there is no circle of the city's area: a point without ZIP codes is a town of its own.
    expect(partOfCity({ ...nyc, density: 0 }, elmhurst)).toBe(false);
  });

  test("history from other towns follows the city's own and says where it is (New York's Bergen County houses)", () => {
    const nyc = find("New York", "NY");
    const c = contextOf(nyc, {
      places: [
        place({
          id: 1,
          title: "Demarest House",
          description: "The Demarest House is a Dutch colonial stone house built in 1794 by the Demarest family.",
          distance: 6,
        }),
        place({
          id: 2,
          title: "Fraunces Tavern",
          description: "Fraunces Tavern is where George Washington bade farewell to his officers in December 1783.",
          distance: 9,
        }),
      ],
      towns: new Map([[1, { name: "Hackensack", stateCode: "NJ", miles: 6 }]]),
    });
    const entries = storyHistory(c);
    expect(entries.map((e) => [e.title, e.nearby])).toEqual([
      ["Fraunces Tavern", undefined],
      ["Demarest House", "In Hackensack, NJ (6.0 mi away)"],
    ]);
  });

  test("a small town with historic places nearby gets them, labelled (Abbeville, AL)", () => {
    const c = contextOf(find("Abbeville", "AL"), {
      places: [
        place({
          id: 9,
          title: "Old Henry County Courthouse",
          description: "The courthouse was built in 1889 and served the county until the new building opened.",
          distance: 8.2,
        }),
      ],
      towns: new Map([[9, { name: "Headland", stateCode: "AL", miles: 8.2 }]]),
    });
    const [entry] = storyHistory(c);
    expect(entry?.nearby).toBe("In Headland (8.2 mi away)");
  });

  test("fun facts: a hook sentence from a place's Wikipedia text leads; statistics never twice in the first five", () => {
    const c = contextOf(find("Tombstone", "AZ"), {
      places: [
        place({
          title: "Bird Cage Theatre",
          url: "https://en.wikipedia.org/wiki/Bird_Cage_Theatre",
          description:
            "The Bird Cage Theatre is a historic theatre in Tombstone, Arizona. It operated from 1881 to 1889. The theater was the site of 16 gunfights, and 140 bullet holes remain in its walls and ceiling.",
        }),
      ],
    });
    const facts = storyFacts(c);
    expect(facts[0]!.summary).toContain("16 gunfights");
    expect(facts[0]!.details[0]).not.toContain("16 gunfights");
    expect(facts.slice(0, 5).filter((f) => f.statistic).length).toBeLessThanOrEqual(1);
  });
});

/** A city of the data as the town rule reads it (its ZIP codes, its density). */
const homeOf = (name: string, stateCode: string) => {
  const r = rows.find((x) => x.city === name && x.state_id === stateCode)!;
  return townPoint(r);
};
const townPoint = (r: Row) => ({
  name: r.city!,
  stateCode: r.state_id!,
  latitude: Number(r.lat),
  longitude: Number(r.lng),
  population: Number(r.population),
  density: Number(r.density),
  zips: r.zips ?? "",
});

describe("history from the city itself", () => {
  test("a site in Beverly Hills is Beverly Hills', not told as Los Angeles's own (inside the circle of LA's urban area)", () => {
    const la = homeOf("Los Angeles", "CA");
    const beverlyHills = homeOf("Beverly Hills", "CA");
    const towns = [la, beverlyHills, homeOf("West Hollywood", "CA"), homeOf("Culver City", "CA")];
    const miles = distanceMiles(la.latitude, la.longitude, beverlyHills.latitude, beverlyHills.longitude);
    // The old shortcut took every place within half the radius of the city's area as the city's own.
    expect(miles).toBeLessThan(areaRadiusMiles(la) / 2);
    expect(townOf(la, beverlyHills, towns)).toEqual({ name: "Beverly Hills", stateCode: "CA" });
    expect(coreMiles(la, towns)).toBeLessThan(miles);
  });
});

describe("history from the city itself, at a state line", () => {
  test("a site across the state line in Texarkana is told as Texarkana, AR's, labelled, not as Texarkana, TX's own", () => {
    const tx = homeOf("Texarkana", "TX");
    const ar = homeOf("Texarkana", "AR");
    const towns = [tx, ar, homeOf("Nash", "TX"), homeOf("Wake Village", "TX")];
    // Every place is placed by its own point (no core): Arkansas's centre is nearer than any core could reach.
    expect(coreMiles(tx, towns)).toBe(0);
    // A point in Arkansas, read with Arkansas's towns only (the rule's state filter), is Texarkana, AR.
    expect(townOf(tx, ar, [ar])).toEqual({ name: "Texarkana", stateCode: "AR" });
  });
});

describe("fun facts from real text", () => {
  test("a national park's own description is a fact for the town beside it, saying how far it lies (Terlingua, TX)", () => {
    const parks = csv("../../db/data/places/nps_national_parks_63_descriptions_images.csv.gz");
    const park = parks.find((r) => r.full_name === "Big Bend National Park")!;
    const town = find("Terlingua", "TX");
    const c = contextOf(town, {
      radius: 25,
      places: [
        place({
          id: 5,
          title: park.full_name!,
          kind: "national park",
          categoryId: 9,
          description: park.description!,
          url: park.url!,
          source: "nps",
          sourceName: "National Park Service",
          licence: "Public domain",
          distance: distanceMiles(town.latitude, town.longitude, Number(park.latitude), Number(park.longitude)),
        }),
      ],
    });
    const fact = storyFacts(c).find((f) => f.title === park.full_name);
    expect(fact?.summary).toContain(park.description!.slice(0, 60));
    expect(fact?.summary).toMatch(/Big Bend National Park lies \d+\.\d mi from the centre of Terlingua\./);
    expect(fact?.source.name).toBe("National Park Service");
  });
});

describe("properties over every city", () => {
  test("every point inside a city's core is the city's by the town rule, for the 1,000 largest cities", () => {
    const ranked = [...rows].sort((a, b) => Number(b.population) - Number(a.population)).slice(0, 1000);
    const all = rows.map(townPoint);
    const wrong: string[] = [];
    for (const r of ranked) {
      const city = townPoint(r);
      const box = 40 / 69;
      const towns: TownPoint[] = all.filter(
        (t) => Math.abs(t.latitude - city.latitude) < box && Math.abs(t.longitude - city.longitude) < box * 1.6,
      );
      const core = coreMiles(city, towns);
      if (!Number.isFinite(core)) continue;
      // Eight points on the core's edge (just inside it) around the centre.
      for (let k = 0; k < 8; k++) {
        const angle = (k * Math.PI) / 4;
        const d = (core * 0.999) / 69;
        const point = {
          latitude: city.latitude + d * Math.cos(angle),
          longitude: city.longitude + (d * Math.sin(angle)) / Math.cos((city.latitude * Math.PI) / 180),
        };
        if (distanceMiles(point.latitude, point.longitude, city.latitude, city.longitude) >= core) continue;
        const town = townOf(city, point, towns);
        if (town) wrong.push(`${city.name}, ${city.stateCode}: a point ${core.toFixed(1)} mi out is in ${town.name}`);
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  }, 300_000);

  test("no 'X County' for a Louisiana, Alaska or independent-city place; every place says its division's word", () => {
    const special = cities.filter(
      (c) => c.stateCode === "LA" || c.stateCode === "AK" || Number(c.countyFips.slice(-3)) >= 510,
    );
    expect(special.length).toBeGreaterThan(500);
    const wrong = special.filter((c) => allText(contextOf(c)).includes(`${c.countyName} County`));
    expect(wrong.map((c) => `${c.name}, ${c.stateCode}`)).toEqual([]);
  }, 300_000);

  test("every nearest-city claim is re-checked against the whole city table", () => {
    const wrong: string[] = [];
    let claims = 0;
    for (const city of cities) {
      const claim = nearestOf(city);
      if (!claim) continue;
      claims++;
      if (claim.population < claim.atLeast || claim.atLeast <= city.population) wrong.push(`${city.name}: rule`);
      // No city of the rule's size is nearer, anywhere in the table (the claim's miles are rounded).
      const span = claim.miles / 68;
      const nearer = between(city.latitude - span, city.latitude + span).find(
        (c) =>
          c.population >= claim.atLeast &&
          distanceMiles(city.latitude, city.longitude, c.latitude, c.longitude) < claim.miles - 0.5,
      );
      if (nearer) wrong.push(`${city.name}, ${city.stateCode}: ${claim.name} claimed, ${nearer.name} is nearer`);
    }
    expect(claims).toBeGreaterThan(25_000);
    expect(wrong.slice(0, 10)).toEqual([]);
  }, 300_000);

  test("no history entry shows a Wikipedia paragraph that does not name its title (the Wikipedia sites dataset)", () => {
    const sites = csv("../../db/data/places/nrhp_wikidata_sites_with_wikipedia_summaries_partial.csv.gz").filter(
      (r) => r.wikipedia_summary,
    );
    const places = sites.map((r, i) =>
      place({ id: i, title: r.name!, url: r.wikipedia_url!, description: r.wikipedia_summary!, distance: 1 }),
    );
    const c = contextOf(find("Tombstone", "AZ"));
    const wrong: string[] = [];
    for (let i = 0; i < places.length; i += 50) {
      for (const e of storyHistory({ ...c, places: places.slice(i, i + 50) }))
        if (e.source.name === "Wikipedia" && !namesTitle(e.title, e.content)) wrong.push(e.title);
    }
    expect(wrong).toEqual([]);
    // The rule keeps most paragraphs: it drops only those about something else.
    const kept = places.filter((p) => namesTitle(p.title, p.description)).length;
    expect(kept / places.length).toBeGreaterThan(0.8);
  }, 300_000);
});
