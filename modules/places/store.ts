import type { Client, Row } from "@libsql/client";
import { boxAround, distanceMiles, MILES_PER_LAT_DEGREE, milesPerLngDegree } from "../../src/geo";
import { wikipediaOf } from "./answers";
import { CORROBORATION_MILES, GROUPLESS, parse, sightKey } from "./ranking";

/**
 * Every place shows the Wikipedia paragraph a record of the same sight has (same name without designation, within
 * CORROBORATION_MILES; the most notable such record, then the lowest id) when it has none of its own — in every
 * list, the dialog and `GET /api/places/:id` alike, read from the store (never from a cache of one list). Food and
 * stores never borrow one (they are never a sight's record). One query over the title-key index for a batch.
 */
export async function withArticles(client: Client, rows: Row[]): Promise<Row[]> {
  const needs = rows.filter((r) => !GROUPLESS.has(Number(r.category_id)) && !(wikipediaOf(r) && r.description));
  if (!needs.length) return rows;
  // Records of the same sight have title keys that start with the row's sight key (the key, or the key and a
  // designation): one range of the title-key index per key reads only those, never every record with an article
  // around the rows (a box around a search's twenty results in a dense city holds thousands of places).
  const keys = [...new Set(needs.map((r) => sightKey(String(r.title_key))))];
  const lats = needs.map((r) => Number(r.latitude));
  const pad = CORROBORATION_MILES / MILES_PER_LAT_DEGREE;
  const padLng = CORROBORATION_MILES / milesPerLngDegree(Math.max(...lats.map(Math.abs)));
  const lngs = needs.map((r) => Number(r.longitude));
  const { rows: found } = await client.execute({
    // Only what choosing and lending an article reads: a full row costs more to read and convert than to find.
    sql: `SELECT id, title_key, latitude, longitude, notability, description, tags FROM places WHERE (${keys.map(() => "(title_key >= ? AND title_key < ?)").join(" OR ")})
            AND latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?
            AND description IS NOT NULL AND tags LIKE '%"wikipedia":"https://en.wikipedia.org/wiki/%' AND category_id NOT IN (${[...GROUPLESS].join(",")})`,
    args: [
      ...keys.flatMap((k) => [k, `${k}\u{10ffff}`]),
      Math.min(...lats) - pad,
      Math.max(...lats) + pad,
      Math.min(...lngs) - padLng,
      Math.max(...lngs) + padLng,
    ],
  });
  const byKey = new Map<string, Row[]>();
  for (const a of found) {
    if (!wikipediaOf(a)) continue;
    const key = sightKey(String(a.title_key));
    (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(a);
  }
  if (!byKey.size) return rows;
  const wanting = new Set(needs);
  return rows.map((r) => {
    if (!wanting.has(r)) return r;
    const article = (byKey.get(sightKey(String(r.title_key))) ?? [])
      .filter(
        (a) =>
          distanceMiles(Number(a.latitude), Number(a.longitude), Number(r.latitude), Number(r.longitude)) <=
          CORROBORATION_MILES,
      )
      .sort((a, b) => Number(b.notability) - Number(a.notability) || Number(a.id) - Number(b.id))[0];
    return article ? withArticle(r, article) : r;
  });
}

/** A sight's record showing the Wikipedia paragraph (and the article's link) another of its records has. */
function withArticle(r: Row, article: Row): Row {
  const tags = { ...(parse<Record<string, string> | null>(r.tags, null) ?? {}), wikipedia: wikipediaOf(article)! };
  return { ...r, description: article.description, tags: JSON.stringify(tags) } as unknown as Row;
}
/**
 * The import scores an organisation's name 6 lower; a sight under its legal name, or its operator's ("Shedd Aquarium
 * Society", "… Board of Trustees"), is rescored by ./fame.ts as one of the sight's records. So is a house museum
 * the museum census files with historical societies (the import stored a lower score for it before it told the two
 * apart: filters.ts's houseMuseum).
 */
const LEGAL_PENALTY = 6;
const LEGAL_KEYS = [
  "% inc",
  "% incorporated",
  "% foundation",
  "% foundation inc",
  "% assn",
  "% association",
  "% corp",
  "% society",
  "% trustees",
];

/** A LIKE pattern (escaped with a backslash) matching any text that holds `text` literally. */
const holding = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/**
 * Places within `radius` miles of a point: the R*Tree narrows to the bounding box (never a table scan), then
 * the circle is exact. Optionally only some categories, or titles holding a case-insensitive substring.
 */
export async function placesWithin(
  client: Client,
  centre: { latitude: number; longitude: number },
  radius: number,
  filter: {
    categories?: number[] | null;
    title?: string;
    minNotability?: number;
    /** With minNotability: also a record under a legal name (its organisation penalty put it below), or a census historic site. */
    orLegalName?: boolean;
    /** Only rows whose tags (JSON text) hold this text. */
    tagsHolding?: string;
    /** Only rows whose description holds this text (any case). */
    descriptionHolding?: string;
    columns?: string;
  } = {},
): Promise<Row[]> {
  const box = boxAround(centre.latitude, centre.longitude, radius);
  const where: string[] = [];
  const args: Array<string | number> = [box.minLat, box.maxLat, box.minLng, box.maxLng];
  if (filter.categories) {
    where.push(`p.category_id IN (${filter.categories.map(() => "?").join(",")})`);
    args.push(...filter.categories);
  }
  if (filter.minNotability !== undefined) {
    where.push(
      filter.orLegalName
        ? `(p.notability >= ? OR (p.notability >= ? AND p.category_id NOT IN (10, 12) AND (${LEGAL_KEYS.map(() => "p.title_key LIKE ?").join(" OR ")} OR (p.source = 'imls-museums' AND p.kind = 'historic site'))))`
        : "p.notability >= ?",
    );
    args.push(filter.minNotability);
    if (filter.orLegalName) args.push(filter.minNotability - LEGAL_PENALTY, ...LEGAL_KEYS);
  }
  if (filter.tagsHolding) {
    where.push("p.tags LIKE ? ESCAPE '\\'");
    args.push(holding(filter.tagsHolding));
  }
  if (filter.descriptionHolding) {
    where.push("p.description LIKE ? ESCAPE '\\'");
    args.push(holding(filter.descriptionHolding));
  }
  if (filter.title) {
    where.push("p.title LIKE ? ESCAPE '\\'");
    args.push(holding(filter.title));
  }
  const result = await client.execute({
    sql: `SELECT ${filter.columns ?? "p.*"} FROM places_rtree r JOIN places p ON p.id = r.id
          WHERE r.min_lat >= ? AND r.max_lat <= ? AND r.min_lng >= ? AND r.max_lng <= ?${where.map((w) => ` AND ${w}`).join("")}`,
    args,
  });
  return result.rows.filter(
    (r) => distanceMiles(centre.latitude, centre.longitude, Number(r.latitude), Number(r.longitude)) <= radius,
  );
}
