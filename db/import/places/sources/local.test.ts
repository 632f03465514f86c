import { describe, expect, test } from "bun:test";
import { CATEGORY, type CategoryId, type Dataset, type PlaceInput, type ReadResult } from "../types";
import { readCsv } from "../util";
import {
  atlantaFood,
  austinFood,
  chicagoSidewalkCafes,
  cityFoodDatasets,
  classifyFoodName,
  cleanFoodName,
  nashvilleBeer,
  nycRestaurants,
  seattleKcFood,
  sfFood,
} from "./city-food";
import {
  chicagoLandmarks,
  historicalMarkers,
  historicDatasets,
  moHistoric,
  mtNationalRegister,
  ncNrhp,
  nycLandmarks,
  nysNationalRegister,
  portlandLandmarks,
  quoteExcerpt,
  uninvertName,
  wvNrhp,
} from "./historic";
import atlantaFile from "../../../data/places/atlanta_fulton_county_food_service_2014_2015.csv.gz" with {
  type: "file",
};
import austinFile from "../../../data/places/austin_food_establishments_2020_2023.csv.gz" with { type: "file" };
import chicagoFile from "../../../data/places/chicago_sidewalk_cafe_permits_2018.csv.gz" with { type: "file" };
import nashvilleFile from "../../../data/places/nashville_beer_permit_locations_2022.csv.gz" with { type: "file" };
import nycFile from "../../../data/places/nyc_open_restaurants_2020_2021.csv.gz" with { type: "file" };
import seattleFile from "../../../data/places/seattle_kc_food_establishments_2023.csv.gz" with { type: "file" };
import sfFile from "../../../data/places/sf_food_businesses_2016.csv.gz" with { type: "file" };
import chicagoLandmarksFile from "../../../data/places/chicago_individual_landmarks.csv.gz" with { type: "file" };
import markersFile from "../../../data/places/historical_markers_NE_NH_NV_UT_WY.csv.gz" with { type: "file" };
import moFile from "../../../data/places/mo_historic_districts_and_sites.csv.gz" with { type: "file" };
import mtFile from "../../../data/places/mt_national_register.csv.gz" with { type: "file" };
import ncFile from "../../../data/places/nc_nrhp_building_points_nps.csv.gz" with { type: "file" };
import nycLandmarksFile from "../../../data/places/nyc_lpc_individual_landmarks.csv.gz" with { type: "file" };
import nysFile from "../../../data/places/nys_national_register_listings.csv.gz" with { type: "file" };
import portlandFile from "../../../data/places/portland_or_historic_landmarks.csv.gz" with { type: "file" };
import wvFile from "../../../data/places/wv_nrhp_points_nps_2004.csv.gz" with { type: "file" };

/**
 * Readers of the bundled city food lists and historic registers, checked against real rows of the files.
 * Every reader yields one result per row (of the state asked for), in file order, so a row found in the file
 * by its own fields can be matched to the result the reader gave for it.
 */

type Row = Record<string, string>;

const results = new Map<string, Promise<ReadResult[]>>();
function readAll(ds: Dataset, state: string): Promise<ReadResult[]> {
  const key = `${ds.key}|${state}`;
  if (!results.has(key))
    results.set(
      key,
      (async () => {
        const out: ReadResult[] = [];
        for await (const r of ds.read(state)) out.push(r);
        return out;
      })(),
    );
  return results.get(key)!;
}

/** The result for the first row of `file` (of `state`, for multi-state files) that matches `match`. */
async function resultFor(
  ds: Dataset,
  state: string,
  file: string,
  match: (row: Row) => boolean,
  stateColumn?: string,
): Promise<ReadResult> {
  const rows = (await readCsv(file)).filter((row) => !stateColumn || row[stateColumn] === state);
  const index = rows.findIndex(match);
  if (index < 0) throw new Error(`no such row in ${ds.key}`);
  return (await readAll(ds, state))[index]!;
}

function place(r: ReadResult): PlaceInput {
  if ("skip" in r) throw new Error(`expected a place, got skip "${r.skip}"`);
  return r;
}
const placesOf = async (ds: Dataset, state: string) =>
  (await readAll(ds, state)).filter((r): r is PlaceInput => !("skip" in r));
