import { describe, expect, test } from "bun:test";
import {
  amenityChips,
  badgeLabel,
  categoryColour,
  cityItemId,
  factItemId,
  hoursLabel,
  listCategoryLabel,
  localGemType,
  mapsSearchUrl,
  miles,
  milesAway,
  placeItemId,
  staggerDelay,
  telUrl,
  tileColour,
  titleIdItemId,
  webSearchUrl,
  websiteUrl,
} from "./places";
import { directionsUrl, fullAddress } from "./directions";
import { restaurantTagline, TAGLINE_KEYWORDS, TAGLINE_PHRASES } from "./taglines";

describe("category labels (both numberings, docs/product.md#data-rules)", () => {
  test("the place page badge maps 1–6 and the list ids 7–12 onto the same labels; anything else is Other", () => {
    const page = [1, 2, 3, 4, 5, 6].map(badgeLabel);
    expect(page).toEqual(["Historical", "Store", "Fact", "Activity", "Food", "Lodging"]);
    expect([8, 12, 7, 9, 10, 11].map(badgeLabel)).toEqual(page);
    for (const other of [0, 13, -1, 99, NaN, null, undefined]) expect(badgeLabel(other)).toBe("Other");
  });

  test("lists name 7–12 and fall back to Place", () => {
    expect([7, 8, 9, 10, 11, 12].map(listCategoryLabel)).toEqual([
      "Fun Fact",
      "History",
      "Activities",
      "Food & Dining",
      "Lodging",
      "Local Stores",
    ]);
    for (const other of [1, 6, 13, null, undefined]) expect(listCategoryLabel(other)).toBe("Place");
  });

  test("colours follow the category in either numbering; unknown colours are gray", () => {
    expect(categoryColour(5)).toBe(categoryColour(10));
    expect(categoryColour(1)).toBe("amber");
    expect(categoryColour(12)).toBe("emerald");
    expect(categoryColour(42)).toBe("gray");
    expect(tileColour("purple")).toBe("purple");
    expect(tileColour("chartreuse")).toBe("gray");
    expect(tileColour(undefined)).toBe("gray");
  });
});

describe("local gems type", () => {
  test("Café when the title or description mentions coffee, café or cafe — before the category", () => {
    expect(localGemType({ title: "Bean There", description: "Coffee shop in Austin, TX.", categoryId: 10 })).toBe(
      "Café",
    );
    expect(localGemType({ title: "Café Rouge", description: "Restaurant.", categoryId: 10 })).toBe("Café");
    expect(localGemType({ title: "Corner CAFE", description: "", categoryId: 12 })).toBe("Café");
  });
  test("otherwise Restaurant for 10, Store for 12, Place for anything else", () => {
    expect(localGemType({ title: "Lilys Bistro", description: "Restaurant in Las Vegas, NV.", categoryId: 10 })).toBe(
      "Restaurant",
    );
    expect(localGemType({ title: "S Kong LLC", description: "Clothing.", categoryId: 12 })).toBe("Store");
    expect(localGemType({ title: "Museum", description: "Museum.", categoryId: 8 })).toBe("Place");
  });
});

describe("website link (https forced)", () => {
  test("prefixes https:// when missing and replaces http:// or https://", () => {
    expect(websiteUrl("example.com")).toBe("https://example.com");
    expect(websiteUrl("http://example.com/menu")).toBe("https://example.com/menu");
    expect(websiteUrl("HTTPS://Example.com")).toBe("https://Example.com");
    expect(websiteUrl("  www.example.com  ")).toBe("https://www.example.com");
  });
  test("shows nothing when empty after trimming", () => {
    for (const empty of ["", "   ", null, undefined, "https://"]) expect(websiteUrl(empty)).toBeNull();
  });
});

describe("amenity chips", () => {
  test("at most four, and how many more", () => {
    expect(amenityChips(["WiFi", "Parking"])).toEqual({ shown: ["WiFi", "Parking"], more: 0 });
    expect(amenityChips(["A", "B", "C", "D"])).toEqual({ shown: ["A", "B", "C", "D"], more: 0 });
    expect(amenityChips(["A", "B", "C", "D", "E", "F", "G"])).toEqual({ shown: ["A", "B", "C", "D"], more: 3 });
    expect(amenityChips(undefined)).toEqual({ shown: [], more: 0 });
    expect(amenityChips(["A", " ", "", "B"])).toEqual({ shown: ["A", "B"], more: 0 });
  });
});

