/**
 * The checks scripts/bench-sights.ts runs on a list's first rows: the store's rows of a list's places, and the
 * junk (the showcase's own rules) and near-duplicates among them.
 */
import type { Client, Row } from "@libsql/client";
import type { Place } from "../../modules/places/service";
import { junkInList, sameSight } from "../../modules/places/showcase";

/** The store's rows of a list's places, in the list's order. */
export async function rowsOf(client: Client, places: Place[]): Promise<Row[]> {
  if (!places.length) return [];
  const found = await client.execute({
    sql: `SELECT * FROM places WHERE id IN (${places.map(() => "?").join(",")})`,
    args: places.map((p) => p.id),
  });
  const byId = new Map(found.rows.map((r) => [Number(r.id), r]));
  return places.flatMap((p) => {
    const r = byId.get(p.id);
    return r ? [r] : [];
  });
}

/**
 * One city's list rows checked: junk rows and near-duplicate pairs (one place twice within 0.3 mi), with an
 * example of each in the order found (junk first, then duplicates).
 */
export function listProblems(
  rows: Row[],
  label: string,
  cityName: string,
): { junk: number; dupes: number; examples: string[] } {
  let junk = 0;
  let dupes = 0;
  const examples: string[] = [];
  for (const r of rows) {
    const why = junkInList(r, label === "lodging" ? "lodging" : label === "featured" ? "featured" : "list");
    if (why) {
      junk++;
      examples.push(`${r.title} (${cityName}: ${why})`);
    }
  }
  for (let i = 0; i < rows.length; i++)
    for (let j = 0; j < i; j++)
      if (sameSight(rows[i]!, rows[j]!)) {
        dupes++;
        examples.push(`${rows[j]!.title} = ${rows[i]!.title} (${cityName})`);
      }
  return { junk, dupes, examples };
}
