// Place search by title: the trigram index of titles (`places_fts`, migration 0013) gives the places whose title
// holds the text; the city's window keeps those within the search radius. A LIKE '%text%' over every place of a
// state's window read and compared each title (26–210 ms of CPU a search in Las Vegas, seconds for one letter in
// Los Angeles); the index reads only the titles that match. The cost is bounded: at most `MAX_MATCHES` matches
// are read, and the full rows only of the places the answer shows.
import type { Client, Row } from "@libsql/client";
import { boxAround, distanceMiles } from "../../src/geo";
import { oneOfEachName } from "./ranking";
import { nearestShown } from "./search-places";
import { titlesHolding } from "./search-titles";
import { type Box, holds, type Window } from "./search-windows";

/** Title matches kept at most per search (a common three-letter text matches tens of thousands of places). */
export const MAX_MATCHES = 5_000;
/** Matches weighed per place asked for: two datasets' records of one place are folded into one answer. */
const ROWS_PER_RESULT = 3;

/** The text as one FTS5 phrase (quotes doubled): every character is matched literally, never as query syntax. */
const phraseOf = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Near a centre: the search radius, and the ids of the places in its box when they are at hand (./search-windows.ts). */
export interface Near {
  centre: { latitude: number; longitude: number };
  radius: number;
  /** The city's window (./search-windows.ts); null when not built yet, unless `now`. */
  window?: (box: Box, now: boolean) => Promise<Window | null>;
}

/**
 * Places whose title holds `text` (case-insensitive; at least three characters: the trigram index finds
 * nothing shorter). Near a centre: within `radius` miles, nearest first, one of each place (`oneOfEachName` over
 * the nearest `limit * ROWS_PER_RESULT`), at most `limit`. Without a centre: best quality first (unfolded), at
 * most `limit`. Either way only the answer's places are read in full.
 */
export async function titleMatches(client: Client, text: string, limit: number, near?: Near): Promise<Row[]> {
  const { ids, rows } = await shownMatches(client, text, limit, near);
  return rows ?? rowsOf(client, ids);
}

/** The places an answer shows, in its order: their ids, and their full rows when the search read them on its way. */
export interface Shown {
  ids: number[];
  rows: Row[] | null;
}

/** The places `titleMatches` answers, before their rows are read (the caller may have them at hand). */
export async function shownMatches(client: Client, text: string, limit: number, near?: Near): Promise<Shown> {
  if (near) return shownNear(client, text, limit, near);
  const { rows } = await client.execute({
    sql: `SELECT p.id FROM (SELECT rowid AS id FROM places_fts WHERE places_fts MATCH ? LIMIT ?) m
          JOIN places p ON p.id = m.id ORDER BY p.quality DESC, p.id LIMIT ?`,
    args: [phraseOf(text), MAX_MATCHES, limit],
  });
  return { ids: rows.map((r) => Number(r.id)), rows: null };
}

async function shownNear(client: Client, text: string, limit: number, near: Near): Promise<Shown> {
  const { centre, radius } = near;
  const box = boxAround(centre.latitude, centre.longitude, radius);
  const inBox = (r: Row) => {
    const latitude = Number(r.latitude);
    const longitude = Number(r.longitude);
    return latitude >= box.minLat && latitude <= box.maxLat && longitude >= box.minLng && longitude <= box.maxLng;
  };
  let window = near.window ? await near.window(box, false) : null;
  let rows: Row[] = [];
  let whole = false;
  if (!window) {
    // A city's first search reads the first matches directly; past the cap only the window finds its own.
    const direct = await inBoxFromIndex(client, text, box);
    if (direct.full && near.window) window = await near.window(box, true);
    else rows = direct.rows;
  }
  const titles = window?.titles;
  const held = titles ? titlesHolding(titles, text, MAX_MATCHES) : null;
  if (window && held && window.places) {
    // The window's places in memory: no read of the store at all.
    const weighed = limit * ROWS_PER_RESULT;
    return { ids: nearestShown(window.places, window.ids, held, { centre, radius, box }, weighed, limit), rows: null };
  }
  if (window) ({ rows, whole } = await inWindow(client, text, window, held, limit));
  const nearest = rows
    .filter(inBox)
    .map((r) => ({
      r,
      id: Number(r.id),
      d: distanceMiles(centre.latitude, centre.longitude, Number(r.latitude), Number(r.longitude)),
    }))
    .filter((m) => m.d <= radius)
    .sort((a, b) => a.d - b.d || a.id - b.id)
    .slice(0, limit * ROWS_PER_RESULT);
  const shown = oneOfEachName(nearest).slice(0, limit);
  // The few kept were read whole: the answer's rows are at hand.
  return { ids: shown.map((m) => m.id), rows: whole ? shown.map((m) => m.r) : null };
}

