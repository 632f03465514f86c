/**
 * One job: a record that gives only a mailing address (a PO box) is no place of its own — its point is where the
 * post office or the ZIP code lies, not the sight — but the museum census files some of the country's best-known
 * museums so (the National Baseball Hall of Fame, the Philadelphia Museum of Art), with their income and discipline.
 * When another dataset already holds a place of the same name in the town, the record joins that place (its fame
 * signals, phone and website), without its mailing address or its point; otherwise it is left out, as before.
 */
import { distanceMiles } from "../../../src/geo";
import { isPoBox } from "./filters";
import type { Held } from "./held";
import { titleKey } from "./titles";
import { CATEGORY, type PlaceInput } from "./types";

/** The datasets whose PO-box records may join a place of their name (the museum census). */
const JOINING = new Set(["imls-museums"]);
/**
 * How far from its point a record's namesake may lie: the census geocodes a PO box to its post office or ZIP code,
 * within the town (Cooperstown's Hall of Fame 0.8 mi from its post office).
 */
export const MAILING_MILES = 3;
/** Never a sight's record: food, stores, lodging. */
const NOT_SIGHTS = new Set<number>([CATEGORY.food, CATEGORY.stores, CATEGORY.lodging]);

/** A record of a joining dataset whose only address is a PO box. */
export const mailingOnly = (p: PlaceInput) => JOINING.has(p.source) && isPoBox(p.address);

/** The record without what belongs to its mailing address (the PO box and its ZIP code). */
export const withoutMailingAddress = (p: PlaceInput): PlaceInput => ({ ...p, address: null, zip: null });

/**
 * A name as two datasets of one place share it: less "the", a legal suffix, and "(and) Museum" ("National Baseball
 * Hall of Fame and Museum Inc" and "National Baseball Hall of Fame"). Two words and ten letters at least, or none.
 */
export function namesakeKey(title: string): string | null {
  const key = titleKey(title)
    .replace(/\b(the|inc|incorporated|corp|corporation|ltd|llc|(and )?museum)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return key.split(" ").length >= 2 && key.replaceAll(" ", "").length >= 10 ? key : null;
}

/** The places of a state import by namesake key, built once when a mailing-only record first asks. */
export class Namesakes {
  private byKey?: Map<string, Held[]>;
  constructor(private readonly places: () => Iterable<Held>) {}

  /** Another dataset's place of the record's name within MAILING_MILES of its point (the nearest), if any. */
  find(p: PlaceInput): Held | undefined {
    const key = namesakeKey(p.title);
    if (!key) return undefined;
    if (!this.byKey) {
      this.byKey = new Map();
      for (const h of this.places()) {
        const k = !h.gone && !NOT_SIGHTS.has(h.categoryId) ? namesakeKey(h.title) : null;
        if (k) (this.byKey.get(k) ?? this.byKey.set(k, []).get(k)!).push(h);
      }
    }
    let best: Held | undefined;
    let bestMiles = MAILING_MILES;
    for (const h of this.byKey.get(key) ?? []) {
      if (h.gone || h.sources.some((s) => s.source === p.source)) continue;
      const miles = distanceMiles(h.latitude, h.longitude, p.latitude, p.longitude);
      if (miles <= bestMiles) {
        best = h;
        bestMiles = miles;
      }
    }
    return best;
  }
}
