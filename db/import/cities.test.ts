import { expect, test } from "bun:test";
import { distanceMiles } from "../../src/geo";
import { applyDowntownCentres, placeNameKey, readBundledCities, readGeoNamesPoints, type NewCity } from "./cities";

const km = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) =>
  distanceMiles(a.latitude, a.longitude, b.latitude, b.longitude) * 1.609344;

test("the 20 largest cities are centred within 1.5 km of their GeoNames downtown point", async () => {
  const [cities, simpleMapsOnly, points] = await Promise.all([readBundledCities(), readBundledCities(undefined, null), readGeoNamesPoints()]);
  const raw = await Bun.file(new URL("../data/geonames_us_cities1000.csv.gz", import.meta.url).pathname).arrayBuffer();
  const lines = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(raw))).split("\n").slice(1).filter(Boolean);
  const population = new Map<string, number>();
  for (const line of lines) {
    const m = line.match(/^\d+,"([^"]*)","[^"]*",([A-Z]{2}),(\w+),(\d+),/);
    if (m && m[3] !== "PPLX") population.set(`${m[2]}|${m[1]}`, Number(m[4]));
  }
  const sameName = (c: NewCity, key: string) => placeNameKey(c.name) === key || `${placeNameKey(c.name)} city` === key;
  const keys = new Set(cities.flatMap((c) => [`${c.stateCode}|${placeNameKey(c.name)}`, `${c.stateCode}|${placeNameKey(c.name)} city`]));
  // The largest GeoNames places that are SimpleMaps cities (boroughs such as "The Bronx" are not).
  const top = points
    .filter((p) => keys.has(`${p.stateCode}|${placeNameKey(p.name)}`))
    .sort((a, b) => (population.get(`${b.stateCode}|${b.name}`) ?? 0) - (population.get(`${a.stateCode}|${a.name}`) ?? 0)).slice(0, 20);
  expect(top.map((p) => p.name)).toEqual(expect.arrayContaining(["New York City", "Los Angeles", "Chicago", "Houston", "Phoenix", "Philadelphia", "San Diego"]));
  for (const point of top) {
    const key = placeNameKey(point.name);
    const city = cities.find((c) => c.stateCode === point.stateCode && sameName(c, key));
    expect(km(city!, point), point.name).toBeLessThanOrEqual(1.5);
  }
  // New York moved off the Bushwick centroid (SimpleMaps) to Lower Manhattan.
  const ny = cities.find((c) => c.name === "New York" && c.stateCode === "NY")!;
  const nySm = simpleMapsOnly.find((c) => c.name === "New York" && c.stateCode === "NY")!;
  expect(km(ny, nySm)).toBeGreaterThan(5);
  expect(ny.latitude).toBeCloseTo(40.714, 2);
  // Names, population, ZIPs stay SimpleMaps'.
  expect(ny.population).toBe(nySm.population);
  expect(ny.zips).toBe(nySm.zips);
}, 30_000); // parses three bundled files (a few seconds alone, more beside the rest of npm test)

test("a GeoNames point is used only with the same name and state within 25 km", () => {
  const city = (name: string, stateCode: string, latitude: number, longitude: number) => ({ id: 1, name, nameAscii: name, stateCode, latitude, longitude }) as NewCity;
  const list = [city("Springfield", "IL", 39.8, -89.6), city("Far Town", "TX", 30, -100), city("Washington", "DC", 38.9047, -77.0163), city("St. Louis", "MO", 38.6, -90.2)];
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
