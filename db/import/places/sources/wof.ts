import { CATEGORY, type CategoryId, type Dataset, type ReadResult } from "../types";
import { coords, directoryName, phone, csvRows, text } from "../util";
import { WOF_FILES } from "./wof-files";
import { isCasinoResort } from "../filters";

/**
 * Who's On First / SimpleGeo venues (CC0, 2011 snapshot): one file per state.
 * SimpleGeo classifiers (type / category / subcategory) → our categories. Services (banks, salons, repair),
 * car dealers, travel agents, gyms and offices are not what a traveller browses: skipped.
 */
type Rule = { categoryId: CategoryId; kind: string } | null;

function classify(type: string, category: string, sub: string, name: string): Rule | string {
  const lower = name.toLowerCase();
  switch (type) {
    case "Food & Drink": {
      if (category === "Coffee & Tea" || category === "Cafe" || category === "Tea Room" || category === "Internet Cafe")
        return { categoryId: CATEGORY.food, kind: "cafe" };
      if (category === "Bars & Pubs")
        return {
          categoryId: CATEGORY.food,
          kind: sub === "Nightclub" ? "nightclub" : sub === "Wine Bar" ? "wine bar" : "bar",
        };
      if (category === "Fast Food") return { categoryId: CATEGORY.food, kind: "fast food" };
      if (category === "Brewery") return { categoryId: CATEGORY.food, kind: "brewery" };
      const kinds: Record<string, string> = {
        Bakery: "bakery",
        Bagels: "bagel shop",
        Deli: "deli",
        Donuts: "donut shop",
        "Ice Cream": "ice cream",
        "Juice Bar": "juice bar",
        "Food Court": "food court",
      };
      return { categoryId: CATEGORY.food, kind: kinds[category] ?? "restaurant" };
    }
    case "Entertainment": {
      if (category === "Travel") {
        // A hotel whose own name says casino is a casino resort ("El Cortez Hotel & Casino"): kind casino hotel, as OSM's
        // tourism=hotel + amenity=casino (a sight, decision 035). A "casino" filed here whose name says no hotel, or
        // says bar ("7-10 Casino", "Brick Casino & Lounge": Montana's gaming taverns) is a casino, not lodging.
        if (sub === "Hotels & Motels") {
          if (/\bcasino\b/.test(lower) && !isCasinoResort({ categoryId: CATEGORY.lodging, title: name }))
            return { categoryId: CATEGORY.activities, kind: "casino" };
          return {
            categoryId: CATEGORY.lodging,
            kind: /\bcasino\b/.test(lower)
              ? "casino hotel"
              : /\bmotel\b/.test(lower)
                ? "motel"
                : /\binn\b/.test(lower)
                  ? "inn"
                  : "hotel",
          };
        }
        if (sub === "Bed & Breakfast") return { categoryId: CATEGORY.lodging, kind: "bed & breakfast" };
        if (sub === "Campground") return { categoryId: CATEGORY.lodging, kind: "campground" };
        if (sub === "Hostel") return { categoryId: CATEGORY.lodging, kind: "hostel" };
        if (sub === "Resort") return { categoryId: CATEGORY.lodging, kind: "resort" };
        return "travel agent or other travel service";
      }
      if (category === "Museum") return { categoryId: CATEGORY.activities, kind: sub ? sub.toLowerCase() : "museum" };
      if (category === "Arts & Performance")
        return { categoryId: CATEGORY.activities, kind: (sub || "arts venue").toLowerCase() };
      if (category === "Casinos & Gambling") return { categoryId: CATEGORY.activities, kind: "casino" };
      if (category === "Cinema")
        return sub === "Movie Rental"
          ? "video rental"
          : { categoryId: CATEGORY.activities, kind: (sub || "cinema").toLowerCase() };
      if (category === "Recreation") {
        if (sub === "Campground") return { categoryId: CATEGORY.lodging, kind: "campground" };
        if (sub === "Gun Range") return "gun range";
        return { categoryId: CATEGORY.activities, kind: (sub || "recreation").toLowerCase() };
      }
      if (category === "Sports & Exercise") {
        if (sub === "Gym" || sub === "Tennis Court" || sub === "Playing Field" || sub === "Swimming Pool")
          return "gym or sports facility";
        return { categoryId: CATEGORY.activities, kind: (sub || "sports").toLowerCase() };
      }
      if (category === "Arena")
        return sub === "Sports Club"
          ? "sports club"
          : { categoryId: CATEGORY.activities, kind: (sub || "arena").toLowerCase() };
      return { categoryId: CATEGORY.activities, kind: (sub || category || "entertainment").toLowerCase() };
    }
    case "Retail Goods": {
      if (category === "Autos & Motor Vehicles") return "car dealer or auto parts";
      if (category === "Home & Garden" && /Building Materials|Carpets|Hardware/.test(sub)) return "trade supplier";
      if (category === "Food & Beverages") {
        if (sub === "Groceries & Convenience Stores" || sub === "Supermarket")
          return { categoryId: CATEGORY.stores, kind: "grocery" };
        if (sub === "Bakery") return { categoryId: CATEGORY.food, kind: "bakery" };
        if (sub === "Farmers Market") return { categoryId: CATEGORY.stores, kind: "farmers market" };
        return { categoryId: CATEGORY.stores, kind: (sub || "food store").toLowerCase() };
      }
      return { categoryId: CATEGORY.stores, kind: (sub || category || "shop").toLowerCase().replace(/, &/g, " &") };
    }
    case "Public Place": {
      if (category === "Landmark") {
        if (sub === "Tourist Information") return { categoryId: CATEGORY.activities, kind: "visitor center" };
        return { categoryId: CATEGORY.history, kind: sub === "Monument" ? "monument" : "historic landmark" };
      }
      if (category === "Community Center") return { categoryId: CATEGORY.activities, kind: "community center" };
      return "office or warehouse";
    }
    default:
      return `${type.toLowerCase() || "unclassified"} (not for travellers)`;
  }
}

export const wofSimplegeo: Dataset = {
  key: "wof-simplegeo",
  observedAt: "2011",
  name: "Who's On First venues (SimpleGeo Places 2011)",
  licence: "CC0-1.0",
  attribution: "Data from Who's On First / SimpleGeo",
  url: "https://whosonfirst.org/",
  states: Object.keys(WOF_FILES),
  async *read(stateCode: string): AsyncIterable<ReadResult> {
    const file = WOF_FILES[stateCode];
    if (!file) return;
    for await (const row of csvRows(file)) {
      const raw = text(row.name);
      const name = raw ? directoryName(raw) : "";
      if (!name) {
        yield { skip: "no name" };
        continue;
      }
      // SimpleGeo geocoding errors put a few venues in the wrong state file: keep only this state's.
      if (row.state && row.state !== stateCode) {
        yield { skip: "state differs from file" };
        continue;
      }
      const position = coords(row.lat, row.lon);
      if (!position) {
        yield { skip: "no coordinates" };
        continue;
      }
      const rule = classify(
        row.sg_type ?? "",
        row.sg_category ?? "",
        row.sg_subcategory === "None" ? "" : (row.sg_subcategory ?? ""),
        name,
      );
      if (typeof rule === "string" || rule === null) {
        yield { skip: rule ?? "unclassified" };
        continue;
      }
      yield {
        source: "wof-simplegeo",
        sourceId: row.wof_id!,
        categoryId: rule.categoryId,
        kind: rule.kind,
        title: name,
        address: text(row.address),
        city: text(row.city),
        stateCode,
        zip: text(row.postcode),
        phone: phone(row.phone),
        ...position,
      };
    }
  },
};
