/** Place search by title: the trigram index inside the city's window, a minimum length, capped answers. */
import { describe, expect, test } from "bun:test";
import { testApp } from "../../src/testing";
import { titleMatches } from "./search";
import { SearchWindows } from "./search-windows";

const { request, database, cityIndex } = await testApp();
const get = async (path: string) => {
  const response = await request(path);
  return { status: response.status, body: (await response.json()) as any };
};
const LAS_VEGAS = "city=Las%20Vegas&state=NV";

describe("place search", () => {
  test("fewer than three characters: 400 with a field message (a one-letter search read every title of a state)", async () => {
    for (const q of ["m", "mu", "%20m%20"]) {
      const { status, body } = await get(`/api/places/search?q=${q}&${LAS_VEGAS}`);
      expect({ q, status }).toEqual({ q, status: 400 });
      expect(body.errors.q).toEqual(["Type at least 3 characters to search places."]);
    }
  });

  test("finds titles holding the text in any case, nearest first within 25 miles, at most `limit`", async () => {
    const { status, body } = await get(`/api/places/search?q=nEoN%20mUsEuM&${LAS_VEGAS}`);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    for (const place of body) expect(place.title.toLowerCase()).toContain("neon museum");
    const many = (await get(`/api/places/search?q=museum&${LAS_VEGAS}&limit=5`)).body as any[];
    expect(many.length).toBe(5);
    const distances = many.map((p) => p.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(25);
    for (const place of many) expect(place.title.toLowerCase()).toContain("museum");
  });

  test("search syntax in the text is matched literally, never an error", async () => {
    for (const q of ['"neon', "museum*", "a OR b", "NEAR(x y)", "x\"'; --", "^abc", "(((("]) {
      const { status, body } = await get(`/api/places/search?q=${encodeURIComponent(q)}&${LAS_VEGAS}`);
      expect({ q, status }).toEqual({ q, status: 200 });
      for (const place of body) expect(place.title.toLowerCase()).toContain(q.toLowerCase());
    }
  });

  test("without a city: the best matches across imported places, capped", async () => {
    await get(`/api/places/search?q=museum&${LAS_VEGAS}`); // Nevada imported
    const { status, body } = await get("/api/places/search?q=museum&limit=3");
    expect(status).toBe(200);
    expect(body.length).toBe(3);
    for (const place of body) expect(place.title.toLowerCase()).toContain("museum");
  });
});

describe("a city's window of place ids (searches after the first)", () => {
  const city = cityIndex.find("Las Vegas", "NV")!;
  const texts = ["museum", "neon", "coffee", "park", "the", "ing", "spri", "casino", "café", "zzqx"];
  const search = (text: string, windows?: SearchWindows) =>
    titleMatches(database.client, text, 20, {
      centre: city,
      radius: 25,
      window: windows && ((box) => windows.ids("las-vegas", box)),
    }).then((rows) => rows.map((r) => `${r.id} ${r.title}`));

  test("answers what reading each match's coordinates answers: the same places in the same order", async () => {
    const windows = new SearchWindows(database.client);
    await search("museum", windows); // the city's first search: no window yet
    let found = 0;
    for (const text of texts) {
      const direct = await search(text);
      expect({ text, windowed: await search(text, windows) }).toEqual({ text, windowed: direct });
      found += direct.length;
    }
    expect(found).toBeGreaterThan(50);
  });

  test("a place exactly on the window's edge is found, one just past it is not, and a new place shows after clear()", async () => {
    const windows = new SearchWindows(database.client);
    await search("zzqx", windows);
    expect(await search("zzqx", windows)).toEqual([]); // the window is built now, before the places below exist
    const edge = city.longitude + 25 / (69.172 * Math.cos((city.latitude * Math.PI) / 180));
    for (const [title, longitude] of [
      ["Zzqx Edge Gallery", edge],
      ["Zzqx Past Edge Gallery", edge + 1e-9],
    ] as const)
      await database.client.execute({
        sql: `INSERT INTO places (source, source_id, licence, sources, category_id, kind, title, title_key, state_code, latitude, longitude, quality, updated_at)
              VALUES ('test', ?, 'CC0', '[]', 9, 'gallery', ?, ?, 'NV', ?, ?, 1, 0)`,
        args: [title, title, title.toLowerCase(), city.latitude, longitude],
      });
    expect(await search("zzqx", windows)).toEqual([]); // the window was built before them
    windows.clear(); // what PlacesService.invalidate() does when places change
    expect((await search("zzqx", windows)).map((r) => r.replace(/^\d+ /, ""))).toEqual(["Zzqx Edge Gallery"]);
    expect(await search("zzqx")).toEqual(await search("zzqx", windows));
    await database.client.execute("DELETE FROM places WHERE source = 'test' AND title LIKE 'Zzqx%'");
  });
});
