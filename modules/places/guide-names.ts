import type { Row } from "@libsql/client";
import { distanceMiles } from "../../src/geo";
import { LIST } from "../../src/domain/lists";

/**
 * A travel guide names a sight the way travellers do ("Zoo Atlanta", "Fenway Park", "Red Rocks Amphitheatre"),
 * while the museum census or a heritage list files the same place under a longer or legal name ("Atlanta-Fulton
 * County Zoo", "Fenway Park Living Museum Fund", "Red Rocks Park and Amphitheatre"). The two records then fall in
 * different groups of featured (their keys differ), and the guide's pick scored as a bare listing while the census
 * record scored without the guide's agreement.
 *
 * A Wikivoyage listing and another dataset's record within GUIDE_JOIN_MILES, where every word of the shorter name
 * is a word of the longer one (two words or more, ten letters or more, "the" aside), are one sight: its records are
 * both groups' records, and the card shows the guide's name when it is the shorter one. Food, stores and lodging
 * never join (a hotel named after the ballpark is not the ballpark).
 *
 * The National Park Service names its units formally ("Thomas Jefferson Memorial", "The White House and President's
 * Park") where the city's data and the map say "Jefferson Memorial" and "The White House": a unit's record joins
 * a record whose shorter name is all words of the unit's, so the sight counts the unit's visits and the other
 * records' listing and article together. A longer name built on the unit's is another place named after it (the
 * African American Civil War Memorial's museum across the street), and stays apart.
 */
export const GUIDE_SOURCE = "wikivoyage-do";
/** The datasets whose records join others of the same sight under another name: the guide, the Park Service. */
const NAMING_SOURCES = [GUIDE_SOURCE, "nps"];
export const GUIDE_JOIN_MILES = 0.4;
const NEVER_JOIN = new Set<number>([LIST.food, LIST.stores, LIST.lodging]);

const words = (r: Row) =>
  String(r.title_key ?? "")
    .split(" ")
    .filter((w) => w && w !== "the");
const distinctive = (w: string[]) => w.length >= 2 && w.join("").length >= 10;
const holds = (longer: string[], shorter: string[]) => {
  const set = new Set(longer);
  return shorter.every((w) => set.has(w));
};

export interface SightGroup {
  records: Row[];
  /** The record whose name the card shows, when it is not the most notable record (the guide's name). */
  shown?: Row;
}

/** Join each guide listing's or park unit's group with the groups of other datasets' records of the same sight. */
export function joinGuideListings(clusters: Row[][]): SightGroup[] {
  const groups: Array<SightGroup & { gone?: boolean }> = clusters.map((records) => ({ records }));
  for (const source of NAMING_SOURCES) {
    const isNamer = (r: Row) => r.source === source;
    for (const guide of groups) {
      if (guide.gone) continue;
      const listing = guide.records.find(isNamer);
      if (!listing || NEVER_JOIN.has(Number(listing.category_id))) continue;
      const own = words(listing);
      if (!distinctive(own)) continue;
      for (const other of groups) {
        if (other === guide || other.gone || other.records.some(isNamer)) continue;
        const r = other.records.find(
          (o) =>
            !NEVER_JOIN.has(Number(o.category_id)) &&
            distanceMiles(
              Number(listing.latitude),
              Number(listing.longitude),
              Number(o.latitude),
              Number(o.longitude),
            ) <= GUIDE_JOIN_MILES &&
            ((source === GUIDE_SOURCE && holds(words(o), own)) || (distinctive(words(o)) && holds(own, words(o)))),
        );
        if (!r) continue;
        guide.records.push(...other.records);
        other.gone = true;
        // The guide's name when it is the shorter: the name travellers know, not the census's legal name.
        if (source === GUIDE_SOURCE && words(r).length > own.length) guide.shown = listing;
      }
    }
  }
  return groups.filter((g) => !g.gone);
}
