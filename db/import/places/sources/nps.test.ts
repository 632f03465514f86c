import { describe, expect, test } from "bun:test";
import { CATEGORY, type PlaceInput, type ReadResult } from "../types";
import { creditAllowsUse, npsCategory, npsUnits } from "./nps";

async function placesOf(stateCode: string): Promise<PlaceInput[]> {
  const out: PlaceInput[] = [];
  for await (const r of npsUnits.read(stateCode) as AsyncIterable<ReadResult>) if (!("skip" in r)) out.push(r);
  return out;
}

describe("NPS units", () => {
  test("Independence NHP is a Pennsylvania history place with its 2025 visits and nps.gov link", async () => {
    const pa = await placesOf("PA");
    const inde = pa.find((p) => p.sourceId === "inde")!;
    expect(inde.title).toBe("Independence National Historical Park");
    expect(inde.categoryId).toBe(CATEGORY.history);
    expect(inde.website).toBe("https://www.nps.gov/inde/");
    expect(inde.tags?.npsVisits).toBe("1926580");
    expect(inde.tags?.npsDesignation).toBe("National Historical Park");
  });

  test("the Statue of Liberty is New York's (its point, not the nearest town's state), names in title case", async () => {
    const ny = await placesOf("NY");
    expect(ny.find((p) => p.sourceId === "stli")?.title).toBe("Statue of Liberty National Monument");
    expect((await placesOf("NJ")).some((p) => p.sourceId === "stli")).toBe(false);
  });

  test("a National Park carries the NPS description and a photo whose credit names the NPS", async () => {
    const mo = await placesOf("MO");
    const arch = mo.find((p) => p.sourceId === "jeff")!;
    expect(arch.categoryId).toBe(CATEGORY.activities);
    expect(arch.description).toStartWith("Gateway Arch National Park commemorates");
    if (arch.imageUrl) expect(creditAllowsUse(arch.tags?.imageCredit ?? null)).toBe(true);
  });

  test("every unit is read once across the states; photos only with an NPS or public-domain credit", async () => {
    const { US_STATES } = await import("../../../../src/domain/states");
    const codes: string[] = [];
    for (const state of Object.keys(US_STATES))
      for (const p of await placesOf(state)) {
        codes.push(p.sourceId);
        if (p.imageUrl) expect(creditAllowsUse(p.tags?.imageCredit ?? null)).toBe(true);
      }
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(440);
  }, 60_000); // reads the two small files once per state (52 reads)

  test("designations: historic ones are history, parks and seashores activities", () => {
    expect(npsCategory("National Historic Site", "Fort Scott")).toBe(CATEGORY.history);
    expect(npsCategory("National Seashore", "Cape Cod")).toBe(CATEGORY.activities);
    expect(npsCategory("Park Unit", "Frederick Douglass House")).toBe(CATEGORY.history);
    expect(creditAllowsUse("Tim Hauf, timhaufphotography.com")).toBe(false);
    expect(creditAllowsUse("NPS Photo / Neal Lewis")).toBe(true);
  });
});
