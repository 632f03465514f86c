import { describe, expect, test } from "bun:test";
import { testServices } from "../../src/testing";
import { changedBy } from ".";

describe("a state's import drops that state's caches, not the country's", () => {
  test("after Nevada changes, Las Vegas's lists show it; New Orleans's stay as they were cached", async () => {
    const { database, cityIndex, places } = await testServices();
    const vegas = cityIndex.find("Las Vegas", "NV")!;
    const nola = cityIndex.find("New Orleans", "LA")!;
    const first = async (city: typeof vegas) =>
      (JSON.parse(await places.pageJson(city, "nearby", 12, 0)) as Array<{ id: number; title: string }>)[0]!;
    const [vegasPlace, nolaPlace] = [await first(vegas), await first(nola)];
    const rename = (id: number, suffix: string) =>
      database.client.execute({ sql: "UPDATE places SET title = title || ? WHERE id = ?", args: [suffix, id] });
    // Both places change in the store; only Nevada's import is announced (what onImported and a refresh do).
    await rename(vegasPlace.id, " (renamed)");
    await rename(nolaPlace.id, " (renamed)");
    try {
      places.invalidate(["NV"]);
      expect((await first(vegas)).title).toBe(`${vegasPlace.title} (renamed)`);
      // Louisiana's cached lists were not dropped: the page comes from the cache, as it was.
      expect((await first(nola)).title).toBe(nolaPlace.title);
    } finally {
      for (const place of [vegasPlace, nolaPlace])
        await database.client.execute({
          sql: "UPDATE places SET title = replace(title, ' (renamed)', '') WHERE id = ?",
          args: [place.id],
        });
      places.invalidate();
    }
  }, 120_000);

  test("a city across the border from a changed state, within a list's reach, is dropped too", async () => {
    const { cityIndex } = await testServices();
    const nevada = changedBy(["NV"]);
    // Cities by their bundled coordinates: Bullhead City (AZ) faces Laughlin (NV) across the Colorado River.
    expect(nevada(cityIndex.find("Reno", "NV")!)).toBe(true);
    expect(nevada(cityIndex.find("Bullhead City", "AZ")!)).toBe(true);
    expect(nevada(cityIndex.find("Phoenix", "AZ")!)).toBe(false);
    expect(changedBy(["LA"])(cityIndex.find("Reno", "NV")!)).toBe(false);
  }, 120_000);
});
