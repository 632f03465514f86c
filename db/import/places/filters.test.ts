import { describe, expect, test } from "bun:test";
import { brandOf, dissolvedChain, farmersMarketEnded, junkReason, NHPA_DAY_ONE, notability, repeatedChain, REPEATED } from "./filters";
import { categoryFromOsmTags } from "./osm-tags";
import { categoryFromOverture } from "./overture";
import { imlsMuseums } from "./sources/imls-museums";
import { usdaFarmersMarkets } from "./sources/usda-farmers-markets";
import { wofSimplegeo } from "./sources/wof";
import type { Dataset, PlaceInput } from "./types";

/** Real rows of a bundled dataset, by source id, with the filter's verdict. */
async function verdicts(dataset: Dataset, state: string): Promise<Map<string, { place: PlaceInput; reason: string | null }>> {
  const out = new Map<string, { place: PlaceInput; reason: string | null }>();
  for await (const r of dataset.read(state) as AsyncIterable<any>) if (!("skip" in r)) out.set(r.sourceId, { place: r, reason: junkReason(r) });
  return out;
}

describe("junk filters on real rows", async () => {
  const wofNv = await verdicts(wofSimplegeo, "NV");
  const wofSd = await verdicts(wofSimplegeo, "SD");
  const reason = (m: typeof wofNv, id: string) => {
    expect(m.has(id)).toBe(true);
    return m.get(id)!.reason;
  };

  test("kinds no traveller looks for: appliances, furniture, mobile homes, computers", () => {
    expect(wofNv.get("203156813")!.place.title).toBe("General Sales Appliances");
    expect(reason(wofNv, "203156813")).toBe("kind no traveller looks for");
    expect(reason(wofNv, "203156425")).toBe("kind no traveller looks for"); // Michael's Furniture
    expect(reason(wofSd, "370970967")).toBe("kind no traveller looks for"); // Winner Mobile Homes Inc
    expect(reason(wofSd, "370972941")).toBe("kind no traveller looks for"); // Green Hill Computers
  });

  test("organisation-like names among lodging, food and stores", () => {
    expect(wofNv.get("203151543")!.place).toMatchObject({ title: "Trendwest Resorts Inc", categoryId: 11 });
    expect(reason(wofNv, "203151543")).toBe("organisation-like name");
    expect(reason(wofNv, "203155759")).toBe("organisation-like name"); // Abeautalia LLC
  });

  test("PO-box addresses: museums that are only a mailbox", async () => {
    const imls = await verdicts(imlsMuseums, "NV");
    expect(imls.get("8403200045")!.place.address).toMatch(/^Po Box/i);
    expect(reason(imls, "8403200045")).toBe("PO-box address (no site to visit)");
    // A museum with a street address stays.
    const kept = [...imls.values()].filter((v) => v.reason === null);
    expect(kept.length).toBeGreaterThan(100);
    expect(kept.every((v) => !/box/i.test(v.place.address ?? ""))).toBe(true);
  });

  test("chains known to be closed (name-suggestion-index's dissolved brands)", () => {
    expect(wofNv.get("203311195")!.place.title).toBe("Shopko");
    expect(reason(wofNv, "203311195")).toBe("chain known to be closed");
    expect(reason(wofSd, "371044501")).toBe("chain known to be closed"); // "Shopko Store 022"
    expect(dissolvedChain("Starbucks")).toBeNull();
  });

  test("children's camps are not lodging", () => {
    expect(wofNv.get("219854485")!.place).toMatchObject({ title: "Kids Camp", categoryId: 11 });
    expect(reason(wofNv, "219854485")).toBe("children's camp, not lodging");
  });

  test("farmers markets whose only season ended before 2021", async () => {
    const markets = await verdicts(usdaFarmersMarkets, "NV");
    expect(markets.get("1012280")!.place.title).toBe("39 North Marketplace"); // 06/09/2016 to 08/18/2016
    expect(reason(markets, "1012280")).toBe("farmers market whose only season ended before 2021");
    // "June to September" names no year: nothing says it ended, it stays.
    expect(reason(markets, "1004414")).toBeNull();
    expect(farmersMarketEnded({ kind: "farmers market", description: "Schedule: 05/01/2019 to 10/01/2022 Sat." })).toBeNull();
  });

  test("ordinary places stay", () => {
    const kept = [...wofNv.values()].filter((v) => v.reason === null);
    expect(kept.length).toBeGreaterThan(15_000);
    expect(kept.some((v) => v.place.title === "Golden Nugget Hotel & Casino")).toBe(true);
  });
});

