import type { Client, InStatement } from "@libsql/client";
import { bumpDataVersion } from "../../data-version";
import { releaseStatements } from "../release";

type SourceRef = { source: string; sourceId: string; licence: string };
/** Records read (and at most twice as many statements written) per batch. */
const PAGE = 1_000;

/**
 * The "replace" half of an operator refresh (docs/decisions/024): after a source's current rows for a
 * state were imported, every record of that source in that state that the new data no longer has is
 * removed. A place that only this source knew is deleted (favorites keep the copy they saved); a place
 * other sources also list loses this source, and the next listed source becomes its primary one. The caller
 * checks the removal first (./refresh-guard.ts): this only carries it out.
 */
export async function removeStaleRecords(
  client: Client,
  source: string,
  stateCode: string,
  seen: ReadonlySet<string>,
): Promise<{ deleted: number; unlinked: number }> {
  let deleted = 0;
  let unlinked = 0;
  let after = "";
  // Bounded batches: one page of the source's records at a time (its primary key's order), its writes in one batch.
  for (;;) {
    const rows = (
      await client.execute({
        sql: `SELECT ps.source_id, p.id, p.source, p.source_id AS primary_id, p.sources, p.state_code
                FROM place_sources ps JOIN places p ON p.id = ps.place_id
               WHERE ps.source = ? AND ps.source_id > ? ORDER BY ps.source_id LIMIT ${PAGE}`,
        args: [source, after],
      })
    ).rows;
    const writes: InStatement[] = [];
    const remaining = new Map<number, { sources: SourceRef[]; primaryGone: boolean }>();
    for (const r of rows) {
      const sourceId = String(r.source_id);
      if (r.state_code !== stateCode || seen.has(sourceId)) continue;
      const id = Number(r.id);
      const entry = remaining.get(id) ?? { sources: JSON.parse(String(r.sources)) as SourceRef[], primaryGone: false };
      entry.sources = entry.sources.filter((s) => !(s.source === source && s.sourceId === sourceId));
      if (String(r.source) === source && String(r.primary_id) === sourceId) entry.primaryGone = true;
      remaining.set(id, entry);
      writes.push({ sql: "DELETE FROM place_sources WHERE source = ? AND source_id = ?", args: [source, sourceId] });
    }
    for (const [id, entry] of remaining) {
      if (entry.sources.length === 0) {
        writes.push({ sql: "DELETE FROM places WHERE id = ?", args: [id] });
        deleted++;
        continue;
      }
      unlinked++;
      const next = entry.sources[0]!;
      writes.push(
        entry.primaryGone
          ? {
              sql: "UPDATE places SET sources = ?, source = ?, source_id = ?, licence = ?, updated_at = ? WHERE id = ?",
              args: [JSON.stringify(entry.sources), next.source, next.sourceId, next.licence, Date.now(), id],
            }
          : {
              sql: "UPDATE places SET sources = ?, updated_at = ? WHERE id = ?",
              args: [JSON.stringify(entry.sources), Date.now(), id],
            },
      );
    }
    if (writes.length) {
      await client.batch(writes, "write");
      await releaseStatements(writes.length);
    }
    if (rows.length < PAGE) break;
    after = String(rows.at(-1)!.source_id);
  }
  return { deleted, unlinked };
}

/**
 * Record a refresh in data_imports (`refresh:<source>:<state>`, version = the data's date), so /about and the
 * bench can tell, and bump the state's data version so running servers drop its caches.
 */
export async function recordRefresh(client: Client, source: string, stateCode: string, dataDate: string, rows: number) {
  await client.execute({
    sql: "INSERT INTO data_imports (dataset, version, rows, imported_at) VALUES (?, ?, ?, ?) ON CONFLICT (dataset) DO UPDATE SET version = excluded.version, rows = excluded.rows, imported_at = excluded.imported_at",
    args: [`refresh:${source}:${stateCode}`, dataDate, rows, Date.now()],
  });
  await bumpDataVersion(client, stateCode);
}
