// Place search by title: the trigram index of titles (`places_fts`, migration 0013) gives the places whose title
// holds the text; the city's window keeps those within the search radius. A LIKE '%text%' over every place of a
// state's window read and compared each title (26–210 ms of CPU a search in Las Vegas, seconds for one letter in
// Los Angeles); the index reads only the titles that match. The cost is bounded: at most `MAX_MATCHES` matches
// are read, and the full rows only of the places the answer shows.
import type { Client, Row } from "@libsql/client";
import { distanceMiles } from "../../src/geo";
import { oneOfEachName } from "./ranking";
import { type Box, holds } from "./search-windows";

/** Title matches read at most per search (a common three-letter text matches tens of thousands of places). */
export const MAX_MATCHES = 5_000;
/** Matches weighed per place asked for: two datasets' records of one place are folded into one answer. */
const ROWS_PER_RESULT = 3;

/** The text as one FTS5 phrase (quotes doubled): every character is matched literally, never as query syntax. */
const phraseOf = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Near a centre: the search radius, and the ids of the places in its box when they are at hand (./search-windows.ts). */
export interface Near {
  centre: { latitude: number; longitude: number };
  radius: number;
  window?: (box: Box) => Promise<Int32Array | null>;
}

/**
 * Places whose title holds `text` (case-insensitive; at least three characters: the trigram index finds
 * nothing shorter). Near a centre: within `radius` miles, nearest first, one of each place (`oneOfEachName` over
 * the nearest `limit * ROWS_PER_RESULT`), at most `limit`. Without a centre: best quality first, at most
 * `limit * ROWS_PER_RESULT` (unfolded).
 */
export async function titleMatches(client: Client, text: string, limit: number, near?: Near): Promise<Row[]> {
  const wanted = limit * ROWS_PER_RESULT;
  let ids: number[];
  if (near) {
    const { centre, radius } = near;
    const dLat = radius / 69.0;
    const dLng = radius / (69.172 * Math.cos((centre.latitude * Math.PI) / 180));
    const box = {
      minLat: centre.latitude - dLat,
      maxLat: centre.latitude + dLat,
      minLng: centre.longitude - dLng,
      maxLng: centre.longitude + dLng,
    };
    const inBox = (r: Row) => {
      const latitude = Number(r.latitude);
      const longitude = Number(r.longitude);
      return latitude >= box.minLat && latitude <= box.maxLat && longitude >= box.minLng && longitude <= box.maxLng;
    };
    const window = near.window ? await near.window(box) : null;
    const rows = window ? await inWindow(client, text, window) : await inBoxFromIndex(client, text, box);
    const nearest = rows
      .filter(inBox)
      .map((r) => ({
        r,
        id: Number(r.id),
        d: distanceMiles(centre.latitude, centre.longitude, Number(r.latitude), Number(r.longitude)),
      }))
      .filter((m) => m.d <= radius)
      .sort((a, b) => a.d - b.d || a.id - b.id)
      .slice(0, wanted);
    ids = oneOfEachName(nearest)
      .slice(0, limit)
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
  // Full rows only for the places the answer shows, never for the records folded away.
  const { rows } = await client.execute({
    sql: `SELECT * FROM places WHERE id IN (${ids.map(() => "?").join(",")})`,
    args: ids,
  });
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => order.get(Number(a.id))! - order.get(Number(b.id))!);
}

/** What the order and the folding read (position, name key, address) of the first matches inside the box. */
const NARROW = "p.id, p.latitude, p.longitude, p.title_key, p.address";

/** Without a window: each match's coordinates are read from the index's own narrow copy, then the box is checked. */
async function inBoxFromIndex(client: Client, text: string, box: Box): Promise<Row[]> {
  const { rows } = await client.execute({
    sql: `SELECT ${NARROW} FROM (SELECT rowid AS id, latitude, longitude FROM places_fts WHERE places_fts MATCH ? LIMIT ?) m
          JOIN places p ON p.id = m.id
          WHERE m.latitude BETWEEN ? AND ? AND m.longitude BETWEEN ? AND ?`,
    args: [phraseOf(text), MAX_MATCHES, box.minLat, box.maxLat, box.minLng, box.maxLng],
  });
  return rows;
}

/**
 * With a window: the first matches' ids in one text (no row per match), kept when the window holds them; only
 * those are read from the store (the caller checks their exact coordinates against the box).
 */
async function inWindow(client: Client, text: string, window: Int32Array): Promise<Row[]> {
  const { rows: matched } = await client.execute({
    sql: "SELECT group_concat(rowid) AS ids FROM (SELECT rowid FROM places_fts WHERE places_fts MATCH ? LIMIT ?)",
    args: [phraseOf(text), MAX_MATCHES],
  });
  const all = matched[0]?.ids;
  if (all == null) return [];
  const kept = String(all)
    .split(",")
    .map(Number)
    .filter((id) => holds(window, id));
  if (!kept.length) return [];
  const { rows } = await client.execute({
    sql: `SELECT ${NARROW} FROM places p WHERE p.id IN (SELECT value FROM json_each(?))`,
    args: [JSON.stringify(kept)],
  });
  return rows;
}
