import { describe, expect, test } from "bun:test";
import {
  builtYearOf,
  designationYear,
  lead,
  personFits,
  sentences,
  storyFacts,
  storyHistory,
  ungrounded,
  type StoryContext,
  type StoryPlace,
} from "./stories";

const city = {
  name: "Savannah",
  stateName: "Georgia",
  stateCode: "GA",
  countyName: "Chatham",
  population: 147_780,
  urbanArea: false,
  ranking: 2,
  timezone: "America/New_York",
  division: { kind: "county" as const, label: "Chatham County", isCity: false },
};
const place = (over: Partial<StoryPlace>): StoryPlace => ({
  id: 1,
  title: "A place",
  kind: "historic site",
  categoryId: 8,
  description: "",
  address: null,
  url: null,
  source: "nrhp",
  sourceName: "National Register",
  licence: "Public domain",
  quality: 1,
  distance: 1,
  ...over,
});
const context = (over: Partial<StoryContext> = {}): StoryContext => ({
  city,
  texts: {
    wikipediaTitle: null,
    wikipediaUrl: null,
    wikivoyageUrl: null,
    wikivoyageByline: null,
    wikivoyageNearby: null,
    wordnetLemmas: null,
    wordnetGloss: null,
    people: [],
    seat: null,
  },
  radius: 10,
  places: [],
  nearestLarger: null,
  towns: new Map(),
  county: { places: 8, largest: { name: "Savannah", population: 147_780 } },
  zips: ["31401", "31404", "31405"],
  ...over,
});

describe("text helpers", () => {
  test("sentences keep 'St.', 'U.S.' and initials inside a sentence", () => {
    expect(sentences("The St. John's Church was built in 1853 by J. Smith. It is in the U.S. South. Next.")).toEqual([
      "The St. John's Church was built in 1853 by J. Smith.",
      "It is in the U.S. South.",
      "Next.",
    ]);
    expect(lead("One. Two is longer. Three.", 12)).toBe("One.");
  });

  test("a construction year is read only where the text says built or founded", () => {
    expect(builtYearOf("", "The depot was constructed in 1860 by the Central of Georgia Railway.")).toEqual({
      year: 1860,
      verb: "constructed",
    });
    expect(builtYearOf("", "Built 1872, designed by W. Boyington.")).toEqual({ year: 1872, verb: "built" });
    expect(builtYearOf("", "Designated a New York City landmark in 1965.")).toBeNull();
    expect(builtYearOf("", "Listed on the National Register of Historic Places in 1973.")).toBeNull();
    expect(designationYear("Designated a New York City landmark in 1965.")).toEqual({
      year: 1965,
      phrase: "Designated",
    });
    expect(designationYear("It was listed on the National Register of Historic Places in 1973.")).toEqual({
      year: 1973,
      phrase: "Listed on the National Register",
    });
  });

  test("an associated person is used only when the extract names the city or the state", () => {
    const trump = {
      person: "Donald Trump",
      url: "u",
      extract: "Donald John Trump is the 45th and current president of the United States.",
      neighborhood: null,
      pageviews: 1,
    };
    const recy = {
      person: "Recy Taylor",
      url: "u",
      extract: "Recy Taylor was an African-American woman from Abbeville in Henry County, Alabama, U.S.",
      neighborhood: null,
      pageviews: 1,
    };
    expect(personFits(trump, { ...city, name: "New York", stateName: "New York" })).toBe(false);
    expect(personFits(recy, { ...city, name: "Abbeville", stateName: "Alabama" })).toBe(true);
  });
});

