/**
 * A city's window's places in memory, in the window's order (./search-windows.ts): their coordinates and what
 * folding two records of one place reads (title key, address). With the window's titles (./search-titles.ts), a
 * search orders and folds its matches without the store, whatever their number, and reads only the rows its
 * answer shows (a common text's matches were read from the store, thousands of narrow rows: the slowest
 * searches, and the cause of the tail latency at 32 connections; docs/decisions/076-place-search-in-memory.md).
 */
import type { Client, Row } from "@libsql/client";
import { distanceMiles } from "../../src/geo";
import { oneOfEachName } from "./ranking";
import { type Box, positionOf } from "./search-windows";

/** The window's places, at the positions of its ids. */
export interface WindowPlaces {
  latitude: Float64Array;
  longitude: Float64Array;
  titleKey: Array<string | null>;
  address: Array<string | null>;
  /** Bytes held, for the windows' budget. */
  bytes: number;
}

/** A string's bytes as held (two a character at most, and the string's own header). */
const stringBytes = (text: string | null) => (text == null ? 8 : 32 + 2 * text.length);

/**
 * Window places read per statement: a big city's window (15,000–25,000 places) is read over a few dozen turns
 * of the event loop, with other requests answered between them (one statement held every request up for
 * 50–200 ms).
 */
const READ_CHUNK = 1_000;

/**
 * The places of the window whose sorted ids are `ids`, and their titles (in the same order), read from the store;
 * null when they are no longer all there (changed since: the window is dropped soon).
 */
export async function readWindowPlaces(
  client: Client,
  ids: Int32Array,
): Promise<{ places: WindowPlaces; titles: string[] } | null> {
  const latitude = new Float64Array(ids.length);
  const longitude = new Float64Array(ids.length);
  const titleKey = new Array<string | null>(ids.length).fill(null);
  const address = new Array<string | null>(ids.length).fill(null);
  const titles = new Array<string>(ids.length).fill("");
  let bytes = 16 * ids.length;
  let found = 0;
  for (let from = 0; from < ids.length; from += READ_CHUNK) {
    if (from) await new Promise((resolve) => setImmediate(resolve));
    const { rows } = await client.execute({
      sql: `SELECT id, title, latitude, longitude, title_key, address FROM places
            WHERE id IN (SELECT value FROM json_each(?))`,
      args: [JSON.stringify(Array.from(ids.subarray(from, from + READ_CHUNK)))],
    });
    for (const r of rows) {
      const at = positionOf(ids, Number(r.id));
      if (at < 0) return null;
      found++;
      titles[at] = String(r.title);
      latitude[at] = Number(r.latitude);
      longitude[at] = Number(r.longitude);
      titleKey[at] = r.title_key == null ? null : String(r.title_key);
      address[at] = r.address == null ? null : String(r.address);
      bytes += stringBytes(titleKey[at]!) + stringBytes(address[at]!);
    }
  }
  return found === ids.length ? { places: { latitude, longitude, titleKey, address, bytes }, titles } : null;
}

/** What the search's order and folding read of a place: the fields of its row they use. */
type Narrow = Pick<Row, "id" | "latitude" | "longitude" | "title_key" | "address">;

/**
 * The ids of the places the answer shows, among the window's places at `positions` (ascending): those in the box
 * and within `radius` miles of `centre`, nearest first (then by id), the nearest `weighed` of them folded to one
 * of each place (`oneOfEachName`), at most `limit`. The same order and folding as over rows read from the store.
 */
export function nearestShown(
  places: WindowPlaces,
  ids: Int32Array,
  positions: readonly number[],
  near: { centre: { latitude: number; longitude: number }; radius: number; box: Box },
  weighed: number,
  limit: number,
): number[] {
  const { centre, radius, box } = near;
  const found: Array<{ at: number; id: number; d: number }> = [];
  for (const at of positions) {
    const latitude = places.latitude[at]!;
    const longitude = places.longitude[at]!;
    if (latitude < box.minLat || latitude > box.maxLat || longitude < box.minLng || longitude > box.maxLng) continue;
    const d = distanceMiles(centre.latitude, centre.longitude, latitude, longitude);
    if (d <= radius) found.push({ at, id: ids[at]!, d });
  }
  const nearest = found.sort((a, b) => a.d - b.d || a.id - b.id).slice(0, weighed);
  const rows = nearest.map(({ at, id, d }) => ({
    id,
    d,
    r: {
      id,
      latitude: places.latitude[at]!,
      longitude: places.longitude[at]!,
      title_key: places.titleKey[at]!,
      address: places.address[at]!,
    } satisfies Narrow as unknown as Row,
  }));
  return oneOfEachName(rows)
    .slice(0, limit)
    .map((m) => m.id);
}