const byId = async (ds: Dataset, state: string, id: string) => {
  const found = (await placesOf(ds, state)).find((p) => p.sourceId === id);
  if (!found) throw new Error(`${ds.key}: no place ${id}`);
  return found;
};

// ---------------------------------------------------------------------------------------------------------
// Properties every reader keeps

const ALL: [Dataset, CategoryId, string][] = [
  [nycRestaurants, CATEGORY.food, nycFile],
  [austinFood, CATEGORY.food, austinFile],
  [seattleKcFood, CATEGORY.food, seattleFile],
  [sfFood, CATEGORY.food, sfFile],
  [nashvilleBeer, CATEGORY.food, nashvilleFile],
  [chicagoSidewalkCafes, CATEGORY.food, chicagoFile],
  [atlantaFood, CATEGORY.food, atlantaFile],
  [nysNationalRegister, CATEGORY.history, nysFile],
  [nycLandmarks, CATEGORY.history, nycLandmarksFile],
  [chicagoLandmarks, CATEGORY.history, chicagoLandmarksFile],
  [portlandLandmarks, CATEGORY.history, portlandFile],
  [mtNationalRegister, CATEGORY.history, mtFile],
  [moHistoric, CATEGORY.history, moFile],
  [wvNrhp, CATEGORY.history, wvFile],
  [ncNrhp, CATEGORY.history, ncFile],
];

