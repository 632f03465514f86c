import type { Dataset } from "../types";
import { type Box, inBox, phone, shortHash, text } from "../util";
import { addressCase } from "../address";
import austinFile from "../../../data/places/austin_food_establishments_2020_2023.csv.gz" with { type: "file" };
import seattleFile from "../../../data/places/seattle_kc_food_establishments_2023.csv.gz" with { type: "file" };
import sfFile from "../../../data/places/sf_food_businesses_2016.csv.gz" with { type: "file" };
import { cleanFoodName, cityFood, foodPlace } from "./city-food-shared";

/** City food lists of Austin, Seattle and San Francisco: see city-food-shared.ts. */

// ---------------------------------------------------------------------------------------------------------
// Austin / Travis County: food establishment inspections (2020–23)

const AUSTIN = { key: "austin-food", observedAt: "2023-02-17", state: "TX" };
export const austinFood: Dataset = cityFood({
  ...AUSTIN,
  name: "City of Austin Food Establishment Inspection Scores (2020–2023)",
  licence: "Public domain (City of Austin open data)",
  attribution: "City of Austin Open Data / Austin Public Health",
  url: "https://data.austintexas.gov/",
  file: austinFile,
  box: [29.9, 30.75, -98.3, -97.3],
  area: "the Austin area",
  map(row) {
    // "ABIA-…" are outlets at Austin-Bergstrom airport: the prefix becomes a tag. "OOB"/"PF"/… prefixes are
    // inspection jurisdictions (dropped by cleanFoodName).
    const raw = text(row.name) ?? "";
    const airport = /^ABIA\s*-\s*/i.test(raw);
    return foodPlace(AUSTIN, {
      sourceId: row.facility_id!,
      name: cleanFoodName(raw.replace(/^ABIA\s*-\s*/i, "")),
      tags: airport ? { airport: "Austin-Bergstrom International Airport" } : null,
      lat: row.latitude,
      lng: row.longitude,
      address: addressCase(row.address),
      city: text(row.city),
      zip: row.zip,
    });
  },
});

// ---------------------------------------------------------------------------------------------------------
// Seattle: King County food establishment inspections (2023)

const SEATTLE_SKIP: Record<string, string> = {
  "Grocery Store-no seating": "grocery, convenience or drug store",
  "Meat/Sea Food": "grocery, convenience or drug store",
  "Mobile Food Unit": "mobile food vendor",
  "School Lunch Program": "school or childcare kitchen",
  Caterer: "caterer or contract food service",
  "Non-Profit Institution": "not a public restaurant",
  "Bed and Breakfast": "hotel or event space",
};
const SEATTLE_CITY: Box = [47.49, 47.74, -122.44, -122.22];

const SEATTLE = { key: "seattle-kc-food", observedAt: "2023", state: "WA" };
export const seattleKcFood: Dataset = cityFood({
  ...SEATTLE,
  name: "King County Food Establishment Inspections, Seattle (2023)",
  licence: "King County open data terms",
  attribution: "King County Public Health",
  url: "https://data.kingcounty.gov/",
  file: seattleFile,
  box: [47.0, 47.8, -122.6, -121.0],
  area: "King County",
  phoneColumn: "phone",
  map(row, ctx) {
    const seating = text(row.seating_category) ?? "";
    if (SEATTLE_SKIP[seating]) return { skip: SEATTLE_SKIP[seating]! };
    const name = cleanFoodName(row.name);
    const seats = seating.match(/^Seating\s+(.+)$/)?.[1];
    const tel = phone(row.phone);
    const place = foodPlace(SEATTLE, {
      // No id column: the name (unique in this file) and the point.
      sourceId: shortHash(`${text(row.name)}|${row.latitude}|${row.longitude}`),
      name,
      fallbackKind: seating === "Bakery-no seating" ? "bakery" : "restaurant",
      lat: row.latitude,
      lng: row.longitude,
      address: addressCase(row.address),
      zip: row.zip,
      phone: tel && !ctx.phones.has(tel) ? tel : null,
      tags: seats ? { seats: seats.replace(/\s+/g, "") } : null,
    });
    // The file says "Seattle" for every row, but some points are elsewhere in King County.
    if (!("skip" in place)) place.city = inBox(place, SEATTLE_CITY) ? "Seattle" : null;
    return place;
  },
});

// ---------------------------------------------------------------------------------------------------------
// San Francisco: DPH restaurant scores, businesses (about 2016)

/**
 * DPH permit codes, read from what each code's businesses are (the file has no code list): H24–H26
 * restaurants by floor area, H29 fast food, H86–H87 bars, H88–H89 bakeries. H03, H07 and H28 mix shops,
 * markets and coffee counters: kept only when the name says café/coffee/grill … Everything else is a shop,
 * caterer, truck, institution or stadium stand.
 */
const SF_KEEP: Record<string, string> = {
  H24: "restaurant",
  H25: "restaurant",
  H26: "restaurant",
  H29: "restaurant",
  H86: "bar",
  H87: "bar",
  H88: "bakery",
  H89: "bakery",
};
const SF_IF_NAMED = new Set(["H03", "H07", "H28"]);
const SF_SKIP: [RegExp, string][] = [
  [/^H(0[1-9]|10|8[0-3])$/, "grocery, convenience or drug store"],
  [/^H(13|14)$/, "produce stand or farmers market"],
  [/^H(21|22|33|34|61)$/, "wholesale, commissary or vending"],
  [/^H(30|7[4-9]|98|99)$/, "caterer, mobile or home-based vendor"],
  [/^(AA|H23|H38|H40|H84|H90|H91)$/, "institutional kitchen"],
  [/^H36$/, "stadium or venue concession"],
  [/^H37$/, "hotel or event space"],
];

const SF = { key: "sf-food", observedAt: "2016", state: "CA" };
export const sfFood: Dataset = cityFood({
  ...SF,
  name: "San Francisco DPH Restaurant Scores — businesses (about 2016)",
  licence: "PDDL-1.0",
  attribution: "San Francisco Department of Public Health / DataSF",
  url: "https://data.sfgov.org/",
  file: sfFile,
  box: [37.7, 37.84, -122.52, -122.35],
  area: "San Francisco",
  phoneColumn: "phone",
  map(row, ctx) {
    const code = text(row.dph_permit_code) ?? "";
    const kind = SF_KEEP[code];
    const ifNamed = SF_IF_NAMED.has(code);
    if (!kind && !ifNamed) {
      for (const [re, reason] of SF_SKIP) if (re.test(code)) return { skip: reason };
      return { skip: code ? "not a restaurant permit" : "no permit type (special event)" };
    }
    const tel = phone(row.phone);
    return foodPlace(SF, {
      sourceId: row.business_id!,
      name: cleanFoodName(row.name),
      fallbackKind: kind ?? "restaurant",
      // A restaurant or bar permit says what the place is: "Foreign Cinema", "Church Key" are restaurants.
      strict: ifNamed,
      requireEating: ifNamed,
      lat: row.latitude,
      lng: row.longitude,
      address: addressCase(row.address),
      city: "San Francisco",
      zip: row.postal_code,
      phone: tel && !ctx.phones.has(tel) ? tel : null,
    });
  },
});
