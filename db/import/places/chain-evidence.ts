import { distanceMiles } from "../../../src/geo";
import { brandOf, chainKey } from "./filters";

/**
 * The 2011 business dump against All the Places (December 2021): a brand's branch in both within CHAIN_RADIUS_M is
 * one place (the 2011 row merges into the 2021 one, whose date the place then carries); a 2011 row of a brand the
 * 2021 file lists in the state, with no branch of it within that radius, is probably closed since.
 */
export const CHAIN_RADIUS_M = 300;
export const CHAIN_SOURCE = "alltheplaces";

interface Branch {
  title: string;
  categoryId: number;
  latitude: number;
  longitude: number;
  tags?: Record<string, string> | null;
  sources: Array<{ source: string }>;
  gone?: boolean;
}

/** The keys a brand name is indexed by: the name-suggestion-index brand, and the name less a branch suffix. */
function brandKeysOf(name: string, categoryId: number): string[] {
  const keys = [brandOf(name, categoryId), chainKey(name)].filter((k): k is string => !!k);
  return [...new Set(keys)];
}

/**
 * The keys a 2011 record is looked up by: its brand, and each leading run of its name's words ("Hyatt Regency
 * Bellevue" → "hyatt regency bellevue", "hyatt regency", "hyatt"): a branch is named by its brand and then more.
 */
function recordKeysOf(name: string, categoryId: number): string[] {
  const words = chainKey(name).split(" ").filter(Boolean);
  const runs = words.map((_, i) => words.slice(0, words.length - i).join(" "));
  return [...new Set([...brandKeysOf(name, categoryId), ...runs])];
}

export type ChainVerdict<T> = { same: T } | { closed: string } | null;

export class ChainIndex<T extends Branch> {
  private readonly byKey = new Map<string, T[]>();
  private readonly brandNames = new Map<string, string>();

  add(place: T) {
    if (!place.sources.some((s) => s.source === CHAIN_SOURCE)) return;
    // A hotel is indexed by its brand only ("Hyatt", not "Hyatt Regency Seattle"); a restaurant or shop is titled
    // by its brand already.
    const names = [place.tags?.atpBrand, place.tags?.atpBrand ? null : place.title].filter((n): n is string => !!n);
    for (const name of names)
      for (const brand of brandKeysOf(name, place.categoryId)) {
        const key = `${place.categoryId}|${brand}`;
        const list = this.byKey.get(key);
        if (list) list.push(place);
        else this.byKey.set(key, [place]);
        if (!this.brandNames.has(key)) this.brandNames.set(key, place.tags?.atpBrand ?? name);
      }
  }

  /** The 2021 branch this 2011 record is, or why it is probably closed, or null (a brand the 2021 file lacks). */
  match(input: { title: string; categoryId: number; latitude: number; longitude: number }): ChainVerdict<T> {
    let covered: string | undefined;
    let best: { place: T; metres: number } | undefined;
    let near = false;
    for (const brand of recordKeysOf(input.title, input.categoryId)) {
      const key = `${input.categoryId}|${brand}`;
      const branches = this.byKey.get(key);
      if (!branches?.length) continue;
      covered ??= this.brandNames.get(key);
      for (const place of branches) {
        if (place.gone) continue;
        const metres = distanceMiles(place.latitude, place.longitude, input.latitude, input.longitude) * 1609.344;
        if (metres > CHAIN_RADIUS_M) continue;
        near = true;
        if (place.categoryId === input.categoryId && (!best || metres < best.metres)) best = { place, metres };
      }
    }
    if (best) return { same: best.place };
    return covered && !near
      ? { closed: `All the Places (2021-12) lists ${covered} in the state, none within ${CHAIN_RADIUS_M} m` }
      : null;
  }

  get size() {
    return this.byKey.size;
  }
}
