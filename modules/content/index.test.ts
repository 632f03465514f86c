import { describe, expect, test } from "bun:test";
import { silentLog, testServices } from "../../src/testing";
import { createContentService } from ".";

describe("content caches follow the places' import hook", () => {
  test("places.invalidate() (what onImported calls) drops the city contexts; until then a context is reused", async () => {
    const { database, cityIndex, places } = await testServices();
    const content = createContentService({ client: database.client, places, llm: null, log: silentLog() });
    const vegas = cityIndex.find("Las Vegas", "NV")!;
    const first = await content.context(vegas);
    expect(first.places.length).toBeGreaterThan(0);
    expect(await content.context(vegas)).toBe(first);
    places.invalidate();
    const rebuilt = await content.context(vegas);
    expect(rebuilt).not.toBe(first);
    expect(rebuilt.places.map((p) => p.id)).toEqual(first.places.map((p) => p.id));
  }, 120_000);
});
