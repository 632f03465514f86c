import { describe, expect, test } from "bun:test";
import { junkReason } from "./filters";
import { hotelOwnName, lodgingType, notLodgingReason } from "./lodging";
import { flagged } from "./quality";
import { osmCampgrounds, ridbCampgrounds } from "./sources/campgrounds";
import { wofSimplegeo } from "./sources/wof";
import { CATEGORY, type Dataset, type PlaceInput } from "./types";
import { streetAddress } from "./values";

const camp = (title: string, over: Partial<PlaceInput> = {}): PlaceInput => ({
  source: "osm-campgrounds",
  sourceId: "1",
  categoryId: CATEGORY.lodging,
  kind: "campground",
  title,
  stateCode: "OH",
  latitude: 40,
  longitude: -83,
  ...over,
});

/** A bundled dataset's rows of one state, by title (the import's readers, as the store reads them). */
async function titled(dataset: Dataset, state: string): Promise<Map<string, PlaceInput[]>> {
  const out = new Map<string, PlaceInput[]>();
  for await (const r of dataset.read(state) as AsyncIterable<PlaceInput | { skip: string }>)
    if (!("skip" in r)) (out.get(r.title) ?? out.set(r.title, []).get(r.title)!).push(r);
  return out;
}

describe("what is lodging a traveller can book", () => {
  test("a camp whose name is only its kind, or an organisation's headquarters, is nothing a traveller can find", () => {
    for (const title of [
      "Dispersed Camping",
      "Group Camp",
      "RV Park",
      "hunting camp",
      "Primitive Campsite",
      "Campground",
    ])
      expect(notLodgingReason(camp(title)), title).toStartWith("not lodging (a name that is only a kind of camp");
    expect(notLodgingReason(camp("FULDA GAP / CEF Dragoons HQ"))).toStartWith(
      "not lodging (a name that is only a kind of camp, or a headquarters",
    );
    // A name with a name in it stays lodging.
    for (const title of [
      "Headquarters Campground",
      "Hunting Island State Park Campground",
      "Waterdog Lake Hunting Camp",
    ])
      expect(notLodgingReason(camp(title)), title).toBeNull();
  });

  test("a booking line, an agency or a letting office filed as a hotel is not lodging; a park's reservation is", () => {
    const hotel = (title: string) => camp(title, { source: "wof-simplegeo", kind: "hotel" });
    for (const title of [
      "Accommodations Hotline-Santa",
      "Santa Fe Central Reservations",
      "Reno Hotel Reservations",
      "Exclusive Properties",
      "Fort Morgan Realty",
      "Paso Robles Vacation Rentals",
      "Mustang Motor Inn Reservation",
    ])
      expect(notLodgingReason(hotel(title)), title).toBe("not lodging (a booking line, an agency or a letting office)");
    for (const title of [
      "Scusset Beach State Reservation",
      "Mohican Reservation Campgrounds & Canoeing",
      "Inn Of The Anasazi",
    ])
      expect(notLodgingReason(camp(title)), title).toBeNull();
  });

  test("a camp run for a scouting, church or school body's members is not lodging, by its operator", () => {
    for (const operator of [
      "Girl Scouts of Western Ohio",
      "Tecumseh Council Boy Scouts of America",
      "Sioux Council",
      "YMCA of Greater Seattle",
      "LDS Church",
      "West Ohio Conference of the United Methodist Church",
      "Catholic Youth Organization",
      "San Juan Unified School District",
    ])
      expect(notLodgingReason(camp("Pine Hollow", { tags: { operator } })), operator).toStartWith("not lodging");
    // Trail bodies and public agencies run public sites.
    for (const operator of ["Yough River Trail Council", "Appalachian Mountain Club", "Ohio State Parks", "KOA"])
      expect(notLodgingReason(camp("Pine Hollow", { tags: { operator } })), operator).toBeNull();
  });

  test("youth group sites, horse camps, camp meetings and military family camps are not lodging", () => {
    for (const title of [
      "Youth Camping Area",
      "Naval Live Oaks Youth Group Camping",
      "Horseman's Camp",
      "Graham Corral Horse Campground",
      "Elim Grove Camp Meeting",
      "Salvation Army Star Lake Camp",
      "Camp Herms BSA",
      "Wright-Patterson Air Force Base Famcamp",
      "NavyMWR Solomons RV Campground",
      "Destin Army Recreation Area",
    ])
      expect(notLodgingReason(camp(title)), title).toStartWith("not lodging");
    for (const title of ["Horse Springs Campground", "Carter Military Trail Yurt", "Kalaloch Campground"])
      expect(notLodgingReason(camp(title)), title).toBeNull();
  });

  test("'Camp' and a proper name is an organisation's camp; a public campground's name, an RV park or a federal site is not", () => {
    for (const title of ["Camp Belzer", "Camp Stonybrook", "Camp Ho Mita Koda", "Camp NYC Deli"])
      expect(notLodgingReason(camp(title)), title).toBe(
        "not lodging (an organisation's camp, not a public campground)",
      );
    for (const title of [
      "Camp 4",
      "Camp Creek Camp",
      "Camp Chiquita Campground",
      "Camp Area A",
      "Camp Hunter RV Park",
      "Camp Discovery Group Campground",
    ])
      expect(notLodgingReason(camp(title)), title).toBeNull();
    expect(notLodgingReason(camp("Camp Margaritaville Auburndale", { kind: "rv park" }))).toBeNull();
    expect(notLodgingReason(camp("Camp Matney", { source: "ridb-campgrounds" }))).toBeNull();
    expect(
      notLodgingReason(camp("Camp Spearhead", { tags: { operator: "Greenville County Parks And Recreation" } })),
    ).toBeNull();
  });

  test("a lodging's own name under its legal suffix is the lodging's; a hotel company's is not", () => {
    expect(hotelOwnName("Westmark Hotel Inc")).toBe("Westmark Hotel");
    expect(hotelOwnName("Runamuck Inn LLC")).toBe("Runamuck Inn");
    expect(hotelOwnName("Hospitality Inn")).toBe("Hospitality Inn");
    for (const title of ["Extended Stay Hotels Inc", "Florence Hotel Company LLC", "AAA Hospitality Group Inc"])
      expect(hotelOwnName(title), title).toBeNull();
  });

  test("a name that says rooms is hotel-type beside its pitches or cabins; a hotel record of cabins reads as cabins", () => {
    expect(lodgingType("inn", "Cimarron Inn & Rv Park")).toBe("inn");
    expect(lodgingType("inn", "Lake Side Inn & Cabins")).toBe("inn");
    expect(lodgingType("hotel", "Twin Pines Lodge & Cabins")).toBe("lodge");
    expect(lodgingType("hotel", "Volcano View Cabins")).toBe("cabin");
    expect(lodgingType("campground", "Moose Lodge Campground")).toBe("campground");
    const cabins = flagged(camp("Volcano View Cabins", { kind: "hotel", source: "wof-simplegeo" }));
    expect([cabins.kind, cabins.tags?.lodgingType]).toEqual(["cabin", "cabin"]);
    expect(flagged(camp("Shady Acres RV Park", { kind: "caravan site" })).kind).toBe("rv park");
    expect(flagged(camp("Westmark Hotel Inc", { kind: "hotel" }))).toMatchObject({
      title: "Westmark Hotel",
      kind: "hotel",
      tags: { legalName: "Westmark Hotel Inc", lodgingType: "hotel" },
    });
  });
});

