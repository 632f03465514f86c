import { gunzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import brandsPath from "../../data/brands/nsi_us_brands.json.gz" with { type: "file" };
import repeatedPath from "../../data/brands/repeated_names.json.gz" with { type: "file" };
import { CATEGORY } from "./types";
import { titleKey } from "./titles";
import { keptPerText } from "./kept";

/**
 * Which chain a place belongs to: the name-suggestion-index's US brands and dissolved chains
 * (scripts/extract-brands.ts), the names the bundled business data repeats across states (the chain rule,
 * scripts/extract-chains.ts), and the store locators' own brands. Nothing here is a hand-written list.
 */

interface BrandList {
  brands: Set<string>;
  dissolved: Map<string, string>;
  /** Names the bundled business data lists at many places in many states (scripts/extract-chains.ts). */
  repeated: Set<string>;
}
let brandList: BrandList | undefined;
function brandsData(): BrandList {
  if (!brandList) {
    const data = JSON.parse(gunzipSync(readFileSync(brandsPath)).toString("utf8")) as {
      brands: string[];
      dissolved: Record<string, string>;
    };
    const repeated = JSON.parse(gunzipSync(readFileSync(repeatedPath)).toString("utf8")) as { names: string[] };
    brandList = {
      brands: new Set(data.brands),
      dissolved: new Map(Object.entries(data.dissolved)),
      repeated: new Set(repeated.names),
    };
  }
  return brandList;
}

/**
 * The data-driven chain rule (decision 035): a food or store name at this many distinct places (~100 m apart)
 * in this many states of the bundled business datasets is a chain's, whether or not the name-suggestion-index
 * knows the brand. It catches the 2011 dump's closed chains (Circuit City, Borders, Waldenbooks, KB Toys,
 * Linens 'n Things) and its spellings of living ones ("Mc Donald's", "Wal Mart"); it also takes generic names
 * ("China Buffet", "Village Market") out of local gems — a name hundreds of places share is no gem's.
 */
export const REPEATED = { locations: 10, states: 5 } as const;

/** A name as the chain rule counts it: the title key without a branch suffix (" - Downtown", " #12", "(…)"). */
export function chainKey(title: string): string {
  return titleKey(title.replace(/\s*(\(|#\d|\s-\s|\bstore\s*#?\d).*$/i, "").replace(/\s+\d+$/, ""));
}

/** The repeated name this place carries (the chain rule above) when the name-suggestion-index does not know it, else null. */
export function repeatedChain(title: string): string | null {
  const { brands } = brandsData();
  return brandKeys(title).some((k) => brands.has(k)) ? null : repeatedName(title);
}
function repeatedName(title: string): string | null {
  const { repeated } = brandsData();
  const base = chainKey(title);
  if (repeated.has(base)) return base;
  const whole = titleKey(title);
  return repeated.has(whole) ? whole : null;
}

/** Words a branch adds to its brand's name: "Starbucks Coffee", "Papa John's Pizza", "Best Western Inn". */
const GENERIC_TAIL = new Set([
  "coffee",
  "cafe",
  "pizza",
  "restaurant",
  "grill",
  "bar",
  "store",
  "shop",
  "stores",
  "market",
  "pharmacy",
  "hotel",
  "inn",
  "motel",
  "suites",
  "express",
  "and",
  "casino",
  "resort",
  "buffet",
  "bakery",
  "donuts",
  "burgers",
  "chicken",
  "drive",
  "in",
  "thru",
  "co",
  "company",
  "outlet",
  "supercenter",
  "video",
  "of",
  "the",
  "s",
]);

/**
 * Title keys to try against the brand list: the whole name, the name before " - " / " #12" / "(…)"
 * (branch suffixes), and each leading run of words whose remaining words are all generic. Kept per title: an
 * import asks several times a record (the chain rules, the 2011 dump's branch check) and for every row written.
 */
const brandKeys: (title: string) => readonly string[] = keptPerText(computeBrandKeys, 20_000);

function computeBrandKeys(title: string): string[] {
  const whole = titleKey(title);
  const base = chainKey(title);
  const keys = [whole];
  if (base && base !== whole) keys.push(base);
  const words = (base || whole).split(" ");
  for (let n = words.length - 1; n >= 1; n--) {
    if (!GENERIC_TAIL.has(words[n]!)) break;
    keys.push(words.slice(0, n).join(" "));
  }
  return keys;
}

/**
 * The brand (normalised name) this place belongs to per the name-suggestion-index, or by the chain rule
 * (a name repeated across states, REPEATED), or null for an independent place.
 */
export function brandOf(title: string, categoryId?: number, tags?: Record<string, string> | null): string | null {
  // Open Brewery DB's own class: a "large" brewery is a multinational's plant or brand (Anheuser-Busch InBev, MillerCoors,
  // Goose Island, Blue Point), never a local gem; "regional" ones (Harpoon, Trillium) are local brewers and stay.
  if (tags?.breweryType === "large") return brandKeys(title)[0] ?? title.toLowerCase();
  // All the Places rows are brands' store locators: every one is a chain's branch, whatever the index knows of the
  // name ("Popeyes Louisiana Kitchen", "Community, a Walgreens Pharmacy" led Columbus's local gems).
  if (tags?.atpSpider) return brandKeys(tags.atpBrand ?? title)[0] || tags.atpSpider;
  const { brands } = brandsData();
  for (const key of brandKeys(title)) if (brands.has(key)) return key;
  // The chain rule's names are food and store names (scripts/extract-chains.ts), so it judges food and stores
  // only: a historic "Depot", a museum or an inn named like a restaurant chain is no chain's branch.
  return categoryId === undefined || BUSINESS.has(categoryId) ? repeatedName(title) : null;
}
const BUSINESS = new Set<number>([CATEGORY.food, CATEGORY.stores]);

/** The date a chain was dissolved (NSI's Wikidata check), when this place belongs to one. */
export function dissolvedChain(title: string): string | null {
  const { dissolved } = brandsData();
  for (const key of brandKeys(title)) {
    const date = dissolved.get(key);
    if (date) return date;
  }
  return null;
}
