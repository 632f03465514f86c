/** For the search benchmarks: texts that find something, as an attacker's would (no cache answers them). */
import { createClient } from "@libsql/client";
import { existsSync } from "node:fs";

/** Distinct lower-case parts (4–7 characters, no quotes) of the titles of places within a degree of Las Vegas; [] when none. */
export async function lasVegasTitleParts(file: string): Promise<string[]> {
  if (!existsSync(file)) return [];
  const client = createClient({ url: `file:${file}` });
  const { rows } = await client
    .execute(
      "SELECT title FROM places WHERE latitude BETWEEN 35.2 AND 37.2 AND longitude BETWEEN -116.2 AND -114.1 LIMIT 20000",
    )
    .catch(() => ({ rows: [] }));
  client.close();
  const texts = new Set<string>();
  rows.forEach((r, i) => {
    const title = String(r.title).toLowerCase().replace(/["%]/g, "");
    const size = 4 + (i % 4);
    for (let at = 0; at + size <= title.length; at += size) texts.add(title.slice(at, at + size));
  });
  return [...texts].filter((t) => t.trim().length >= 3);
}