describe("facts", () => {
  const wiki = place({
    id: 7,
    title: "Central of Georgia Railway Depot",
    url: "https://en.wikipedia.org/wiki/Central_of_Georgia_Depot",
    description:
      "The Central of Georgia Railway Depot is a historic train station in Savannah, Georgia. It was constructed in 1860 by the Central of Georgia Railway. It was designated a National Historic Landmark in 1976.",
  });
  const rich = context({
    texts: {
      ...context().texts,
      wordnetLemmas: "Savannah; Hostess City",
      wordnetGloss: "a port in eastern Georgia near the mouth of the Savannah river",
      seat: "PPLA2",
      wikivoyageUrl: "https://en.wikivoyage.org/wiki/Savannah",
      wikivoyageByline: "Savannah is a charming city with Spanish moss.",
      wikivoyageNearby: "Tybee Island; Hilton Head",
    },
    places: [
      wiki,
      place({
        id: 8,
        title: "Owens–Thomas House",
        description: "The Owens–Thomas House was built in 1819 to designs by the English architect William Jay.",
        distance: 0.4,
      }),
      place({
        id: 9,
        title: "Old Fort",
        description: "The Old Fort was erected in 1762 by colonial troops to guard the river.",
        distance: 2,
      }),
      place({
        id: 10,
        title: "Cotton Exchange",
        description: "The Cotton Exchange was built in 1887 over a public lane on the river bluff.",
        distance: 0.3,
      }),
    ],
  });

  test("narrative facts lead; no bare statistic among the first five when five better facts exist; every fact names its source", () => {
    const facts = storyFacts(rich);
    expect(facts[0]!.title).toBe("Also called “Hostess City”");
    expect(facts.length).toBeGreaterThanOrEqual(5);
    expect(facts.slice(0, 5).some((f) => f.statistic)).toBe(false);
    expect(facts.slice(0, 5).map((f) => f.title)).not.toContain("3 ZIP codes");
    // Statistics come last, after every better fact.
    const firstStatistic = facts.findIndex((f) => f.statistic);
    expect(facts.slice(firstStatistic).every((f) => f.statistic)).toBe(true);
    for (const f of facts) expect(f.source.name.length).toBeGreaterThan(0);
    const depot = facts.find((f) => f.title === wiki.title)!;
    expect(depot.source).toEqual({ name: "Wikipedia", url: wiki.url, licence: "CC BY-SA 4.0" });
    expect(depot.details[0]).toContain("National Historic Landmark");
  });

  test("the earliest built site is named over a stated set, never 'the oldest' of everything", () => {
    const earliest = storyFacts(rich).find((f) => f.category === "History")!;
    expect(earliest.title).toBe("Erected in 1762: Old Fort");
    expect(earliest.summary).toContain("whose records in LocalScope's sources give a construction or founding year");
  });

  test("a town with nothing but the cities dataset gets one statistic, not five (never two in the first five)", () => {
    const facts = storyFacts(
      context({
        city: { ...city, name: "Nowhere" },
        texts: { ...context().texts },
        zips: ["84066"],
        county: { places: 3, largest: { name: "Bigger", population: 9 } },
      }),
    );
    expect(facts.map((f) => f.title)).toEqual(["Home to 147,780 people"]);
    expect(facts.every((f) => f.statistic)).toBe(true);
  });

  test("the largest metros never name one county (New York is not 'in Queens County')", () => {
    const facts = storyFacts(
      context({
        city: { ...city, name: "New York", stateName: "New York", countyName: "Queens", ranking: 1, urbanArea: true },
      }),
    );
    expect(JSON.stringify(facts)).not.toContain("Queens");
  });
});

describe("history", () => {
  test("Wikipedia sites first, ordered by the year they were built; designations are called designations", () => {
    const entries = storyHistory(
      context({
        places: [
          place({
            id: 1,
            title: "Landmark House",
            description:
              "The Landmark House was designated a New York City landmark in 1965 for its Federal-style front.",
            distance: 0.1,
          }),
          place({
            id: 2,
            title: "Old Merchant's House",
            url: "https://en.wikipedia.org/wiki/Old_Merchant%27s_House",
            description:
              "The Old Merchant's House is a museum in Manhattan. It was built in 1832 and is a National Historic Landmark.",
            distance: 1,
          }),
          place({
            id: 3,
            title: "Arch",
            url: "https://en.wikipedia.org/wiki/Arch",
            description:
              "The Arch is a memorial arch in Brooklyn that was completed in 1892 for the soldiers of the Civil War.",
            distance: 2,
          }),
        ],
      }),
    );
    expect(entries.map((e) => [e.title, e.period])).toEqual([
      ["Old Merchant's House", "Built 1832"],
      ["Arch", "Completed 1892"],
      ["Landmark House", "Designated 1965"],
    ]);
    expect(entries[0]!.significance).toBe("It was built in 1832 and is a National Historic Landmark.");
    for (const e of entries) expect(e.significance).not.toMatch(/oldest/);
    expect(entries[2]!.source.name).toBe("National Register");
  });
});

describe("a model's rewrite", () => {
  const material =
    "The Old Merchant's House is a museum in Manhattan. It was built in 1832 and is a National Historic Landmark. New York counts 18,832,416 people.";
  test("a faithful rewrite passes", () => {
    expect(
      ungrounded(
        "Step inside the Old Merchant's House in Manhattan, built back in 1832 — a true time capsule.",
        material,
      ),
    ).toEqual([]);
    expect(ungrounded("New York is home to 18,832,416 people.", material)).toEqual([]);
  });
  test("an added name or year is caught", () => {
    expect(
      ungrounded("The Old Merchant's House, built in 1835 by Seabury Tredwell, is in Manhattan.", material),
    ).toEqual(["Seabury", "Tredwell", "1835"]);
  });
});

describe("organisations are not sights", () => {
  test("society offices, PO boxes and '… Inc' rows stay out of history; a real museum with 'Inc' stays in the museums fact", () => {
    const c = context({
      places: [
        place({ id: 1, title: "Henry County Historical Group Inc", address: "9127 Co Rd 99" }),
        place({ id: 2, title: "Las Vegas Railroad Society", address: "Po Box 33518" }),
        place({
          id: 3,
          title: "Old Las Vegas Mormon Fort",
          description: "The fort was built by Mormon missionaries in 1855 beside the springs of the Las Vegas valley.",
        }),
        place({
          id: 4,
          title: "Ralph Mark Gilbert Civil Rights Museum Inc",
          kind: "history museum",
          categoryId: 9,
          source: "imls-museums",
        }),
        place({ id: 5, title: "Morris Frame & Decor", kind: "art gallery", categoryId: 9, source: "wof-simplegeo" }),
      ],
    });
    expect(storyHistory(c).map((h) => h.title)).toEqual(["Old Las Vegas Mormon Fort"]);
    const museums = storyFacts(c).find((f) => f.title.startsWith("A museum") || f.title === "Museums to visit")!;
    expect(museums.summary).toContain("Ralph Mark Gilbert Civil Rights Museum Inc");
    expect(museums.summary).not.toContain("Morris Frame");
  });
});