describe("brands (name-suggestion-index extract)", () => {
  test("a chain's branches are brands; independent names are not", () => {
    expect(brandOf("Burger King")).toBe("burger king");
    expect(brandOf("Starbucks Coffee")).toBe("starbucks");
    expect(brandOf("Papa John's Pizza")).toBe("papa john s");
    expect(brandOf("Best Western Inn")).toBe("best western");
    expect(brandOf("Tacos Mexico")).toBeNull();
    expect(brandOf("Blue Hydrangea")).toBeNull();
  });
});

describe("the chain rule: a name the bundled business data repeats across states (decision 035)", async () => {
  const wofNv = await verdicts(wofSimplegeo, "NV");
  test("closed chains no dataset marks as closed — Circuit City, Borders, Waldenbooks — are chains by their real rows", () => {
    expect(REPEATED).toEqual({ locations: 10, states: 5 });
    for (const [id, title] of [["219366725", "Circuit City"], ["354353731", "Borders"], ["203267971", "Waldenbooks"]] as const) {
      expect(wofNv.get(id)?.place.title).toBe(title);
      // Not in the name-suggestion-index, not dissolved there: only the repeated name tells.
      expect(dissolvedChain(title)).toBeNull();
      expect(repeatedChain(title), title).not.toBeNull();
      expect(brandOf(title, wofNv.get(id)!.place.categoryId), title).not.toBeNull();
    }
    expect(brandOf("Borders Books & Music", 12)).toBe("borders books and music");
    // The dump's spelling of a living chain the index knows under another one.
    expect(brandOf("Mc Donald's", 10)).not.toBeNull();
  });
  test("independent names stay local; a history place or museum is never a chain by this rule; index brands count as before", () => {
    const local = [...wofNv.values()].filter((v) => v.reason === null && (v.place.categoryId === 10 || v.place.categoryId === 12));
    const chains = local.filter((v) => repeatedChain(v.place.title));
    // Most of the dump's food and stores are independent; the rule marks a minority.
    expect(chains.length).toBeGreaterThan(200);
    expect(chains.length / local.length).toBeLessThan(0.15);
    for (const title of ["Hattitude", "Lillie's Noodle House", "Tacos Mexico", "Golden Nugget"]) expect(brandOf(title, 10), title).toBeNull();
    expect(brandOf("Depot", 8)).toBeNull();
    expect(brandOf("Depot", 12)).toBe("depot");
    expect(repeatedChain("Starbucks Coffee")).toBeNull(); // an index brand: counted as one, not by this rule
    expect(brandOf("Starbucks Coffee", 10)).toBe("starbucks");
  });
});

describe("casinos (issue 11: Las Vegas)", () => {
  test("an OSM resort casino is a casino hotel, a plain casino an activity; Overture's casino categories map the same way", () => {
    expect(categoryFromOsmTags({ tourism: "hotel", amenity: "casino", name: "X" })).toEqual({ categoryId: 11, kind: "casino hotel" });
    expect(categoryFromOsmTags({ tourism: "hotel", name: "X" })).toEqual({ categoryId: 11, kind: "hotel" });
    expect(categoryFromOsmTags({ amenity: "casino", name: "X" })).toEqual({ categoryId: 9, kind: "casino" });
    expect(categoryFromOverture("casino")).toEqual({ categoryId: 9, kind: "casino" });
    expect(categoryFromOverture("casino_hotel")).toEqual({ categoryId: 11, kind: "casino hotel" });
  });
  test("a casino is a sight: a casino hotel scores like a casino, above a plain hotel", () => {
    const hotel = { categoryId: 11, kind: "hotel", title: "X", sources: [{ source: "osm" }] };
    expect(notability({ ...hotel, kind: "casino hotel" })).toBe(notability({ ...hotel, categoryId: 9, kind: "casino" }));
    expect(notability({ ...hotel, kind: "casino hotel" })).toBeGreaterThan(notability(hotel));
  });
});

