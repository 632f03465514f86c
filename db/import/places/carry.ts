/**
 * One job: carrying one state's places from one dataset of a state import to the next, and checking that the
 * store still holds exactly what was carried.
 */
import type { Client } from "@libsql/client";
import { type Held, heldFromWritten } from "./held";
import type { TownFinder } from "./town-of-point";

/**
 * One state's places as the previous dataset of the same state import left them in the store (importState
 * passes one carry through its datasets): the next dataset starts from them instead of reading the state's
 * places back, which was ~40 % of a state's import (New York: 14 reads of up to 26,000 rows, each parsed
 * again). Each place is what reading its row back gives: the values written, through the same mapping.
 * Used only while the store still holds exactly those rows (count, highest id, newest updated_at and a sum of
 * their updated_at: every writer of places sets updated_at), so a concurrent writer (a live source importing the
 * same state) sends the next dataset back to reading the store.
 */
export interface StateCarry {
  current?: { stateCode: string; places: Held[]; maxId: number; newest: number; stamp: number };
  /** The state's towns (./town-of-point.ts), read once per state import: the cities do not change meanwhile. */
  towns?: { stateCode: string; finder: TownFinder };
}

/** Part of a row's updated_at summed for a carried state's check (exact integers in SQLite and here). */
const STAMP_MOD = 1_048_576;
const stampOf = (places: Held[]) => places.reduce((sum, p) => sum + (p.updatedAt! % STAMP_MOD), 0);
const newestOf = (places: Held[]) => places.reduce((newest, p) => Math.max(newest, p.updatedAt!), 0);

/** Whether the store still holds exactly the carried places of the state (see StateCarry). */
export async function stillStored(client: Client, carried: NonNullable<StateCarry["current"]>): Promise<boolean> {
  const row = (
    await client.execute({
      sql: `SELECT count(*) AS n, coalesce(max(id), 0) AS m, coalesce(max(updated_at), 0) AS u, coalesce(sum(updated_at % ${STAMP_MOD}), 0) AS s FROM places WHERE state_code = ?`,
      args: [carried.stateCode],
    })
  ).rows[0]!;
  return (
    Number(row.n) === carried.places.length &&
    Number(row.m) === carried.maxId &&
    Number(row.u) === carried.newest &&
    Number(row.s) === carried.stamp
  );
}

/**
 * The state's places as the store now holds them, in id order (as read back): unchanged ones as they were
 * read, written ones as their written values read back. A record placed in another state is not carried.
 * Undefined when a written place cannot be known without reading it back (heldFromWritten).
 */
export function carriedState(
  stateCode: string,
  candidates: Iterable<Held>,
  written: Map<Held, unknown[]>,
): StateCarry["current"] {
  const places: Held[] = [];
  for (const p of candidates) {
    if (p.gone || p.stateCode !== stateCode) continue;
    const args = written.get(p);
    const stored = args ? heldFromWritten(p.id!, args) : p;
    if (!stored) return undefined;
    places.push(stored);
  }
  places.sort((a, b) => a.id! - b.id!);
  return {
    stateCode,
    places,
    maxId: places.length ? places[places.length - 1]!.id! : 0,
    newest: newestOf(places),
    stamp: stampOf(places),
  };
}
