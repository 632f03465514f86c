import { stateOfPoint } from "../state-of-point";
import { CATEGORY, type Dataset, type ReadResult } from "../types";
import { coords, csvRows, oncePerRow, text, website, year } from "../util";
import file from "../../../data/places/osm_us_monuments_memorials_2020.csv.gz" with { type: "file" };

/**
 * OpenStreetMap monuments, memorials and markers in the US (Overpass, Dec 2020 / Jun 2021, via Monument
 * Lab), nationwide. historic / memorial / artwork_type → kind; the inscription (cut to ~300 characters)
 * is the description. State from addr:state, else the state outline holding the point, else the nearest
 * SimpleMaps city's (`nearest_state`).
 */

const MEMORIAL_KINDS: Record<string, string> = {
  war_memorial: "war memorial",
  war_memorials: "war memorial",
  statue: "statue",
  equestrian_statue: "statue",
  bust: "statue",
  plaque: "plaque",
  blue_plaque: "plaque",
  plaque_mounted_in_boulder: "plaque",
  stele: "stele",
  obelisk: "obelisk",
  sculpture: "sculpture",
  bell: "bell",
};
const ARTWORK_KINDS: Record<string, string> = {
  statue: "statue",
  equestrian_statue: "statue",
  bust: "statue",
  sculpture: "sculpture",
};
const HISTORIC_KINDS: Record<string, string> = {
  monument: "monument",
  memorial: "memorial",
  marker: "historical marker",
  tomb: "tomb",
  statue: "statue",
};

/** The kind from OSM's historic=*, memorial=* and artwork_type=* values. */
export function monumentKind(historic: string, memorial: string, artwork: string): string {
  const memorials = memorial
    .toLowerCase()
    .split(/[;,]/)
    .map((m) => m.trim().replace(/\s+/g, "_"));
  if (memorials.some((m) => m.startsWith("war_memorial"))) return "war memorial";
  for (const m of memorials) if (MEMORIAL_KINDS[m]) return MEMORIAL_KINDS[m]!;
  const art = ARTWORK_KINDS[artwork.toLowerCase().trim()];
  if (art) return art;
  return HISTORIC_KINDS[historic.toLowerCase().trim()] ?? "memorial";
}

/** Names that say what the object is but not which one ("gravestone" ×37 in one cemetery, "Memorial Plaque Bench" ×12). */
const GENERIC =
  /^(gravestone|grave|headstone|tombstone|bench|memorial bench|memorial plaque bench|plaque|monument|memorial|marker|statue)$/i;

/** Cut a long text at a word boundary near `max` characters. */
export function shorten(value: string, max = 300): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, "")}…`;
}

/**
 * The state a row is in: its address's, else the one whose outline holds the point (the nearest city can lie
 * across a border: the Statue of Liberty's is Jersey City); offshore points keep the nearest city's state.
 * Once per row: the split's readers share rows.
 */
const stateOf = oncePerRow((row) => {
  const lat = Number(row.latitude);
  const lng = Number(row.longitude);
  const outlined = Number.isFinite(lat) && Number.isFinite(lng) ? stateOfPoint(lat, lng) : null;
  return (text(row.addr_state) ?? outlined ?? text(row.nearest_state) ?? "").toUpperCase();
});

export const osmMonuments: Dataset = {
  key: "osm-monuments",
  observedAt: "2020",
  name: "OpenStreetMap monuments and memorials (2020)",
  licence: "ODbL-1.0",
  attribution: "© OpenStreetMap contributors",
  url: "https://www.openstreetmap.org/copyright",
  states: "all",
  async *read(stateCode: string): AsyncIterable<ReadResult> {
    for await (const row of csvRows(file, (row) => stateOf(row) === stateCode)) {
      const name = text(row.name);
      if (!name) {
        yield { skip: "no name" };
        continue;
      }
      // Generic labels, single letters and bare numbers ("a", "21", "1898") are not names of a place.
      if (GENERIC.test(name) || name.length < 3 || /^\d+$/.test(name)) {
        yield { skip: "generic name" };
        continue;
      }
      const position = coords(row.latitude, row.longitude);
      if (!position) {
        yield { skip: "no coordinates" };
        continue;
      }
      const inscription = text(row.inscription);
      const tags: Record<string, string> = {};
      const artist = text(row.artist_name);
      if (artist) tags.artist = artist;
      const material = text(row.material);
      if (material) tags.material = material.replace(/;\s*/g, ", ");
      const wikipedia = text(row.wikipedia);
      if (wikipedia) tags.wikipedia = wikipedia;
      const wikidata = text(row.wikidata);
      yield {
        source: "osm-monuments",
        sourceId: row.osm_id!,
        categoryId: CATEGORY.history,
        kind: monumentKind(row.historic ?? "", row.memorial ?? "", row.artwork_type ?? ""),
        title: name,
        // OSM caps tag values at 255 characters: a 255-character inscription was cut there, so mark the cut.
        // The card says what the text is: the words on the monument, not a description of it.
        description: inscription
          ? `Inscription: “${inscription.length >= 255 ? shorten(inscription, 250) : shorten(inscription)}”`
          : null,
        address: text(row.addr_street),
        city: text(row.addr_city),
        stateCode,
        website: website(row.website),
        wikidata: wikidata && /^Q\d+$/.test(wikidata) ? wikidata : null,
        since: year(row.start_date),
        ...position,
        tags: Object.keys(tags).length ? tags : null,
      };
    }
  },
};
