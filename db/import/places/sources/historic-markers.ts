import type { Dataset } from "../types";
import { shortHash, text, titleCase } from "../util";
import markersFile from "../../../data/places/historical_markers_NE_NH_NV_UT_WY.csv.gz" with { type: "file" };
import { county, historic, httpsImage, url } from "./historic-shared";

/** State historical-marker programmes (Nebraska, New Hampshire, Nevada, Utah, Wyoming): see historic-shared.ts. */

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
