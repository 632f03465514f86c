import { expect, test } from "bun:test";
import { DEFAULT_LOCATION, resolveLocation } from "../modules/cities";
import { testServices } from "./testing";
import { warmHome } from "./warm-home";

test("at start the default city's two home lists are ranked, so its first home page has them at once", async () => {
  const { database, cityIndex, places } = await testServices();
  const city = resolveLocation(cityIndex, DEFAULT_LOCATION)!;
  const indexed = cityIndex.find(city.name, city.stateCode)!;
  places.invalidate();
  expect(await warmHome(database.client, cityIndex, places)).toBe(2);
  // The home page waits a few milliseconds for lists it does not have: now both are there.
  const [nearby, gems] = await Promise.all([
    places.pageIfReady(indexed, "nearby", 8, 5),
    places.pageIfReady(indexed, "local-gems", 8, 5),
  ]);
  expect(nearby?.length).toBe(8);
  expect(gems?.length).toBeGreaterThan(0);
});
