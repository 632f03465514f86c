import { stateCodeFromName } from "../../../../src/domain/states";
import { CATEGORY, type Dataset, type ReadResult } from "../types";
import { coords, directoryName, phone, csvRows, text, website } from "../util";
import file from "../../../data/places/openbrewerydb_us.csv.gz" with { type: "file" };

/**
 * Open Brewery DB (MIT), US rows, nationwide. `state` is the full state name ("Nevada").
 * brewery_type → kind. Dropped: closed, planning (not open yet), and contract / proprietor brewers —
 * brands brewed on someone else's equipment, whose address is usually an office or a home, not a taproom.
 */
const KINDS: Record<string, string> = {
  micro: "brewery",
  nano: "brewery",
  regional: "brewery",
  large: "brewery",
  location: "brewery",
  brewpub: "brewpub",
  taproom: "taproom",
  bar: "beer bar",
};
const SKIPPED: Record<string, string> = {
  closed: "closed",
  planning: "not open yet",
  contract: "no public taproom (contract brewer)",
  proprietor: "no public taproom (contract brewer)",
};
/** Names that are placeholders, not names. */
const PLACEHOLDER = /^(tbd|tba|n\/?a|none|unknown)$/i;

export const openBreweryDb: Dataset = {
  key: "openbrewerydb",
  observedAt: "2026-11-20", // no date in the file; SOURCES.md: the repository snapshot was gathered 2026-11-20 (the newest the data can be)
  name: "Open Brewery DB",
  licence: "MIT",
  attribution: "Open Brewery DB",
  url: "https://www.openbrewerydb.org/",
  states: "all",
  async *read(stateCode: string): AsyncIterable<ReadResult> {
    for await (const row of csvRows(file, (row) => stateCodeFromName(row.state) === stateCode)) {
      const type = (row.brewery_type ?? "").trim().toLowerCase();
      if (SKIPPED[type]) {
        yield { skip: SKIPPED[type] };
        continue;
      }
      const name = text(row.name);
      if (!name || PLACEHOLDER.test(name)) {
        yield { skip: "no name" };
        continue;
      }
      const kind = KINDS[type];
      if (!kind) {
        yield { skip: "unknown brewery type" };
        continue;
      }
      const position = coords(row.latitude, row.longitude);
      if (!position) {
        yield { skip: "no coordinates" };
        continue;
      }
      const street = [row.address_1, row.address_2, row.address_3].map(text).filter(Boolean).join(", ");
      yield {
        source: "openbrewerydb",
        sourceId: row.id!,
        categoryId: CATEGORY.food,
        kind,
        // A handful of names are ALL CAPS ("WAR WATER BREWERY"); single words may be acronyms, so keep those.
        title: (/\s/.test(name) && directoryName(name).replace(/\bLlc\b/g, "LLC")) || name,
        address: street || null,
        city: text(row.city),
        stateCode,
        zip: row.postal_code?.match(/^\d{5}/)?.[0] ?? null,
        phone: phone(row.phone),
        website: website(row.website_url),
        ...position,
        tags: { breweryType: type },
      };
    }
  },
};