describe("restaurant tagline", () => {
  test("a keyword in the title or the description picks its phrase", () => {
    expect(restaurantTagline({ title: "Donna Mia Restaurant & Pizzeria", description: "Restaurant." })).toBe(
      "For when only pizza will do",
    );
    expect(restaurantTagline({ title: "Blue Door", description: "Sushi bar and grill." })).toBe("For a taste of Japan");
    expect(restaurantTagline({ title: "Starbucks Coffee", description: "Cafe in Las Vegas, NV." })).toBe(
      "For your next cup",
    );
  });
  test("no phrase vouches for what the data cannot know: quality, popularity, freshness, hours", () => {
    const claims =
      /\b(best|great|good food|favou?rite|locals|swear|fresh|every morning|any time|juicy|made to order|served right|straight from|worth the|popular|famous|loved|happy)\b/i;
    for (const phrase of [...TAGLINE_KEYWORDS.map(([, p]) => p), ...TAGLINE_PHRASES])
      expect(phrase).not.toMatch(claims);
  });
  test("the first matching keyword wins", () => {
    const text = { title: "Pizza & Burgers", description: "" };
    expect(restaurantTagline(text)).toBe(TAGLINE_KEYWORDS[0]![1]);
  });
  test("otherwise one of the 8 phrases by the sum of the title's character codes", () => {
    const pick = (title: string) => TAGLINE_PHRASES[[...title].reduce((s, c) => s + c.charCodeAt(0), 0) % 8];
    for (const title of ["Catered Plate", "Lilys Place", "Ma Barker's Eatery", "A", "Zz"]) {
      expect(restaurantTagline({ title, description: "Restaurant in Las Vegas, NV." })).toBe(pick(title)!);
    }
    expect(TAGLINE_PHRASES).toHaveLength(8);
    expect(new Set(TAGLINE_PHRASES).size).toBe(8);
    // Deterministic: the same title always gets the same phrase; "Ab" (65+98=163 → 3) and "Ba" share a sum.
    expect(restaurantTagline({ title: "Ab", description: "" })).toBe(TAGLINE_PHRASES[3]);
    expect(restaurantTagline({ title: "Ba", description: "" })).toBe(TAGLINE_PHRASES[3]);
  });
  test("'pub' needs a whole word, so 'Republic' does not count", () => {
    expect(restaurantTagline({ title: "Republic Kitchen", description: "" })).not.toBe("For a pint and good company");
    expect(restaurantTagline({ title: "The Pub", description: "" })).toBe("For a pint and good company");
  });
});

describe("formatting and links", () => {
  test("distances and opening state", () => {
    expect(miles(0.25)).toBe("0.3 mi");
    expect(miles(12)).toBe("12.0 mi");
    expect(miles(null)).toBeNull();
    expect(milesAway(5.7)).toBe("5.7 miles away");
    expect([true, false, null, undefined].map(hoursLabel)).toEqual([
      "Open now",
      "Closed",
      "Hours unknown",
      "Hours unknown",
    ]);
  });
  test("maps search by address, web search by title plus address, tel links", () => {
    expect(mapsSearchUrl("700 Twin Lakes Dr, Las Vegas")).toBe(
      "https://www.google.com/maps/search/?api=1&query=700%20Twin%20Lakes%20Dr%2C%20Las%20Vegas",
    );
    expect(webSearchUrl("Old Fort", "908 Las Vegas Blvd N")).toBe(
      "https://www.google.com/search?q=Old%20Fort%20908%20Las%20Vegas%20Blvd%20N",
    );
    expect(webSearchUrl("Old Fort", null)).toBe("https://www.google.com/search?q=Old%20Fort");
    expect(telUrl("(702) 458-4200")).toBe("tel:7024584200");
  });

  test("Get Directions sends street, city, state and ZIP; the coordinates when there is no street address", () => {
    const place = {
      address: "2 Wyckoff Avenue",
      city: "Brooklyn",
      stateCode: "NY",
      zip: "11237",
      latitude: 40.7,
      longitude: -73.9,
    };
    expect(fullAddress(place)).toBe("2 Wyckoff Avenue, Brooklyn, NY 11237");
    expect(directionsUrl(place)).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("2 Wyckoff Avenue, Brooklyn, NY 11237")}`,
    );
    // No ZIP, no city: what there is; a city the street already names is not repeated.
    expect(fullAddress({ ...place, zip: null })).toBe("2 Wyckoff Avenue, Brooklyn, NY");
    expect(fullAddress({ ...place, city: null, zip: null })).toBe("2 Wyckoff Avenue, NY");
    expect(fullAddress({ ...place, address: "2 Wyckoff Avenue, Brooklyn, NY 11237" })).toBe(
      "2 Wyckoff Avenue, Brooklyn, NY 11237",
    );
    expect(fullAddress({ ...place, address: "  " })).toBeNull();
    expect(directionsUrl({ ...place, address: null })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=40.7,-73.9",
    );
  });
  test("favorite item ids follow section 3", () => {
    expect(placeItemId({ id: 428, title: "Nevada State Museum & Co." })).toBe("nevada-state-museum---co--428");
    expect(cityItemId("Las Vegas, NV")).toBe("las vegas-nv");
    expect(factItemId({ title: "133 museums nearby", category: "Culture" })).toBe("133 museums nearby-Culture");
    expect(titleIdItemId({ title: "S Kong LLC", id: 14622 })).toBe("S Kong LLC-14622");
  });
  test("cards start 0.3 s apart", () => {
    expect([0, 1, 2, 5].map(staggerDelay)).toEqual(["0.0s", "0.3s", "0.6s", "1.5s"]);
  });
});

describe("data age note (docs/product.md#data-rules)", () => {
  test("a stale place says which year's data lists it; a recent or undated one says nothing", async () => {
    const { staleNote } = await import("./places");
    expect(staleNote({ stale: true, observedAt: "2011" })).toBe("Listed in 2011 data — may have changed");
    expect(staleNote({ stale: true, observedAt: "2017-01" })).toBe("Listed in 2017 data — may have changed");
    expect(staleNote({ stale: false, observedAt: "2011" })).toBeNull();
    expect(staleNote({ stale: true, observedAt: null })).toBeNull();
  });
});
