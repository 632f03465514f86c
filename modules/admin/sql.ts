// One job: the units, query helpers and labels every admin figure shares (plain functions over a libSQL client).
// Every figure is defined in docs/decisions/021-admin-metrics.md; the SQL below is that record, written out.
import type { Client, InValue } from "@libsql/client";
import { CATEGORIES } from "../../src/domain";

export const DAY_MS = 86_400_000;
export const TOP_LIMIT = 10;
export const WINDOW_DAYS = 30;
export const HOUR_MS = 3_600_000;

export const num = (value: unknown) => Number(value ?? 0);
export const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
/** part / whole as a percentage with one decimal; 0 when whole is 0. */
export const percent = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100, 1) : 0);

export async function rows(client: Client, sql: string, args: InValue[] = []) {
  return (await client.execute({ sql, args })).rows;
}
export async function one(client: Client, sql: string, args: InValue[] = []) {
  return num((await rows(client, sql, args))[0]?.[0]);
}

/** The label of a stored category id: 1–6 (route numbering) or 7–12 (list numbering) → the product's name. */
export function categoryName(id: string): string {
  const n = Number(id);
  const category = CATEGORIES.find((c) => c.id === n || c.listId === n);
  return category?.name ?? id;
}
