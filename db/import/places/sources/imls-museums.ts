import { CATEGORY, type Dataset, type ReadResult } from "../types";
import { nameAndPosition, phone, csvRows, text, titleCase, website } from "../util";
import file from "../../../data/places/imls_mudf_2014q3_museums.csv.gz" with { type: "file" };

/** IMLS Museum Universe Data File FY2014 Q3 (public domain), nationwide. */
const DISCIPLINES: Record<string, { kind: string; history: boolean }> = {
  ART: { kind: "art museum", history: false },
  BOT: { kind: "botanical garden", history: false },
  CMU: { kind: "children's museum", history: false },
  GMU: { kind: "museum", history: false },
  HSC: { kind: "historic site", history: true },
  HST: { kind: "history museum", history: true },
  NAT: { kind: "natural history museum", history: false },
  SCI: { kind: "science museum", history: false },
  ZAW: { kind: "zoo or aquarium", history: false },
};

/** Words that say what a visitor finds there; a museum's legal name often says none ("Kodiak Historical Society"). */
const SAYS_PLACE =
  /\b(museums?|msm|gallery|galleries|house|home|cent(er|re)|park|zoo|gardens?|aquarium|planetarium|site|village|fort|mansion|library|hall|cabin|farm|depot|station|lighthouse|memorial|monument|observatory|arboretum|collection|exhibit)\b/i;
/** An alternative name that is an organisation's too ("… Foundation", "… Friends of"). */
const ORG_NAME =
  /\b(foundation|fund|friends of|friends|inc|incorporated|society|association|assn|council|commission|committee|guild|league|corps|corporation|corp|trust|consultants?|district|offices?|government|division|research for|project|group|programs?|activities|restoration|preservation|associates)\b/i;
/**
 * The census cut many alternative names at 39 characters ("Rancho Los Alamitos Museum and Foundati"): 535 names
 * are exactly that long against ~200 of each length around it. One of that length is taken as cut.
 */
const CUT_AT = 39;
/**
 * The census files a museum under its operator's legal name (NAME: "Womans's Relief Corps National", "The Art Fund
 * of Birmingham Inc", "Kodiak Historical Society") and gives the museum's own in ALTNAME ("Grand Army Museum",
 * "The Birmingham Museum of Art", "Baranov Museum"): the place a visitor finds takes the name that says what it is.
 */
export function museumName(name: string, altName: string | null | undefined, rawName = name): string {
  const alt = text(altName ?? "") ?? "";
  const altCut = (altName ?? "").length === CUT_AT || alt.length === CUT_AT || DANGLING.test(alt);
  let own = name;
  // A shorter name ending in a connective whose alternative name is the same without it was cut too: "Academy of
  // Natural Sciences of", alternatively "Academy of Natural Sciences".
  if (alt && DANGLING.test(name) && withoutDangling(name).toLowerCase() === alt.toLowerCase()) return alt;
  if (rawName.length === NAME_CUT_AT || name.length === NAME_CUT_AT) {
    if (alt && !altCut && completes(alt, name)) return alt;
    own = withoutDangling(name);
  }
  if (!alt || altCut || !SAYS_PLACE.test(alt) || ORG_NAME.test(alt)) return own;
  // An operator's name of nothing but an organisation's words and the word "museum" ("Museum Associates", the Los
  // Angeles County Museum of Art's operator) names no museum in particular: the museum's own name does.
  if (SAYS_PLACE.test(own) && (namesSomething(own) || !namesSomething(alt))) return own;
  return alt;
}

/** Whether a name holds a word of its own: a word other than an organisation's, a place's kind, or a connective. */
const namesSomething = (name: string) =>
  name
    .toLowerCase()
    .replace(new RegExp(ORG_NAME.source, "gi"), " ")
    .replace(new RegExp(SAYS_PLACE.source, "gi"), " ")
    .replace(/\b(the|of|and|at|for|in|a|an)\b/g, " ")
    .replace(/[^a-z0-9]+/g, "") !== "";

