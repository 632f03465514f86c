/**
 * Pure rules of the discovery screens (docs/product.md sections 2, 3, 5; docs/product.md#data-rules). No React, no DOM:
 * the same functions run on the server, in islands and in unit tests.
 */

import {
  CATEGORIES,
  categoryById,
  LIST_LABELS,
  toListId,
  type CategoryColour as DomainColour,
} from "../../src/domain/categories";
import { LIST } from "../../src/domain/lists";
import type { Place } from "../../modules/places";
import type { FunFact } from "../../modules/content";

/** The wire types come from the server modules, as types only (no runtime cost). */
export type { Place } from "../../modules/places";
export type { FunFact, HistoryEntry } from "../../modules/content";

/** The list numbering (7–12), with the page numbering (1–6) mapped onto it (docs/product.md#data-rules). */
export const toListCategory = (id: number): number | undefined => toListId(id);

/** Category label in lists (Nearby rows, cards): 7–12 by name, unknown → "Place". */
export const listCategoryLabel = (categoryId: number | null | undefined): string =>
  LIST_LABELS[categoryId as number] ?? "Place";

/** Place page badge: 1 Historical … 6 Lodging; the list ids 7–12 map onto the same labels; otherwise "Other". */
export const badgeLabel = (categoryId: number | null | undefined): string => categoryById(categoryId)?.badge ?? "Other";

/** Colour family per category (either numbering); unknown → gray. Category tiles use the server's colour names. */
export type CategoryColour = DomainColour | "gray";
export const categoryColour = (categoryId: number | null | undefined): CategoryColour =>
  categoryById(categoryId)?.color ?? "gray";
const KNOWN_COLOURS = new Set<string>(CATEGORIES.map((c) => c.color));
export const tileColour = (name: string | null | undefined): CategoryColour =>
  name && KNOWN_COLOURS.has(name) ? (name as CategoryColour) : "gray";

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

/** Local gems type: Café when the text mentions coffee/café/cafe, else Restaurant (food), Store (stores), else Place. */
export function localGemType(
  place: Pick<Place, "title" | "description" | "categoryId">,
): "Café" | "Restaurant" | "Store" | "Place" {
  const text = `${place.title} ${place.description ?? ""}`.toLowerCase();
  if (/coffee|café|cafe/.test(text)) return "Café";
  if (place.categoryId === LIST.food) return "Restaurant";
  if (place.categoryId === LIST.stores) return "Store";
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
export function amenityChips(
  amenities: string[] | null | undefined,
  max = MAX_AMENITY_CHIPS,
): { shown: string[]; more: number } {
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

/** External links (docs/product.md). */
export const mapsSearchUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
export const webSearchUrl = (title: string, address: string | null | undefined) =>
  `https://www.google.com/search?q=${encodeURIComponent([title, address].filter(Boolean).join(" "))}`;
export const telUrl = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** Favorite item ids (docs/product.md). */
export const placeItemId = (place: Pick<Place, "id" | "title">) =>
  `${place.title.toLowerCase().replace(/[^a-z0-9]/g, "-")}-${place.id}`;
export const cityItemId = (location: string) => location.replace(", ", "-").toLowerCase();
export const factItemId = (fact: Pick<FunFact, "title" | "category">) => `${fact.title}-${fact.category}`;
export const titleIdItemId = (item: { title: string; id: number | string }) => `${item.title}-${item.id}`;

/** Cards animate in one after another, 0.3 s apart. */
export const CARD_STAGGER_S = 0.3;
export const staggerDelay = (index: number) => `${(index * CARD_STAGGER_S).toFixed(1)}s`;

/** "Listed in 2011 data — may have changed" for a stale place (docs/product.md#data-rules), else null. */
export function staleNote(place: Pick<Place, "stale" | "observedAt">): string | null {
  const year = place.observedAt?.slice(0, 4);
  return place.stale && year && /^\d{4}$/.test(year) ? `Listed in ${year} data — may have changed` : null;
}

/** Where a place lies from the city: "Bisbee, 20.8 mi" when it is in another town, else "2.3 mi" (null if unknown). */
export function whereLabel(place: Pick<Place, "distance" | "town">): string | null {
  const distance = miles(place.distance);
  if (!place.town) return distance;
  return distance ? `${place.town}, ${distance}` : place.town;
}

/** A lodging card's label for what is not a room: "Campground", "RV park", "Cabin"; null for hotel-type lodging. */
export function campLabel(place: Pick<Place, "kind" | "categoryId">): string | null {
  if (place.categoryId !== 11) return null;
  if (/\brv park\b/i.test(place.kind)) return "RV park";
  if (/\bcabin\b/i.test(place.kind)) return "Cabin";
  if (/\b(camp|campground|camp ?site|fire lookout)\b/i.test(place.kind)) return "Campground";
  return null;
}
