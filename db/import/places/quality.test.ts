import { describe, expect, test } from "bun:test";
import { CATEGORY, type PlaceInput } from "./types";
import { flagged, isHotelType, lodgingType, statusFromText } from "./quality";
import { junkReason, notability } from "./filters";

const base = (over: Partial<PlaceInput>): PlaceInput => ({
  source: "test",
  sourceId: "1",
  categoryId: CATEGORY.activities,
  kind: "museum",
  title: "X",
  stateCode: "PA",
  latitude: 40,
  longitude: -75,
  ...over,
});

describe("place quality at import", () => {
  test("scout, YMCA, Bible camps, pavilions, trailheads, ranger offices, horse camps and housing are never lodging", () => {
    for (const title of [
      "Camp Tuscarora Boy Scout Reservation",
      "YMCA Camp Ockanickon",
      "Pinebrook Bible Camp",
      "Oak Grove Picnic Pavilion",
      "Mesa Ramada",
      "Lake Day Use Area",
      "Elk Creek Trailhead",
      "Blue Ridge Ranger District Office",
      "Lost Lake Equestrian Camp",
      "University Housing Bureau",
      "Camp Hope Baptist Retreat",
    ])
      expect(junkReason(base({ categoryId: CATEGORY.lodging, kind: "campground", title }))).toStartWith("not lodging");
    for (const title of [
      "Hyatt Regency Seattle",
      "Ramada Inn Phoenix",
      "Ramada by Wyndham Tucson",
      "Downtown Ramada Plaza",
    ])
      expect(junkReason(base({ categoryId: CATEGORY.lodging, kind: "hotel", title }))).toBeNull();
  });

  test("wholesale and industrial businesses are dropped from food and stores", () => {
    for (const title of [
      "Bimbo Bakeries USA",
      "US Food Service Bakery Division",
      "Smith Lumber Co",
      "Acme Distributors",
    ])
      expect(junkReason(base({ categoryId: CATEGORY.food, kind: "bakery", title }))).toBe(
        "wholesale or industrial business",
      );
    expect(junkReason(base({ categoryId: CATEGORY.food, kind: "cafe", title: "Tartine Bakery" }))).toBeNull();
  });

  test("organisations, housing projects and pawn shops are flagged not listed; a museum's legal name is not", () => {
    const reason = (title: string, categoryId: PlaceInput["categoryId"] = CATEGORY.activities) =>
      flagged(base({ title, categoryId })).tags?.notListed;
    expect(reason("Louisiana Endowment for the Humanities")).toBe("an organisation, not a place to visit");
    expect(reason("Craft Emergency Relief Fund")).toBe("an organisation, not a place to visit");
    expect(reason("After School Matters")).toBe("an organisation, not a place to visit");
    expect(reason("Magnolia Projects", CATEGORY.history)).toBe("housing project");
    expect(reason("Cash America Pawn", CATEGORY.stores)).toBe("pawn or loan shop");
    expect(reason("Eastern State Penitentiary Historic Site Inc", CATEGORY.history)).toBeUndefined();
    expect(reason("Philadelphia Museum of Art")).toBeUndefined();
  });

  test("a zoo the census files under its zoological society is the zoo; the society's fund, or a small one, is not", () => {
    const zoo = (title: string, income: string, kind = "zoo or aquarium") =>
      flagged(base({ title, kind, tags: { discipline: "ZAW", income } }));
    for (const title of [
      "Denver Zoological Foundation",
      "Zoological Society of Buffalo Inc",
      "Toledo Zoological Society",
    ]) {
      expect(zoo(title, "8").tags?.notListed, title).toBeUndefined();
      expect(notability({ ...zoo(title, "8"), sources: [{ source: "imls-museums" }] }), title).toBeGreaterThanOrEqual(
        6,
      );
    }
    // Its endowment at the zoo's gate, a society of small income, or one filed as a general museum: organisations.
    expect(zoo("Zoological Society of Milwaukee County Endowment Tr", "6").tags?.notListed).toBe(
      "an organisation, not a place to visit",
    );
    expect(zoo("Zoological Foundation of Georgia Inc", "0").tags?.notListed).toBe(
      "an organisation, not a place to visit",
    );
    expect(zoo("Dallas Zoological Society", "7", "museum").tags?.notListed).toBe(
      "an organisation, not a place to visit",
    );
  });

  test("schools and hospitals filed as museums, conservancies, federations and job lines are not listed; a university's museum or arboretum is", () => {
    const reason = (title: string, kind = "art museum") => flagged(base({ title, kind })).tags?.notListed;
    expect(reason("Altamont School")).toBe("a school or university, not a museum");
    expect(reason("Stanford University")).toBe("a school or university, not a museum");
    expect(reason("The Queen's Medical Center", "museum")).toBe("a hospital, not a museum");
    for (const title of [
      "Archaeological Conservancy",
      "Western States Arts Federation",
      "Colonial Williamsburg Job Line",
      "New Media Consortium",
      "Landmarks Public Art Program",
      "Fiesta Bowl Organization",
    ])
      expect(reason(title, "museum"), title).toBe("an organisation, not a place to visit");
    expect(reason("Smart Museum of Art")).toBeUndefined();
    expect(reason("Daughters of Ut Pioneers Msm", "museum")).toBeUndefined();
    expect(reason("Morris Arboretum of the University of Pennsylvania", "botanical garden")).toBeUndefined();
    expect(reason("Old Stone Schoolhouse", "historic site")).toBeUndefined();
  });

  test("a lodging record named as an office or apartment block is not lodging; a hotel in one says so", () => {
    expect(junkReason(base({ categoryId: CATEGORY.lodging, kind: "hotel", title: "The Fisher Building" }))).toStartWith(
      "not lodging",
    );
    expect(
      junkReason(base({ categoryId: CATEGORY.lodging, kind: "hotel", title: "Georgetown Suites Harbor Building" })),
    ).toBeNull();
  });

  test("a Historic-Site-Inc museum keeps its clean name and its legal one", () => {
    const p = flagged(base({ title: "Eastern State Penitentiary Historic Site Inc", categoryId: CATEGORY.history }));
    expect(p.title).toBe("Eastern State Penitentiary Historic Site");
    expect(p.tags?.legalName).toBe("Eastern State Penitentiary Historic Site Inc");
    expect(flagged(base({ title: "National Wasp WWII Museum Inc" })).title).toBe("National Wasp WWII Museum");
  });

  test("lodging sub-kinds: hotels to lodges are hotel-type, campgrounds and RV parks are not", () => {
    expect(lodgingType("hotel", "Hyatt Place Downtown")).toBe("hotel");
    expect(lodgingType("hotel", "Sea Breeze Motel")).toBe("motel");
    expect(lodgingType("hotel", "Rose Bed & Breakfast")).toBe("bed and breakfast");
    expect(lodgingType("hostel", "HI Boston")).toBe("hostel");
    expect(lodgingType("rv park", "Lakeside RV Park")).toBe("rv park");
    expect(lodgingType("campground", "Kayak Point Campsites")).toBe("campground");
    expect(isHotelType(lodgingType("hotel", "The Inn at Little Washington"))).toBe(true);
    expect(isHotelType("campground")).toBe(false);
  });

  test("a Wikipedia paragraph that says the place was demolished or closed sets its status with the evidence", () => {
    expect(statusFromText("The Magnolia Projects were a housing project. They were demolished in 2008.")?.status).toBe(
      "demolished",
    );
    expect(statusFromText("The Lady Luck casino closed in 2006 after a fire.")?.status).toBe("closed");
    expect(statusFromText("The hotel closed in 1990 and reopened in 1995.")).toBeNull();
    expect(statusFromText("A 102-story skyscraper in Midtown Manhattan.")).toBeNull();
  });
});
