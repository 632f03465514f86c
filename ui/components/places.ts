/**
 * Pure rules of the discovery screens (discovery.md sections 2, 3, 5; DECISIONS 6). No React, no DOM:
 * the same functions run on the server, in islands and in unit tests.
 */

/** A place as every list call and GET /api/places/{id} deliver it. */
export interface Place {
  id: number;
  title: string;
  description: string;
  address: string | null;
  categoryId: number;
  category?: string;
  kind?: string;
  imageUrl: string | null;
  distance: number | null;
  latitude: number;
  longitude: number;
  rating?: string;
  phone: string | null;
  website: string | null;
  priceRange?: string;
  amenities?: string[];
  openingHours?: string | null;
  openNow?: boolean | null;
  source?: string;
  sourceId?: string;
  licence?: string;
  sources?: Array<{ source: string; sourceId: string; licence: string }>;
}

export interface ContentSource {
  name: string;
  url: string | null;
  licence: string;
}

export interface FunFact {
  title: string;
  summary: string;
  category: string;
  source?: ContentSource;
}

export interface HistoryEntry {
  id: number | string;
  title: string;
  period: string;
  category: string;
  content: string;
  significance: string;
  source?: ContentSource;
}

/** The list numbering (7–12), with the page numbering (1–6) mapped onto it (DECISIONS 6). */
const PAGE_TO_LIST: Record<number, number> = { 1: 8, 2: 12, 3: 7, 4: 9, 5: 10, 6: 11 };
export const toListCategory = (id: number): number | undefined => (id >= 7 && id <= 12 ? id : PAGE_TO_LIST[id]);

const LIST_LABELS: Record<number, string> = { 7: "Fun Fact", 8: "History", 9: "Activities", 10: "Food & Dining", 11: "Lodging", 12: "Local Stores" };
/** Category label in lists (Nearby rows, cards): 7–12 by name, unknown → "Place". */
export const listCategoryLabel = (categoryId: number | null | undefined): string => LIST_LABELS[categoryId as number] ?? "Place";

const BADGE_LABELS: Record<number, string> = { 1: "Historical", 2: "Store", 3: "Fact", 4: "Activity", 5: "Food", 6: "Lodging" };
const LIST_TO_PAGE: Record<number, number> = { 7: 3, 8: 1, 9: 4, 10: 5, 11: 6, 12: 2 };
/** Place page badge: 1 Historical … 6 Lodging; the list ids 7–12 map onto the same labels; otherwise "Other". */
export function badgeLabel(categoryId: number | null | undefined): string {
  const id = categoryId as number;
  return BADGE_LABELS[id] ?? BADGE_LABELS[LIST_TO_PAGE[id] as number] ?? "Other";
}

/** Colour family per category (list numbering); unknown → gray. Category tiles use the server's colour names. */
const LIST_COLOURS: Record<number, CategoryColour> = { 7: "purple", 8: "amber", 9: "red", 10: "orange", 11: "blue", 12: "emerald" };
export type CategoryColour = "amber" | "emerald" | "purple" | "red" | "orange" | "blue" | "gray";
const KNOWN_COLOURS = new Set<string>(["amber", "emerald", "purple", "red", "orange", "blue"]);
export const categoryColour = (categoryId: number | null | undefined): CategoryColour => LIST_COLOURS[toListCategory(categoryId as number) as number] ?? "gray";
export const tileColour = (name: string | null | undefined): CategoryColour => (name && KNOWN_COLOURS.has(name) ? (name as CategoryColour) : "gray");

/** Badge classes per colour (contrast checked in light and dark). */
export const BADGE_CLASSES: Record<CategoryColour, string> = {
  amber: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  emerald: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
  purple: "bg-purple-100 text-purple-900 dark:bg-purple-900/50 dark:text-purple-100",
  red: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
  orange: "bg-orange-100 text-orange-900 dark:bg-orange-900/50 dark:text-orange-100",
  blue: "bg-blue-100 text-blue-900 dark:bg-blue-900/50 dark:text-blue-100",
  gray: "bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100",
};

/** Local gems type: Café when the text mentions coffee/café/cafe, else Restaurant (10), Store (12), else Place. */
export function localGemType(place: Pick<Place, "title" | "description" | "categoryId">): "Café" | "Restaurant" | "Store" | "Place" {
  const text = `${place.title} ${place.description ?? ""}`.toLowerCase();
  if (/coffee|café|cafe/.test(text)) return "Café";
  if (place.categoryId === 10) return "Restaurant";
  if (place.categoryId === 12) return "Store";
  return "Place";
}

/** Website link: shown only if non-empty after trimming; a leading http(s):// is dropped and https forced. */
export function websiteUrl(raw: string | null | undefined): string | null {
  const trimmed = (raw ?? "").trim();
  if (!trimmed) return null;
  const bare = trimmed.replace(/^https?:\/\//i, "");
  return bare ? `https://${bare}` : null;
}

/** Amenity chips: at most 4, and how many more there are ("+N more"). */
export const MAX_AMENITY_CHIPS = 4;
export function amenityChips(amenities: string[] | null | undefined, max = MAX_AMENITY_CHIPS): { shown: string[]; more: number } {
  const list = (amenities ?? []).filter((a) => a && a.trim());
  return { shown: list.slice(0, max), more: Math.max(0, list.length - max) };
}

/** "1.2 mi" (null when the distance is unknown). */
export const miles = (distance: number | null | undefined): string | null =>
  typeof distance === "number" && Number.isFinite(distance) ? `${distance.toFixed(1)} mi` : null;
export const milesAway = (distance: number | null | undefined): string | null =>
  typeof distance === "number" && Number.isFinite(distance) ? `${distance.toFixed(1)} miles away` : null;

/** Opening state from the API's openNow. */
export const hoursLabel = (openNow: boolean | null | undefined): "Open now" | "Closed" | "Hours unknown" =>
  openNow === true ? "Open now" : openNow === false ? "Closed" : "Hours unknown";

/** External links (discovery.md section 7). */
export const mapsSearchUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
export const webSearchUrl = (title: string, address: string | null | undefined) =>
  `https://www.google.com/search?q=${encodeURIComponent([title, address].filter(Boolean).join(" "))}`;
export const telUrl = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** Favorite item ids (discovery.md section 3). */
export const placeItemId = (place: Pick<Place, "id" | "title">) => `${place.title.toLowerCase().replace(/[^a-z0-9]/g, "-")}-${place.id}`;
export const cityItemId = (location: string) => location.replace(", ", "-").toLowerCase();
export const factItemId = (fact: Pick<FunFact, "title" | "category">) => `${fact.title}-${fact.category}`;
export const titleIdItemId = (item: { title: string; id: number | string }) => `${item.title}-${item.id}`;

/** Cards animate in one after another, 0.3 s apart. */
export const CARD_STAGGER_S = 0.3;
export const staggerDelay = (index: number) => `${(index * CARD_STAGGER_S).toFixed(1)}s`;

/** What a place favorite stores (discovery.md section 3). */
export const placeFavoriteData = (place: Place) =>
  JSON.stringify({ id: place.id, title: place.title, description: place.description, address: place.address, categoryId: place.categoryId, type: "place" });
