/**
 * Category labels and tints for places on the map (list numbering 7–12, DECISIONS 6). The colours follow the
 * spec's category colours (purple facts, amber history, red activities, orange food, blue lodging, emerald
 * stores); unknown categories are gray and labelled "Place".
 */
export interface MapCategory {
  label: string;
  /** Tint used for the marker's inner dot, the legend and the list badge. */
  color: string;
}

export const MAP_CATEGORIES: Record<number, MapCategory> = {
  7: { label: "Fun Fact", color: "#9333ea" },
  8: { label: "History", color: "#d97706" },
  9: { label: "Activities", color: "#dc2626" },
  10: { label: "Food & Dining", color: "#ea580c" },
  11: { label: "Lodging", color: "#2563eb" },
  12: { label: "Local Stores", color: "#059669" },
};

const OTHER: MapCategory = { label: "Place", color: "#6b7280" };

export const mapCategory = (id: number | null | undefined): MapCategory => (id != null && MAP_CATEGORIES[id]) || OTHER;
