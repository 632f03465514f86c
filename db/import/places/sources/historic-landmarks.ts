import type { Dataset } from "../types";
import { text, year } from "../util";
import { BOROUGH_CITY } from "../address";
import chicagoFile from "../../../data/places/chicago_individual_landmarks.csv.gz" with { type: "file" };
import nycFile from "../../../data/places/nyc_lpc_individual_landmarks.csv.gz" with { type: "file" };
import portlandFile from "../../../data/places/portland_or_historic_landmarks.csv.gz" with { type: "file" };
import { streetAddress, url, sentence, describe, listedDate, kindFor, register } from "./historic-shared";

/** City landmark lists (New York City, Chicago, Portland): see historic-shared.ts. */

// ---------------------------------------------------------------------------------------------------------
// New York City: Landmarks Preservation Commission individual landmarks

export const nycLandmarks: Dataset = register({
  key: "nyc-landmarks",
  observedAt: null, // the file gives no date of its own: its newest designation_date dates it
  datedBy: (row) => row.designation_date,
  name: "NYC Landmarks Preservation Commission — Individual Landmark Sites",
  licence: "NYC Open Data Terms of Use",
  attribution: "NYC Landmarks Preservation Commission / NYC Open Data",
  url: "https://data.cityofnewyork.us/",
  states: ["NY"],
  box: "NYC",
  file: nycFile,
  skipRow(row) {
    const type = text(row.landmark_type) ?? "";
    const status = text(row.status) ?? "";
    // "Amended" designations are still designated; "Proposed" / "Heard" are not (yet), "Moved" rows are old sites.
    return type !== "Individual Landmark" || !["Designated", "Amended"].includes(status)
      ? "not a designated individual landmark"
      : null;
  },
  nameOf: (row) => row.name,
  fields(row) {
    const designated = year(row.designation_date);
    return {
      sourceId: row.lp_number!,
      kind: "historic landmark",
      address: streetAddress(row.address),
      city: BOROUGH_CITY[row.borough ?? ""] ?? null,
      since: designated,
      description: describe(
        text(row.alternate_names) && sentence(text(row.alternate_names)!),
        designated && `Designated a New York City landmark in ${designated}.`,
      ),
      tags: { designationReport: url(row.designation_report_url) },
    };
  },
});

// ---------------------------------------------------------------------------------------------------------
// Chicago: individual landmarks (Commission on Chicago Landmarks)

export const chicagoLandmarks: Dataset = register({
  key: "chicago-landmarks",
  observedAt: null, // the file gives no date of its own: its newest landmark_designation_date dates it
  datedBy: (row) => row.landmark_designation_date,
  name: "Chicago Individual Landmarks",
  licence: "City of Chicago Data Portal Terms of Use",
  attribution: "Commission on Chicago Landmarks / City of Chicago Data Portal",
  url: "https://data.cityofchicago.org/",
  states: ["IL"],
  file: chicagoFile,
  nameOf: (row) => row.name,
  fields(row) {
    const built = text(row.date_built);
    const builtText = built && /^\d{4}([-–]\d{2,4})?$/.test(built) ? built : year(built);
    // Architect notes with additions and remodellings ("… remod:1940;Hin Bredendieck&Lerner") are left out.
    const architectRaw = text(row.architect);
    const architect = architectRaw && !/unknown|[:;]|\badd(it)?\b|remod/i.test(architectRaw) ? architectRaw : null;
    const designated = year(row.landmark_designation_date);
    return {
      sourceId: row.landmark_id!,
      kind: "historic landmark",
      address: streetAddress(row.address),
      city: "Chicago",
      since: year(built) ?? designated,
      description: describe(
        builtText && `Built ${builtText}${architect ? `, designed by ${architect}` : ""}.`,
        designated && `Designated a Chicago Landmark in ${designated}.`,
      ),
      tags: { architect },
    };
  },
});

// ---------------------------------------------------------------------------------------------------------
// Portland, Oregon: historic landmarks (Bureau of Planning and Sustainability)

/** "Lawrence, Ellis F" → "Ellis F Lawrence"; firms and lists are left alone. */
const personName = (value: string | null) =>
  value && /^[A-Z][\p{L}'’-]+, [A-Z][\p{L}. ]*$/u.test(value) ? value.replace(/^([^,]+), (.+)$/, "$2 $1") : value;
const STYLE_NOISE = /other|not applicable|^n\/a$|undefined|\(type\)|tree|street|fountain|marker|casing|29th/i;

export const portlandLandmarks: Dataset = register({
  key: "portland-landmarks",
  observedAt: "2020",
  name: "City of Portland Historic Landmarks",
  licence: "City of Portland open data",
  attribution: "City of Portland Bureau of Planning and Sustainability",
  url: "https://gis-pdx.opendata.arcgis.com/",
  states: ["OR"],
  file: portlandFile,
  nameOf: (row) => row.historic_name,
  fields(row, name) {
    const common = text(row.common_name);
    const aka = [name.aka, common && !/^(NA|--|none)$/i.test(common) && common !== name.title ? common : null]
      .filter(Boolean)
      .join("; ");
    const built = year(row.year_built);
    const architect = personName(text(row.architect));
    const style = text(row.architectural_style);
    const listed = year(row.nr_listed_date);
    const period = text(row.significance_period);
    const area = text(row.significance_area);
    return {
      sourceId: row.landmark_id!,
      kind: kindFor(name.title, "historic site", row.resource_type),
      address: streetAddress(row.address?.replace(/^WI\//, "")),
      city: "Portland",
      since: built ?? listed,
      description: describe(
        aka && sentence(`Also known as ${aka}`),
        built && `Built in ${built}${architect && !/unknown/i.test(architect) ? `, designed by ${architect}` : ""}.`,
        style && !STYLE_NOISE.test(style) && `${style} style.`,
        listed
          ? `Listed on the National Register of Historic Places in ${listed}.`
          : row.local_landmark === "Yes"
            ? "A City of Portland historic landmark."
            : null,
        area && sentence(`Significant for ${area.toLowerCase()}${period ? ` (${period})` : ""}`),
      ),
      tags: {
        architect,
        style: style && !STYLE_NOISE.test(style) ? style : null,
        nrhpRef: text(row.nrhp_refnum),
        nrListed: listedDate(row.nr_listed_date),
      },
    };
  },
});
