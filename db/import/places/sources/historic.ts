import { CATEGORY, type Dataset, type PlaceInput, type ReadResult } from "../types";
import { type Box, coords, datasetInfo, inBox, readCsv, shortHash, text, titleCase, uniqueIds, year } from "../util";
import chicagoFile from "../../../data/places/chicago_individual_landmarks.csv.gz" with { type: "file" };
import markersFile from "../../../data/places/historical_markers_NE_NH_NV_UT_WY.csv.gz" with { type: "file" };
import moFile from "../../../data/places/mo_historic_districts_and_sites.csv.gz" with { type: "file" };
import mtFile from "../../../data/places/mt_national_register.csv.gz" with { type: "file" };
import ncFile from "../../../data/places/nc_nrhp_building_points_nps.csv.gz" with { type: "file" };
import nycFile from "../../../data/places/nyc_lpc_individual_landmarks.csv.gz" with { type: "file" };
import nysFile from "../../../data/places/nys_national_register_listings.csv.gz" with { type: "file" };
import portlandFile from "../../../data/places/portland_or_historic_landmarks.csv.gz" with { type: "file" };
import wvFile from "../../../data/places/wv_nrhp_points_nps_2004.csv.gz" with { type: "file" };

/**
 * Historic sites from state and city registers (National Register listings, city landmark lists) and
 * state historical-marker programmes, one dataset per file. All are category "history".
 *
 * - `since` is the year that matters most for the record: built when the file says so, else listed /
 *   designated.
 * - Descriptions are assembled only from the file's own fields ("Listed on the National Register of
 *   Historic Places in 1973.", architect, style, period of significance). Marker texts are the signs' own
 *   wording: at most ~300 characters are quoted, with the programme named in `tags.textAttribution`.
 * - Names in the register's inverted form are turned round: "Cobb, John Franklin, House" → "John Franklin
 *   Cobb House", "Grove, The" → "The Grove", "(Former) Hyde Park Bank" → "Former Hyde Park Bank".
 * - Left out: rows without coordinates or with coordinates outside the state/city, records marked
 *   demolished, destroyed, moved away or delisted, boundary increases (an amendment of another listing),
 *   and NYC landmarks that are only proposed or heard.
 *
 * Every reader yields exactly one result per row of its file (of that state, for the markers file), in file order.
 */

type Row = Record<string, string>;

// ---------------------------------------------------------------------------------------------------------
// Names

const BUILDING_WORDS =
  /^(House|Houses|Home|Homestead|Ranch|Farm|Farmstead|Residence|Building|Block|Store|Cabin|Barn|Mansion|Cottage|Service Station|Garage|Library|Hotel|Estate|Shack|Memorial|Studio|Apartments|Fourplex|Duplex|Bungalow|Mill|Hall|Log House|Round Barn)\b/;
const NOT_A_PERSON =
  /\b(House|Houses|Home|Church|School|Farm|Building|Mill|Cemetery|Hall|Store|Bridge|Station|Barn|Hotel|Depot|Company|Co\.|Street|Avenue|Road|District|Park|Railroad|County|City|Lodge|Bank|Theatre|Theater|Inn|Tavern)\b|\d/;
