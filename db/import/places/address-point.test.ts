/**
 * A census point against its own street address. Town and ZIP positions below are test fixtures, not data.
 */
import { expect, test } from "bun:test";
import { AddressPoints, flagLate } from "./address-point";
import type { Held } from "./held";
import type { PlaceInput } from "./types";

// A downtown whose ZIP code 33130 the town lists, and six places of another dataset in that ZIP code downtown.
const town = { name: "Miami", latitude: 25.774, longitude: -80.194, zips: "33130 33131" };
/** Six places of another dataset in a ZIP code, from a point a little to the south-west each. */
const cluster = (zip: string, latitude: number, longitude: number) =>
  Array.from(
    { length: 6 },
    (_, i) =>
      ({
        latitude: latitude + i * 0.001,
        longitude: longitude - i * 0.001,
        zip,
        sources: [{ source: "osm", sourceId: `${zip}-${i}` }],
      }) as unknown as Held,
  );
const held = cluster("33130", 25.766, -80.2);
const census = (latitude: number, longitude: number, over: Partial<PlaceInput> = {}) =>
  ({
    source: "imls-museums",
    title: "Historical Museum",
    city: "Miami",
    zip: "33130",
    latitude,
    longitude,
    ...over,
  }) as PlaceInput;

// Another ZIP code's places around the census point (a suburb's streets by the airport).
const suburb = cluster("33166", 25.814, -80.3);

test("a census point miles from its address's town and ZIP code, among another code's places, contradicts its address", () => {
  const points = new AddressPoints(() => [...held, ...suburb], [town]);
  expect(points.contradiction(census(25.8169, -80.3031))).toMatch(/^\d+\.\d mi from its address, ZIP 33130$/);
  // At its address, or another dataset's record: no contradiction.
  expect(points.contradiction(census(25.7745, -80.196))).toBeNull();
  expect(points.contradiction(census(25.8169, -80.3031, { source: "osm" }))).toBeNull();
});

test("a point among its ZIP code's places, out in the country, or of a ZIP code too few places hold stands", () => {
  // A big city's outer ZIP code: far from the centre, amid the other datasets' places of that code.
  const outer = held.map((h) => ({ ...h, latitude: h.latitude + 0.1, zip: "33131" }) as Held);
  expect(new AddressPoints(() => outer, [town]).contradiction(census(25.87, -80.2, { zip: "33131" }))).toBeNull();
  // Out in the country, among no other ZIP code's places (a plantation up the highway): the point stands.
  expect(new AddressPoints(() => held, [town]).contradiction(census(25.8169, -80.3031))).toBeNull();
  // Two places are too few to say where a ZIP code lies: the census point is kept as it is.
  expect(
    new AddressPoints(() => [...held.slice(0, 2), ...suburb], [town]).contradiction(census(25.8169, -80.3031)),
  ).toBeNull();
});

test("once every dataset is in, a census point its address contradicts is flagged; one a namesake stands by is not", () => {
  const named = (places: Held[]) =>
    places.map((h, i) => ({ ...h, id: 100 + i, title: `Shop ${i}`, categoryId: 10 }) as unknown as Held);
  const record = (id: number, title: string, latitude: number, longitude: number) =>
    ({
      ...census(latitude, longitude, { title }),
      id,
      categoryId: 9,
      sources: [{ source: "imls-museums", sourceId: String(id) }],
    }) as unknown as Held;
  const off = record(1, "Historical Museum", 25.8169, -80.3031);
  const atHome = record(2, "Art Museum", 25.7745, -80.196);
  const vouched = record(3, "Wings Over Miami Museum", 25.8168, -80.303);
  const namesake = { ...vouched, id: 4, zip: "33166", sources: [{ source: "osm", sourceId: "n1" }] } as Held;
  const places = [...named([...held, ...suburb]), off, atHome, vouched, namesake];
  const flagged = flagLate(new AddressPoints(() => places, [town]), places);
  expect(flagged.map((p) => p.id)).toEqual([1]);
  expect(off.tags?.pointOff).toMatch(/^\d+\.\d mi from its address, ZIP 33130$/);
  // A second run flags nothing again.
  expect(flagLate(new AddressPoints(() => places, [town]), places)).toEqual([]);
});