describe("every reader", () => {
  test("module lists hold every dataset, with distinct keys and licence texts", () => {
    const all = [...cityFoodDatasets, ...historicDatasets];
    expect(all).toHaveLength(16);
    expect(new Set(all.map((d) => d.key)).size).toBe(16);
    for (const d of all) {
      expect(d.licence.length).toBeGreaterThan(3);
      expect(d.attribution.length).toBeGreaterThan(3);
      expect(d.url).toMatch(/^https:\/\//);
      expect(Array.isArray(d.states)).toBe(true);
    }
  });

  for (const [ds, categoryId, file] of ALL) {
    const state = (ds.states as string[])[0]!;
    test(`${ds.key}: one result per row, valid places with unique ids, nothing for other states`, async () => {
      const out = await readAll(ds, state);
      expect(out.length).toBe((await readCsv(file)).length);
      const places = out.filter((r): r is PlaceInput => !("skip" in r));
      expect(places.length).toBeGreaterThan(out.length * 0.3);
      expect(new Set(places.map((p) => p.sourceId)).size).toBe(places.length);
      for (const p of places) {
        expect(p.source).toBe(ds.key);
        expect(p.categoryId).toBe(categoryId);
        expect(p.stateCode).toBe(state);
        expect(p.title.trim()).toBe(p.title);
        expect(p.title.length).toBeGreaterThan(0);
        expect(Number.isFinite(p.latitude) && Number.isFinite(p.longitude)).toBe(true);
        // ALL-CAPS names were title-cased (short acronyms such as "KFC" or "USS" may stay).
        expect(/[A-Z]{2,}/.test(p.title) && p.title === p.title.toUpperCase() && /\p{L}{5}/u.test(p.title)).toBe(false);
        if (categoryId === CATEGORY.food) expect(p.description ?? null).toBeNull();
      }
      for (const r of out) if ("skip" in r) expect(r.skip.length).toBeGreaterThan(3);
      const other = state === "TX" ? "CA" : "TX";
      expect(await Array.fromAsync(ds.read(other))).toHaveLength(0);
    });
  }

  test("historical markers: each state reads only its own rows", async () => {
    const rows = await readCsv(markersFile);
    for (const state of ["NE", "NH", "NV", "UT", "WY"]) {
      const out = await readAll(historicalMarkers, state);
      expect(out.length).toBe(rows.filter((r) => r.state === state).length);
      for (const r of out) if (!("skip" in r)) expect(r.stateCode).toBe(state);
    }
    expect(await Array.fromAsync(historicalMarkers.read("IA"))).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Food: names and kinds

describe("food names", () => {
  test("kind comes from the name only when it says so", () => {
    expect(classifyFoodName("Sputnik Coffee Company")).toEqual({ kind: "cafe" });
    expect(classifyFoodName("Oasis Pizza and Cafe")).toEqual({ kind: "restaurant" });
    expect(classifyFoodName("Akiko's Sushi Bar")).toEqual({ kind: "restaurant" });
    expect(classifyFoodName("Brick's Pub")).toEqual({ kind: "bar" });
    expect(classifyFoodName("Hi Sign Brewing")).toEqual({ kind: "brewery" });
    expect(classifyFoodName("Joe's Bakery")).toEqual({ kind: "bakery" });
    expect(classifyFoodName("Mezze", "bar")).toEqual({ kind: "bar" });
  });

  test("inspection-roll doubts give way to a name that says it serves food; restaurant lists only apply hard exclusions", () => {
    expect(classifyFoodName("Highland Market")).toEqual({ skip: "grocery, convenience or drug store" });
    expect(classifyFoodName("Market Street Grill")).toEqual({ kind: "restaurant" });
    expect(classifyFoodName("Hampton Inn Austin North")).toEqual({ skip: "hotel or event space" });
    expect(classifyFoodName("Pizza Inn")).toEqual({ kind: "restaurant" });
    expect(classifyFoodName("Hotel Chantelle", "restaurant", false)).toEqual({ kind: "restaurant" });
    expect(classifyFoodName("Amazon Restaurant & Bar", "restaurant", false)).toEqual({ kind: "restaurant" });
    expect(classifyFoodName("Amazon Kumo Cafe")).toEqual({ skip: "workplace or institutional cafeteria" });
    expect(classifyFoodName("Walgreens #6861", "restaurant", false)).toEqual({
      skip: "grocery, convenience or drug store",
    });
  });

  test("display names", () => {
    expect(cleanFoodName("04 Lounge, The")).toBe("The 04 Lounge");
    expect(cleanFoodName("PF - Panera Bread #6318")).toBe("Panera Bread");
    expect(cleanFoodName("18th St. Bar Inc. dba Toad Hall")).toBe("Toad Hall");
    expect(cleanFoodName("POTBELLY SANDWICH WORKS LLC")).toBe("Potbelly Sandwich Works");
    expect(cleanFoodName("dunkin donuts")).toBe("Dunkin Donuts");
    expect(cleanFoodName("NO. 7")).toBe("No. 7"); // a name, not a store number
    expect(cleanFoodName("KFC")).toBe("KFC");
    expect(cleanFoodName("+MAS CAFE")).toBe("+Mas Cafe");
  });
});

// ---------------------------------------------------------------------------------------------------------
// Food: real rows

describe("nyc-restaurants", () => {
  test("a restaurant with its address, borough city and zip", async () => {
    const p = await byId(nycRestaurants, "NY", "10512");
    expect(p).toMatchObject({
      title: "&pizza",
      kind: "restaurant",
      categoryId: 10,
      address: "15 West 28th Street",
      city: "New York",
      zip: "10001",
      stateCode: "NY",
      latitude: 40.74515,
      longitude: -73.988383,
    });
    expect(p.since ?? null).toBeNull();
    expect((await byId(nycRestaurants, "NY", "3042")).tags).toEqual({ alcohol: "yes" });
  });
  test("rows without coordinates are skipped; a reused object id stays two distinct places", async () => {
    expect(await resultFor(nycRestaurants, "NY", nycFile, (r) => r.restaurant_name === "Meltingpot Cuisine")).toEqual({
      skip: "no coordinates",
    });
    const places = await placesOf(nycRestaurants, "NY");
    expect(places.some((p) => p.sourceId === "7067")).toBe(false);
    expect(
      places
        .filter((p) => p.sourceId.startsWith("7067-"))
        .map((p) => p.title)
        .sort(),
    ).toEqual(["El Rodeo", "Maki Kosaka"]);
  });
});

describe("austin-food", () => {
  test("a bar named 'X, The', with a title-cased address", async () => {
    expect(await byId(austinFood, "TX", "10179284")).toMatchObject({
      title: "The 04 Lounge",
      kind: "bar",
      address: "3808 S Congress Ave",
      city: "Austin",
      zip: "78704",
      latitude: 30.22564,
      longitude: -97.76271,
    });
  });
  test("school, grocery and stadium kitchens are skipped with a reason", async () => {
    const find = (name: string) => resultFor(austinFood, "TX", austinFile, (r) => r.name === name);
    expect(await find("Bailey Middle School")).toEqual({ skip: "school or childcare kitchen" });
    expect(await find("Walgreens #6861")).toEqual({ skip: "grocery, convenience or drug store" });
    expect(await find("COTA - Velocity")).toEqual({ skip: "stadium or venue concession" });
    expect(place(await find("ABIA-Jo's Coffee"))).toMatchObject({
      title: "Jo's Coffee",
      kind: "cafe",
      tags: { airport: "Austin-Bergstrom International Airport" },
    });
  });
});

describe("seattle-kc-food", () => {
  test("a café with phone and seating; the id is a stable hash", async () => {
    const p = place(await resultFor(seattleKcFood, "WA", seattleFile, (r) => r.name === "+MAS CAFE"));
    expect(p).toMatchObject({
      title: "+Mas Cafe",
      kind: "cafe",
      phone: "(206) 491-4694",
      city: "Seattle",
      address: "1906 N 34th St",
      zip: "98103",
      tags: { seats: "0-12" },
    });
    expect(p.sourceId).toMatch(/^[0-9a-f]{12}$/);
    const again = place(await resultFor(seattleKcFood, "WA", seattleFile, (r) => r.name === "+MAS CAFE"));
    expect(again.sourceId).toBe(p.sourceId);
  });
  test("seating category decides first; head-office phone numbers are dropped", async () => {
    expect(await resultFor(seattleKcFood, "WA", seattleFile, (r) => r.name === "ADAMS ELEMENTARY SCHOOL")).toEqual({
      skip: "school or childcare kitchen",
    });
    expect(await resultFor(seattleKcFood, "WA", seattleFile, (r) => r.seating_category === "Mobile Food Unit")).toEqual(
      { skip: "mobile food vendor" },
    );
    const shared = (await placesOf(seattleKcFood, "WA")).filter((p) => p.phone === "(717) 214-8545");
    expect(shared).toHaveLength(0);
  });
});

describe("sf-food", () => {
  test("a restaurant permit row", async () => {
    expect(await byId(sfFood, "CA", "1674")).toMatchObject({
      title: "Nordstrom Cafe Bistro",
      kind: "restaurant",
      address: "865 MARKET St",
      city: "San Francisco",
      zip: "94103",
      latitude: 37.784317,
      longitude: -122.407563,
    });
  });
  test("permit code decides: bars, shops, special events; repeated rows count once", async () => {
    const find = (match: (r: Row) => boolean) => resultFor(sfFood, "CA", sfFile, match);
    expect(place(await find((r) => r.name === "ABBEY TAVERN"))).toMatchObject({ title: "Abbey Tavern", kind: "bar" });
    expect(await find((r) => r.name === "THE OLD CROW - spec event")).toEqual({
      skip: "no permit type (special event)",
    });
    expect(await find((r) => r.name === "Target Store T-2766")).toEqual({ skip: "grocery, convenience or drug store" });
    // H28 mixes shops and coffee counters: kept when the name says so.
    expect(
      place(await find((r) => r.name === "Blue Bottle Coffee" && r.dph_permit_code === "H28" && r.latitude !== "")),
    ).toMatchObject({ kind: "cafe" });
    const mandalay = (await readCsv(sfFile)).flatMap((r, i) => (r.business_id === "3566" ? [i] : []));
    const out = await readAll(sfFood, "CA");
    expect(mandalay).toHaveLength(2);
    expect(place(out[mandalay[0]!]).title).toBe("Mandalay Restaurant");
    expect(out[mandalay[1]!]).toEqual({ skip: "duplicate of an earlier row" });
  });
});

describe("nashville-beer", () => {
  test("on-premises permits become places; kind from the name, else bar", async () => {
    expect(await byId(nashvilleBeer, "TN", "16-20340")).toMatchObject({
      title: "Las Palmas Mexican Restaurant",
      kind: "restaurant",
      address: "5821 Charlotte PIKE",
      city: "Nashville",
      zip: "37209",
    });
    expect(await byId(nashvilleBeer, "TN", "19-26100")).toMatchObject({ title: "Lavo Lounge", kind: "bar" });
    expect(await byId(nashvilleBeer, "TN", "17-00205")).toMatchObject({ title: "Fat Bottom Brewing", kind: "brewery" });
  });
  test("shops, distributors, hotel ballrooms and repeated suites are skipped", async () => {
    const find = (match: (r: Row) => boolean) => resultFor(nashvilleBeer, "TN", nashvilleFile, match);
    expect(await find((r) => r.permit_subtype === "BB - Off Site Sales")).toEqual({
      skip: "off-premises beer sales only",
    });
    expect(await find((r) => r.business_name === "DET DISTRIBUTING COMPANY")).toEqual({
      skip: "wholesaler or distributor",
    });
    expect(await find((r) => r.business_name === "Gaylord Presidential Ballroom")).toEqual({
      skip: "hotel or event space",
    });
    expect(await find((r) => r.address === "1310I ANTIOCH PIKE")).toEqual({ skip: "duplicate of an earlier row" });
  });
});

describe("chicago-sidewalk-cafes", () => {
  test("restaurants with sidewalk seating; coffee names are cafés", async () => {
    expect(await byId(chicagoSidewalkCafes, "IL", "1132616")).toMatchObject({
      title: "Runa Japanese",
      kind: "restaurant",
      address: "2257 W North Ave",
      city: "Chicago",
      zip: "60647",
      amenities: ["sidewalk seating"],
      tags: { seating: "sidewalk" },
      latitude: 41.910249567,
    });
    expect(await byId(chicagoSidewalkCafes, "IL", "1134549")).toMatchObject({
      title: "Sputnik Coffee Company",
      kind: "cafe",
    });
    expect((await byId(chicagoSidewalkCafes, "IL", "1134529")).zip).toBeNull();
  });
});

describe("atlanta-food", () => {
  test("city typos fixed; stadium stands and far-off geocodes skipped", async () => {
    expect(await byId(atlantaFood, "GA", "2-31401")).toMatchObject({
      title: "Johnnys NY Pizza",
      kind: "restaurant",
      address: "869 North Main St",
      city: "Alpharetta",
      zip: "30040",
    });
    expect(await resultFor(atlantaFood, "GA", atlantaFile, (r) => r.address === "1 GEORGIA DOME DR")).toEqual({
      skip: "stadium or venue concession",
    });
    expect(await resultFor(atlantaFood, "GA", atlantaFile, (r) => r.longitude === "-85.076747")).toEqual({
      skip: "coordinates outside the Atlanta area",
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// History

describe("register names", () => {
  test("inverted names are turned round; others are left alone", () => {
    expect(uninvertName("Cobb, John Franklin, House")).toBe("John Franklin Cobb House");
    expect(uninvertName("Breese, William, Jr., House")).toBe("William Breese Jr. House");
    expect(uninvertName("Hall, Frank A., House")).toBe("Frank A. Hall House");
    expect(uninvertName("Hickman, Thomas House")).toBe("Thomas Hickman House");
    expect(uninvertName("Grove, The")).toBe("The Grove");
    expect(uninvertName("Pierre Wibaux, House")).toBe("Pierre Wibaux House");
    expect(uninvertName("Engine Company 45, Truck 15")).toBe("Engine Company 45, Truck 15");
    expect(uninvertName("Missouri, Kansas, & Texas Railroad Depot")).toBe("Missouri, Kansas, & Texas Railroad Depot");
    expect(uninvertName("Delaware, Lackawanna & Western Railroad Station")).toBe(
      "Delaware, Lackawanna & Western Railroad Station",
    );
  });
  test("marker quotes stop at ~300 characters, at a word, with an ellipsis", () => {
    const long = "Word ".repeat(100).trim();
    const q = quoteExcerpt(long);
    expect(q.length).toBeLessThanOrEqual(303);
    expect(q).toMatch(/^“Word.*Word…”$/);
    expect(quoteExcerpt("A short sign.")).toBe("“A short sign.”");
    expect(quoteExcerpt("Cut in the sour")).toBe("“Cut in the…”");
  });
});

describe("nys-national-register", () => {
  test("listing year as since and description; inverted names; gone and amendment rows skipped", async () => {
    const p = await byId(nysNationalRegister, "NY", "11NR06233");
    expect(p).toMatchObject({
      title: "Eberz House",
      kind: "historic site",
      categoryId: 8,
      since: "2011",
      description: "Listed on the National Register of Historic Places in 2011.",
      latitude: 42.9370970701,
      tags: { county: "Erie County" },
    });
    expect((await byId(nysNationalRegister, "NY", "08NR05876")).title).toBe("The Grove");
    const find = (name: string) => resultFor(nysNationalRegister, "NY", nysFile, (r) => r.resource_name === name);
    expect(await find("First Presbyterian Church of East Syracuse (DEMOLISHED)")).toEqual({
      skip: "demolished, moved away or delisted",
    });
    expect(await find("Washington Park Historic District (Boundary Increase)")).toEqual({
      skip: "amendment to another listing",
    });
    expect(place(await find("Park Slope Historic District")).kind).toBe("historic district");
  });
});

describe("nyc-landmarks", () => {
  test("designated landmarks only, with designation year and alternate name", async () => {
    expect(await byId(nycLandmarks, "NY", "LP-00330")).toMatchObject({
      title: "105 Franklin Avenue House",
      kind: "historic landmark",
      address: "105 Franklin Avenue",
      city: "Staten Island",
      since: "1970",
      description: "Also known as Hamilton Park Cottage. Designated a New York City landmark in 1970.",
    });
    const christopher = (await readCsv(nycLandmarksFile)).flatMap((r, i) => (r.lp_number === "LP-00346" ? [i] : []));
    const out = await readAll(nycLandmarks, "NY");
    for (const i of christopher) expect(out[i]).toEqual({ skip: "not a designated individual landmark" });
    const lampposts = (await placesOf(nycLandmarks, "NY")).filter((p) => p.sourceId.startsWith("LP-01961"));
    expect(lampposts).toHaveLength(13);
    expect(lampposts.every((p) => /^LP-01961-[0-9a-f]{12}$/.test(p.sourceId))).toBe(true);
  });
});

describe("chicago-landmarks", () => {
  test("built year first; '(Former)' names read naturally", async () => {
    expect(await byId(chicagoLandmarks, "IL", "L-318")).toMatchObject({
      title: "Former Pioneer Trust and Savings Bank Building",
      since: "1924",
      address: "4000 W. North Ave.",
      city: "Chicago",
      description: "Built 1924, designed by Karl M. Vitzthum. Designated a Chicago Landmark in 2012.",
      tags: { architect: "Karl M. Vitzthum" },
    });
    const l78 = (await placesOf(chicagoLandmarks, "IL")).filter((p) => p.sourceId.startsWith("L-78"));
    expect(l78.map((p) => p.title).sort()).toEqual(["Daley Center", "First Church of Deliverance"]);
  });
});

describe("portland-landmarks", () => {
  test("built year, architect, style and listing in the description; a many-building landmark counts once", async () => {
    const p = await byId(portlandLandmarks, "OR", "255");
    expect(p).toMatchObject({
      title: "Hamilton Building",
      kind: "historic building",
      since: "1893",
      address: "523-529 SW 3rd Ave",
      city: "Portland",
    });
    expect(p.description).toBe(
      "Built in 1893, designed by Whidden & Lewis. Listed on the National Register of Historic Places in 1977. Significant for architecture (1975-1899).",
    );
    const rows = await readCsv(portlandFile);
    const out = await readAll(portlandLandmarks, "OR");
    const depot = rows.flatMap((r, i) => (r.landmark_id === "137" ? [out[i]!] : []));
    expect(depot.filter((r) => !("skip" in r))).toHaveLength(1);
    expect(depot.filter((r) => "skip" in r && r.skip === "duplicate of an earlier row")).toHaveLength(19);
  });
});

describe("mt-national-register", () => {
  test("https image kept as a link; vague addresses dropped; demolished skipped", async () => {
    expect(await byId(mtNationalRegister, "MT", "81000349")).toMatchObject({
      title: "Malmborg School",
      kind: "historic building",
      address: null,
      city: "Bozeman",
      since: "1981",
      imageUrl: "https://mhs.mt.gov/Portals/11/shpo/images/NRmap/24GA0795.PNG",
      tags: { county: "Gallatin County", link: "https://historicmt.org/items/show/594" },
    });
    expect(
      await resultFor(mtNationalRegister, "MT", mtFile, (r) => r.name === "Barrett Hospital (Demolished)"),
    ).toEqual({ skip: "demolished, moved away or delisted" });
    const noImage = place(
      await resultFor(mtNationalRegister, "MT", mtFile, (r) => r.image_url === "No Image Available"),
    );
    expect(noImage.imageUrl).toBeNull();
    expect(
      place(await resultFor(mtNationalRegister, "MT", mtFile, (r) => r.name === "Pierre Wibaux, House")).title,
    ).toBe("Pierre Wibaux House");
  });
});

describe("mo-historic", () => {
  test("other name and listing year; rows noted as demolished or moved away are skipped", async () => {
    expect(await byId(moHistoric, "MO", "12401")).toMatchObject({
      title: "Patee House",
      city: "St. Joseph",
      since: "1966",
      description: "Also known as Patee House Museum. Listed on the National Register of Historic Places in 1966.",
    });
    expect(await resultFor(moHistoric, "MO", moFile, (r) => r.comment === "Hit by a barge and sank.")).toEqual({
      skip: "demolished, moved away or delisted",
    });
    expect(await resultFor(moHistoric, "MO", moFile, (r) => r.comment.startsWith("Moved to Iowa"))).toEqual({
      skip: "demolished, moved away or delisted",
    });
    expect(await resultFor(moHistoric, "MO", moFile, (r) => r.name === "")).toEqual({ skip: "no name" });
  });
});

describe("wv-nrhp", () => {
  test("listing year; 'Address Unknown' is no address", async () => {
    expect(await byId(wvNrhp, "WV", "79003306")).toMatchObject({
      title: "Grant County Courthous",
      city: "Petersburg",
      address: "Virginia Av",
      since: "1979",
      tags: { county: "Grant County" },
    });
    expect(place(await resultFor(wvNrhp, "WV", wvFile, (r) => r.address === "Address Unknown")).address).toBeNull();
  });
});

describe("nc-nrhp", () => {
  test("building points with turned-round names; the known misplaced point is skipped", async () => {
    expect(await byId(ncNrhp, "NC", "a75a1116-83f5-48df-9e3e-0023d376e1b0")).toMatchObject({
      title: "John Franklin Cobb House",
      kind: "historic building",
      since: null,
      latitude: 35.00203,
    });
    expect(await resultFor(ncNrhp, "NC", ncFile, (r) => r.name === "Mason Temple, Church of God in Christ")).toEqual({
      skip: "misplaced point",
    });
  });
});

describe("historical-markers", () => {
  test("Nebraska: the sign's text quoted (cut in the source at 200 characters), attributed to the programme", async () => {
    const p = await byId(historicalMarkers, "NE", "NE-109");
    expect(p).toMatchObject({
      title: "Crossing the Overland Trail",
      kind: "historical marker",
      city: "Sutherland",
      imageUrl: null,
      tags: { textAttribution: "Nebraska Historical Marker Program (History Nebraska)", county: "Lincoln County" },
    });
    expect(p.description).toStartWith("Marker text: “Beneath this platform, evidence of the great westward migration");
    expect(p.description).toEndWith("The Overland Trail is…”");
    expect(p.since ?? null).toBeNull();
  });
  test("Wyoming: long legends quoted to ~300 characters; Flickr photo linked", async () => {
    const p = place(
      await resultFor(historicalMarkers, "WY", markersFile, (r) => r.marker_id === "UT0006I.11", "state"),
    );
    expect(p.description!.length).toBeLessThanOrEqual("Marker text: ".length + 303);
    expect(p.description).toEndWith("…”");
    expect(p.imageUrl).toStartWith("https://live.staticflickr.com/");
  });
  test("Utah: placed year as since, type/theme as a tag, no quoted text; NH tool casing repaired", async () => {
    expect(await byId(historicalMarkers, "UT", "UT-4197")).toMatchObject({
      title: "Freedom Hills Park Memorial",
      since: "2007",
      description: null,
      tags: { theme: "Monument/Marker Exterior / Military / All Wars" },
    });
    expect((await byId(historicalMarkers, "NH", "NH-0002")).title).toBe("Fort at No.4");
    const nh = (await placesOf(historicalMarkers, "NH")).map((p) => p.title);
    expect(nh).toContain("45th Parallel");
    expect(nh.some((t) => /'S\b/.test(t))).toBe(false);
  });
  test("marker numbers are per state; a number reused for two markers gives two ids", async () => {
    expect((await byId(historicalMarkers, "NV", "NV-109")).title).toBe("Lamoille Valley");
    const nv51 = (await placesOf(historicalMarkers, "NV")).filter((p) => p.sourceId.startsWith("NV-51-"));
    expect(nv51.map((p) => p.title).sort()).toEqual(["Schellbourne", "Shellbourne"]);
  });
});
