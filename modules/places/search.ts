// Place search by title: the trigram index of titles (`places_fts`, migration 0013, with each place's coordinates)
// gives the places whose title holds the text; the city's window keeps those within the search radius. A LIKE '%text%' over every place of a
// state's window read and compared each title (26–210 ms of CPU a search in Las Vegas, seconds for one letter in
// Los Angeles); the index reads only the titles that match. The cost is bounded: at most `MAX_MATCHES` matches
// are read, and the full rows only of the nearest (or, nationwide, the best) few.
import type { Client, Row } from "@libsql/client";
import { distanceMiles } from "../../src/geo";

/** Title matches read at most per search (a common three-letter text matches tens of thousands of places). */
export const MAX_MATCHES = 5_000;
/** Full rows read per place asked for: two datasets' records of one place are folded into one answer after. */
const ROWS_PER_RESULT = 3;

/** The text as one FTS5 phrase (quotes doubled): every character is matched literally, never as query syntax. */
const phraseOf = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * Places whose title holds `text` (case-insensitive; at least three characters: the trigram index finds
 * nothing shorter), nearest first within `radius` miles of `centre`, or, without a centre, best quality first.
 * At most `limit * ROWS_PER_RESULT` full rows.
 */
export async function titleMatches(
  client: Client,
  text: string,
  limit: number,
  near?: { centre: { latitude: number; longitude: number }; radius: number },
): Promise<Row[]> {
  const wanted = limit * ROWS_PER_RESULT;
  let ids: number[];
  if (near) {
    const { centre, radius } = near;
    const dLat = radius / 69.0;
    const dLng = radius / (69.172 * Math.cos((centre.latitude * Math.PI) / 180));
    const { rows } = await client.execute({
      sql: `SELECT id, latitude, longitude FROM (SELECT rowid AS id, latitude, longitude FROM places_fts WHERE places_fts MATCH ? LIMIT ?)
            WHERE latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?`,
      args: [
        phraseOf(text),
        MAX_MATCHES,
        centre.latitude - dLat,
        centre.latitude + dLat,
        centre.longitude - dLng,
        centre.longitude + dLng,
      ],
    });
    ids = rows
      .map((r) => ({
        id: Number(r.id),
        d: distanceMiles(centre.latitude, centre.longitude, Number(r.latitude), Number(r.longitude)),
      }))
      .filter((m) => m.d <= radius)
      .sort((a, b) => a.d - b.d || a.id - b.id)
      .slice(0, wanted)
      .map((m) => m.id);
  } else {
    const { rows } = await client.execute({
      sql: `SELECT p.id FROM (SELECT rowid AS id FROM places_fts WHERE places_fts MATCH ? LIMIT ?) m
            JOIN places p ON p.id = m.id ORDER BY p.quality DESC, p.id LIMIT ?`,
      args: [phraseOf(text), MAX_MATCHES, wanted],
    });
    ids = rows.map((r) => Number(r.id));
  }
  if (!ids.length) return [];
  const { rows } = await client.execute({
    sql: `SELECT * FROM places WHERE id IN (${ids.map(() => "?").join(",")})`,
    args: ids,
  });
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => order.get(Number(a.id))! - order.get(Number(b.id))!);
}
