import { US_STATES } from "../../../../src/domain/states";
import { CATEGORY, type CategoryId, type Dataset, type ReadResult } from "../types";
import { csvRows, nameAndPosition, oncePerRow, phone, shortHash, text, website } from "../util";
import { stateOfPoint } from "../state-of-point";
import { streetAddress } from "../values";
import file from "../../../data/places/atp_2021-12_us_lodging_food_shops.csv.gz" with { type: "file" };

/**
 * All the Places (CC0), the weekly run of about December 2021: brand store-locator scrapes (hotels, restaurants,
 * shops, cinemas) with phones, websites and opening hours. The gatherer's `category` column (lodging, food, shop,
 * entertainment) is by spider. A food or shop row is titled by its brand (its branch name is the locator's:
 * "Target Store - crystal"); a hotel keeps its own name ("Hyatt Place Huntsville/Research Park").
 * Where the 2011 business dump holds the same brand at the same spot, the two records are one place
 * (chain-evidence.ts); a 2011 row of a brand this file covers with none of it nearby is marked probably closed.
 */

const CATEGORIES: Record<string, CategoryId> = {
  lodging: CATEGORY.lodging,
  food: CATEGORY.food,
  shop: CATEGORY.stores,
  entertainment: CATEGORY.activities,
};

/**
 * The state a row is in: its 2-letter state column, DC's spellings, else the outline holding its point (once
 * per row: the split hands the same row to every state's reader).
 */
const stateOf = oncePerRow((row): string | null => {
  const state = (row.state ?? "").trim().toUpperCase().replace(/\./g, "");
  if (state.length === 2 && state in US_STATES) return state;
  if (state === "DC" || state === "WASHINGTON DC") return "DC";
  const lat = Number(row.lat);
  const lon = Number(row.lon);
  return Number.isFinite(lat) && Number.isFinite(lon) ? stateOfPoint(lat, lon) : null;
});

/** Lodging's sub-kind by the brand's own words (HI's hostels, Caesars' casino resorts), else a hotel. */
function lodgingKind(name: string, spider: string): string {
  if (/hostel/i.test(spider) || /\bhostel\b/i.test(name)) return "hostel";
  if (/\bcasino\b/i.test(name)) return "casino hotel";
  if (/\bresort\b/i.test(name)) return "resort";
  return "hotel";
}

function foodKind(name: string): string {
  if (/\b(coffee|caf[eé]|donuts?|doughnuts?|bagels?|bakery)\b/i.test(name)) return "cafe";
  if (/\b(ice cream|creamery|frozen yogurt|custard)\b/i.test(name)) return "ice cream";
  if (/\bpizza\b/i.test(name)) return "pizza";
  return "restaurant";
}

function activityKind(name: string, spider: string): string {
  if (/bowl/i.test(spider) || /\bbowl/i.test(name)) return "bowling alley";
  if (/theat|cinema/i.test(spider) || /\b(theat(re|er)s?|cinemas?)\b/i.test(name)) return "cinema";
  return "entertainment";
}

/** A brand as the file spells it, when it is a name (some spiders leave it empty or lower-case: "kay"). */
const brandName = (brand: string | null) => (brand && /\p{Lu}/u.test(brand) ? brand : null);

export const allThePlaces: Dataset = {
  key: "alltheplaces",
  observedAt: "2021-12",
  name: "All the Places (brand locations, December 2021)",
  licence: "CC0-1.0",
  attribution: "All the Places (alltheplaces.xyz), CC0",
  url: "https://www.alltheplaces.xyz/",
  states: "all",
  async *read(stateCode: string): AsyncIterable<ReadResult> {
    for await (const row of csvRows(file, (row) => stateOf(row) === stateCode)) {
      const categoryId = CATEGORIES[row.category ?? ""];
      if (!categoryId) {
        yield { skip: "category not listed" };
        continue;
      }
      const brand = text(row.brand);
      const own = text(row.name);
      const title =
        categoryId === CATEGORY.lodging || categoryId === CATEGORY.activities
          ? (own ?? brandName(brand))
          : (brandName(brand) ?? own);
      const checked = nameAndPosition(title, row.lat, row.lon);
      if ("skip" in checked) {
        yield checked;
        continue;
      }
      const spider = row.spider ?? "";
      const kind =
        categoryId === CATEGORY.lodging
          ? lodgingKind(checked.name, spider)
          : categoryId === CATEGORY.food
            ? foodKind(checked.name)
            : categoryId === CATEGORY.activities
              ? activityKind(checked.name, spider)
              : "store";
      const tags: Record<string, string> = { atpSpider: spider };
      if (brand) tags.atpBrand = brand;
      if (text(row.brand_wikidata)) tags.brandWikidata = text(row.brand_wikidata)!;
      yield {
        source: "alltheplaces",
        sourceId: `${spider}:${text(row.ref) ?? shortHash(`${checked.name}|${row.lat}|${row.lon}`)}`,
        categoryId,
        kind,
        title: checked.name,
        address: streetAddress(text(row.addr)),
        city: text(row.city),
        stateCode,
        zip: row.postcode?.match(/^\d{5}/)?.[0] ?? null,
        phone: phone(row.phone),
        website: website(row.website),
        openingHours: text(row.opening_hours),
        ...checked.position,
        tags,
      };
    }
  },
};
