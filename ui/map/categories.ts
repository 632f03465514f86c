/**
 * Category labels and colours for places on the map (marker dot, legend, list and popup badges). Labels and
 * colour families come from the domain leaf (src/domain/categories.ts: list numbering 7–12, docs/product.md#data-rules);
 * the map draws each family in the Okabe–Ito palette, whose six hues stay apart for red-green colour
 * blindness too (History's amber and Food's orange were nearly the same before: docs/decisions/026-traveller-polish.md, decision 025).
 * Unknown categories are gray and labelled "Place".
 */
import { CATEGORIES, LIST_LABELS, toListId } from "../../src/domain/categories";

export interface MapCategory {
  label: string;
  /** Fill of the marker's dot, the legend swatch and the badges. */
  color: string;
  /** Badge text on that fill (contrast at least 4.5:1). */
  text: string;
}

/** Okabe–Ito hues per colour family. Black text on all but blue (measured in ui/map/categories.test.ts). */
export const MAP_PALETTE: Record<string, { color: string; text: string }> = {
  purple: { color: "#CC79A7", text: "#000000" }, // reddish purple
  amber: { color: "#F0E442", text: "#000000" }, // yellow
  red: { color: "#D55E00", text: "#000000" }, // vermillion
  orange: { color: "#E69F00", text: "#000000" }, // orange
  blue: { color: "#0072B2", text: "#FFFFFF" }, // blue
  emerald: { color: "#009E73", text: "#000000" }, // bluish green
};

const OTHER: MapCategory = { label: "Place", color: "#6b7280", text: "#FFFFFF" };

export const MAP_CATEGORIES: Record<number, MapCategory> = Object.fromEntries(
  CATEGORIES.map((c) => [
    c.listId,
    { label: LIST_LABELS[c.listId] ?? OTHER.label, ...(MAP_PALETTE[c.color] ?? OTHER) },
  ]),
);

export const mapCategory = (id: number | null | undefined): MapCategory =>
  (id != null && MAP_CATEGORIES[toListId(id) ?? -1]) || OTHER;
