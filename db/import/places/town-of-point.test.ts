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