describe("lodging on real rows", async () => {
  const ohio = await titled(osmCampgrounds, "OH");
  const first = (m: Map<string, PlaceInput[]>, title: string) => {
    const rows = m.get(title);
    expect(rows?.length, title).toBeGreaterThan(0);
    return rows![0]!;
  };

  test("Dayton's scout camps, horse camps and air base family camp leave lodging; its KOA and state park campgrounds stay", () => {
    for (const title of [
      "Camp Stonybrook",
      "Camp Hugh Taylor Birch",
      "Horseman's Camp",
      "Wright-Patterson Air Force Base Famcamp",
      "Wright Patterson Scout Camp",
    ])
      expect(junkReason(first(ohio, title)), title).toStartWith("not lodging");
    for (const title of ["Dayton KOA Holiday", "Caesar Creek State Park Campground", "Old Mill Campground"])
      expect(junkReason(first(ohio, title)), title).toBeNull();
  });

  test("no camp that Recreation.gov lists (public, federal) is dropped as an organisation's camp", async () => {
    let camps = 0;
    for (const rows of (await titled(ridbCampgrounds, "CA")).values())
      for (const r of rows) {
        if (/^camp\s/i.test(r.title)) camps++;
        expect(junkReason(r), r.title).not.toBe("not lodging (an organisation's camp, not a public campground)");
      }
    expect(camps).toBeGreaterThan(0);
  }, 30_000);

  test("the 2011 directory's motels and inns under their legal names are kept under their own names", async () => {
    const alaska = await titled(wofSimplegeo, "AK");
    for (const title of ["Westmark Hotel Inc", "Anchorage Midtown Motel Inc"]) {
      const hotel = first(alaska, title);
      expect(junkReason(hotel), title).toBeNull();
      expect(flagged(hotel).title).toBe(title.replace(/ Inc$/, ""));
    }
    expect(junkReason(first(await titled(wofSimplegeo, "AL"), "Extended Stay Hotels Inc"))).toBe(
      "organisation-like name",
    );
  }, 30_000);

  test("an airport hotel whose address also gives a PO box is kept at its street address", () => {
    // All the Places' row of the Grand Hyatt DFW (its address column as the file gives it), as its reader builds it.
    const hyatt = camp("Grand Hyatt DFW", {
      source: "alltheplaces",
      kind: "hotel",
      stateCode: "TX",
      address: streetAddress("2337 South International Parkway, PO Box 619045"),
    });
    expect(hyatt.address).toBe("2337 South International Parkway");
    expect(junkReason(hyatt)).toBeNull();
    expect(junkReason({ ...hyatt, address: "2337 South International Parkway, PO Box 619045" })).toStartWith("PO-box");
  });
});
