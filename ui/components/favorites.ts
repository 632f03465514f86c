/**
 * The favorites screen's pure rules (discovery.md section 2 "Favorites", section 3): five tabs, cities
 * first; place favorites in the lodging tab as the spec says (restaurants too, see decision 013); what
 * each item shows. No React, no DOM.
 */
import { parseLocation } from "../../src/domain/location";
import { listCategoryLabel } from "./places";

export type FavoriteItemType = "place" | "city" | "fact" | "store" | "activity" | "restaurant";
export interface FavoriteRecord {
  id: number;
  itemType: FavoriteItemType | string;
  itemId: string;
  itemData: string;
  createdAt?: string;
}

export type TabKey = "cities" | "lodging" | "activities" | "stores" | "facts";
export interface FavoriteTab {
  key: TabKey;
  label: string;
  types: readonly string[];
  empty: string;
}

export const FAVORITE_TABS: readonly FavoriteTab[] = [
  { key: "cities", label: "Cities", types: ["city"], empty: "No favorite cities yet" },
  { key: "lodging", label: "Lodging", types: ["place", "restaurant"], empty: "No favorite lodging yet" },
  { key: "activities", label: "Activities", types: ["activity"], empty: "No favorite activities yet" },
  { key: "stores", label: "Stores", types: ["store"], empty: "No favorite stores yet" },
  { key: "facts", label: "Facts", types: ["fact"], empty: "No favorite fun facts yet" },
];
export const DEFAULT_TAB: TabKey = "cities";

/** Favorites by tab, in the order given (the server's newest first). Unknown types are left out. */
export function groupFavorites<T extends Pick<FavoriteRecord, "itemType">>(favorites: readonly T[]): Record<TabKey, T[]> {
  const groups = Object.fromEntries(FAVORITE_TABS.map((t) => [t.key, [] as T[]])) as Record<TabKey, T[]>;
  for (const favorite of favorites) {
    const tab = FAVORITE_TABS.find((t) => t.types.includes(favorite.itemType));
    if (tab) groups[tab.key].push(favorite);
  }
  return groups;
}

export interface FavoriteView {
  title: string;
  /** Type label shown beside the title ("Lodging", "Activity", "Fun Fact" …); for cities the hint. */
  label: string;
  /** Facts: the fact's text. */
  text?: string;
  /** Places and other place-like items with a numeric id: their page. */
  href?: string;
  /** Cities: the 'City, ST' text to switch to. */
  location?: { city: string; stateCode: string };
}

const str = (value: unknown): string | undefined => (typeof value === "string" && value.trim() ? value.trim() : undefined);
const TYPE_LABELS: Record<string, string> = { activity: "Activity", store: "Store", restaurant: "Restaurant", fact: "Fun Fact", place: "Place" };

/** What an item shows. itemData is whatever the client saved: every field is optional. */
export function describeFavorite(favorite: FavoriteRecord): FavoriteView {
  let data: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(favorite.itemData);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) data = parsed;
  } catch {
    // Not JSON: show the item id.
  }
  const title = str(data.name) ?? str(data.title) ?? favorite.itemId;
  if (favorite.itemType === "city") {
    const location = parseLocation(str(data.location) ?? null) ?? undefined;
    return { title: str(data.name) ?? location?.city ?? favorite.itemId, label: "Click to explore this city", location };
  }
  if (favorite.itemType === "fact") {
    return { title, label: "Fun Fact", text: str(data.content) ?? str(data.fact) ?? str(data.summary) ?? str(data.text) };
  }
  const id = typeof data.id === "number" && Number.isInteger(data.id) && data.id > 0 ? data.id : typeof data.id === "string" && /^\d{1,12}$/.test(data.id) ? Number(data.id) : undefined;
  const label =
    favorite.itemType === "place" && typeof data.categoryId === "number" ? listCategoryLabel(data.categoryId) : (TYPE_LABELS[favorite.itemType] ?? "Place");
  return { title, label, href: id ? `/place/${id}` : undefined };
}
