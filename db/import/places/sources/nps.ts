import { CATEGORY, type CategoryId, type Dataset, type ReadResult } from "../types";
import { coords, readCsv, text } from "../util";
import { stateOfPoint } from "../state-of-point";
import unitsFile from "../../../data/places/nps_units_474_parkatlas.csv.gz" with { type: "file" };
import parksFile from "../../../data/places/nps_national_parks_63_descriptions_images.csv.gz" with { type: "file" };

/**
 * National Park Service units (US federal data, public domain): every unit's code, name, designation and NPS
 * point with its 2025 recreation visits (the Park Atlas compilation, CC0), and for the 63 National Parks the NPS
 * short description and first photo. A photo is kept only when its credit names the NPS or says public domain
 * (some NPS images are credited to outside photographers, whose rights are their own).
 * One place per unit, in the state whose outline holds its point (a unit spanning states lists them all).
 */

/** A designation, or for the generic ones ("Park Unit", "Park") the unit's own name, that marks a history site. */
const HISTORY =
  /\b(historic|historical|battlefield|military|memorial|monument|heritage|birthplace|home|house|fort|presidio|mission)\b/i;
/** Designations of places to go outdoors, whatever the name says. */
const OUTDOORS = /\b(national park|preserve|recreation area|seashore|lakeshore|river|scenic trail|parkway|reserve)\b/i;

export function npsCategory(designation: string, name: string): CategoryId {
  if (OUTDOORS.test(designation) && !/\bhistoric/i.test(designation)) return CATEGORY.activities;
  if (HISTORY.test(designation)) return CATEGORY.history;
  return HISTORY.test(name) ? CATEGORY.history : CATEGORY.activities;
}

/** Whether an NPS image's credit lets us show it: the NPS's own photo, or one marked public domain. */
export const creditAllowsUse = (credit: string | null) =>
  !!credit && /\bNPS\b|national park service|public domain/i.test(credit);

function kindOf(designation: string, category: CategoryId): string {
  const d = designation.toLowerCase();
  if (/^national\b/.test(d) && !/^national and\b/.test(d)) return d.replace(/\s*&\s*/g, " and ");
  return category === CATEGORY.history ? "national historic site" : "national park site";
}

const visitsLine = (visits: number) =>
  visits >= 1_000_000 ? `${(visits / 1_000_000).toFixed(1)} million` : visits.toLocaleString("en-US");

export const npsUnits: Dataset = {
  key: "nps",
  observedAt: "2026-09-14", // Park Atlas README: retrieved from the NPS API 2026-09-14 (visits of calendar 2025)
  name: "National Park Service units and 2025 visits (NPS Data API and visitor statistics, via Park Atlas)",
  licence: "Public domain",
  attribution: "National Park Service (US federal data, public domain); photo credits as given by the NPS",
  url: "https://www.nps.gov/",
  states: "all",
  async *read(stateCode: string): AsyncIterable<ReadResult> {
    const parks = new Map((await readCsv(parksFile)).map((r) => [r.park_code, r]));
    for (const row of await readCsv(unitsFile)) {
      const code = text(row.park_code)?.toLowerCase();
      if (!code || !/^[a-z]{4}$/.test(code)) continue; // a repeated header row
      const listed = (row.states ?? "").split("|").map((s) => s.trim().toUpperCase());
      const position = coords(row.latitude, row.longitude);
      const outlined = position ? stateOfPoint(position.latitude, position.longitude) : null;
      const home = outlined && listed.includes(outlined) ? outlined : listed[0];
      if (home !== stateCode) continue;
      const name = text(row.name);
      if (!name) {
        yield { skip: "no name" };
        continue;
      }
      if (!position) {
        yield { skip: "no coordinates" };
        continue;
      }
      const designation = text(row.designation) ?? "";
      const categoryId = npsCategory(designation, name);
      const visits = Number.parseInt(row.visitors_2025 ?? "", 10);
      const park = parks.get(code);
      const credit = text(park?.image_credit);
      const image = creditAllowsUse(credit) ? text(park?.image_url) : null;
      const description =
        text(park?.description) ??
        `${designation || "A unit"} of the National Park System${Number.isFinite(visits) && visits > 0 ? `; ${visitsLine(visits)} recreation visits in 2025` : ""}.`;
      yield {
        source: "nps",
        sourceId: code,
        categoryId,
        kind: kindOf(designation, categoryId),
        // The file capitalises some names ("Statue Of Liberty National Monument").
        title: name.replace(/ (Of|The|And|At|In|On) /g, (w) => w.toLowerCase()),
        description,
        stateCode,
        website: `https://www.nps.gov/${code}/`,
        imageUrl: image,
        ...position,
        tags: {
          npsCode: code,
          ...(designation ? { npsDesignation: designation } : {}),
          ...(Number.isFinite(visits) && visits > 0 ? { npsVisits: String(visits) } : {}),
          ...(image && credit ? { imageCredit: credit } : {}),
          nationalLandmark: "yes",
        },
      };
    }
  },
};
