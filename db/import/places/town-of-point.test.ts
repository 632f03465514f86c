import { expect, test } from "bun:test";
import { TownFinder } from "./town-of-point";

const manhattan = { name: "New York", countyFips: "36061", latitude: 40.7128, longitude: -74.006 };

test("a record whose town is only another state's takes the town of its point, without that town's street address", () => {
  const towns = new TownFinder([manhattan], new Set(["hagerstown"]));
  // The museum census's September 11 Memorial: a Maryland mailing address on Manhattan's point and ZIP code.
  const memorial = {
    city: "Hagerstown" as string | null,
    address: "46 Charles Street" as string | null,
    latitude: 40.708109,
    longitude: -74.012745,
    tags: null as Record<string, string> | null,
  };
  towns.settle(memorial);
  expect(memorial).toMatchObject({ city: "New York", address: null, tags: { townFrom: "area" } });
  // A town this state has, or one no listed town bears (a neighbourhood, an abbreviation), stays the source's.
  for (const city of ["New York", "Bensonhurst", "Prt Washingtn"]) {
    const place = { city, address: "1 Main St", latitude: 40.708109, longitude: -74.012745 };
    towns.settle(place);
    expect(place).toEqual({ city, address: "1 Main St", latitude: 40.708109, longitude: -74.012745 });
  }
  // No town: the point's.
  const bare = { city: null as string | null, latitude: 40.708109, longitude: -74.012745 };
  towns.settle(bare);
  expect(bare.city).toBe("New York");
});

test("a town in capitals reads as the town does; a mixed-case one is left as the source spells it", () => {
  const towns = new TownFinder([manhattan], new Set());
  const chain = { city: "NEW YORK" as string | null, latitude: 40.708109, longitude: -74.012745 };
  towns.settle(chain);
  expect(chain.city).toBe("New York");
  const mixed = { city: "McAllen" as string | null, latitude: 26.2, longitude: -98.23 };
  towns.settle(mixed);
  expect(mixed.city).toBe("McAllen");
});

test("a town the source misspells or cuts short reads as the town of its point; a place of its own stays", () => {
  const santaFe = { name: "Santa Fe", countyFips: "35049", latitude: 35.6869, longitude: -105.9378 };
  const borrego = { name: "Borrego Springs", countyFips: "06073", latitude: 33.2559, longitude: -116.3747 };
  const augustine = { name: "St. Augustine", countyFips: "12109", latitude: 29.8947, longitude: -81.3145 };
  const towns = new TownFinder([santaFe, borrego, augustine], new Set(), ["Santa Fe", "Sanza Fe", "Borrego Springs"]);
  const at = (city: string, [latitude, longitude]: [number, number]) => {
    const place = { city: city as string | null, latitude, longitude };
    towns.settle(place);
    return place.city;
  };
  const plaza: [number, number] = [35.6841, -105.9423];
  // One edit, or two in a longer name that begins alike; the state's code after the name.
  expect(at("Sante Fe", plaza)).toBe("Santa Fe");
  expect(at("Santa Fe NM", plaza)).toBe("Santa Fe");
  expect(at("Santa Fe, N.M.", plaza)).toBe("Santa Fe");
  // Cut mid-word at a field's width, with "Saint" for "St.".
  expect(at("Borrego Sprin", [33.2562, -116.3748])).toBe("Borrego Springs");
  expect(at("Saint Augusti", [29.8921, -81.3139])).toBe("St. Augustine");
  // Stay: a name the state lists, a neighbourhood, the town's name with a word before it, a short name, a name
  // cut at a word's end, and a short cut.
  for (const city of ["Sanza Fe", "Agua Fria", "West Santa Fe", "Fort Santa Fe", "Santa", "Santa Fe Springs"])
    expect(at(city, plaza)).toBe(city);
  expect(at("Borrego", [33.2562, -116.3748])).toBe("Borrego");
  expect(at("Borrego Spr", [33.2562, -116.3748])).toBe("Borrego Spr");
});

test("a name with fewer words than the town of its point is no cut of it", () => {
  const center = { name: "North Attleborough Center", countyFips: "25005", latitude: 41.9724, longitude: -71.3265 };
  const towns = new TownFinder([center], new Set(), ["North Attleborough Center"]);
  const place = { city: "North Attleboro" as string | null, latitude: 41.9831, longitude: -71.3328 };
  towns.settle(place);
  expect(place.city).toBe("North Attleboro");
});

test("a listed town spelt another way reads as the list spells it", () => {
  const slc = { name: "Salt Lake City", countyFips: "49035", latitude: 40.7774, longitude: -111.9301 };
  const towns = new TownFinder([slc], new Set(), ["Salt Lake City", "St. George"]);
  for (const [city, listed] of [
    ["Salt Lake Cty", "Salt Lake City"],
    ["Saint George", "St. George"],
    ["Salt Lake City", "Salt Lake City"],
  ]) {
    const place = { city: city as string | null, latitude: 40.75, longitude: -111.87 };
    towns.settle(place);
    expect(place.city).toBe(listed!);
  }
});
