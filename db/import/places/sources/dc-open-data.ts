import { CATEGORY, type CategoryId, type Dataset, type ReadResult } from "../types";
import { caps, nameAndPosition, phone, csvRows, shortHash, text, website, year } from "../util";
import { addressCase } from "../address";
import file from "../../../data/places/dc_pois_opendata_2016.csv.gz" with { type: "file" };

/**
 * Open Data DC layers merged into one table (2016 snapshot via benbalter/dc-maps), District of Columbia only.
 * `source_layer` / `category` / `subcategory` → our category and kind; `extra` holds `key=value;…` facts.
 *
 * Skipped: liquor licences that are not active (in safekeeping = not trading, new construction = not open
 * in 2016), members-only clubs (Cosmos Club, American Legion posts …), public-art *events* (lectures,
 * performances, tours) and temporary artworks, traffic triangles and medians, the DPR office and closed
 * recreation centres. Liquor-licence rows have a licence number (the sourceId); other layers have no id,
 * so theirs is a hash of layer + name + coordinates.
 */

type Rule = { categoryId: CategoryId; kind: string } | string;

function publicArtKind(sub: string): Rule {
  if (/event|lecture|panel|performance|tour/i.test(sub)) return "event, not a place";
  if (/mural/i.test(sub)) return { categoryId: CATEGORY.activities, kind: "mural" };
  if (/sculpture/i.test(sub)) return { categoryId: CATEGORY.activities, kind: "sculpture" };
  if (/mosaic/i.test(sub)) return { categoryId: CATEGORY.activities, kind: "mosaic" };
  if (/installation/i.test(sub)) return { categoryId: CATEGORY.activities, kind: "art installation" };
  return { categoryId: CATEGORY.activities, kind: "public art" };
}

/** One row's layer/category/subcategory → category and kind, or why it is skipped. */
export function classifyDc(layer: string, category: string, subcategory: string): Rule {
  const sub = subcategory.replace(/^(DPR property|Recreation|Public art):\s*/, "");
  switch (layer) {
    case "hotel-locations":
      return { categoryId: CATEGORY.lodging, kind: "hotel" };
    case "museums-in-dc":
      return { categoryId: CATEGORY.activities, kind: "museum" };
    case "memorials-in-dc":
      return { categoryId: CATEGORY.history, kind: "memorial" };
    case "historic-landmarks-points":
      return { categoryId: CATEGORY.history, kind: "historic landmark" };
    case "washington-dc-public-art":
      return publicArtKind(sub);
    case "grocery-store-locations":
      return { categoryId: CATEGORY.stores, kind: "supermarket" };
    case "farmers-market-locations":
      return { categoryId: CATEGORY.stores, kind: "farmers market" };
    case "shopping-centers":
      return { categoryId: CATEGORY.stores, kind: "shopping center" };
    case "parks-and-recreation-areas":
      if (sub === "Triangle" || sub === "Median") return "traffic triangle or median";
      if (sub === "Rec Center Grounds") return { categoryId: CATEGORY.activities, kind: "recreation center" };
      return { categoryId: CATEGORY.activities, kind: "park" };
    case "recreation-facilities":
      if (sub === "Office") return "office";
      if (sub === "Aquatic Center" || sub === "Pool") return { categoryId: CATEGORY.activities, kind: "swimming pool" };
      if (sub === "Spray Park") return { categoryId: CATEGORY.activities, kind: "spray park" };
      return { categoryId: CATEGORY.activities, kind: "recreation center" };
    case "liquor-license-locations":
      switch (category) {
        case "restaurant":
          return { categoryId: CATEGORY.food, kind: "restaurant" };
        case "bar":
          return sub === "Club" ? "members-only club" : { categoryId: CATEGORY.food, kind: "bar" };
        case "nightlife":
          return { categoryId: CATEGORY.activities, kind: "nightclub" };
        case "lodging":
          return { categoryId: CATEGORY.lodging, kind: "hotel" };
        case "venue":
          return { categoryId: CATEGORY.activities, kind: sub === "Arena" ? "arena" : "venue" };
        case "attraction":
          return sub === "Marine Vessel"
            ? { categoryId: CATEGORY.activities, kind: "cruise boat" }
            : "out-of-scope type";
        case "shop":
          if (sub === "Retail - Liquor Store") return { categoryId: CATEGORY.stores, kind: "liquor store" };
          return { categoryId: CATEGORY.stores, kind: "grocery" };
      }
      return "out-of-scope type";
  }
  return "out-of-scope type";
}

