import type { Dataset } from "../types";
import { text } from "../util";
import { addressCase, BOROUGH_CITY } from "../address";
import atlantaFile from "../../../data/places/atlanta_fulton_county_food_service_2014_2015.csv.gz" with {
  type: "file",
};
import chicagoFile from "../../../data/places/chicago_sidewalk_cafe_permits_2018.csv.gz" with { type: "file" };
import nashvilleFile from "../../../data/places/nashville_beer_permit_locations_2022.csv.gz" with { type: "file" };
import nycFile from "../../../data/places/nyc_open_restaurants_2020_2021.csv.gz" with { type: "file" };
import { cleanFoodName, cityFood, foodPlace } from "./city-food-shared";

/** City food lists of New York, Nashville, Chicago and Atlanta: see city-food-shared.ts. */

// ---------------------------------------------------------------------------------------------------------
// New York City: Open Restaurant applications (outdoor dining, 2020–21)

const NYC = { key: "nyc-restaurants", observedAt: "2021-11-29", state: "NY" };
export const nycRestaurants: Dataset = cityFood({
  ...NYC,
  name: "NYC Open Restaurant Applications (2020–2021)",
  licence: "NYC Open Data Terms of Use",
  attribution: "NYC Open Data / NYC DOT",
  url: "https://data.cityofnewyork.us/Transportation/Open-Restaurant-Applications/pitm-atqc",
  file: nycFile,
  box: [40.49, 40.92, -74.27, -73.68],
  area: "New York City",
  map(row) {
    const number = text(row.building_number);
    const street = number ? `${number} ${text(row.street) ?? ""}`.trim() : text(row.business_address?.split(",")[0]);
    return foodPlace(NYC, {
      sourceId: row.objectid!,
      name: cleanFoodName(row.restaurant_name) ?? cleanFoodName(row.dba),
      strict: false,
      lat: row.latitude,
      lng: row.longitude,
      address: addressCase(street),
      city: BOROUGH_CITY[row.borough ?? ""] ?? null,
      zip: row.postcode,
      tags: row.qualify_alcohol === "yes" ? { alcohol: "yes" } : null,
    });
  },
});

// ---------------------------------------------------------------------------------------------------------
// Nashville: beer permit locations (about 2022)

const NASHVILLE = { key: "nashville-beer", observedAt: "2022", state: "TN" };
export const nashvilleBeer: Dataset = cityFood({
  ...NASHVILLE,
  name: "Metro Nashville Beer Permit Locations (about 2022)",
  licence: "Metro Nashville open data (public records)",
  attribution: "Metro Nashville Beer Permit Board / data.nashville.gov",
  url: "https://data.nashville.gov/",
  file: nashvilleFile,
  box: [35.9, 36.45, -87.1, -86.35],
  area: "Davidson County",
  map(row) {
    // ISSUED and TEMPORARY (issued pending the board's hearing) are the file's two statuses; both are in force.
    const status = (text(row.status) ?? "").toUpperCase();
    if (status !== "ISSUED" && status !== "TEMPORARY") return { skip: "permit not active" };
    const subtype = text(row.permit_subtype) ?? "";
    const name = cleanFoodName(row.business_name);
    if (/Wholesale|Distributor/i.test(subtype)) {
      // Breweries and cideries hold wholesale permits too, and have taprooms; distributors do not.
      if (!name || !/\b(brew\w*|beer works|cider\w*|distill\w*)\b/i.test(name))
        return { skip: "wholesaler or distributor" };
    } else if (!/\bOn\b/i.test(subtype)) return { skip: "off-premises beer sales only" };
    return foodPlace(NASHVILLE, {
      sourceId: row.permit_number!,
      name,
      fallbackKind: "bar",
      lat: row.latitude,
      lng: row.longitude,
      address: addressCase(row.address),
      city: text(row.city),
      zip: row.zip,
    });
  },
});

// ---------------------------------------------------------------------------------------------------------
// Chicago: sidewalk café permits (2018)

const CHICAGO = { key: "chicago-sidewalk-cafes", observedAt: "2018", state: "IL" };
export const chicagoSidewalkCafes: Dataset = cityFood({
  ...CHICAGO,
  name: "City of Chicago Sidewalk Cafe Permits (2018)",
  licence: "City of Chicago Data Portal Terms of Use",
  attribution: "City of Chicago Data Portal / Department of Business Affairs and Consumer Protection",
  url: "https://data.cityofchicago.org/",
  file: chicagoFile,
  box: [41.64, 42.03, -87.95, -87.52],
  area: "Chicago",
  map(row) {
    return foodPlace(CHICAGO, {
      sourceId: row.permit_number!,
      name: cleanFoodName(row.doing_business_as),
      strict: false,
      lat: row.latitude,
      lng: row.longitude,
      address: addressCase(row.address),
      city: "Chicago",
      zip: row.zip,
      amenities: ["sidewalk seating"],
      tags: { seating: "sidewalk" },
    });
  },
});

// ---------------------------------------------------------------------------------------------------------
// Atlanta: Fulton County food service inspections (2014–15)

/** Stadiums, arenas and the convention centre: dozens of concession stands each ("Bar 12", "BBQ North"). */
const ATLANTA_VENUES =
  /^(1 GEORGIA DOME DR|755 HANK AARON DR|(ONE|1) PHILIPS DR|285 ANDREW YOUNG INTERNATIONAL BLVD|2002 LAKEWOOD WAY)\b/i;
const ATLANTA_CITY_FIX: Record<string, string> = {
  Alphareatta: "Alpharetta",
  Altanta: "Atlanta",
  "College Pk": "College Park",
  Eastpoint: "East Point",
};

const ATLANTA = { key: "atlanta-food", observedAt: "2015", state: "GA" };
export const atlantaFood: Dataset = cityFood({
  ...ATLANTA,
  name: "Fulton County Food Service Inspections (2014–2015)",
  licence: "Public records",
  attribution: "Fulton County Board of Health / Code for Atlanta",
  url: "https://github.com/CivicTechAtlanta/georgia-restaurant-inspections",
  file: atlantaFile,
  box: [33.45, 34.2, -84.9, -84.05],
  area: "the Atlanta area",
  map(row) {
    if (ATLANTA_VENUES.test(text(row.address) ?? "")) return { skip: "stadium or venue concession" };
    const city = text(row.city);
    return foodPlace(ATLANTA, {
      sourceId: row.business_id!,
      name: cleanFoodName(row.name),
      lat: row.latitude,
      lng: row.longitude,
      address: addressCase(row.address),
      city: city ? (ATLANTA_CITY_FIX[city] ?? city) : null,
      zip: row.zip,
    });
  },
});

/** Every city food dataset in this module. */
