/**
 * The category table (docs/product.md#data-rules). Two numberings exist: /api/categories and the category pages use 1–6;
 * places in every list answer use 7–12. Both are accepted wherever a category id comes in. Pure data: the
 * server, the importers and the client all read categories from here (the map's marker colours live in
 * ui/map/categories.ts).
 */
import { LIST } from "./lists";

export type CategoryColour = "amber" | "emerald" | "purple" | "red" | "orange" | "blue";

export interface Category {
  id: number;
  slug: string;
  name: string;
  color: CategoryColour;
  icon: string;
  /** The list numbering of places in this category. */
  listId: number;
  /** The label of places in lists (7–12 numbering): "Fun Fact", "History" … */
  listLabel: string;
  /** The short badge on a place page: "Historical", "Store" … */
  badge: string;
}

export const CATEGORIES: Category[] = [
  {
    id: 1,
    slug: "historical",
    name: "Historical Info",
    color: "amber",
    icon: "scroll",
    listId: LIST.history,
    listLabel: "History",
    badge: "Historical",
  },
  {
    id: 2,
    slug: "stores",
    name: "Local Stores",
    color: "emerald",
    icon: "store",
    listId: LIST.stores,
    listLabel: "Local Stores",
    badge: "Store",
  },
  {
    id: 3,
    slug: "facts",
    name: "Fun Facts",
    color: "purple",
    icon: "lightbulb",
    listId: LIST.facts,
    listLabel: "Fun Fact",
    badge: "Fact",
  },
  {
    id: 4,
    slug: "activities",
    name: "Activities",
    color: "red",
    icon: "hiking",
    listId: LIST.activities,
    listLabel: "Activities",
    badge: "Activity",
  },
  {
    id: 5,
    slug: "food",
    name: "Food & Dining",
    color: "orange",
    icon: "utensils",
    listId: LIST.food,
    listLabel: "Food & Dining",
    badge: "Food",
  },
  {
    id: 6,
    slug: "lodging",
    name: "Lodging",
    color: "blue",
    icon: "bed",
    listId: LIST.lodging,
    listLabel: "Lodging",
    badge: "Lodging",
  },
];

/** The category of a 1–6 or 7–12 id, or undefined. */
export const categoryById = (id: number | null | undefined): Category | undefined =>
  CATEGORIES.find((c) => c.id === id || c.listId === id);

/** List numbering → label (the product's names; unknown → "Place" at the caller). */
export const LIST_LABELS: Record<number, string> = Object.fromEntries(CATEGORIES.map((c) => [c.listId, c.listLabel]));

/** 1–6 or 7–12 → the list numbering (7–12), or undefined. */
export const toListId = (id: number): number | undefined => categoryById(id)?.listId;

export const categoryBySlug = (slug: string) => CATEGORIES.find((c) => c.slug === slug);
/** A category as GET /api/categories answers it (the contract's fields only). */
export const publicCategory = ({ id, slug, name, color, icon }: Category) => ({ id, slug, name, color, icon });
export type PublicCategory = ReturnType<typeof publicCategory>;
