import { describe, expect, test, setDefaultTimeout } from "bun:test";
import { CATEGORY, type Dataset, type PlaceInput } from "../types";
import { shareCsvReads } from "../util";
import { dcOpenData } from "./dc-open-data";
import { gnisNature } from "./gnis-nature";
import { imlsLibraries } from "./imls-libraries";
import { openBreweryDb } from "./openbrewerydb";
import { classifyFclass, osmCityExtracts } from "./osm-city-extracts";
import { monumentKind, osmMonuments, shorten } from "./osm-monuments";
import { fixMojibake, usdaFarmersMarkets } from "./usda-farmers-markets";
import { splitContact, wikivoyageDo } from "./wikivoyage-do";

// These tests read whole nationwide files (GNIS is the largest): 1–7 s each while the rest of `npm test` runs.
setDefaultTimeout(120_000);

/**
 * Each reader against its bundled file: a few known rows → the exact PlaceInput fields, junk rows → a skip
 * reason, and the per-state filter. Counts are of the bundled (frozen) files.
 */

interface Read {
  places: Map<string, PlaceInput>;
  list: PlaceInput[];
  skips: Record<string, number>;
}

const cache = new Map<string, Promise<Read>>();

/**
 * The states this file reads of each dataset: they are read together, in one shared pass over the file (as the
 * background import's split does), instead of one pass each. A state not listed is read on its own.
 */
const STATES_READ = new Map<Dataset, string[]>([
  [openBreweryDb, ["NV", "DC"]],
  [usdaFarmersMarkets, ["NV", "DC", "IL"]],
  [imlsLibraries, ["NV", "AL", "DC"]],
  [osmMonuments, ["NV", "PA", "NY", "CA", "NJ"]],
  [wikivoyageDo, ["NV", "NY", "MO", "KS", "WA", "OH", "MD"]],
  [osmCityExtracts, ["NV", "DC", "CA"]],
  [dcOpenData, ["DC", "NV"]],
  [gnisNature, ["NV", "DC"]],
]);

/** One shared pass at a time (shareCsvReads runs one). */
let passes: Promise<unknown> = Promise.resolve();

function read(dataset: Dataset, stateCode: string): Promise<Read> {
  const key = (code: string) => `${dataset.key}:${code}`;
  if (!cache.has(key(stateCode))) {
    const states = [...new Set([stateCode, ...(STATES_READ.get(dataset) ?? [])])].filter(
      (code) => !cache.has(key(code)),
    );
    const reads = states.map(() => Promise.withResolvers<Read>());
    // A failed read fails the test that awaits it, not whichever test runs when it is rejected.
    for (const r of reads) r.promise.catch(() => {});
    states.forEach((code, i) => {
      cache.set(key(code), reads[i]!.promise);
    });
    passes = passes
      .then(() =>
        shareCsvReads(states.length, (finished) =>
          Promise.all(
            states.map(async (code, i) => {
              const out: Read = { places: new Map(), list: [], skips: {} };
              try {
                for await (const r of dataset.read(code)) {
                  if ("skip" in r) out.skips[r.skip] = (out.skips[r.skip] ?? 0) + 1;
                  else {
                    out.list.push(r);
                    out.places.set(r.sourceId, r);
                  }
                }
                reads[i]!.resolve(out);
              } catch (error) {
                reads[i]!.reject(error);
              } finally {
                finished();
              }
            }),
          ),
        ),
      )
      .catch(() => {}); // a failed pass fails its reads (above); the next pass still runs
  }
  return cache.get(key(stateCode))!;
}

const place = async (dataset: Dataset, stateCode: string, sourceId: string) => {
  const p = (await read(dataset, stateCode)).places.get(sourceId);
  expect(p, `${dataset.key} ${stateCode} ${sourceId}`).toBeDefined();
  return p!;
};

const CATEGORY_IDS = new Set<number>(Object.values(CATEGORY));

const CONTRACT_STATES: [Dataset, string[]][] = [
  [openBreweryDb, ["NV", "DC"]],
  [usdaFarmersMarkets, ["NV", "DC"]],
  [imlsLibraries, ["NV", "AL"]],
  [osmMonuments, ["NV", "PA"]],
  [wikivoyageDo, ["NV", "NY"]],
  [osmCityExtracts, ["NV", "DC"]],
  [dcOpenData, ["DC"]],
  [gnisNature, ["NV", "DC"]],
];