/**
 * The census cut NAME at 60 characters: 601 names are exactly that long against 196 of 59 ("Northern Rockies
 * Childrens Museum of Science & Technology in", "The Alabama Chapter of the Eighth Air Force Historical Socie").
 * Such a name takes the alternative name when that is the same name whole: the same words, then a word that
 * begins with the cut one ("… Historical Society"). Otherwise it keeps what the census gives, less a dangling
 * connective at the end ("in", "of", "and", "&", "the", "for", "at", "a", "an", "on", "to", "dba": no name ends so;
 * one of 60 characters that was not cut loses only such a word), and the rule above still applies to it (an
 * operator's name gives way to the museum's own: "Old Sturbridge Village"). Nothing is ever added to a name, and an
 * alternative name that is cut itself ("… Preservation Off", "… Museums and") is never taken.
 */
const NAME_CUT_AT = 60;
const DANGLING = /\s+(of|the|and|&|in|for|at|a|an|on|to|dba)$/i;
function withoutDangling(name: string): string {
  let trimmed = name;
  while (DANGLING.test(trimmed)) trimmed = trimmed.replace(DANGLING, "");
  return trimmed || name;
}
function completes(alt: string, cut: string): boolean {
  const words = (s: string) =>
    s
      .toLowerCase()
      .replace(/^the\s+/, "")
      .split(/\s+/)
      .filter(Boolean);
  const name = words(cut);
  const other = words(alt);
  const head = name.slice(0, -1);
  const last = name.at(-1) ?? "";
  const next = other[head.length];
  return (
    head.length > 1 &&
    next !== undefined &&
    head.every((w, i) => w === other[i]) &&
    next.startsWith(last) &&
    next.length >= last.length
  );
}

export const imlsMuseums: Dataset = {
  key: "imls-museums",
  observedAt: "2014",
  name: "IMLS Museum Universe Data File (FY2014 Q3)",
  licence: "Public domain",
  attribution: "Institute of Museum and Library Services",
  url: "https://www.imls.gov/research-evaluation/data-collection/museum-data-files",
  states: "all",
  async *read(stateCode: string): AsyncIterable<ReadResult> {
    for await (const row of csvRows(file, (row) => row.STATE === stateCode)) {
      const checked = nameAndPosition(text(row.NAME), row.LATITUDE, row.LONGITUDE);
      if ("skip" in checked) {
        yield checked;
        continue;
      }
      const { position } = checked;
      const name = museumName(checked.name, row.ALTNAME, row.NAME ?? "");
      const discipline = DISCIPLINES[row.DISCIPL ?? ""] ?? DISCIPLINES.GMU!;
      // Historical societies are often offices, not places to visit: keep them only with a street address, or when
      // the name is a site's own and no organisation's ("Tombstone Courthouse State Historic Park", "Eudora Welty
      // House"; not "Kodiak Historical Society" nor "… Restoration Project").
      const namesSite = SAYS_PLACE.test(name) && !ORG_NAME.test(name);
      if (row.DISCIPL === "HSC" && !/\d/.test(row.ADDRESS ?? "") && !namesSite) {
        yield { skip: "historical society without a street address" };
        continue;
      }
      yield {
        source: "imls-museums",
        sourceId: row.MID!,
        categoryId: discipline.history ? CATEGORY.history : CATEGORY.activities,
        kind: discipline.kind,
        title: titleCase(name),
        address: row.ADDRESS ? titleCase(row.ADDRESS.trim()) : null,
        city: row.CITY ? titleCase(row.CITY.trim()) : null,
        stateCode,
        zip: text(row.ZIP5),
        phone: phone(row.PHONE),
        website: website(row.WEBURL),
        ...position,
        // INCOMECD: the museum's annual income class (its IRS Form 990), a notability signal (filters.ts).
        // The operator's legal name when the museum shows its own ("University of Chicago" for the Smart Museum of
        // Art): the income is the operator's Form 990, which says nothing of a university's museum (fame.ts).
        tags: {
          discipline: row.DISCIPL ?? "",
          ...(row.INCOMECD ? { income: row.INCOMECD } : {}),
          ...(name !== checked.name ? { legalName: titleCase(checked.name) } : {}),
        },
      };
    }
  },
};
