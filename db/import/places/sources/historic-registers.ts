import type { Dataset } from "../types";
import { text, year } from "../util";
import moFile from "../../../data/places/mo_historic_districts_and_sites.csv.gz" with { type: "file" };
import mtFile from "../../../data/places/mt_national_register.csv.gz" with { type: "file" };
import ncFile from "../../../data/places/nc_nrhp_building_points_nps.csv.gz" with { type: "file" };
import nysFile from "../../../data/places/nys_national_register_listings.csv.gz" with { type: "file" };
import wvFile from "../../../data/places/wv_nrhp_points_nps_2004.csv.gz" with { type: "file" };
import {
  streetAddress,
  httpsImage,
  url,
  county,
  sentence,
  describe,
  listedDate,
  listedSentence,
  kindFor,
  register,
  NRHP_LICENCE,
} from "./historic-shared";

/** State National Register lists (New York, Montana, Missouri, West Virginia, North Carolina): see historic-shared.ts. */

// ---------------------------------------------------------------------------------------------------------
// New York State: National Register listings (NY OPRHP, data.ny.gov)

export const nysNationalRegister: Dataset = register({
  key: "nys-national-register",
  observedAt: null, // the file gives no date of its own: its newest national_register_date dates it
  datedBy: (row) => row.national_register_date,
  name: "New York State National Register of Historic Places listings",
  licence: "data.ny.gov terms of use (NRHP facts public domain)",
  attribution: "NY State Office of Parks, Recreation and Historic Preservation (data.ny.gov)",
  url: "https://data.ny.gov/",
  states: ["NY"],
  file: nysFile,
  nameOf: (row) => row.resource_name,
  fields(row, name) {
    return {
      sourceId: row.nys_national_register_number!,
      kind: kindFor(name.title, "historic site"),
      since: year(row.national_register_date),
      description: describe(
        name.aka && sentence(`Also known as ${name.aka}`),
        listedSentence(row.national_register_date),
      ),
      tags: { county: county(row.county), nrListed: listedDate(row.national_register_date) },
    };
  },
});

// ---------------------------------------------------------------------------------------------------------
// Montana: National Register listings (Montana SHPO)

export const mtNationalRegister: Dataset = register({
  key: "mt-national-register",
  observedAt: null, // the file gives no date of its own: its newest listed_date dates it
  datedBy: (row) => row.listed_date,
  name: "Montana National Register of Historic Places",
  licence: NRHP_LICENCE,
  attribution: "Montana Historical Society / Montana State Historic Preservation Office",
  url: "https://mhs.mt.gov/Shpo",
  states: ["MT"],
  file: mtFile,
  nameOf: (row) => row.name,
  fields(row, name) {
    return {
      sourceId: row.nrhp_refnum!,
      kind: kindFor(name.title, "historic site", row.resource_type),
      address: streetAddress(row.address),
      city: text(row.city),
      since: year(row.listed_date),
      description: describe(listedSentence(row.listed_date)),
      // The image and pages belong to the Montana Historical Society: linked, not copied.
      imageUrl: httpsImage(row.image_url),
      tags: {
        county: county(row.county),
        link: url(row.historic_montana_url),
        nomination: url(row.nomination_url),
        nrListed: listedDate(row.listed_date),
      },
    };
  },
});

// ---------------------------------------------------------------------------------------------------------
// Missouri: National Register sites and districts (Missouri SHPO; the file is the first 1,000 records)

const MO_AREAS: Record<string, string> = {
  archit: "architecture",
  soc_his: "social history",
  pol_gov: "politics/government",
  conserv: "conservation",
  commrce: "commerce",
  indstry: "industry",
  commun: "community planning",
  ent_rec: "entertainment/recreation",
  agri: "agriculture",
  health: "health/medicine",
  educatn: "education",
  philo: "philosophy",
};

