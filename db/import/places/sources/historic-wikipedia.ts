import { CATEGORY, type Dataset, type ReadResult } from "../types";
import { nameAndPosition, csvRows, oncePerRow, text } from "../util";
import { stateOfPoint } from "../state-of-point";
import file from "../../../data/places/nrhp_wikidata_sites_with_wikipedia_summaries_partial.csv.gz" with {
  type: "file",
};

/**
 * US historic sites from Wikidata (CC0: name, description, coordinates) with the lead paragraph of their
 * English Wikipedia article (CC BY-SA 4.0) as the description; the article is linked from the place
 * (`tags.wikipedia`). The state is the city the Wikidata description names, else the outline's holding the point.
 * Sites without a Wikipedia paragraph are skipped (nothing to say that another dataset does not).
 */
function kindOf(description: string, title = ""): string {
  const d = description.toLowerCase();
  if (/historic district|district/.test(d)) return "historic district";
  if (/\bpost office\b/.test(d) || /\bpost office\b/i.test(title)) return "post office";
  // Homes and workplaces of others, seen from the street (filters.ts PRIVATE_KIND): Wikidata's own words, or the
  // name's ("Benworth-Chapman Apartments and Chapman Cottages", "Daft Block": a 19th-century commercial block;
  // "Phelps Dodge General Office Building").
  if (/\bapartment|\bapartments$|\bflats$/i.test(d) || /\bapartments\b/i.test(title)) return "apartment building";
  if (/\bwarehouse\b/.test(d)) return "warehouse";
  if (/\boffice building\b/.test(d) || /\boffice buildings?\b/i.test(title)) return "office building";
  if (/\bcommercial (building|block)\b/.test(d) || /\bblock$/i.test(title)) return "commercial building";
  if (/\b(house|mansion|residence|farm)\b(?! of\b)|\bhome\b(?! (of|venue|ground|stadium|field|port|base)\b)/.test(d))
    return "historic house";
  if (/\b(church|cathedral|chapel|synagogue|temple|meeting house)\b/.test(d)) return "historic church";
  if (/\bbridge\b/.test(d)) return "historic bridge";
  if (/\b(lighthouse|light station)\b/.test(d)) return "lighthouse";
  if (/\b(museum)\b/.test(d)) return "museum";
  if (/\bskyscraper\b/.test(d)) return "skyscraper";
  return "historic site";
}

/** The state an undescribed row's point lies in (outline first, the nearest city's state at a gap), once per row. */
const pointState = oncePerRow((row) => {
  const lat = Number(row.latitude);
  const lng = Number(row.longitude);
  const outlined = Number.isFinite(lat) && Number.isFinite(lng) ? stateOfPoint(lat, lng) : null;
  return outlined ?? text(row.nearest_state);
});

export const historicWikipedia: Dataset = {
  key: "historic-wikipedia",
  observedAt: "2024-02-25",
  name: "Historic sites from Wikidata with Wikipedia summaries",
  licence: "CC BY-SA 4.0",
  attribution: "Wikipedia (CC BY-SA 4.0) and Wikidata (CC0)",
  url: "https://en.wikipedia.org/",
  states: "all",
  async *read(stateCode: string): AsyncIterable<ReadResult> {
    for await (const row of csvRows(file, (row) => {
      const described = text(row.described_state);
      return described ? described === stateCode : pointState(row) === stateCode;
    })) {
      const summary = text(row.wikipedia_summary);
      const url = text(row.wikipedia_url);
      if (!summary || !url?.startsWith("https://en.wikipedia.org/wiki/")) {
        yield { skip: "no Wikipedia paragraph" };
        continue;
      }
      const checked = nameAndPosition(text(row.name), row.latitude, row.longitude);
      if ("skip" in checked) {
        yield checked;
        continue;
      }
      const wikidataDescription = text(row.wikidata_description) ?? "";
      yield {
        source: "historic-wikipedia",
        sourceId: url.slice("https://en.wikipedia.org/wiki/".length),
        categoryId: CATEGORY.history,
        kind: kindOf(wikidataDescription, checked.name),
        title: checked.name,
        description: summary,
        // The town the description names; else the store's area rule (the nearest listed town can lie across a
        // state line: the Empire State Building's is Hoboken, NJ).
        city: text(row.described_city),
        stateCode,
        ...checked.position,
        tags: {
          wikipedia: url,
          ...(wikidataDescription ? { wikidataDescription } : {}),
          // Notability signals (db/import/places/filters.ts): the lead's length; a lead that names the designation.
          leadLength: String(summary.length),
          ...(/National Historic Landmark(?! District)/.test(summary) ? { nationalLandmark: "yes" } : {}),
        },
      };
    }
  },
};
