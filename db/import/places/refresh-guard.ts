import type { Client } from "@libsql/client";
import { FILLABLE } from "./merge";
import type { ReadResult } from "./types";

/**
 * The rules that keep an operator refresh from destroying data (docs/decisions/053-refreshes-that-cannot-destroy-data.md):
 * every check here runs before the refresh writes anything, so a refused refresh leaves the database as it was.
 * - a refresh that finds no place of the state is refused (an empty, truncated or wrong-state file);
 * - an extract whose header box does not cover the state is refused;
 * - a refresh that would remove more than MAX_REMOVAL_SHARE of the source's places in the state is refused
 *   unless the operator says `--force`;
 * - text fields have length limits: a record with an absurd name is skipped, other over-long fields dropped.
 */

/** At most this share of a source's records in a state may go in one refresh without --force. */
export const MAX_REMOVAL_SHARE = 0.2;

/** A refresh refused before any write: the message says why and what it would have done. */
export class RefreshRefused extends Error {}

/** Longest accepted values. Real place names are far shorter than 200 characters. */
export const TEXT_LIMITS = { title: 200, kind: 120, field: 2_000, tag: 500 } as const;

/** The text fields held to TEXT_LIMITS.field: those a record fills on a place (amenities is a list), and its date. */
const FIELDS = [...FILLABLE.filter((f) => f !== "amenities"), "observedAt"] as const;

/** A record within the length limits: a name over the limit skips it; other long fields are dropped. */
export function withinLimits(result: ReadResult): ReadResult {
  if ("skip" in result) return result;
  if (result.title.length > TEXT_LIMITS.title) return { skip: `name longer than ${TEXT_LIMITS.title} characters` };
  if (result.sourceId.length > TEXT_LIMITS.title) return { skip: "id too long" };
  const place = { ...result };
  if (place.kind.length > TEXT_LIMITS.kind) place.kind = place.kind.slice(0, TEXT_LIMITS.kind);
  for (const field of FIELDS) {
    const value = place[field];
    if (typeof value === "string" && value.length > TEXT_LIMITS.field) place[field] = null;
  }
  if (place.tags) {
    const tags: Record<string, string> = {};
    for (const [k, v] of Object.entries(place.tags)) if (k.length <= 64 && v.length <= TEXT_LIMITS.tag) tags[k] = v;
    place.tags = Object.keys(tags).length ? tags : null;
  }
  return place;
}

const PAGE = 5_000;

/**
 * The source's records of a state, paged through the primary key (constant memory): how many there are and
 * how many the new data no longer has.
 */
export async function countStale(
  client: Client,
  source: string,
  stateCode: string,
  seen: ReadonlySet<string>,
): Promise<{ held: number; stale: number }> {
  let held = 0;
  let stale = 0;
  let after = "";
  for (;;) {
    const page = await client.execute({
      sql: `SELECT ps.source_id, p.state_code FROM place_sources ps JOIN places p ON p.id = ps.place_id
             WHERE ps.source = ? AND ps.source_id > ? ORDER BY ps.source_id LIMIT ${PAGE}`,
      args: [source, after],
    });
    for (const r of page.rows) {
      if (r.state_code !== stateCode) continue;
      held++;
      if (!seen.has(String(r.source_id))) stale++;
    }
    if (page.rows.length < PAGE) break;
    after = String(page.rows.at(-1)!.source_id);
  }
  return { held, stale };
}

/** Refuse what would destroy data: nothing found for the state, or too large a removal without --force. */
export function checkRefresh(input: {
  sourceName: string;
  stateCode: string;
  found: number;
  held: number;
  stale: number;
  force: boolean;
}): void {
  const { sourceName, stateCode, found, held, stale, force } = input;
  const n = (x: number) => x.toLocaleString("en-US");
  if (found === 0)
    throw new RefreshRefused(
      `Refused: the ${sourceName} data has no places in ${stateCode} (an empty, truncated or other state's file?). ` +
        `Nothing was changed${held ? `; the ${n(held)} ${sourceName} places of ${stateCode} stay` : ""}.`,
    );
  const share = held ? stale / held : 0;
  if (share > MAX_REMOVAL_SHARE && !force)
    throw new RefreshRefused(
      `Refused: this refresh would remove ${n(stale)} of the ${n(held)} ${sourceName} places in ${stateCode} ` +
        `(${Math.round(share * 100)} %, more than ${Math.round(MAX_REMOVAL_SHARE * 100)} %); the new data has ${n(found)}. ` +
        "Nothing was changed. Check the file; if the removal is right, run again with --force.",
    );
}

/** [minLon, minLat, maxLon, maxLat] boxes. */
export type LonLatBox = [number, number, number, number];

/**
 * Whether an extract's header boxes cover the state: at least 95 % of the state's cities (the data we ship)
 * lie inside one of them. No boxes in the header: nothing to check here (the count rules still apply).
 */
export async function boxesCoverState(client: Client, stateCode: string, boxes: LonLatBox[]): Promise<boolean> {
  if (boxes.length === 0) return true;
  const cities = (
    await client.execute({ sql: "SELECT latitude, longitude FROM cities WHERE state_code = ?", args: [stateCode] })
  ).rows;
  if (cities.length === 0) return true;
  const inside = cities.filter((c) =>
    boxes.some(
      ([x0, y0, x1, y1]) =>
        Number(c.longitude) >= x0 - 0.05 &&
        Number(c.longitude) <= x1 + 0.05 &&
        Number(c.latitude) >= y0 - 0.05 &&
        Number(c.latitude) <= y1 + 0.05,
    ),
  ).length;
  return inside / cities.length >= 0.95;
}

/** osmium's "(-98,30,-97,31)" header boxes → boxes. */
export function parseOsmiumBoxes(text: string): LonLatBox[] {
  const boxes: LonLatBox[] = [];
  for (const m of text.matchAll(/\((-?[\d.]+),(-?[\d.]+),(-?[\d.]+),(-?[\d.]+)\)/g))
    boxes.push([Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])]);
  return boxes;
}
