import type { Row } from "@libsql/client";
import { distanceMiles } from "../../src/geo";

/**
 * Two records that link one Wikipedia article are one sight, whatever their names: OpenStreetMap files Chicago's
 * Marshall Field and Company Building under its shop ("Macy's", tagged with the building's article), and featured
 * listed the building twice. Featured keeps the first of the rows that link one article within ARTICLE_JOIN_MILES
 * (the article of a large park can be linked from far apart points of it; a chain's article, linked from every
 * branch, is farther apart than that). The rows stay apart for the score: a shop's sources say nothing of the
 * building's fame.
 */
export const ARTICLE_JOIN_MILES = 1;

/** The article a record links, as "lang:Title" with spaces ("en:Marshall Field and Company Building"), or null. */
export function articleKey(r: Row): string | null {
  let link: string | undefined;
  try {
    link = (JSON.parse(String(r.tags ?? "null")) as Record<string, string> | null)?.wikipedia;
  } catch {
    return null;
  }
  if (!link) return null;
  const url = link.match(/^https?:\/\/([a-z-]+)\.wikipedia\.org\/wiki\/(.+)$/i);
  const [lang, title] = url ? [url[1]!, safeDecode(url[2]!)] : link.includes(":") ? link.split(/:(.*)/s) : ["en", link];
  if (!lang || !title) return null;
  return `${lang.toLowerCase()}:${title.replaceAll("_", " ").trim().toLowerCase()}`;
}
const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** A ranked list less each row that links the article of a higher row within ARTICLE_JOIN_MILES (see above). */
export function oneOfEachArticle<T extends { r: Row }>(ranked: T[]): T[] {
  const seen = new Map<string, Row[]>();
  return ranked.filter(({ r }) => {
    const key = articleKey(r);
    if (!key) return true;
    const rows = seen.get(key) ?? seen.set(key, []).get(key)!;
    const near = (s: Row) =>
      distanceMiles(Number(s.latitude), Number(s.longitude), Number(r.latitude), Number(r.longitude)) <=
      ARTICLE_JOIN_MILES;
    if (rows.some(near)) return false;
    rows.push(r);
    return true;
  });
}
