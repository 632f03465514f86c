/**
 * Two numberings exist (DECISIONS 6): /api/categories uses 1–6; places in every list answer use 7–12.
 * Both are accepted wherever a category id comes in.
 */
export interface Category {
  id: number;
  slug: string;
  name: string;
  color: string;
  icon: string;
  /** The list numbering of places in this category. */
  listId: number;
}

export const CATEGORIES: Category[] = [
  { id: 1, slug: "historical", name: "Historical Info", color: "amber", icon: "scroll", listId: 8 },
  { id: 2, slug: "stores", name: "Local Stores", color: "emerald", icon: "store", listId: 12 },
  { id: 3, slug: "facts", name: "Fun Facts", color: "purple", icon: "lightbulb", listId: 7 },
  { id: 4, slug: "activities", name: "Activities", color: "red", icon: "hiking", listId: 9 },
  { id: 5, slug: "food", name: "Food & Dining", color: "orange", icon: "utensils", listId: 10 },
  { id: 6, slug: "lodging", name: "Lodging", color: "blue", icon: "bed", listId: 11 },
];

/** List numbering → label (the spec's names; unknown → "Place"). */
export const LIST_LABELS: Record<number, string> = { 7: "Fun Fact", 8: "History", 9: "Activities", 10: "Food & Dining", 11: "Lodging", 12: "Local Stores" };

/** 1–6 or 7–12 → the list numbering (7–12), or undefined. */
export function toListId(id: number): number | undefined {
  if (id >= 7 && id <= 12) return id;
  return CATEGORIES.find((c) => c.id === id)?.listId;
}

export const categoryBySlug = (slug: string) => CATEGORIES.find((c) => c.slug === slug);
export const publicCategory = ({ listId: _listId, ...c }: Category) => c;
