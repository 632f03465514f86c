/**
 * The favorites screen's pure rules (docs/product.md "Favorites", section 3; docs/product.md#favorites): six tabs,
 * cities first; a place favorite is filed by its category; what each item shows. No React, no DOM.
 */
import { parseLocation } from "../../src/domain/location";
import { categoryById } from "../../src/domain/categories";
import { listCategoryLabel } from "./places";

export type { FavoriteItemType } from "../../src/domain/accounts";
import type { FavoriteItemType } from "../../src/domain/accounts";
export interface FavoriteRecord {
  id: number;
  itemType: FavoriteItemType | string;
  itemId: string;
  itemData: string;
  createdAt?: string;
}

export type TabKey = "cities" | "food" | "lodging" | "activities" | "stores" | "facts";
export interface FavoriteTab {
  key: TabKey;
  label: string;
  types: readonly string[];
  empty: string;
}

export const FAVORITE_TABS: readonly FavoriteTab[] = [
  { key: "cities", label: "Cities", types: ["city"], empty: "No favorite cities yet" },
  { key: "food", label: "Food", types: ["restaurant"], empty: "No favorite restaurants yet" },
  { key: "lodging", label: "Lodging", types: ["place"], empty: "No favorite lodging yet" },
  { key: "activities", label: "Activities", types: ["activity"], empty: "No favorite activities yet" },
  { key: "stores", label: "Stores", types: ["store"], empty: "No favorite stores yet" },
  { key: "facts", label: "Facts", types: ["fact"], empty: "No favorite fun facts yet" },
];
export const DEFAULT_TAB: TabKey = "cities";

/** A `place` favorite's tab by its category (docs/product.md#favorites); without a known category, Lodging (the product's). */
const PLACE_TABS: Record<string, TabKey> = {
  food: "food",
  lodging: "lodging",
  activities: "activities",
  historical: "activities",
  facts: "activities",
  stores: "stores",
};

/** The tab a favorite belongs in, or undefined for an unknown type. */
export function tabOf(favorite: Pick<FavoriteRecord, "itemType"> & { itemData?: string }): TabKey | undefined {
  if (favorite.itemType === "place") {
    const slug = categoryById(dataOf(favorite.itemData).categoryId as number)?.slug;
    return (slug && PLACE_TABS[slug]) || "lodging";
  }
  return FAVORITE_TABS.find((t) => t.types.includes(favorite.itemType))?.key;
}

/** Favorites by tab, in the order given (the server's newest first). Unknown types are left out. */
export function groupFavorites<T extends Pick<FavoriteRecord, "itemType"> & { itemData?: string }>(
  favorites: readonly T[],
): Record<TabKey, T[]> {
  const groups = Object.fromEntries(FAVORITE_TABS.map((t) => [t.key, [] as T[]])) as Record<TabKey, T[]>;
  for (const favorite of favorites) {
    const tab = tabOf(favorite);
    if (tab) groups[tab].push(favorite);
  }
  return groups;
}

/** The saved data as an object; anything else (not JSON, an array) as {}. */
function dataOf(itemData: string | undefined): Record<string, unknown> {
  try {
    const parsed = JSON.parse(itemData ?? "");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed;
  } catch {
    // Not JSON.
  }
  return {};
}

export interface FavoriteView {
  title: string;
  /** Type label shown beside the title ("Lodging", "Activity", "Fun Fact" …); for cities the hint. */
  label: string;
  /** Facts: the fact's text. */
  text?: string;
  /** Places: their address, else their city ("Las Vegas, NV"). */
  where?: string;
  /** Places and other place-like items with a numeric id: their page. */
  href?: string;
  /** Cities: the 'City, ST' text to switch to. */
  location?: { city: string; stateCode: string };
}

const str = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() ? value.trim() : undefined;
const TYPE_LABELS: Record<string, string> = {
  activity: "Activity",
  store: "Store",
  restaurant: "Restaurant",
  fact: "Fun Fact",
  place: "Place",
};

/** What an item shows. itemData is whatever the client saved: every field is optional. */
export function describeFavorite(favorite: FavoriteRecord): FavoriteView {
  const data = dataOf(favorite.itemData);
  const title = str(data.name) ?? str(data.title) ?? favorite.itemId;
  if (favorite.itemType === "city") {
    const location = parseLocation(str(data.location) ?? null) ?? undefined;
    // "City, ST": a name alone does not say which Springfield.
    return {
      title: location ? `${location.city}, ${location.stateCode}` : (str(data.name) ?? favorite.itemId),
      label: "Click to explore this city",
      location,
    };
  }
  if (favorite.itemType === "fact") {
    return {
      title,
      label: "Fun Fact",
      text: str(data.content) ?? str(data.fact) ?? str(data.summary) ?? str(data.text),
    };
  }
  const id =
    typeof data.id === "number" && Number.isInteger(data.id) && data.id > 0
      ? data.id
      : typeof data.id === "string" && /^\d{1,12}$/.test(data.id)
        ? Number(data.id)
        : undefined;
  const label =
    favorite.itemType === "place" && typeof data.categoryId === "number"
      ? listCategoryLabel(data.categoryId)
      : (TYPE_LABELS[favorite.itemType] ?? "Place");
  const where = str(data.address) ?? str(data.city);
  return { title, label, href: id ? `/place/${id}` : undefined, ...(where ? { where } : {}) };
}