/** "license=ABRA-060547;class=C;status=Active" → { license: "ABRA-060547", … } */
export function parseExtra(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (value ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

/** Title-case ALL-CAPS addresses, keeping the city's quadrants (NW, NE, SW, SE) upper case. */

const POOLS: Record<string, string> = {
  outdoor: "outdoor pool",
  indoor: "indoor pool",
  "spray park": "spray park",
  spray: "spray park",
  child: "children's pool",
};

/** Facilities listed for parks and recreation centres (counts, Y/N, pool type) → amenity labels. */
function facilities(extra: Record<string, string>): string[] {
  const out: string[] = [];
  const pool = POOLS[(extra.pool ?? "").toLowerCase()];
  if (pool) out.push(pool);
  if (Number(extra.playground) > 0) out.push("playground");
  if (Number(extra.picnic) > 0) out.push("picnic area");
  if (Number(extra.tennis_courts) > 0) out.push("tennis courts");
  if (extra.skatepark === "Y") out.push("skatepark");
  return out;
}

export const dcOpenData: Dataset = {
  key: "dc-open-data",
  observedAt: "2016-08-16",
  name: "Open Data DC (2016 layers)",
  licence: "CC BY 4.0",
  attribution: "Open Data DC",
  url: "https://opendata.dc.gov/",
  states: ["DC"],
  async *read(stateCode: string): AsyncIterable<ReadResult> {
    if (stateCode !== "DC") return;
    const seen = new Set<string>();
    for await (const row of csvRows(file)) {
      const layer = row.source_layer ?? "";
      const extra = parseExtra(row.extra);
      let listed = text(row.name);
      // Landmarks are listed as "Wheatley, Phyllis, YWCA"; `label` holds the name in use ("Phyllis Wheatley YWCA").
      if (layer === "historic-landmarks-points" && extra.label) listed = text(extra.label) ?? listed;
      const checked = nameAndPosition(listed, row.latitude, row.longitude);
      if ("skip" in checked) {
        yield checked;
        continue;
      }
      const { name, position } = checked;
      const rule = classifyDc(layer, row.category ?? "", row.subcategory ?? "");
      if (typeof rule === "string") {
        yield { skip: rule };
        continue;
      }
      const status = (extra.status ?? "").toLowerCase();
      if (layer === "liquor-license-locations" && status !== "active") {
        yield { skip: "licence not active" };
        continue;
      }
      if (layer === "recreation-facilities" && status === "closed") {
        yield { skip: "closed" };
        continue;
      }
      if (extra.duration === "Temporary") {
        yield { skip: "temporary artwork" };
        continue;
      }

      let kind = rule.kind;
      // Boats licensed in a set carry "(2 of 3)" after the name.
      let title = caps(name).replace(/\s*\(\d+ of \d+\)$/, "");
      const tags: Record<string, string> = {};
      if (layer === "memorials-in-dc") {
        // "PHILIP JAISOHN (STATUE)", "ADAMS MEMORIAL (SAINT-GAUDENS)": the bracket is a type or a sculptor's name.
        const bracket = title.match(/\s*\(([^)]*)\)\s*$/);
        if (bracket) {
          title = title.slice(0, bracket.index).trim();
          const word = bracket[1]!.toLowerCase();
          if (word === "statue" || word === "sculpture") kind = word;
          else tags.listedAs = caps(name);
        }
        if (kind === "memorial" && /\bstatue\b/i.test(title)) kind = "statue";
      }
      if (layer === "historic-landmarks-points") {
        if (row.name && text(row.name) !== name) tags.listedAs = text(row.name)!;
        if (extra.status) tags.designation = extra.status;
      }
      if (layer === "washington-dc-public-art") {
        if (extra.artist) tags.artist = extra.artist;
        if (extra.medium) tags.medium = extra.medium;
        if (title === "Untitled" && extra.artist) title = `Untitled (${extra.artist})`;
      }
      if (extra.rooms && /^\d+$/.test(extra.rooms)) tags.rooms = extra.rooms;

      const sourceId = extra.license
        ? extra.license
        : `${layer}:${shortHash(`${name}|${row.latitude}|${row.longitude}`, 16)}`;
      if (seen.has(sourceId)) {
        yield { skip: "duplicate row" };
        continue;
      }
      seen.add(sourceId);

      const street = text(row.address);
      const amenities = facilities(extra);
      yield {
        source: "dc-open-data",
        sourceId,
        categoryId: rule.categoryId,
        kind,
        title,
        address: street ? addressCase(street) : null,
        city: "Washington",
        stateCode: "DC",
        phone: phone(row.phone),
        website: website(row.website),
        since: layer === "washington-dc-public-art" ? year(extra.year) : null,
        ...position,
        amenities: amenities.length ? amenities : null,
        tags: Object.keys(tags).length ? tags : null,
      };
    }
  },
};
