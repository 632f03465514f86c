import { expect, test } from "bun:test";
import { distanceMiles } from "../../src/geo";
import {
  applyDowntownCentres,
  applyTop50Centres,
  placeNameKey,
  readBundledCities,
  readDowntownPoints,
  type NewCity,
} from "./cities";

/** Each variant of the bundled cities parsed once for this file (its tests only read them). */
const parsed = new Map<string, ReturnType<typeof readBundledCities>>();
function bundledCities(...args: Parameters<typeof readBundledCities>): ReturnType<typeof readBundledCities> {
  const key = args.map((a) => (a === undefined ? "default" : a === null ? "none" : String(a))).join("|");
  let cities = parsed.get(key);
  if (!cities) parsed.set(key, (cities = readBundledCities(...args)));
  return cities;
}

const km = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) =>
  distanceMiles(a.latitude, a.longitude, b.latitude, b.longitude) * 1.609344;

test("the 20 largest cities are centred within 1.5 km of downtown (city hall in the bundled downtown file)", async () => {
  const [cities, simpleMapsOnly, geonamesOnly, downtown] = await Promise.all([
    bundledCities(),
    bundledCities(undefined, null, null),
    bundledCities(undefined, undefined, null),
    readDowntownPoints(),
  ]);
  expect(downtown).toHaveLength(50);
  // The file lists cities by GeoNames population; the first 20 are the 20 largest.
  const top20 = downtown.slice(0, 20);
  expect(top20.map((p) => p.city)).toEqual(
    expect.arrayContaining([
      "New York",
      "Los Angeles",
      "Chicago",
      "Houston",
      "Phoenix",
      "Philadelphia",
      "San Diego",
      "Fort Worth",
    ]),
  );
  let checkedAgainstRef = 0;
  for (const point of top20) {
    const city = cities.find(
      (c) => c.stateCode === point.stateCode && placeNameKey(c.name) === placeNameKey(point.city),
    );
    expect(city, point.city).toBeDefined();
    // City hall where the file has it (19 of 20; El Paso has none: its recommended GeoNames point).
    const ref = point.ref ?? point;
    if (point.ref) checkedAgainstRef++;
    expect(km(city!, ref), point.city).toBeLessThanOrEqual(1.5);
  }
  expect(checkedAgainstRef).toBe(19);
  // Chicago and Fort Worth: GeoNames alone is 4.0 / 2.8 km off city hall; the recommended point fixes both.
  for (const name of ["Chicago", "Fort Worth"]) {
    const point = downtown.find((p) => p.city === name)!;
    const geo = geonamesOnly.find((c) => c.name === name && c.stateCode === point.stateCode)!;
    expect(km(geo, point.ref!), name).toBeGreaterThan(1.5);
  }
  // Every other city keeps its GeoNames-by-name centre (here: Buffalo, NY is not in the top 50).
  const buffalo = (list: NewCity[]) => list.find((c) => c.name === "Buffalo" && c.stateCode === "NY")!;
  expect(buffalo(cities).latitude).toBe(buffalo(geonamesOnly).latitude);
  // New York moved off the Bushwick centroid (SimpleMaps) to Lower Manhattan.
  const ny = cities.find((c) => c.name === "New York" && c.stateCode === "NY")!;
  const nySm = simpleMapsOnly.find((c) => c.name === "New York" && c.stateCode === "NY")!;
  expect(km(ny, nySm)).toBeGreaterThan(5);
  expect(ny.latitude).toBeCloseTo(40.714, 2);
  // Names, population, ZIPs stay SimpleMaps'.
  expect(ny.population).toBe(nySm.population);
  expect(ny.zips).toBe(nySm.zips);
}, 120_000); // parses three bundled files (a few seconds alone, more beside the rest of npm test)

test("the top-50 points apply by name and state within 25 km only", () => {
  const city = (name: string, stateCode: string, latitude: number, longitude: number) =>
    ({ id: 1, name, nameAscii: name, stateCode, latitude, longitude }) as NewCity;
  const list = [
    city("Chicago", "IL", 41.85, -87.65),
    city("Chicago", "OH", 41.85, -87.65),
    city("Washington", "DC", 38.9047, -77.0163),
    city("Far Town", "TX", 30, -100),
  ];
  const ref = null;
  const set = applyTop50Centres(list, [
    { city: "Chicago", stateCode: "IL", latitude: 41.8837, longitude: -87.6319, ref },
    { city: "Washington", stateCode: "DC", latitude: 38.89511, longitude: -77.03637, ref },
    { city: "Far Town", stateCode: "TX", latitude: 30.3, longitude: -100, ref }, // 33 km away
  ]);
  expect(set).toBe(2);
  expect(list[0]!.latitude).toBe(41.8837);
  expect(list[1]!.latitude).toBe(41.85);
  expect(list[2]!.longitude).toBe(-77.03637);
  expect(list[3]!.latitude).toBe(30);
});

