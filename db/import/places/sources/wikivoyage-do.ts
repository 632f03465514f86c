import { stateCodeFromName } from "../../../../src/domain/states";
import { isLodgingByName } from "../filters";
import { CATEGORY, type Dataset, type ReadResult } from "../types";
import { nameAndPosition, phone, csvRows, shortHash, text, titleCase, website } from "../util";
import file from "../../../data/places/wikivoyage_do_listings_us.csv.gz" with { type: "file" };

/**
 * Wikivoyage "Do" listings inside the US (CC BY-SA 3.0), nationwide, no ids.
 *
 * In this export the `description` column is not prose: it is the listing's URL and phone field run
 * together ("http://parks.nv.gov/parks/beaver-dam +1 775-728-8101", "+1 928-526-0866 (Ranger District
 * Office)"). The URL becomes `website`, the first number `phone`; any other text left before the number
 * would be kept as the description (none is, in the bundled file).
 *
 * State: the point-in-polygon state (`state_polygon`, full name) when present — the nearest city can be
 * across a state line (Kansas City, MO listings next to Mission Woods, KS) — else `nearest_state`.
 * 39 shoreline points fall outside the coarse outlines; 7 of those are in Canada (Niagara-on-the-Lake
 * and Prescott, Ontario, across the river from New York) and are skipped.
 */

/** Ontario towns on the New York border whose listings carry nearest_state "NY". [south, west, north, east] */
const CANADA: [number, number, number, number][] = [
  [43.23, -79.1, 43.28, -79.05], // Niagara-on-the-Lake
  [44.7, -75.53, 44.74, -75.48], // Prescott
];

/** Split the export's "url +1 phone (label), +1 phone" column. */
export function splitContact(value: string | undefined): {
  website: string | null;
  phone: string | null;
  rest: string | null;
} {
  let raw = text(value) ?? "";
  const url = raw.match(/https?:\/\/\S+/)?.[0] ?? null;
  if (url) raw = raw.replace(url, " ");
  const plus = raw.search(/\+\d/);
  const phonePart = plus >= 0 ? raw.slice(plus) : "";
  const before = plus >= 0 ? raw.slice(0, plus) : raw;
  const firstNumber = phonePart.split(/,|\(|\bext\b|\bTTY\b/i)[0] ?? "";
  return { website: website(url), phone: phone(firstNumber), rest: text(before) };
}

export const wikivoyageDo: Dataset = {
  key: "wikivoyage-do",
  observedAt: "2019",
  name: "Wikivoyage “Do” listings",
  licence: "CC BY-SA 3.0",
  attribution: "Wikivoyage contributors",
  url: "https://en.wikivoyage.org/",
  states: "all",
  async *read(stateCode: string): AsyncIterable<ReadResult> {
    const seen = new Set<string>();
    for await (const row of csvRows(file)) {
      const polygonState = stateCodeFromName(row.state_polygon);
      const state = polygonState ?? text(row.nearest_state)?.toUpperCase();
      if (state !== stateCode) continue;
      const checked = nameAndPosition(text(row.title), row.latitude, row.longitude);
      if ("skip" in checked) {
        yield checked;
        continue;
      }
      const { name, position } = checked;
      if (
        !polygonState &&
        CANADA.some(
          ([s, w, n, e]) =>
            position.latitude >= s && position.latitude <= n && position.longitude >= w && position.longitude <= e,
        )
      ) {
        yield { skip: "outside the US" };
        continue;
      }
      const sourceId = shortHash(`${name}|${row.latitude}|${row.longitude}`, 16);
      if (seen.has(sourceId)) {
        yield { skip: "duplicate row" };
        continue;
      }
      seen.add(sourceId);
      const contact = splitContact(row.description);
      // A casino resort or a park's lodge is somewhere to sleep as well as something to do (filters.ts).
      const lodging = isLodgingByName(name);
      yield {
        source: "wikivoyage-do",
        sourceId,
        categoryId: lodging ? CATEGORY.lodging : CATEGORY.activities,
        kind: lodging ? (/\bcasino\b/i.test(name) ? "resort" : "lodge") : "activity",
        // Wikivoyage names are mixed case; ALL-CAPS single words are acronyms (YMCA, NASCAR), keep those.
        title: /\s/.test(name) ? titleCase(name) : name,
        description: contact.rest && /[a-z]{3}/i.test(contact.rest) ? contact.rest : null,
        stateCode,
        phone: contact.phone,
        website: contact.website,
        ...position,
      };
    }
  },
};