const SURNAME = /^(?:(?:Van|Von|De|Du|La|Le|Mac|St\.|Ten|Del|Des|Da|Di|Den|Der)\s+)?[A-Z][\p{L}'’-]+$/u;
const SUFFIX = /^(?:Jr\.?|Sr\.?|II|III|IV)$/;

/**
 * National Register names put the owner's surname first: "Cobb, John Franklin, House",
 * "Breese, William, Jr., House", "Chilton, W. E. II, House", "Crowell, J.B., and Son Brick Mould Mill",
 * "Hickman, Thomas House". Montana writes "Pierre Wibaux, House". Anything that does not look like that
 * (railroads named after places, "Engine Company 45, Truck 15" …) is returned unchanged.
 */
export function uninvertName(value: string): string {
  const name = value.replace(/\s*,\s*$/, "");
  let parts = name.split(/\s*,\s*/);
  if (/\b(Railroad|Railway|R\.\s?R\.)\b/.test(name)) return name;
  // "Houghtaling, Peter, Farm, and Lime Kiln": the trailing "and …" belongs to the building.
  if (parts.length === 4 && /^(and|&)\s/.test(parts[3]!)) parts = [parts[0]!, parts[1]!, `${parts[2]} ${parts[3]}`];
  if (
    parts.length === 4 &&
    SURNAME.test(parts[0]!) &&
    SUFFIX.test(parts[2]!) &&
    isGiven(parts[1]!) &&
    /^[A-Z]/.test(parts[3]!)
  ) {
    return `${parts[1]} ${parts[0]} ${parts[2]} ${parts[3]}`;
  }
  if (
    parts.length === 3 &&
    SURNAME.test(parts[0]!) &&
    isGiven(parts[1]!) &&
    (/^[A-Z0-9]/.test(parts[2]!) || /^(and|&) (Sons?|Co\.?|Company)\b/.test(parts[2]!))
  ) {
    const given = parts[1]!.match(/^(.*?)\s+(Jr\.?|Sr\.?|II|III|IV)$/);
    return given ? `${given[1]} ${parts[0]} ${given[2]} ${parts[2]}` : `${parts[1]} ${parts[0]} ${parts[2]}`;
  }
  if (parts.length === 2) {
    const [first, second] = parts as [string, string];
    if (/^(The|A|An)$/.test(second)) return `${second} ${first}`;
    // "Pierre Wibaux, House", "Walrond and Elizabeth Snell, House"
    if (
      BUILDING_WORDS.test(second) &&
      /^[A-Z][\p{L}.'’-]*(\s+(and|&|[A-Z][\p{L}.'’-]*)){1,5}$/u.test(first) &&
      !NOT_A_PERSON.test(first)
    )
      return `${first} ${second}`;
    // "Hickman, Thomas House", "West, J. Garner House": the second comma is missing.
    const m = second.match(
      /^((?:[A-Z][\p{L}.'’-]*\s+){1,4})((?:House|Residence|Farm|Homestead|Cottage|Estate|Mansion|Cabin|Store|Ranch)\b.*)$/u,
    );
    if (m && SURNAME.test(first) && isGiven(m[1]!.trim())) return `${m[1]}${first} ${m[2]}`;
  }
  return name;
}

function isGiven(value: string): boolean {
  const tokens = value.split(/\s+/);
  return /^[A-Z(]/.test(value) && tokens.length <= 6 && !NOT_A_PERSON.test(value);
}

/** A register name made presentable; `aka` is what followed a ";" (alternative names). */
export function historicName(raw: string | undefined | null): { title: string; aka: string | null } | null {
  let name = text(raw);
  if (!name) return null;
  if ((name.match(/"/g) ?? []).length % 2 === 1) name = name.replace(/"/g, "");
  const [main, ...rest] = name.split(/\s*;\s*/);
  name = (main ?? "").replace(/\s*@.*$/, "").trim(); // "(Former) Schlitz Brewery-Tied House@1801W.Division"
  if (!name) return null;
  let former = false;
  name = name
    .replace(/^\(former\)\s*/i, () => ((former = true), ""))
    .replace(/,?\s*\(?former\)?$/i, () => ((former = true), ""))
    .trim();
  name = name.replace(/^(.{6,}?)(?:\s+\1)+$/, "$1"); // "Burnt Station Burnt Station Burnt Station"
  if (name === name.toUpperCase() && /[A-Z]{3}/.test(name)) name = titleCase(name);
  name = uninvertName(name);
  if (former) name = `Former ${name}`;
  const aka = rest.filter(Boolean).map(uninvertName).join("; ");
  return { title: name, aka: aka || null };
}

/** Names and notes that say the place is gone or the record is not a listing of its own. */
const GONE = /\b(demolished|destroyed|burned|collapsed|sank|delisted|removed from (the )?n\.?r\.?|moved to)\b/i;
const AMENDMENT = /\((boundary increase|boundary decrease|additional documentation)\)/i;

/** ALL-CAPS street lines title-cased, keeping directions (NE, SW …) upper case. */
function addressCase(raw: string | undefined | null): string | null {
  const value = text(raw);
  if (!value) return null;
  if (value !== value.toUpperCase()) return value;
  return titleCase(value).replace(/\b(Ne|Nw|Se|Sw|Us|Sr|Po)\b/g, (s) => s.toUpperCase());
}

/** A street address, or null for "Address Unknown", "Address Restricted", "E of Bozeman", "Off US 11" … */
function streetAddress(raw: string | undefined | null): string | null {
  const value = addressCase(raw);
  if (!value) return null;
  if (/^(address (unknown|restricted)|unknown|restricted|n\/?a|various)$/i.test(value)) return null;
  if (/\b\d+(\.\d+)?\s*(mi\.?|miles?)\s/i.test(value)) return null; // "15 mi. S of Hardin"
  if (/^\d/.test(value) && /\b(N|S|E|W|NE|NW|SE|SW) of\b/.test(value)) return null;
  if (
    /^(N|S|E|W|NE|NW|SE|SW|N\.E\.|North|South|East|West|Off|Near|Approx\.?|Approximately|On|At|Along|Between|Bounded|Spans?|End of)\b/i.test(
      value,
    ) &&
    !/^\d/.test(value)
  )
    return null;
  return value;
}

/** An https link to an image file (pages such as the Utah library's record pages are not images). */
const httpsImage = (value: string | undefined | null): string | null => {
  const v = text(value);
  if (!v || !/^https:\/\//i.test(v) || !/\.(jpe?g|png|gif|webp)([?#]|$)/i.test(v)) return null;
  try {
    return new URL(v).toString();
  } catch {
    return null;
  }
};
const url = (value: string | undefined | null): string | null => {
  const v = text(value);
  if (!v || !/^https?:\/\//i.test(v)) return null;
  try {
    return new URL(v).toString();
  } catch {
    return null;
  }
};

/** "Gallatin" → "Gallatin County"; junk ("To", "---", "District of") → null. */
const county = (value: string | undefined | null) => {
  const v = text(value)?.replace(/\s+County$/i, "");
  return v && v.length >= 3 && /^[A-Z]/.test(v) && !/\bof$/.test(v) ? `${v} County` : null;
};

const sentence = (value: string) => {
  const v = value.trim().replace(/\s+/g, " ");
  if (!v) return "";
  const cap = v[0]!.toUpperCase() + v.slice(1);
  return /[.!?]$/.test(cap) ? cap : `${cap}.`;
};
const describe = (...parts: (string | null | undefined | false)[]) =>
  parts.filter((p): p is string => !!p).join(" ") || null;
/** The National Register listing date as the file gives it (YYYY-MM-DD), kept for the notability signal. */
const listedDate = (date: string | undefined | null) => {
  const d = text(date)?.slice(0, 10);
  return d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : null;
};
const listedSentence = (date: string | undefined | null) => {
  const y = year(date);
  return y ? `Listed on the National Register of Historic Places in ${y}.` : null;
};

const RESOURCE_KIND: Record<string, string> = {
  building: "historic building",
  structure: "historic structure",
  site: "historic site",
  object: "historic object",
  district: "historic district",
  tree: "heritage tree",
};
const kindFor = (title: string, fallback: string, resourceType?: string) => {
  if (/\bhistoric district\b/i.test(title)) return "historic district";
  return RESOURCE_KIND[(resourceType ?? "").trim().toLowerCase()] ?? fallback;
};

// ---------------------------------------------------------------------------------------------------------
// Shared reading

const BOXES: Record<string, [string, Box]> = {
  NY: ["New York", [40.45, 45.1, -79.85, -71.7]],
  NYC: ["New York City", [40.47, 40.93, -74.28, -73.68]],
  IL: ["Chicago", [41.6, 42.1, -87.95, -87.5]],
  OR: ["Portland", [45.38, 45.7, -122.9, -122.4]],
  MT: ["Montana", [44.3, 49.05, -116.1, -104.0]],
  MO: ["Missouri", [35.95, 40.65, -95.8, -89.05]],
  WV: ["West Virginia", [37.15, 40.7, -82.7, -77.7]],
  NC: ["North Carolina", [33.8, 36.65, -84.35, -75.4]],
  NE: ["Nebraska", [39.95, 43.05, -104.1, -95.3]],
  NH: ["New Hampshire", [42.65, 45.35, -72.6, -70.55]],
  NV: ["Nevada", [34.95, 42.05, -120.05, -114.0]],
  UT: ["Utah", [36.95, 42.05, -114.1, -109.0]],
  WY: ["Wyoming", [40.95, 45.05, -111.1, -104.0]],
};

interface Fields {
  sourceId: string;
  title: string;
  kind: string;
  lat: string | undefined;
  lng: string | undefined;
  description?: string | null;
  address?: string | null;
  city?: string | null;
  zip?: string | null;
  website?: string | null;
  imageUrl?: string | null;
  since?: string | null;
  tags?: Record<string, string | null | undefined> | null;
}

interface Spec {
  key: string;
  observedAt: string | null;
  name: string;
  licence: string;
  attribution: string;
  url: string;
  states: string[];
  file: string;
  /**
   * A row's listing or designation date ("1966-10-15"), for a file that carries no date of its own: the dataset is
   * dated by its newest listing (it was current at least then), so every place of it carries a date (DECISIONS 20).
   */
  datedBy?(row: Row): string | undefined;
  /** Which bounds to check (a state code, or "NYC"); defaults to the row's state. */
  box?: string;
  /** The row's state (multi-state files); defaults to the only state. */
  stateOf?(row: Row): string;
  map(row: Row, stateCode: string): Fields | { skip: string };
}

function historic(spec: Spec): Dataset {
  return {
    ...datasetInfo(spec),
    states: spec.states,
    async *read(stateCode: string): AsyncIterable<ReadResult> {
      if (!spec.states.includes(stateCode)) return;
      const all = await readCsv(spec.file);
      const observedAt = spec.observedAt ?? newestDate(all, spec.datedBy);
      const rows = all.filter((row) => (spec.stateOf ? spec.stateOf(row) : spec.states[0]) === stateCode);
      const [area, box] = BOXES[spec.box ?? stateCode]!;
      const results = rows.map((row): ReadResult => {
        const f = spec.map(row, stateCode);
        if ("skip" in f) return f;
        const position = coords(f.lat, f.lng);
        if (!position) return { skip: "no coordinates" };
        if (!inBox(position, box)) return { skip: `coordinates outside ${area}` };
        const tags = Object.fromEntries(Object.entries(f.tags ?? {}).filter((e): e is [string, string] => !!e[1]));
        const place: PlaceInput = {
          source: spec.key,
          sourceId: f.sourceId,
          categoryId: CATEGORY.history,
          kind: f.kind,
          title: f.title,
          description: f.description ?? null,
          address: f.address ?? null,
          city: f.city ?? null,
          stateCode,
          zip: f.zip ?? null,
          website: f.website ?? null,
          imageUrl: f.imageUrl ?? null,
          ...position,
          since: f.since ?? null,
          tags: Object.keys(tags).length ? tags : null,
          ...(observedAt && !spec.observedAt ? { observedAt } : {}),
        };
        return place;
      });
      yield* uniqueIds(results);
    },
  };
}

/** The newest ISO date ("2019-06-11") the rows give, by `datedBy`; null without one. */
function newestDate(rows: Row[], datedBy: Spec["datedBy"]): string | null {
  if (!datedBy) return null;
  let newest: string | null = null;
  for (const row of rows) {
    const date = datedBy(row)?.trim().slice(0, 10);
    if (date && /^\d{4}-\d{2}-\d{2}$/.test(date) && (!newest || date > newest)) newest = date;
  }
  return newest;
}

/** Common skips for register rows: no name, gone, amendments. */
function registerName(
  raw: string | undefined,
  note?: string,
): NonNullable<ReturnType<typeof historicName>> | { skip: string } {
  const name = text(raw);
  if (!name) return { skip: "no name" };
  if (GONE.test(name) || (note && GONE.test(note))) return { skip: "demolished, moved away or delisted" };
  if (AMENDMENT.test(name)) return { skip: "amendment to another listing" };
  return historicName(name) ?? { skip: "no name" };
}

const NRHP_LICENCE = "Public domain (NRHP listing facts)";

// ---------------------------------------------------------------------------------------------------------
// New York State: National Register listings (NY OPRHP, data.ny.gov)

export const nysNationalRegister: Dataset = historic({
  key: "nys-national-register",
  observedAt: null, // the file gives no date of its own: its newest national_register_date dates it
  datedBy: (row) => row.national_register_date,
  name: "New York State National Register of Historic Places listings",
  licence: "data.ny.gov terms of use (NRHP facts public domain)",
  attribution: "NY State Office of Parks, Recreation and Historic Preservation (data.ny.gov)",
  url: "https://data.ny.gov/",
  states: ["NY"],
  file: nysFile,
  map(row) {
    const name = registerName(row.resource_name);
    if ("skip" in name) return name;
    return {
      sourceId: row.nys_national_register_number!,
      title: name.title,
      kind: kindFor(name.title, "historic site"),
      lat: row.latitude,
      lng: row.longitude,
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
// New York City: Landmarks Preservation Commission individual landmarks

const BOROUGH_CITY: Record<string, string> = {
  Manhattan: "New York",
  Brooklyn: "Brooklyn",
  Queens: "Queens",
  Bronx: "Bronx",
  "Staten Island": "Staten Island",
};

export const nycLandmarks: Dataset = historic({
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
  map(row) {
    const type = text(row.landmark_type) ?? "";
    const status = text(row.status) ?? "";
    // "Amended" designations are still designated; "Proposed" / "Heard" are not (yet), "Moved" rows are old sites.
    if (type !== "Individual Landmark" || !["Designated", "Amended"].includes(status))
      return { skip: "not a designated individual landmark" };
    const name = registerName(row.name);
    if ("skip" in name) return name;
    const designated = year(row.designation_date);
    return {
      sourceId: row.lp_number!,
      title: name.title,
      kind: "historic landmark",
      lat: row.latitude,
      lng: row.longitude,
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

export const chicagoLandmarks: Dataset = historic({
  key: "chicago-landmarks",
  observedAt: null, // the file gives no date of its own: its newest landmark_designation_date dates it
  datedBy: (row) => row.landmark_designation_date,
  name: "Chicago Individual Landmarks",
  licence: "City of Chicago Data Portal Terms of Use",
  attribution: "Commission on Chicago Landmarks / City of Chicago Data Portal",
  url: "https://data.cityofchicago.org/",
  states: ["IL"],
  file: chicagoFile,
  map(row) {
    const name = registerName(row.name);
    if ("skip" in name) return name;
    const built = text(row.date_built);
    const builtText = built && /^\d{4}([-–]\d{2,4})?$/.test(built) ? built : year(built);
    // Architect notes with additions and remodellings ("… remod:1940;Hin Bredendieck&Lerner") are left out.
    const architectRaw = text(row.architect);
    const architect = architectRaw && !/unknown|[:;]|\badd(it)?\b|remod/i.test(architectRaw) ? architectRaw : null;
    const designated = year(row.landmark_designation_date);
    return {
      sourceId: row.landmark_id!,
      title: name.title,
      kind: "historic landmark",
      lat: row.latitude,
      lng: row.longitude,
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

export const portlandLandmarks: Dataset = historic({
  key: "portland-landmarks",
  observedAt: "2020",
  name: "City of Portland Historic Landmarks",
  licence: "City of Portland open data",
  attribution: "City of Portland Bureau of Planning and Sustainability",
  url: "https://gis-pdx.opendata.arcgis.com/",
  states: ["OR"],
  file: portlandFile,
  map(row) {
    const name = registerName(row.historic_name);
    if ("skip" in name) return name;
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
      title: name.title,
      kind: kindFor(name.title, "historic site", row.resource_type),
      lat: row.latitude,
      lng: row.longitude,
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

// ---------------------------------------------------------------------------------------------------------
// Montana: National Register listings (Montana SHPO)

export const mtNationalRegister: Dataset = historic({
  key: "mt-national-register",
  observedAt: null, // the file gives no date of its own: its newest listed_date dates it
  datedBy: (row) => row.listed_date,
  name: "Montana National Register of Historic Places",
  licence: NRHP_LICENCE,
  attribution: "Montana Historical Society / Montana State Historic Preservation Office",
  url: "https://mhs.mt.gov/Shpo",
  states: ["MT"],
  file: mtFile,
  map(row) {
    const name = registerName(row.name);
    if ("skip" in name) return name;
    return {
      sourceId: row.nrhp_refnum!,
      title: name.title,
      kind: kindFor(name.title, "historic site", row.resource_type),
      lat: row.latitude,
      lng: row.longitude,
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

export const moHistoric: Dataset = historic({
  key: "mo-historic",
  observedAt: null, // the file gives no date of its own: its newest listed_date dates it
  datedBy: (row) => row.listed_date,
  name: "Missouri National Register Historic Districts and Sites",
  licence: NRHP_LICENCE,
  attribution: "Missouri Department of Natural Resources, State Historic Preservation Office",
  url: "https://mostateparks.com/historic-preservation",
  states: ["MO"],
  file: moFile,
  map(row) {
    const comment = text(row.comment) ?? "";
    if (/owner objection|determined eligible/i.test(comment)) return { skip: "not listed (determined eligible only)" };
    const name = registerName(row.name, comment);
    if ("skip" in name) return name;
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
      title: name.title,
      kind: kindFor(name.title, "historic site"),
      lat: row.latitude,
      lng: row.longitude,
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

export const wvNrhp: Dataset = historic({
  key: "wv-nrhp",
  observedAt: "2004-04",
  name: "National Register of Historic Places points, West Virginia (NPS, 2004)",
  licence: "Public domain (US federal government work)",
  attribution: "National Park Service, National Register of Historic Places (via WV GIS Technical Center)",
  url: "https://www.nps.gov/subjects/nationalregister/",
  states: ["WV"],
  file: wvFile,
  map(row) {
    // Some names were cut at 22 characters in the source ("Grant County Courthous"); they are kept as given.
    const name = registerName(row.name_truncated);
    if ("skip" in name) return name;
    return {
      sourceId: row.nrhp_refnum!,
      title: name.title,
      kind: kindFor(name.title, "historic site"),
      lat: row.latitude,
      lng: row.longitude,
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

export const ncNrhp: Dataset = historic({
  key: "nc-nrhp",
  observedAt: "2024-04", // no date in the file; SOURCES.md: the NPS file was accessed 2024-04-03
  name: "National Register of Historic Places building points, North Carolina (NPS)",
  licence: "Public domain (US federal government work)",
  attribution: "National Park Service, National Register of Historic Places",
  url: "https://www.nps.gov/subjects/nationalregister/",
  states: ["NC"],
  file: ncFile,
  map(row) {
    if (NC_MISPLACED.has(row.cr_id ?? "")) return { skip: "misplaced point" };
    const name = registerName(row.name);
    if ("skip" in name) return name;
    return {
      sourceId: (row.cr_id ?? "").replace(/[{}]/g, "").toLowerCase(),
      title: name.title,
      kind: kindFor(name.title, "historic building"),
      lat: row.latitude,
      lng: row.longitude,
      description: "Listed on the National Register of Historic Places.",
    };
  },
});

// ---------------------------------------------------------------------------------------------------------
// Historical markers: Nebraska, New Hampshire, Nevada, Utah, Wyoming state programmes

const PLACEHOLDER_TEXT = /^(no text|legend text reads|refer to picture|https?:\/\/)/i;
const QUOTE_MAX = 300;

/** At most ~300 characters of a sign's text, cut at a word, with "…" when it goes on (or was cut in the source). */
export function quoteExcerpt(value: string, cutInSource = false): string {
  let t = value.replace(/\s+/g, " ").trim();
  let cut = cutInSource;
  if (t.length > QUOTE_MAX) {
    t = t.slice(0, QUOTE_MAX);
    cut = true;
  }
  if (cut || !/[.!?"”)]$/.test(t)) {
    // The last word may be a fragment (the Nebraska file cut every text at 200 characters).
    t = t.replace(/\s+\S*$/, "").replace(/[\s,;:–-]+$/, "");
    return `“${t}…”`;
  }
  return `“${t}”`;
}

/** New Hampshire titles come title-cased by a tool: "Fort At No.4", "45Th Parallel", "Lafayette'S Tour". */
const fixToolTitle = (title: string) =>
  title
    .replace(/(\d)(St|Nd|Rd|Th)\b/g, (_, d: string, s: string) => d + s.toLowerCase())
    .replace(/(\p{L})['’]S\b/gu, "$1's")
    .replace(/(?<=\S )(Of|At|The|And|In|On|To|For|A|An)\b/g, (w) => w.toLowerCase())
    .replace(/\b(Us|Nh|Usa|Ii|Iii)\b/g, (w) => w.toUpperCase());

export const historicalMarkers: Dataset = historic({
  key: "historical-markers",
  observedAt: "2021", // no date in the file; SOURCES.md: gathered by Monument Lab in 2020-21
  name: "State historical marker programmes (NE, NH, NV, UT, WY)",
  licence: "No explicit licence (state government inventories); marker texts quoted with attribution",
  attribution:
    "History Nebraska; New Hampshire Division of Historical Resources; Nevada State Historic Preservation Office; Utah Division of State History / J. Willard Marriott Library; Wyoming SHPO (compiled by Monument Lab)",
  url: "https://github.com/MonumentLab/national-monument-audit",
  states: ["NE", "NH", "NV", "UT", "WY"],
  file: markersFile,
  stateOf: (row) => text(row.state) ?? "",
  map(row, stateCode) {
    let title = text(row.title);
    if (!title) return { skip: "no name" };
    if (stateCode === "NH") title = fixToolTitle(title);
    if (title === title.toUpperCase() && /[A-Z]{3}/.test(title)) title = titleCase(title);
    const program = text(row.program);
    const raw = text(row.text);
    let description: string | null = null;
    let since: string | null = null;
    let theme: string | null = null;
    if (stateCode === "UT") {
      // Utah's column holds the collection's type / theme ("Monument/Marker Exterior / Military / WWII / placed 2007").
      since = raw?.match(/placed (\d{4})/i)?.[1] ?? null;
      theme = raw?.replace(/\s*\/?\s*placed \d{4}.*$/i, "").trim() || null;
    } else if (raw && !PLACEHOLDER_TEXT.test(raw) && raw.length >= 20) {
      // Nebraska's texts stop at the source's 200-character field limit, mid-word or mid-sentence.
      description = `Marker text: ${quoteExcerpt(raw, stateCode === "NE" && raw.length >= 195)}`;
    }
    const markerId = text(row.marker_id);
    const place = text(row.place);
    return {
      sourceId: markerId
        ? `${stateCode}-${markerId}`
        : `${stateCode}-${shortHash(`${title}|${row.latitude}|${row.longitude}`)}`,
      title,
      kind: "historical marker",
      lat: row.latitude,
      lng: row.longitude,
      city: place && place !== "---" ? place : null,
      since,
      description,
      // Photos are the owners' (Flickr, state sites): linked when https, never copied.
      imageUrl: httpsImage(row.image_url),
      tags: {
        program,
        textAttribution: description ? program : null,
        theme,
        location: text(row.location),
        county: county(row.county),
        link:
          url(row.link) ??
          (/^https:\/\/collections\.lib\.utah\.edu\//.test(row.image_url ?? "") ? url(row.image_url) : null),
      },
    };
  },
});

/** Every historic dataset in this module. */
export const historicDatasets: Dataset[] = [
  nysNationalRegister,
  nycLandmarks,
  chicagoLandmarks,
  portlandLandmarks,
  mtNationalRegister,
  moHistoric,
  wvNrhp,
  ncNrhp,
  historicalMarkers,
];
