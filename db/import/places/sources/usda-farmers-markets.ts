import { CATEGORY, type Dataset, type ReadResult } from "../types";
import { caps, nameAndPosition, csvRows, text, website } from "../util";
import file from "../../../data/places/usda_farmers_markets_2017.csv.gz" with { type: "file" };

/**
 * USDA National Farmers Market Directory (public domain), export of early 2017, nationwide.
 * The description is assembled only from the row's own fields: its product list and its season/hours text.
 * The schedule is free text ("06/08/2016 to 10/12/2016 Wed: 9:00 AM-1:00 PM;"), not OSM opening_hours
 * syntax, so it goes into the description and openingHours stays empty.
 */

/** The copy in shared/data was converted from cp1252 imperfectly: curly quotes and dashes became these. */
const MOJIBAKE: [RegExp, string][] = [
  [/äó»/g, "'"],
  [/äóñ/g, "–"],
  [/äóî/g, "—"],
  [/Œæ/g, " "],
  [/í±/g, "ñ"],
  [/í©/g, "é"],
  [/íç/g, "á"],
  [/í_/g, "í"],
];
export function fixMojibake(value: string): string {
  return MOJIBAKE.reduce((s, [bad, good]) => s.replace(bad, good), value);
}

const clean = (value: string | undefined) => text(fixMojibake(value ?? ""));

const PRODUCT_LABELS: Record<string, string> = {
  baked_goods: "baked goods",
  prepared: "prepared food",
  organic: "organic products",
  wild_harvested: "wild-harvested products",
  pet_food: "pet food",
  nursery: "nursery plants",
};
const PAYMENT_LABELS: Record<string, string> = {
  credit: "accepts credit cards",
  snap: "accepts SNAP",
  wic: "accepts WIC",
  wic_cash: "accepts WIC cash-value vouchers",
  sfmnp: "accepts SFMNP coupons",
};

const list = (value: string | undefined) =>
  (value ?? "")
    .split(";")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/** "vegetables;baked_goods" → "Products: vegetables, baked goods." */
function productsSentence(value: string | undefined): string | null {
  const products = list(value).map((p) => PRODUCT_LABELS[p] ?? p.replace(/_/g, " "));
  return products.length ? `Products: ${products.join(", ")}.` : null;
}

/** "06/08/2016 to 10/12/2016 Wed: 9:00 AM-1:00 PM; | …" → "Schedule: 06/08/2016 to 10/12/2016 Wed: 9:00 AM-1:00 PM; …" */
function scheduleSentence(value: string | undefined): string | null {
  const seasons = fixMojibake(value ?? "")
    .split("|")
    .map((season) => season.trim().replace(/;\s*$/, "").replace(/;\s*/g, ", "))
    .filter(Boolean);
  return seasons.length ? `Schedule: ${seasons.join("; ")}.` : null;
}

export const usdaFarmersMarkets: Dataset = {
  key: "usda-farmers-markets",
  observedAt: "2017",
  name: "USDA National Farmers Market Directory (2017)",
  licence: "Public domain",
  attribution: "USDA Agricultural Marketing Service",
  url: "https://www.ams.usda.gov/local-food-directories/farmersmarkets",
  states: "all",
  async *read(stateCode: string): AsyncIterable<ReadResult> {
    for await (const row of csvRows(file, (row) => row.state?.trim() === stateCode)) {
      const checked = nameAndPosition(clean(row.name), row.latitude, row.longitude);
      if ("skip" in checked) {
        yield checked;
        continue;
      }
      const { name, position } = checked;
      const description = [productsSentence(row.products), scheduleSentence(row.schedule)].filter(Boolean).join(" ");
      const amenities = list(row.payment)
        .map((p) => PAYMENT_LABELS[p])
        .filter((p): p is string => !!p);
      const tags: Record<string, string> = {};
      const county = clean(row.county);
      if (county) tags.county = county;
      const locationType = clean(row.location_type);
      if (locationType) tags.locationType = locationType;
      const updated = row.date_updated?.match(/\b(20\d\d)\b|\/(\d\d)\s/);
      if (updated) tags.listingUpdated = updated[1] ?? `20${updated[2]}`;
      yield {
        source: "usda-farmers-markets",
        sourceId: row.fmid!,
        categoryId: CATEGORY.stores,
        kind: "farmers market",
        title: /\s/.test(name) ? caps(name) : name,
        description: description || null,
        address: clean(row.street),
        city: clean(row.city),
        stateCode,
        zip: row.zip?.match(/^\d{5}/)?.[0] ?? null,
        website: website(row.website) ?? website(row.facebook),
        ...position,
        amenities: amenities.length ? amenities : null,
        tags: Object.keys(tags).length ? tags : null,
      };
    }
  },
};
