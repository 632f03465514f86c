import { CATEGORY, type Dataset, type ReadResult } from "../types";
import { caps, nameAndPosition, phone, readCsv, shortHash, text, titleCase } from "../util";
import { addressCase } from "../address";
import file from "../../../data/places/imls_pls_fy2019_library_outlets.csv.gz" with { type: "file" };

/**
 * IMLS Public Libraries Survey FY2019, outlet file (public domain), nationwide: central and branch libraries
 * (bookmobiles were dropped when the file was made). Names and addresses are ALL CAPS.
 *
 * `fscs_id` is not a reliable key in this copy: about 4,000 rows share an id with another library (some
 * ids are just "BR"), so an id is used only when it is unique in the file; otherwise the sourceId is a hash
 * of name + coordinates (stable, since the file is bundled).
 */

/** cp1252 punctuation left as C1 control characters ("DELTA CO PLD \x96 DELTA PUBLIC LIBRARY"). */
const C1: Record<string, string> = { "\x91": "‘", "\x92": "’", "\x93": "“", "\x94": "”", "\x96": "–", "\x97": "—" };
const fixC1 = (value: string | undefined) => (value ?? "").replace(/[\x91-\x97]/g, (c) => C1[c] ?? " ");

/** Title-case an ALL-CAPS street line, keeping quadrants and PO boxes upper case. */

const idCounts = new WeakMap<object, Map<string, number>>();
function uniqueIds(rows: Record<string, string>[]): Map<string, number> {
  let counts = idCounts.get(rows);
  if (!counts) {
    counts = new Map();
    for (const row of rows) counts.set(row.fscs_id ?? "", (counts.get(row.fscs_id ?? "") ?? 0) + 1);
    idCounts.set(rows, counts);
  }
  return counts;
}

export const imlsLibraries: Dataset = {
  key: "imls-libraries",
  observedAt: "2019",
  name: "IMLS Public Libraries Survey (FY2019 outlets)",
  licence: "Public domain",
  attribution: "Institute of Museum and Library Services",
  url: "https://www.imls.gov/research-evaluation/data-collection/public-libraries-survey",
  states: "all",
  async *read(stateCode: string): AsyncIterable<ReadResult> {
    const rows = await readCsv(file);
    const counts = uniqueIds(rows);
    const seen = new Set<string>();
    for (const row of rows) {
      if (row.state !== stateCode) continue;
      const checked = nameAndPosition(text(fixC1(row.name)), row.latitude, row.longitude);
      if ("skip" in checked) {
        yield checked;
        continue;
      }
      const { name, position } = checked;
      // Regional system headquarters report 0 public service hours: offices, not libraries to visit.
      if (row.hours_per_year?.trim() === "0") {
        yield { skip: "no public hours" };
        continue;
      }
      const id = row.fscs_id?.trim() ?? "";
      const sourceId =
        id && counts.get(id) === 1 ? id : `h:${shortHash(`${name}|${position.latitude}|${position.longitude}`, 16)}`;
      if (seen.has(sourceId)) {
        yield { skip: "duplicate row" };
        continue;
      }
      seen.add(sourceId);
      const street = text(fixC1(row.address));
      const city = text(row.city);
      const tags: Record<string, string> = {};
      if (row.subcategory) tags.outlet = row.subcategory;
      if (Number(row.hours_per_year) > 0) tags.publicHoursPerYear = row.hours_per_year!;
      const county = text(row.county);
      if (county) tags.county = titleCase(county);
      yield {
        source: "imls-libraries",
        sourceId,
        categoryId: CATEGORY.activities,
        kind: "library",
        title: caps(name),
        address: street ? addressCase(street) : null,
        city: city ? titleCase(city) : null,
        stateCode,
        zip: row.zip?.match(/^\d{5}/)?.[0] ?? null,
        phone: phone(row.phone),
        ...position,
        tags,
      };
    }
  },
};
