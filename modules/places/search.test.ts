/** Place search by title: the trigram index inside the city's window, a minimum length, capped answers. */
import { describe, expect, test } from "bun:test";
import { boxAround } from "../../src/geo";
import { testApp } from "../../src/testing";
import { MAX_MATCHES, titleMatches } from "./search";
import { SearchWindows } from "./search-windows";

const { request, database, cityIndex, places } = await testApp();
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
    // Near a city or not, the search reads at most `limit` places in full.
    expect((await titleMatches(database.client, "museum", 3)).map((r) => r.id)).toEqual(
      (body as Array<{ id: number }>).map((p) => p.id),
    );
  });
});

describe("a city's window of place ids (searches after the first)", () => {
  const city = cityIndex.find("Las Vegas", "NV")!;
  const texts = ["museum", "neon", "coffee", "park", "the", "ing", "spri", "casino", "café", "zzqx"];
  const search = (text: string, windows?: SearchWindows) =>
    titleMatches(database.client, text, 20, {
      centre: city,
      radius: 25,
      window: windows && ((box, now) => windows.window("las-vegas", box, now)),
    }).then((rows) => rows.map((r) => `${r.id} ${r.title}`));

  test("a city's first search (each match's coordinates read) and its later ones (the window) give the same places in the same order", async () => {
    const windows = new SearchWindows(database.client);
    await search("museum", windows); // the city's first search: no window yet
    let found = 0;
    for (const text of texts) {
      const first = await search(text, new SearchWindows(database.client));
      expect({ text, windowed: await search(text, windows) }).toEqual({ text, windowed: first });
      found += first.length;
    }
    expect(found).toBeGreaterThan(50);
  });

  test("a place exactly on the window's edge is found, one just past it is not, and a new place shows after clear()", async () => {
    const windows = new SearchWindows(database.client);
    await search("zzqx", windows);
    expect(await search("zzqx", windows)).toEqual([]); // the window is built now, before the places below exist
    const edge = boxAround(city.latitude, city.longitude, 25).maxLng;
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

  test("a common text whose first 5,000 matches lie elsewhere still finds the city's own place, on its first search and after", async () => {
    // 5,001 matches five degrees south, stored before the one in Las Vegas: in id order the city's comes last,
    // past the cap of matches read (as a city of a state imported after many others).
    const insert = `INSERT INTO places (source, source_id, licence, sources, category_id, kind, title, title_key, state_code, latitude, longitude, quality, updated_at)`;
    await database.client.execute({
      sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
            ${insert} SELECT 'test', 'zzcap-' || i, 'CC0', '[]', 9, 'gallery', 'Zzcap Hall ' || i, 'zzcap hall ' || i, 'NV', ?, ?, 1, 0 FROM n`,
      args: [MAX_MATCHES + 1, city.latitude - 5, city.longitude],
    });
    await database.client.execute({
      sql: `${insert} VALUES ('test', 'zzcap-city', 'CC0', '[]', 9, 'gallery', 'Zzcap Hall Downtown', 'zzcap hall downtown', 'NV', ?, ?, 1, 0)`,
      args: [city.latitude, city.longitude],
    });
    places.invalidate(); // what an import does
    try {
      const windows = new SearchWindows(database.client);
      for (const round of ["first", "later"])
        expect({ round, found: (await search("zzcap hall", windows)).map((r) => r.replace(/^\d+ /, "")) }).toEqual({
          round,
          found: ["Zzcap Hall Downtown"],
        });
      for (const limit of [5, 6]) {
        const { status, body } = await get(`/api/places/search?q=zzcap%20hall&${LAS_VEGAS}&limit=${limit}`);
        expect({ limit, status, titles: body.map((p: { title: string }) => p.title) }).toEqual({
          limit,
          status: 200,
          titles: ["Zzcap Hall Downtown"],
        });
      }
    } finally {
      await database.client.execute("DELETE FROM places WHERE source = 'test' AND source_id LIKE 'zzcap-%'");
      places.invalidate();
    }
  });
});
