import { describe, expect, test } from "bun:test";
import { testApp } from "../../src/testing";

const { request } = await testApp();
const search = async (query: string) => {
  const response = await request(`/api/cities/search?${query}`);
  return { status: response.status, body: (await response.json()) as any };
};

describe("GET /api/cities/search", () => {
  test("q=spring returns 10 suggestions with the contract's fields", async () => {
    const { status, body } = await search("q=spring");
    expect(status).toBe(200);
    expect(body).toHaveLength(10);
    for (const city of body) {
      expect(city.name.toLowerCase()).toStartWith("spring");
      expect(Object.keys(city)).toEqual(
        expect.arrayContaining(["name", "state", "stateCode", "population", "displayName", "latitude", "longitude"]),
      );
      expect(city.displayName).toBe(`${city.name}, ${city.stateCode}`);
    }
  });

  test("'springfield, mo' (comma kept intact) puts Springfield MO first", async () => {
    const { body } = await search(`q=${encodeURIComponent("springfield, mo")}`);
    expect(body[0]).toMatchObject({ name: "Springfield", stateCode: "MO", state: "Missouri" });
  });

  test("q=pittsburg includes Pittsburgh PA", async () => {
    const { body } = await search("q=pittsburg");
    expect(body.some((c: any) => c.name === "Pittsburgh" && c.stateCode === "PA")).toBe(true);
  });

  test("large cities say their population is an urban-area figure", async () => {
    const { body } = await search("q=chicago&limit=1");
    expect(body[0]).toMatchObject({ name: "Chicago", populationIsUrbanArea: true });
  });

  test("limit is clamped to 1…10", async () => {
    expect((await search("q=spring&limit=500")).body.length).toBe(10);
    expect((await search("q=spring&limit=0")).body.length).toBe(1);
    expect((await search("q=spring&limit=3")).body.length).toBe(3);
  });

  test("empty or missing q is 400 with a clear message in the error shape", async () => {
    for (const query of ["q=", "q=%20%20", ""]) {
      const { status, body } = await search(query);
      expect(status).toBe(400);
      expect(body.message).toContain("q is required");
      expect(body.errors.q).toHaveLength(1);
    }
  });

  test("q over 100 characters is 400", async () => {
    const { status, body } = await search(`q=${"a".repeat(101)}`);
    expect(status).toBe(400);
    expect(body.errors.q[0]).toContain("100 characters");
    expect((await search(`q=${"a".repeat(100)}`)).status).toBe(200);
  });

  test("every bad field is reported at once", async () => {
    const { status, body } = await search("q=&limit=lots");
    expect(status).toBe(400);
    expect(Object.keys(body.errors).sort()).toEqual(["limit", "q"]);
  });
});
