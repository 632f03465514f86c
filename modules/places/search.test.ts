/** Place search by title: the trigram index inside the city's window, a minimum length, capped answers. */
import { describe, expect, test } from "bun:test";
import { testApp } from "../../src/testing";

const { request } = await testApp();
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