describe("notability", () => {
  const base = { categoryId: 9, kind: "museum", title: "X", sources: [{ source: "imls-museums" }] };
  test("an art museum outranks a historical-society office; organisation names and PO boxes go below zero", () => {
    const art = notability({ ...base, tags: { discipline: "ART" } });
    const society = notability({ ...base, categoryId: 8, title: "Preservation Society", tags: { discipline: "HSC" } });
    expect(art).toBeGreaterThan(society);
    expect(society).toBeLessThan(1);
    expect(notability({ ...base, title: "Arizona Humane Society" })).toBeLessThan(1);
    expect(notability({ ...base, title: "Friends of Charleston Hei" })).toBeLessThan(1); // a support group (IMLS, Las Vegas)
    expect(notability({ ...base, address: "PO Box 4" })).toBeLessThan(1);
  });
  test("independent sources and a Wikipedia article add up; a further heritage list adds less than another family", () => {
    const one = notability({ ...base, kind: "historic site", categoryId: 8, sources: [{ source: "nys-national-register" }] });
    const heritageOnly = notability({ ...base, kind: "historic site", categoryId: 8, sources: [{ source: "nys-national-register" }, { source: "nyc-landmarks" }] });
    const museumToo = notability({ ...base, kind: "historic site", categoryId: 8, sources: [{ source: "nys-national-register" }, { source: "imls-museums" }] });
    expect(heritageOnly).toBe(one + 1);
    expect(museumToo).toBeGreaterThan(heritageOnly);
    expect(notability({ ...base, kind: "historic site", categoryId: 8, sources: [{ source: "historic-wikipedia" }] })).toBeGreaterThan(one);
  });
  const site = { ...base, kind: "historic site", categoryId: 8, sources: [{ source: "nys-national-register" }] };
  test("a National Register listing of 15 October 1966 (the pre-1966 National Historic Landmarks) or a lead naming one lifts a place", () => {
    const listed = notability({ ...site, tags: { nrListed: "1982-11-17" } });
    expect(notability({ ...site, tags: { nrListed: NHPA_DAY_ONE } })).toBeGreaterThan(listed);
    expect(notability({ ...site, tags: { nationalLandmark: "yes" } })).toBeGreaterThan(listed);
  });
  test("a long Wikipedia lead adds to a short one; a private house ranks below a site; a statue below an attraction", () => {
    const wiki = { ...site, sources: [{ source: "historic-wikipedia" }] };
    expect(notability({ ...wiki, tags: { leadLength: "850" } })).toBeGreaterThan(notability({ ...wiki, tags: { leadLength: "180" } }));
    expect(notability({ ...wiki, kind: "historic house" })).toBeLessThan(notability(wiki));
    const osm = { ...base, sources: [{ source: "osm-monuments" }] };
    expect(notability({ ...osm, kind: "statue" })).toBeLessThan(notability({ ...osm, kind: "attraction" }));
  });
  test("OSM's tourism value counts; a skyscraper is a sight only when three heritage lists name it", () => {
    const osm = { categoryId: 9, kind: "attraction", title: "X", sources: [{ source: "osm-city-extracts" }] };
    expect(notability({ ...osm, tags: { tourism: "attraction" } })).toBe(notability(osm) + 2);
    const tower = { categoryId: 8, kind: "skyscraper", title: "X", sources: [{ source: "historic-wikipedia" }] };
    const site = { ...tower, kind: "historic site" };
    expect(notability(tower)).toBe(notability(site));
    const listed = [{ source: "historic-wikipedia" }, { source: "nys-national-register" }, { source: "nyc-landmarks" }];
    expect(notability({ ...tower, sources: listed })).toBe(notability({ ...site, sources: listed }) + 3);
  });
});