/** The full rows of places `ids` (those the answer shows, never the records folded away), in the order of `ids`. */
export async function rowsOf(client: Client, ids: number[]): Promise<Row[]> {
  if (!ids.length) return [];
  const { rows } = await client.execute({
    sql: `SELECT * FROM places WHERE id IN (${ids.map(() => "?").join(",")})`,
    args: ids,
  });
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => order.get(Number(a.id))! - order.get(Number(b.id))!);
}

/** What the order and the folding read (position, name key, address) of the first matches inside the box. */
const NARROW = "p.id, p.latitude, p.longitude, p.title_key, p.address";

/**
 * Without a window: the first matches' coordinates are read from the index's own narrow copy, then the box is
 * checked. `full`: the cap was reached (a common text: the city's own matches may lie past it).
 */
async function inBoxFromIndex(client: Client, text: string, box: Box): Promise<{ rows: Row[]; full: boolean }> {
  const { rows } = await client.execute({
    sql: `WITH m AS MATERIALIZED (SELECT rowid AS id, latitude, longitude FROM places_fts WHERE places_fts MATCH ? LIMIT ?)
          SELECT count(*) AS matched, NULL AS id, NULL AS latitude, NULL AS longitude, NULL AS title_key, NULL AS address FROM m
          UNION ALL
          SELECT NULL, ${NARROW} FROM m JOIN places p ON p.id = m.id
          WHERE m.latitude BETWEEN ? AND ? AND m.longitude BETWEEN ? AND ?`,
    args: [phraseOf(text), MAX_MATCHES, box.minLat, box.maxLat, box.minLng, box.maxLng],
  });
  const matched = Number(rows.find((r) => r.matched != null)?.matched ?? 0);
  return { rows: rows.filter((r) => r.matched == null), full: matched >= MAX_MATCHES };
}

/** Title-index rows read at most per search in a window's id ranges (with the state's places outside the window). */
const MAX_READ = 8 * MAX_MATCHES;

/**
 * With a window: its places whose title holds the text (`held`: their positions, from its titles in memory when
 * it holds them; else the title index: `indexedIn`), at most `MAX_MATCHES`. Only those are read from the store
 * (the caller checks their exact coordinates against the box): in full (`whole`) when they are no more than the
 * answer's `limit` (the answer is among them, so one read serves both the order and the answer: most searches
 * keep only a few), else the columns the order reads.
 */
async function inWindow(
  client: Client,
  text: string,
  window: Window,
  held: number[] | null,
  limit: number,
): Promise<{ rows: Row[]; whole: boolean }> {
  const kept = held ? held.map((at) => window.ids[at]!) : await indexedIn(client, text, window);
  if (!kept.length) return { rows: [], whole: true };
  const whole = kept.length <= limit;
  const { rows } = await client.execute({
    sql: `SELECT ${whole ? "p.*" : NARROW} FROM places p WHERE p.id IN (SELECT value FROM json_each(?))`,
    args: [JSON.stringify(kept.slice(0, MAX_MATCHES))],
  });
  return { rows, whole };
}

/**
 * The title index's matches in the window's id ranges, read in chunks of ids as one text (no row per match),
 * kept when the window holds them, until `MAX_MATCHES` are kept: the cap counts the city's own matches, not
 * those of the states imported before it.
 */
async function indexedIn(client: Client, text: string, window: Window): Promise<number[]> {
  const phrase = phraseOf(text);
  const kept: number[] = [];
  let read = 0;
  for (const [low, high] of window.runs) {
    for (let from = low; from <= high && kept.length < MAX_MATCHES && read < MAX_READ; ) {
      const { rows } = await client.execute({
        sql: `SELECT group_concat(rowid) AS ids, count(*) AS n, max(rowid) AS last
              FROM (SELECT rowid FROM places_fts WHERE places_fts MATCH ? AND rowid BETWEEN ? AND ? LIMIT ?)`,
        args: [phrase, from, high, MAX_MATCHES],
      });
      const n = Number(rows[0]?.n ?? 0);
      read += n;
      if (n) for (const id of String(rows[0]!.ids).split(",").map(Number)) if (holds(window.ids, id)) kept.push(id);
      if (n < MAX_MATCHES) break;
      from = Number(rows[0]!.last) + 1;
    }
  }
  return kept;
}