export const moHistoric: Dataset = register({
  key: "mo-historic",
  observedAt: null, // the file gives no date of its own: its newest listed_date dates it
  datedBy: (row) => row.listed_date,
  name: "Missouri National Register Historic Districts and Sites",
  licence: NRHP_LICENCE,
  attribution: "Missouri Department of Natural Resources, State Historic Preservation Office",
  url: "https://mostateparks.com/historic-preservation",
  states: ["MO"],
  file: moFile,
  skipRow: (row) =>
    /owner objection|determined eligible/i.test(text(row.comment) ?? "")
      ? "not listed (determined eligible only)"
      : null,
  // The comment may say the place is gone.
  nameOf: (row) => [row.name, text(row.comment) ?? ""],
  fields(row, name) {
    const comment = text(row.comment) ?? "";
    const other = text(row.other_name);
    const aka = [name.aka, other && other !== name.title ? other : null].filter(Boolean).join("; ");
    const areas = (row.areas_of_significance ?? "")
      .split(";")
      .map((a) => MO_AREAS[a.trim()])
      .filter(Boolean);
    const period = text(row.period_of_significance);
    const architect = text(row.architect);
    return {
      sourceId: row.objectid!,
      kind: kindFor(name.title, "historic site"),
      address: streetAddress(row.address),
      city: text(row.city),
      since: year(row.listed_date),
      description: describe(
        aka && sentence(`Also known as ${aka}`),
        /national (historic )?landmark/i.test(comment) && "A National Historic Landmark.",
        listedSentence(row.listed_date),
        areas.length > 0 && sentence(`Significant for ${areas.join(", ")}${period ? ` (${period})` : ""}`),
        architect && !/unknown/i.test(architect) && sentence(`Architect or builder: ${architect}`),
      ),
      tags: {
        multipleProperty: text(row.multiple_property_listing),
        nrListed: listedDate(row.listed_date),
        nationalLandmark: /national (historic )?landmark/i.test(comment) ? "yes" : null,
      },
    };
  },
});

// ---------------------------------------------------------------------------------------------------------
// West Virginia: NPS National Register points (April 2004)

export const wvNrhp: Dataset = register({
  key: "wv-nrhp",
  observedAt: "2004-04",
  name: "National Register of Historic Places points, West Virginia (NPS, 2004)",
  licence: "Public domain (US federal government work)",
  attribution: "National Park Service, National Register of Historic Places (via WV GIS Technical Center)",
  url: "https://www.nps.gov/subjects/nationalregister/",
  states: ["WV"],
  file: wvFile,
  // Some names were cut at 22 characters in the source ("Grant County Courthous"); they are kept as given.
  nameOf: (row) => row.name_truncated,
  fields(row, name) {
    return {
      sourceId: row.nrhp_refnum!,
      kind: kindFor(name.title, "historic site"),
      address: streetAddress(row.address),
      city: text(row.city),
      since: year(row.listed_date),
      description: listedSentence(row.listed_date),
      tags: {
        county: county(row.county),
        vicinity: row.vicinity === "X" ? "yes" : null,
        nrListed: listedDate(row.listed_date),
      },
    };
  },
});

// ---------------------------------------------------------------------------------------------------------
// North Carolina: NPS National Register building points

/** Records whose point is known to be wrong (SOURCES.md: Memphis's Mason Temple placed in western NC). */
const NC_MISPLACED = new Set(["{BFABFA9E-B0E1-4DA6-A869-E6F0ADC38D7E}"]);

export const ncNrhp: Dataset = register({
  key: "nc-nrhp",
  observedAt: "2024-04", // no date in the file; SOURCES.md: the NPS file was accessed 2024-04-03
  name: "National Register of Historic Places building points, North Carolina (NPS)",
  licence: "Public domain (US federal government work)",
  attribution: "National Park Service, National Register of Historic Places",
  url: "https://www.nps.gov/subjects/nationalregister/",
  states: ["NC"],
  file: ncFile,
  skipRow: (row) => (NC_MISPLACED.has(row.cr_id ?? "") ? "misplaced point" : null),
  nameOf: (row) => row.name,
  fields(row, name) {
    return {
      sourceId: (row.cr_id ?? "").replace(/[{}]/g, "").toLowerCase(),
      kind: kindFor(name.title, "historic building"),
      description: "Listed on the National Register of Historic Places.",
    };
  },
});
