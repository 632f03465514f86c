/**
 * The contract between dataset readers and the places store. A reader turns one dataset's rows into
 * PlaceInput records (or skip reasons); the store deduplicates, merges and writes them.
 */

import type { ListId } from "../../../src/domain/lists";

/** List numbering used by every place answer (docs/product.md#data-rules): the domain's list ids. */
export { LIST as CATEGORY } from "../../../src/domain/lists";
export type CategoryId = ListId;

export interface PlaceInput {
  /** Dataset key, e.g. "wof-simplegeo" (see DATASETS in ./datasets.ts). */
  source: string;
  /** The record's id inside that dataset; (source, sourceId) is unique. */
  sourceId: string;
  categoryId: CategoryId;
  /** Finer type in plain English: "museum", "restaurant", "cafe", "hotel", "park", "monument", … */
  kind: string;
  title: string;
  description?: string | null;
  /** Street address line only ("123 Main St"); city/state/zip go in their own fields. */
  address?: string | null;
  city?: string | null;
  /** Two-letter US state code. */
  stateCode: string;
  zip?: string | null;
  phone?: string | null;
  website?: string | null;
  /** Opening hours in OpenStreetMap `opening_hours` syntax, when the source has them. */
  openingHours?: string | null;
  wikidata?: string | null;
  imageUrl?: string | null;
  latitude: number;
  longitude: number;
  amenities?: string[] | null;
  priceRange?: string | null;
  /** A year or date that matters for history: built, listed on the National Register, designated … */
  since?: string | null;
  /** Extra facts worth keeping (cuisine, discipline, brand …), short strings. */
  tags?: Record<string, string> | null;
  /** This record's own date ("2017", "2023-02-28") when it differs from its dataset's `observedAt`. */
  observedAt?: string | null;
  /** Another dataset's record this one is known to be (e.g. an OSM campground within 300 m of its RIDB row): merged into it. */
  sameAs?: { source: string; sourceId: string } | null;
}

export type ReadResult = PlaceInput | { skip: string };

export interface Dataset {
  /** Stable key, stored with every place. */
  key: string;
  /** Human name shown in attribution. */
  name: string;
  /** Licence id shown with every place: "CC0-1.0", "ODbL-1.0", "Public domain", "CC BY 4.0", … */
  licence: string;
  /** The attribution text the licence asks for. */
  attribution: string;
  /** Where the data comes from (shown as a link). */
  url: string;
  /** The dataset's date — when its records were observed ("2011", "2026-04"); null when the source gives none (docs/product.md#data-rules). */
  observedAt: string | null;
  /** States covered: a list, or "all" for nationwide files (filtered per state while reading). */
  states: readonly string[] | "all";
  /** Read the rows for one state (nationwide datasets filter; per-state files read their own file). */
  read(stateCode: string): AsyncIterable<ReadResult> | Iterable<ReadResult>;
}

/** The state code of the city nearest a point (injected by the caller: db/ knows no city index). */
export type NearestState = (latitude: number, longitude: number) => string | undefined;