/** What is wrong with one yielded place, if anything. */
function problems(p: PlaceInput, key: string, stateCode: string): string[] {
  const out: string[] = [];
  if (p.source !== key) out.push(`source ${p.source}`);
  if (p.stateCode !== stateCode) out.push(`state ${p.stateCode}`);
  if (!p.sourceId) out.push("no sourceId");
  if (!p.title || p.title.trim() !== p.title) out.push(`title ${JSON.stringify(p.title)}`);
  if (!/^[a-z][a-z '&-]*$/.test(p.kind)) out.push(`kind ${p.kind}`);
  if (!CATEGORY_IDS.has(p.categoryId)) out.push(`category ${p.categoryId}`);
  if (!(p.latitude > 17 && p.latitude < 72 && p.longitude < -64 && p.longitude > -180))
    out.push(`coords ${p.latitude},${p.longitude}`);
  if (p.openingHours) out.push("openingHours set"); // none of these files has OSM-syntax hours
  if (p.website && !/^https?:\/\/[^/\s]+\.[^/\s]+/.test(p.website)) out.push(`website ${p.website}`);
  if (p.zip && !/^\d{5}$/.test(p.zip)) out.push(`zip ${p.zip}`);
  return out.map((m) => `${p.sourceId}: ${m}`);
}

describe.each(CONTRACT_STATES.map(([d, states]) => [d.key, d, states] as const))(
  "%s contract",
  (_key, dataset, states) => {
    test.each(states)("%s: every place is well-formed, ids unique, skip reasons short and few", async (stateCode) => {
      const { list, places, skips } = await read(dataset, stateCode);
      expect(list.length).toBeGreaterThan(0);
      expect(places.size).toBe(list.length); // sourceIds unique within a state
      expect(list.flatMap((p) => problems(p, dataset.key, stateCode)).slice(0, 10)).toEqual([]);
      const reasons = Object.keys(skips);
      expect(reasons.length).toBeLessThanOrEqual(10);
      for (const reason of reasons) expect(reason.length).toBeLessThan(45);
    });
  },
);

test("datasets carry licence and attribution, nationwide unless the file is one state's", () => {
  expect(
    [openBreweryDb, usdaFarmersMarkets, imlsLibraries, osmMonuments, wikivoyageDo, osmCityExtracts, gnisNature].every(
      (d) => d.states === "all",
    ),
  ).toBe(true);
  expect(dcOpenData.states).toEqual(["DC"]);
  expect(openBreweryDb.licence).toBe("MIT");
  expect(osmMonuments.licence).toBe("ODbL-1.0");
  expect(osmCityExtracts.attribution).toBe("© OpenStreetMap contributors");
  expect(wikivoyageDo.licence).toBe("CC BY-SA 3.0");
  expect(dcOpenData.licence).toBe("CC BY 4.0");
  expect(gnisNature.attribution).toBe("U.S. Geological Survey GNIS");
});

describe("openbrewerydb", () => {
  test("brewery_type → kind, address lines, phone, website, ZIP+4 cut to 5 digits", async () => {
    const matties = await place(openBreweryDb, "NV", "0686cabe-b090-4b23-a821-2ae7c08c49c0");
    expect(matties).toMatchObject({
      categoryId: CATEGORY.food,
      kind: "beer bar",
      title: "Matties",
      address: "2535 Mountain City Hwy",
      city: "Elko",
      zip: "89801",
      phone: "(775) 753-5100",
      website: "http://www.mattiesbar-n-grill.com/",
      latitude: 40.836405,
      longitude: -115.793393,
      stateCode: "NV",
    });
    const bluejacket = await place(openBreweryDb, "DC", "2b6bb7e5-a528-4387-a970-0be422a7afcc");
    expect(bluejacket).toMatchObject({
      kind: "brewpub",
      title: "Bluejacket",
      address: "300 Tingey St SE",
      phone: "(202) 524-4862",
      stateCode: "DC",
    });
    expect((await place(openBreweryDb, "DC", "ddca4439-e425-4bf9-9944-3033551d7e76")).kind).toBe("taproom");
  });

  test("closed, planning, contract brewers and rows without coordinates are skipped", async () => {
    const dc = await read(openBreweryDb, "DC");
    expect(dc.skips.closed).toBe(7);
    expect(dc.places.has("bd8b76ca-a70a-4363-96cb-24f1d0118a74")).toBe(false); // 3 Stars Brewing, closed
    expect(dc.places.has("2682641e-3fa6-4700-b9ed-87ded91e1ca5")).toBe(false); // contract
    const nv = await read(openBreweryDb, "NV");
    expect(nv.skips).toEqual({ "no coordinates": 15, "not open yet": 5, "no public taproom (contract brewer)": 3 });
    expect(nv.places.has("303f1b38-dfab-4cd8-83ef-853d4a0c0401")).toBe(false); // Shoe Tree Brewing: no coordinates
    // The full state name column is matched to the code: no Nevada row leaks into DC.
    expect(dc.places.has("0686cabe-b090-4b23-a821-2ae7c08c49c0")).toBe(false);
  });
});

describe("usda-farmers-markets", () => {
  test("description only from products and schedule; payment → amenities; facebook as the website", async () => {
    const market = await place(usdaFarmersMarkets, "DC", "1008071");
    expect(market).toMatchObject({
      categoryId: CATEGORY.stores,
      kind: "farmers market",
      title: "14&U Farmers' Market",
      address: "1400 U Street NW",
      city: "Washington",
      zip: "20009",
      website: "https://www.facebook.com/14UFarmersMarket",
      latitude: 38.9169984,
      longitude: -77.0320505,
      stateCode: "DC",
    });
    expect(market.description).toBe(
      "Products: organic products, baked goods, cheese, flowers, eggs, herbs, vegetables, honey, jams, meat, nuts, plants, poultry, beans, fruits, grains, juices. " +
        "Schedule: 05/03/2014 to 11/22/2014 Sat: 9:00 AM-1:00 PM.",
    );
    expect(market.openingHours ?? null).toBeNull();
    expect(market.amenities).toEqual([
      "accepts credit cards",
      "accepts WIC",
      "accepts WIC cash-value vouchers",
      "accepts SFMNP coupons",
      "accepts SNAP",
    ]);
  });

  test("rows with neither products nor schedule get no description at all", async () => {
    const { list } = await read(usdaFarmersMarkets, "NV");
    const bare = list.filter((p) => !p.description);
    expect(bare.length).toBeGreaterThan(0);
    for (const p of list) if (p.description) expect(p.description).toMatch(/^(Products: [^.]+\.)?( ?Schedule: .+\.)?$/);
  });

  test("mis-decoded punctuation is repaired and ALL-CAPS names title-cased", async () => {
    expect(fixMojibake("CORNWALL FARMERSäó» MARKET")).toBe("CORNWALL FARMERS' MARKET");
    expect(fixMojibake("Doí±a Ana")).toBe("Doña Ana");
    const { list } = await read(usdaFarmersMarkets, "DC");
    for (const p of list) expect(p.title).not.toMatch(/äó|Œæ|í[±©ç_]/);
  });

  test("a market without coordinates is skipped", async () => {
    const il = await read(usdaFarmersMarkets, "IL");
    expect(il.skips).toEqual({ "no coordinates": 1 });
    expect(il.places.has("2000030")).toBe(false);
  });
});

describe("imls-libraries", () => {
  test("ALL-CAPS outlet → title-cased place with phone and outlet type", async () => {
    const library = await place(imlsLibraries, "NV", "NV0003-01");
    expect(library).toMatchObject({
      categoryId: CATEGORY.activities,
      kind: "library",
      title: "Boulder City Library",
      address: "701 Adams Boulevard",
      city: "Boulder City",
      zip: "89005",
      phone: "(702) 293-1281",
      latitude: 35.96906,
      longitude: -114.829,
      stateCode: "NV",
    });
    expect(library.tags).toMatchObject({ outlet: "central library", publicHoursPerYear: "3038" });
  });

  test("quadrants stay upper case in addresses", async () => {
    const dc = await read(imlsLibraries, "DC");
    const anacostia = dc.list.find((p) => p.title === "Anacostia Neighborhood Library");
    expect(anacostia?.address).toBe("1800 Good Hope Road, SE");
  });

  test("ids shared by two libraries are not used; 0-hour system offices are skipped", async () => {
    const al = await read(imlsLibraries, "AL");
    expect(al.places.has("AL0079-003")).toBe(false); // Baldwin County Cooperative and Town Creek share it
    expect(al.places.has("BR")).toBe(false);
    const townCreek = al.list.find((p) => p.title === "Town Creek Public Library");
    expect(townCreek?.sourceId).toMatch(/^h:[0-9a-f]{16}$/);
    expect(al.list.some((p) => p.title === "Harrison Regional Library System")).toBe(false);
    expect(al.skips["no public hours"]).toBeGreaterThan(0);
    // Same hash on a second read: ids are stable.
    const again: string[] = [];
    for await (const r of imlsLibraries.read("AL"))
      if (!("skip" in r) && r.title === "Town Creek Public Library") again.push(r.sourceId);
    expect(again).toEqual([townCreek!.sourceId]);
  });
});

describe("osm-monuments", () => {
  test("memorial / artwork / historic tags → kind; start_date → since; wikidata and artist kept", async () => {
    const ca = await read(osmMonuments, "CA");
    expect(ca.places.get("node/6960892851")).toMatchObject({
      categoryId: CATEGORY.history,
      kind: "statue",
      title: '"Comfort Women" Column of Strength',
      since: "2017",
      wikidata: "Q54958600",
      latitude: 37.791812,
      longitude: -122.40446,
      stateCode: "CA",
      tags: { artist: "Steven Whyte", material: "bronze, steel", wikipedia: "en:San Francisco Comfort Women Memorial" },
    });
    expect(ca.places.get("node/6960892845")?.kind).toBe("war memorial"); // memorial=war_memorial;plaque
    const nv = await place(osmMonuments, "NV", "node/6672628554");
    expect(nv).toMatchObject({
      kind: "monument",
      title: "Nevada State Constitution Monument",
      stateCode: "NV",
      description: null,
      since: null,
    });
    expect(monumentKind("marker", "", "")).toBe("historical marker");
    expect(monumentKind("", "", "bust")).toBe("statue");
  });

  test("the inscription is the description, quoted as one; one cut at OSM's 255-character limit is marked", async () => {
    const pardee = await place(osmMonuments, "PA", "node/7244958802");
    expect(
      pardee.description!.startsWith(
        "Inscription: “On the night of July 1st this regiment lay on the northern slopeof Little Round Top",
      ),
    ).toBe(true);
    expect(pardee.description!.endsWith("…”")).toBe(true);
    expect(pardee.description!.length).toBeLessThanOrEqual(251 + "Inscription: “”".length);
    expect(shorten("short text")).toBe("short text");
    expect(shorten("word ".repeat(100).trim(), 300)).toMatch(/^(word )+word…$/);
    expect(shorten("word ".repeat(100).trim(), 300).length).toBeLessThanOrEqual(301);
  });

  test("a monument's state is the outline holding it: the Statue of Liberty (nearest city Jersey City) is New York's", async () => {
    const statue = await place(osmMonuments, "NY", "way/32965412");
    expect(statue).toMatchObject({ title: "Statue of Liberty", stateCode: "NY", wikidata: "Q9202" });
    expect((await read(osmMonuments, "NJ")).places.has("way/32965412")).toBe(false);
  });

  test("generic names (37 'gravestone' nodes in one cemetery) are skipped", async () => {
    const pa = await read(osmMonuments, "PA");
    expect(pa.skips["generic name"]).toBeGreaterThanOrEqual(37);
    expect(pa.list.some((p) => /^gravestone$/i.test(p.title))).toBe(false);
  });
});

describe("wikivoyage-do", () => {
  test("the URL/phone column becomes website and phone, not a description", async () => {
    const { list } = await read(wikivoyageDo, "NV");
    const park = list.find((p) => p.title === "Beaver Dam State Park");
    expect(park).toMatchObject({
      categoryId: CATEGORY.activities,
      kind: "activity",
      website: "http://parks.nv.gov/parks/beaver-dam",
      phone: "(775) 728-8101",
      description: null,
      latitude: 37.51,
      longitude: -114.073,
      stateCode: "NV",
    });
    expect(park!.sourceId).toMatch(/^[0-9a-f]{16}$/);
    expect(splitContact("http://www.azgfd.gov/w_c/bhsheep/index.shtml +1 928-783-7861 (Yuma office)")).toEqual({
      website: "http://www.azgfd.gov/w_c/bhsheep/index.shtml",
      phone: "(928) 783-7861",
      rest: null,
    });
    expect(splitContact("+1 928-526-0866 (Ranger District Office)").phone).toBe("(928) 526-0866");
  });

  test("a casino resort or a park's resort lodge is lodging; a ski resort, a golf resort or a bowling inn is not", async () => {
    const wa = await read(wikivoyageDo, "WA");
    expect(wa.list.find((p) => p.title === "Northern Quest Resort & Casino")).toMatchObject({
      categoryId: CATEGORY.lodging,
      kind: "resort",
    });
    const oh = await read(wikivoyageDo, "OH");
    expect(oh.list.find((p) => p.title === "Maumee Bay State Park and Resort Lodge")).toMatchObject({
      categoryId: CATEGORY.lodging,
      kind: "lodge",
    });
    expect(oh.list.find((p) => p.title === "Brandywine Ski Resort")?.categoryId).toBe(CATEGORY.activities);
    const ny = await read(wikivoyageDo, "NY");
    expect(ny.list.find((p) => p.title === "Bowl Inn")?.categoryId).toBe(CATEGORY.activities);
    const md = await read(wikivoyageDo, "MD");
    expect(md.list.find((p) => p.title === "Camp Springs Masonic Lodge")?.categoryId).toBe(CATEGORY.activities);
  });

  test("state from the state outline, not the nearest city across the line", async () => {
    expect((await read(wikivoyageDo, "MO")).list.some((p) => p.title === "Kansas City Roos")).toBe(true);
    expect((await read(wikivoyageDo, "KS")).list.some((p) => p.title === "Kansas City Roos")).toBe(false);
  });

  test("shoreline points fall back to nearest_state; Ontario listings and duplicates are skipped", async () => {
    const ny = await read(wikivoyageDo, "NY");
    expect(ny.list.some((p) => p.title === "Robert Moses State Park")).toBe(true);
    expect(ny.list.some((p) => p.title === "Shaw Festival Theatre")).toBe(false);
    expect(ny.skips["outside the US"]).toBe(6);
    const nv = await read(wikivoyageDo, "NV");
    expect(nv.skips["duplicate row"]).toBe(6);
    expect(nv.list.filter((p) => p.title === "Las Vegas Aces").length).toBe(1);
  });
});

describe("osm-city-extracts", () => {
  test("fclass → the same category and kind as other OSM sources", async () => {
    const dc = await read(osmCityExtracts, "DC");
    for (const p of dc.list) expect(p.sourceId).toMatch(/^node\/\d+$/);
    expect(classifyFclass("restaurant")).toEqual({ categoryId: CATEGORY.food, kind: "restaurant" });
    expect(classifyFclass("guesthouse")).toEqual({ categoryId: CATEGORY.lodging, kind: "guest house" });
    expect(classifyFclass("bookshop")).toEqual({ categoryId: CATEGORY.stores, kind: "books" });
    expect(classifyFclass("archaeological")).toEqual({ categoryId: CATEGORY.history, kind: "archaeological site" });
    expect(classifyFclass("lighthouse")).toEqual({ categoryId: CATEGORY.history, kind: "lighthouse" });
    expect(classifyFclass("hairdresser")).toBe("not for travellers");
    expect(classifyFclass("tourist_info")).toBe("not for travellers");
    expect(dc.list.some((p) => p.title === "Golden Scissors")).toBe(false); // a DC hairdresser
  });

  test("state from the outline: California-extract points in Nevada are Nevada's", async () => {
    const nv = await read(osmCityExtracts, "NV");
    expect(nv.places.get("node/643376863")).toMatchObject({
      categoryId: CATEGORY.food,
      kind: "restaurant",
      title: "Hard Rock Cafe",
      latitude: 38.960268,
      longitude: -119.943084,
      stateCode: "NV",
    });
    expect(nv.list.length).toBe(6);
    expect((await read(osmCityExtracts, "CA")).places.has("node/643376863")).toBe(false);
  });

  test("offshore points take the extract's state; a node under two classes is kept once", async () => {
    const ca = await read(osmCityExtracts, "CA");
    expect(ca.places.get("node/358803089")).toMatchObject({
      kind: "park",
      title: "Farallon National Wildlife Refuge",
      stateCode: "CA",
    });
    expect(ca.places.get("node/26427824")).toMatchObject({
      categoryId: CATEGORY.activities,
      kind: "attraction",
      title: "Santa Monica Pier",
      latitude: 34.009104,
      longitude: -118.497525,
    });
    // Walgreens: pharmacy (dropped) + convenience (kept); CVS: pharmacy + chemist.
    expect(ca.places.get("node/276558029")?.kind).toBe("convenience");
    expect(ca.places.get("node/266799038")?.kind).toBe("chemist");
    expect(ca.skips["duplicate row"]).toBe(46);
  });
});

describe("dc-open-data", () => {
  test("hotel list: lodging with the room count as a tag", async () => {
    const { list } = await read(dcOpenData, "DC");
    const adams = list.find((p) => p.title === "Adams Inn" && p.sourceId.startsWith("hotel-locations:"));
    expect(adams).toMatchObject({
      categoryId: CATEGORY.lodging,
      kind: "hotel",
      address: "1746 Lanier Place NW",
      city: "Washington",
      phone: "(202) 745-3600",
      website: "http://adamsinn.com/",
      latitude: 38.924545,
      longitude: -77.0416,
      stateCode: "DC",
      tags: { rooms: "26" },
    });
    expect(adams!.amenities ?? null).toBeNull();
  });

  test("liquor licences → food by licence number; statues, landmarks and parks classified", async () => {
    const dc = await read(dcOpenData, "DC");
    expect(dc.places.get("ABRA-025268")).toMatchObject({
      categoryId: CATEGORY.food,
      kind: "restaurant",
      title: "Leopold's Kafe Konditorei/L2",
    });
    const jaisohn = dc.list.find((p) => p.title === "Philip Jaisohn");
    expect(jaisohn).toMatchObject({
      categoryId: CATEGORY.history,
      kind: "statue",
      address: "Massachusetts Ave & 23rd St NW",
    });
    const wheatley = dc.list.find((p) => p.title === "Phyllis Wheatley YWCA");
    expect(wheatley).toMatchObject({
      categoryId: CATEGORY.history,
      kind: "historic landmark",
      tags: { listedAs: "Wheatley, Phyllis, YWCA", designation: "Designated" },
    });
    const joeCole = dc.list.find((p) => p.title === "Joe Cole");
    expect(joeCole).toMatchObject({
      categoryId: CATEGORY.activities,
      kind: "recreation center",
      amenities: ["playground", "picnic area"],
    });
    const mural = dc.list.find((p) => p.title === "Untitled (Aniekan Udofia)");
    expect(mural).toMatchObject({
      kind: "mural",
      since: "2008",
      tags: { artist: "Aniekan Udofia", medium: "Aerosol paint" },
    });
  });

  test("inactive licences, private clubs, art events, temporary art and traffic triangles are skipped", async () => {
    const dc = await read(dcOpenData, "DC");
    expect(dc.places.has("ABRA-060547")).toBe(false); // Zula Restaurant, licence in safekeeping
    expect(dc.skips).toMatchObject({
      "licence not active": 133,
      "members-only club": 27,
      "event, not a place": 50,
      "temporary artwork": 103,
      "traffic triangle or median": 18,
      "no name": 2,
    });
    expect(dc.list.some((p) => p.title === "Cosmos Club")).toBe(false);
    expect((await read(dcOpenData, "NV")).list.length + Object.keys((await read(dcOpenData, "NV")).skips).length).toBe(
      0,
    );
  });
});

describe("gnis-nature", () => {
  test("visitor feature classes kept with kind = class; reservoirs only when named a lake", async () => {
    const dc = await read(gnisNature, "DC");
    expect(dc.places.get("528636")).toMatchObject({
      categoryId: CATEGORY.activities,
      kind: "falls",
      title: "Little Falls",
      latitude: 38.9334443,
      longitude: -77.1180342,
      stateCode: "DC",
      tags: { county: "District of Columbia" },
    });
    const nv = await read(gnisNature, "NV");
    expect(nv.places.get("7862")).toMatchObject({ kind: "reservoir", title: "Lake Mead" });
    expect(new Set(nv.list.map((p) => p.kind))).toEqual(
      new Set(["summit", "spring", "reservoir", "lake", "cliff", "pillar", "beach", "falls"]),
    );
    expect(nv.skips["small reservoir or pond"]).toBe(513);
  });

  test("islands, capes, bays, gaps and '(historical)' features are skipped", async () => {
    const dc = await read(gnisNature, "DC");
    expect(dc.places.has("531468")).toBe(false); // Theodore Roosevelt Island
    expect(dc.places.has("529075")).toBe(false); // Gibsons Spring (historical)
    expect(dc.skips).toMatchObject({
      "not a visitor feature (Island)": 8,
      "not a visitor feature (Cape)": 13,
      "no longer exists (historical)": 11,
    });
    expect(dc.list.some((p) => p.title.includes("(historical)"))).toBe(false);
  });
});
