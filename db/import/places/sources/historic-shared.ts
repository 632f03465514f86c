import { CATEGORY, type Dataset, type PlaceInput, type ReadResult } from "../types";
import { datasetInfo, type Box, coords, inBox, readCsv, text, titleCase, uniqueIds, year } from "../util";
import { addressCase } from "../address";

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

export type Row = Record<string, string>;

// ---------------------------------------------------------------------------------------------------------
// Names

export const BUILDING_WORDS =
  /^(House|Houses|Home|Homestead|Ranch|Farm|Farmstead|Residence|Building|Block|Store|Cabin|Barn|Mansion|Cottage|Service Station|Garage|Library|Hotel|Estate|Shack|Memorial|Studio|Apartments|Fourplex|Duplex|Bungalow|Mill|Hall|Log House|Round Barn)\b/;
export const NOT_A_PERSON =
  /\b(House|Houses|Home|Church|School|Farm|Building|Mill|Cemetery|Hall|Store|Bridge|Station|Barn|Hotel|Depot|Company|Co\.|Street|Avenue|Road|District|Park|Railroad|County|City|Lodge|Bank|Theatre|Theater|Inn|Tavern)\b|\d/;
export const SURNAME = /^(?:(?:Van|Von|De|Du|La|Le|Mac|St\.|Ten|Del|Des|Da|Di|Den|Der)\s+)?[A-Z][\p{L}'’-]+$/u;
export const SUFFIX = /^(?:Jr\.?|Sr\.?|II|III|IV)$/;

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

export function isGiven(value: string): boolean {
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
export const GONE = /\b(demolished|destroyed|burned|collapsed|sank|delisted|removed from (the )?n\.?r\.?|moved to)\b/i;
export const AMENDMENT = /\((boundary increase|boundary decrease|additional documentation)\)/i;

/** A street address, or null for "Address Unknown", "Address Restricted", "E of Bozeman", "Off US 11" … */
export function streetAddress(raw: string | undefined | null): string | null {
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
export const httpsImage = (value: string | undefined | null): string | null => {
  const v = text(value);
  if (!v || !/^https:\/\//i.test(v) || !/\.(jpe?g|png|gif|webp)([?#]|$)/i.test(v)) return null;
  try {
    return new URL(v).toString();
  } catch {
    return null;
  }
};
export const url = (value: string | undefined | null): string | null => {
  const v = text(value);
  if (!v || !/^https?:\/\//i.test(v)) return null;
  try {
    return new URL(v).toString();
  } catch {
    return null;
  }
};

/** "Gallatin" → "Gallatin County"; junk ("To", "---", "District of") → null. */
export const county = (value: string | undefined | null) => {
  const v = text(value)?.replace(/\s+County$/i, "");
  return v && v.length >= 3 && /^[A-Z]/.test(v) && !/\bof$/.test(v) ? `${v} County` : null;
};

export const sentence = (value: string) => {
  const v = value.trim().replace(/\s+/g, " ");
  if (!v) return "";
  const cap = v[0]!.toUpperCase() + v.slice(1);
  return /[.!?]$/.test(cap) ? cap : `${cap}.`;
};
export const describe = (...parts: (string | null | undefined | false)[]) =>
  parts.filter((p): p is string => !!p).join(" ") || null;
/** The National Register listing date as the file gives it (YYYY-MM-DD), kept for the notability signal. */
export const listedDate = (date: string | undefined | null) => {
  const d = text(date)?.slice(0, 10);
  return d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : null;
};
export const listedSentence = (date: string | undefined | null) => {
  const y = year(date);
  return y ? `Listed on the National Register of Historic Places in ${y}.` : null;
};

export const RESOURCE_KIND: Record<string, string> = {
  building: "historic building",
  structure: "historic structure",
  site: "historic site",
  object: "historic object",
  district: "historic district",
  tree: "heritage tree",
};
export const kindFor = (title: string, fallback: string, resourceType?: string) => {
  if (/\bhistoric district\b/i.test(title)) return "historic district";
  return RESOURCE_KIND[(resourceType ?? "").trim().toLowerCase()] ?? fallback;
};

// ---------------------------------------------------------------------------------------------------------
// Shared reading

export const BOXES: Record<string, [string, Box]> = {
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

export interface Fields {
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

export interface Spec {
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
   * dated by its newest listing (it was current at least then), so every place of it carries a date (docs/product.md#data-rules).
   */
  datedBy?(row: Row): string | undefined;
  /** Which bounds to check (a state code, or "NYC"); defaults to the row's state. */
  box?: string;
  /** The row's state (multi-state files); defaults to the only state. */
  stateOf?(row: Row): string;
  map(row: Row, stateCode: string): Fields | { skip: string };
}

export function historic(spec: Spec): Dataset {
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
export function newestDate(rows: Row[], datedBy: Spec["datedBy"]): string | null {
  if (!datedBy) return null;
  let newest: string | null = null;
  for (const row of rows) {
    const date = datedBy(row)?.trim().slice(0, 10);
    if (date && /^\d{4}-\d{2}-\d{2}$/.test(date) && (!newest || date > newest)) newest = date;
  }
  return newest;
}

/** A register or city landmark list, whose rows are read the same way (see `register`). */
export interface RegisterSpec extends Omit<Spec, "map"> {
  /** A reason to leave the row out before its name is read (not a designated landmark, a misplaced point …). */
  skipRow?(row: Row): string | null;
  /** The row's name, and a note that may say the place is gone. */
  nameOf(row: Row): string | undefined | [name: string | undefined, note: string];
  /** Everything but the title and the point. */
  fields(row: Row, name: { title: string; aka: string | null }): Omit<Fields, "title" | "lat" | "lng">;
}

/** A register dataset: rows without a usable name are skipped (`registerName`); the point is latitude, longitude. */
export function register({ skipRow, nameOf, fields, ...spec }: RegisterSpec): Dataset {
  return historic({
    ...spec,
    map(row) {
      const reason = skipRow?.(row);
      if (reason) return { skip: reason };
      const given = nameOf(row);
      const read = Array.isArray(given) ? registerName(...given) : registerName(given);
      if ("skip" in read) return read;
      return { title: read.title, lat: row.latitude, lng: row.longitude, ...fields(row, read) };
    },
  });
}

/** Common skips for register rows: no name, gone, amendments. */
export function registerName(
  raw: string | undefined,
  note?: string,
): NonNullable<ReturnType<typeof historicName>> | { skip: string } {
  const name = text(raw);
  if (!name) return { skip: "no name" };
  if (GONE.test(name) || (note && GONE.test(note))) return { skip: "demolished, moved away or delisted" };
  if (AMENDMENT.test(name)) return { skip: "amendment to another listing" };
  return historicName(name) ?? { skip: "no name" };
}

export const NRHP_LICENCE = "Public domain (NRHP listing facts)";
