/**
 * The names-borrowed signal of featured (docs/decisions/043): places take their names from the landmarks around them.
 */
import type { Row } from "@libsql/client";
import { MINOR_KIND } from "../../db/import/places/filters";
import { distanceMiles } from "../../src/geo";
import { sightKey } from "./ranking";

/** Another place named after a sight lies within this distance of it ("Brooklyn Bridge Park", "Times Square Hotel"). */
export const EPONYM_MILES = 1.25;
/**
 * Names and datasets counted, each: at 4, Central Park and the White House (a zoo, a conservancy, a boathouse, hotels,
 * stations …) counted as a house museum's four shops did, and listed houses and memorials led them.
 */
const EPONYM_MAX = 6;
/** A street lends its name to every address on it: no sign of fame. */
const STREET = /\b(street|st|avenue|ave|road|rd|boulevard|blvd|drive|lane|place|way|parkway|highway)$/;
/**
 * Names borrowed count for a sight already notable by its own signals (a street or a tree lends its name
 * without being a sight) — or, from a lower score (a sight's kind alone: an OpenStreetMap attraction), when
 * at least EPONYM_DATASETS independent datasets name places after it (a business's naming habit is one
 * dataset's rows; a city's landmark is named in the heritage lists, the museum census, hotels and guides).
 */
const EPONYM_FROM = 6;
const EPONYM_LOW_FROM = 3;
const EPONYM_DATASETS = 3;
export interface Eponyms {
  /** Distinct names holding the sight's name, at most EPONYM_MAX. */
  names: number;
  /** Distinct datasets those places come from, at most EPONYM_MAX. */
  datasets: number;
}
/**
 * Places take their names from the landmarks around them: for each candidate sight, the other places
 * within EPONYM_MILES whose name holds the sight's whole name — how many distinct names, and from how many
 * datasets. Only names of two words or more count (a one-word name — "Chelsea", "Lincoln" — is too common to
 * be borrowed from one sight).
 */
export function eponyms(
  sights: Array<{ key: string; latitude: number; longitude: number }>,
  names: Array<{ key: string; latitude: number; longitude: number; source?: string }>,
): Eponyms[] {
  const CELL = 0.02;
  // Each name padded and reduced to its sight key once (not once per sight it is compared with: New York's
  // featured list compares thousands of sights with tens of thousands of names).
  type Name = { key: string; padded: string; sight: string; latitude: number; longitude: number; source?: string };
  const cells = new Map<string, Name[]>();
  for (const n of names) {
    const cell = `${Math.floor(n.latitude / CELL)}:${Math.floor(n.longitude / CELL)}`;
    (cells.get(cell) ?? cells.set(cell, []).get(cell)!).push({ ...n, padded: ` ${n.key} `, sight: sightKey(n.key) });
  }
  return sights.map((s) => {
    if (s.key.split(" ").length < 2 || s.key.length < 8 || STREET.test(s.key)) return { names: 0, datasets: 0 };
    const padded = ` ${s.key} `;
    const found = new Set<string>();
    const datasets = new Set<string>();
    const cLat = Math.floor(s.latitude / CELL);
    const cLng = Math.floor(s.longitude / CELL);
    for (let a = -1; a <= 1; a++)
      for (let b = -1; b <= 1; b++)
        for (const n of cells.get(`${cLat + a}:${cLng + b}`) ?? [])
          if (
            n.key !== s.key &&
            n.padded.includes(padded) &&
            n.sight !== s.key &&
            distanceMiles(s.latitude, s.longitude, n.latitude, n.longitude) <= EPONYM_MILES
          ) {
            found.add(n.key);
            if (n.source) datasets.add(n.source);
          }
    return { names: Math.min(found.size, EPONYM_MAX), datasets: Math.min(datasets.size, EPONYM_MAX) };
  });
}

/**
 * What names borrowed add to a sight scoring `n` by its own signals: 1 per distinct name and 1 per dataset
 * (at most EPONYM_MAX each), from EPONYM_FROM, or from EPONYM_LOW_FROM when EPONYM_DATASETS datasets name it.
 */
export function eponymBonus(n: number, e: Eponyms): number {
  if (n >= EPONYM_FROM || (n >= EPONYM_LOW_FROM && e.datasets >= EPONYM_DATASETS)) return e.names + e.datasets;
  return 0;
}

/**
 * A statue or a memorial whose name is only the name of whom it honours ("Jack London", a monument in Oakland): the
 * places around named after that person (Jack London Square and its shops) borrowed the person's name, not the
 * statue's, and say nothing of the statue's fame. A name that says what it is ("Washington Monument") keeps them.
 */
export const namedForSomeone = (r: Row) => MINOR_KIND.test(String(r.kind)) && !MINOR_KIND.test(String(r.title));
