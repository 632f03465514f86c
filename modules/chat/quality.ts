import { BUSINESS_DUMP, junkReason, notListedReason } from "../../db/import/places/filters";
import type { CategoryId } from "../../db/import/places/types";
import type { SourcePlace } from "./sources";

/**
 * Only places a traveller would visit: the import's own exclusion rules (wholesale and industrial kinds and
 * names, organisations' names, closed chains, PO boxes, the lists' "not listed" rule), applied again to what chat names, since stored records of
 * older imports may predate a rule. The rule has one home (db/import/places/filters.ts); this only applies it.
 */
export function isVisitable(p: SourcePlace): boolean {
  const categoryId = p.categoryId as CategoryId;
  if (notListedReason({ categoryId, kind: p.kind, title: p.title, tags: null })) return false;
  return (
    junkReason({
      source: p.source,
      sourceId: String(p.id),
      categoryId,
      kind: p.kind,
      title: p.title,
      description: p.description,
      address: p.address,
      stateCode: p.stateCode,
      latitude: p.latitude,
      longitude: p.longitude,
    }) === null
  );
}

/** The 2011 business dump's records follow every other source's (they are the oldest and least checked). */
export const oldestLast = (places: SourcePlace[]) =>
  [...places].sort((a, b) => Number(a.source === BUSINESS_DUMP) - Number(b.source === BUSINESS_DUMP));
