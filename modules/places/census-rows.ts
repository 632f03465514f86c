/**
 * Three habits of the museum census's rows that the lists undo: one museum held twice, a name written with its
 * town and state after it, and a name cut short after a joining word.
 */
import type { Row } from "@libsql/client";
import { distanceMiles } from "../../src/geo";

/** The museum census's dataset key. */
export const CENSUS = "imls-museums";

/**
 * The census holds many museums twice (two source lists' ids; two geocodes of one address, or a mailing address):
 * "Paterson Museum" 0.7 mi apart, Schifferstadt Architectural Museum 2.3 mi. Two census rows whose names fold to one
 * (`foldKey`, 8 letters or more) in one town, up to 2.5 mi apart, are one museum; two towns' "Historical Museum"
 * stay two. The key under which such rows are compared, or null for a row of another dataset or a short name.
 */
export const censusTwinKey = (r: Row, foldKey: string) =>
  r.source === CENSUS && foldKey.length >= 8 ? `${String(r.city ?? "").toLowerCase()}|${foldKey}` : null;
export const censusTwins = (a: Row, b: Row) =>
  distanceMiles(Number(a.latitude), Number(a.longitude), Number(b.latitude), Number(b.longitude)) <= 2.5;

/**
 * A census name without the town and state the census wrote after it ("Tacoma Art Museum Tacoma Wa"; "Rural Life
 * Museum of Trappe Md" keeps its town); other datasets' names keep theirs ("W Washington DC" is the hotel's name).
 */
export function withoutTownSuffix(r: Row): string {
  const title = String(r.title ?? "");
  if (r.source !== CENSUS || !r.city || !r.state_code) return title;
  const state = ` ${String(r.state_code)}`;
  const suffix = ` ${String(r.city)}${state}`.toLowerCase();
  if (!title.toLowerCase().endsWith(suffix) || title.length <= suffix.length + 3) return title;
  const head = title.slice(0, -suffix.length);
  // "… Museum of Trappe Md": the town is part of the name, the state is not.
  return /\b(of|in|at|and|the|for|on)$/i.test(head) ? title.slice(0, -state.length) : head;
}

/**
 * A census name cut short after a joining word or a comma ("Rosson House Heritage Square &", "Utah Museum of
 * Science &"), without it; other datasets' names, and a name that would be left under four letters, as they are.
 */
export function withoutDanglingWord(r: Row, title: string): string {
  if (r.source !== CENSUS) return title;
  const trimmed = title.replace(/(?:[\s,]+(?:&|and|of|the|at|for|-))+$|,$/i, "");
  return trimmed.length >= 4 ? trimmed : title;
}