test("a GeoNames point is used only with the same name and state within 25 km", () => {
  const city = (name: string, stateCode: string, latitude: number, longitude: number) =>
    ({ id: 1, name, nameAscii: name, stateCode, latitude, longitude }) as NewCity;
  const list = [
    city("Springfield", "IL", 39.8, -89.6),
    city("Far Town", "TX", 30, -100),
    city("Washington", "DC", 38.9047, -77.0163),
    city("St. Louis", "MO", 38.6, -90.2),
  ];
  const moved = applyDowntownCentres(list, [
    { name: "Springfield", stateCode: "MO", latitude: 39.81, longitude: -89.61 }, // other state
    { name: "Far Town", stateCode: "TX", latitude: 30.3, longitude: -100 }, // 33 km away
    { name: "Washington, D.C.", stateCode: "DC", latitude: 38.89511, longitude: -77.03637 },
    { name: "Saint Louis", stateCode: "MO", latitude: 38.62727, longitude: -90.19789 },
  ]);
  expect(moved).toBe(2);
  expect(list[0]!.latitude).toBe(39.8);
  expect(list[1]!.latitude).toBe(30);
  expect(list[2]!.longitude).toBe(-77.03637);
  expect(list[3]!.latitude).toBe(38.62727);
});

test("names read as their towns spell them: no letter lost to “??” (Española, Cañon City, Doña Ana County)", async () => {
  const list = await bundledCities();
  expect(list.filter((c) => c.name.includes("??") || (c.countyName ?? "").includes("??")).map((c) => c.name)).toEqual(
    [],
  );
  const find = (name: string, state: string) => list.find((c) => c.name === name && c.stateCode === state);
  expect(find("Española", "NM")?.countyName).toBe("Rio Arriba");
  expect(find("Cañon City", "CO")).toBeDefined();
  expect(find("La Cañada Flintridge", "CA")).toBeDefined();
  expect(find("Las Cruces", "NM")?.countyName).toBe("Doña Ana");
  // A place GeoNames does not know keeps the file's ASCII spelling.
  expect(find("Bayamon", "PR")?.countyName).toBe("Bayamon");
});

test("the towns travellers visit that GeoNames has and SimpleMaps lacks are cities, each away from every listed one", async () => {
  const [cities, simpleMapsOnly] = await Promise.all([bundledCities(), bundledCities(undefined, null, null)]);
  const find = (name: string, state: string) => cities.find((c) => c.name === name && c.stateCode === state);
  for (const [name, state] of [
    ["Bar Harbor", "ME"],
    ["Stowe", "VT"],
    ["Provincetown", "MA"],
    ["Kennebunkport", "ME"],
    ["Nantucket", "MA"],
  ] as const) {
    const town = find(name, state);
    expect(town, `${name}, ${state}`).toBeDefined();
    expect(town!.countyName).not.toBe("");
    expect(simpleMapsOnly.some((c) => c.name === name && c.stateCode === state)).toBe(false);
  }
  const listedIds = new Set(simpleMapsOnly.map((c) => c.id));
  const added = cities.filter((c) => !listedIds.has(c.id));
  expect(added.length).toBeGreaterThan(500);
  expect(new Set(cities.map((c) => c.id)).size).toBe(cities.length);
  // None sits within 3 km of a listed city (that would be a neighbourhood of it); checked on a sample.
  const listed = cities.filter((c) => listedIds.has(c.id));
  for (const town of added.filter((_, i) => i % 25 === 0))
    for (const c of listed) if (Math.abs(c.latitude - town.latitude) < 0.05) expect(km(c, town)).toBeGreaterThan(3);
}, 120_000);

test("Brooklyn and Staten Island are centred on their borough halls from the bundled landmark list", async () => {
  const { readCsvSync } = await import("./towns");
  const landmarks = readCsvSync(`${import.meta.dir}/../data/places/nyc_lpc_individual_landmarks.csv.gz`);
  const cities = await bundledCities();
  for (const borough of ["Brooklyn", "Staten Island"]) {
    const hall = landmarks.find((r) => `${r.name} ${r.alternate_names}`.includes(`${borough} Borough Hall`))!;
    const city = cities.find((c) => c.name === borough && c.stateCode === "NY")!;
    expect(km(city, { latitude: Number(hall.latitude), longitude: Number(hall.longitude) })).toBeLessThan(0.1);
  }
}, 120_000);
