import { describe, expect, test } from "bun:test";
import { testServices } from "../../src/testing";
import { CityIndex, type IndexedCity } from "./city-index";
import { normalise } from "./city-names";
import { prefixDistance } from "./prefix-distance";

const city = (id: number, name: string, stateCode: string, population: number, zips = ""): IndexedCity => ({
  id,
  name,
  stateCode,
  stateName: stateCode,
  population,
  latitude: 0,
  longitude: 0,
  countyName: "",
  timezone: "",
  ranking: 3,
  zips,
});

describe("normalise", () => {
  test("ignores case, accents and punctuation", () => {
    expect(normalise("San José")).toBe("san jose");
    expect(normalise("St. Louis")).toBe("st louis");
    expect(normalise("  Winston-Salem ")).toBe("winston salem");
    expect(normalise("Coeur d'Alene")).toBe("coeur dalene");
  });
});

describe("prefixDistance", () => {
  test("counts one edit against the closest prefix, capped at 2", () => {
    expect(prefixDistance("albeq", "albuquerque")).toBe(1);
    expect(prefixDistance("pitsburgh", "pittsburgh")).toBe(1);
    expect(prefixDistance("sprnig", "springfield")).toBe(1); // swapped neighbours
    expect(prefixDistance("boston", "boston")).toBe(0);
    expect(prefixDistance("xyzzy", "boston")).toBe(2);
  });
});

describe("CityIndex on a small set", () => {
  const index = new CityIndex([
    city(1, "San José", "PR", 1000),
    city(2, "San Jose", "CA", 1_000_000, "95110 95112"),
    city(3, "St. Paul", "MN", 300_000),
    city(4, "Fort Myers", "FL", 90_000),
    city(5, "Mount Vernon", "NY", 70_000),
    city(6, "Springfield", "IL", 150_000, "62701"),
    city(7, "Springfield", "MO", 280_000, "65801"),
  ]);

  test("accents are ignored both ways", () => {
    expect(index.search("san jose").map((c) => c.stateCode)).toEqual(["CA", "PR"]);
    expect(index.search("SAN JOSÉ").map((c) => c.stateCode)).toEqual(["CA", "PR"]);
  });

  test("Saint/St., Fort/Ft. and Mount/Mt. find each other", () => {
    expect(index.search("saint paul")[0]?.name).toBe("St. Paul");
    expect(index.search("ft myers")[0]?.name).toBe("Fort Myers");
    expect(index.search("mt vernon")[0]?.name).toBe("Mount Vernon");
  });

  test("population orders equal names; a state narrows", () => {
    expect(index.search("springfield").map((c) => c.stateCode)).toEqual(["MO", "IL"]);
    expect(index.search("springfield, il").map((c) => c.stateCode)).toEqual(["IL"]);
    expect(index.search("springfield il")[0]?.stateCode).toBe("IL");
    expect(index.search("springfield, illinois").map((c) => c.stateCode)).toEqual(["IL"]);
  });

  test("ZIP codes", () => {
    expect(index.search("65801").map((c) => c.stateCode)).toEqual(["MO"]);
    expect(index.search("951").map((c) => c.name)).toEqual(["San Jose"]);
    expect(index.search("00000")).toEqual([]);
  });

  test("find() resolves an exact name in a state", () => {
    expect(index.find("san jose", "pr")?.id).toBe(1);
    expect(index.find("Springfield", "TX")).toBeUndefined();
  });
});

describe("CityIndex on the bundled US cities", async () => {
  const { cityIndex } = await testServices();
  cityIndex.prepare(); // its search tables, before the first test's time limit runs
  const names = (q: string, limit = 10) => cityIndex.search(q, limit).map((c) => `${c.name}, ${c.stateCode}`);

  test("spring: ten Springfields/Springs, most populous first", () => {
    const result = cityIndex.search("spring", 10);
    expect(result).toHaveLength(10);
    for (const c of result) expect(c.name.toLowerCase().startsWith("spring")).toBe(true);
    expect(names("spring")).toContain("Springfield, MO");
  });

  test("the towns travellers visit that are no census place are found: Bar Harbor, Stowe, Provincetown, Kennebunkport", () => {
    expect(names("bar harbor")[0]).toBe("Bar Harbor, ME");
    expect(names("stowe")).toContain("Stowe, VT");
    expect(names("provincetown")[0]).toBe("Provincetown, MA");
    expect(names("kennebunkport")[0]).toBe("Kennebunkport, ME");
  });

  test("springfield, mo puts Springfield MO first", () => {
    expect(names("springfield, mo")[0]).toBe("Springfield, MO");
    expect(names("springfield mo")[0]).toBe("Springfield, MO");
  });

  test("one typo is tolerated", () => {
    expect(names("pittsburg")).toContain("Pittsburgh, PA");
    expect(names("albequerque")[0]).toBe("Albuquerque, NM");
    expect(names("pitsburgh")[0]).toBe("Pittsburgh, PA");
    expect(names("cincinati")[0]).toBe("Cincinnati, OH");
  });

  test("a 5-digit ZIP finds its city", () => {
    expect(names("15222")).toContain("Pittsburgh, PA");
  });

  test("nothing close gives an empty list", () => {
    expect(names("qqqqzzzz")).toEqual([]);
  });
});
