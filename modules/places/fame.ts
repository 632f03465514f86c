import type { Row } from "@libsql/client";
import { notability, type NotabilityInput } from "../../db/import/places/filters";
import { LISTING_SOURCES } from "../../db/import/places/quality";
import { isOrganisation, sightName } from "./showcase";

/**
 * How famous a sight is, for featured: the import's notability over the sight's records, read so that a sight's
 * fame outweighs a record's bookkeeping.
 * - Independent sources agree: OpenStreetMap's extracts (the live map, its city extracts, its monument and
 *   campground cuts) are one source, not three (Chicago's Heald Square Monument scored two "families" from
 *   OpenStreetMap alone and led Millennium Park).
 * - A National Register listing brings its Wikipedia list article with it: a civic building known only from the
 *   Register and its article (a branch library, a school, an armory, a bank, an airport) is a listed building, below
 *   the sights around it.
 * - A National Park Service unit is a sight by designation, more so the more visitors it counts.
 * - A park with an article is a sight (Millennium Park, Grant Park); a library is a civic building.
 * - The name is the sight's: a legal name that also names the sight ("… Historic Site Inc") is not an
 *   organisation's, and scores as the sight's own name.
 */
export function fame(records: Row[], best: Row): number {
  const tags: Record<string, string> = {};
  for (const r of records) for (const [k, v] of Object.entries(tagsOf(r))) if (v && !tags[k]) tags[k] = v;
  const sources = records.flatMap((r) => sourcesOf(r)).map((s) => ({ source: family(s.source) }));
  const input: NotabilityInput = {
    categoryId: Number(best.category_id),
    kind: String(best.kind),
    title: isOrganisation(best) ? String(best.title) : sightName(best),
    address: best.address as string | null,
    wikidata: (records.find((r) => r.wikidata)?.wikidata as string | undefined) ?? null,
    tags,
    sources,
  };
  let score = notability(input);
  const families = new Set(sources.map((s) => s.source));
  const article = !!(tags.wikipedia || input.wikidata || families.has("historic-wikipedia"));
  const listedOnly = [...families].every((f) => LISTING_SOURCES.has(f));
  if (listedOnly && CIVIC.test(String(best.title)) && !(Number(tags.leadLength) >= LONG_LEAD)) score -= 3;
  // The designation alone is worth 2: a memorial of 60,000 visits a year (Federal Hall) must not push the Empire
  // State Building out of New York's first twelve; the visits carry the rest.
  if (families.has("nps") || tags.npsCode) score += 2 + visitsBonus(Number(tags.npsVisits));
  const kind = String(best.kind);
  if (/\bpark\b/i.test(kind) && article) score += 3;
  if (/\blibrary\b/i.test(kind)) score -= 3;
  return score;
}

/** 100,000 recreation visits a year → 2, a million → 4, ten million → 6. */
const visitsBonus = (visits: number) =>
  Number.isFinite(visits) && visits > 0 ? Math.max(0, Math.min(6, 2 * (Math.log10(visits) - 4))) : 0;
const LONG_LEAD = 600;
const CIVIC =
  /\b(library|school|armory|armoury|bank|airport|post office|fire station|substation|telephone exchange)\b/i;
/** One source per organisation that keeps the data (OpenStreetMap's cuts are one source). */
const family = (source: string) => (source === "osm" || source.startsWith("osm-") ? "osm" : source);

function tagsOf(r: Row): Record<string, string> {
  try {
    return (JSON.parse(String(r.tags ?? "null")) as Record<string, string> | null) ?? {};
  } catch {
    return {};
  }
}
function sourcesOf(r: Row): Array<{ source: string }> {
  try {
    return JSON.parse(String(r.sources ?? "[]")) as Array<{ source: string }>;
  } catch {
    return [];
  }
}
