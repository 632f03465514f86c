/**
 * One job: writing an import's outcome to the store in chunked batches (new places, then updated places, source
 * links, removed links and removed places); works on a libSQL server too.
 */
import type { Client, InStatement } from "@libsql/client";
import { releaseStatements } from "../release";
import { COLUMNS, type Held, KEYED_COLUMNS, type RowArgs, type SourceRef } from "./held";

/** What one dataset's import changes in one state. */
export interface ImportWrites {
  /** New places, without ids yet (each gets its row's). */
  fresh: Held[];
  /** The places loaded from the store: the dirty ones are written back. */
  held: Iterable<Held>;
  /** Source links to write (a link of a place that is gone is left out). */
  newLinks: Array<{ place: Held; ref: SourceRef }>;
  /** Statements removing links of records no longer read. */
  unlinks: InStatement[];
  /** Places to delete. */
  gone: Held[];
}

// Several rows per statement: SQLite prepares each statement, and with ~30 columns a row the per-row prepare
// was the import's largest single cost. The bound values stay held per row until the collector finalises a
// statement (db/import/release.ts), so `releaseStatements` still counts rows.
const ROWS = 100;
// Rows per write transaction. Each commit writes every page it changed to the WAL again (the R*Tree's nodes,
// the title index's new segment, the four indexes' leaves): California's 50,478 places took 2.8 s of SQLite's
// CPU in transactions of 400 rows and 2.1 s in transactions of 1,000 (docs/decisions/086-cheaper-state-imports.md).
// Readers never wait for a write transaction (WAL); a write of the request thread waits asynchronously.
const CHUNK = 1000;

const placeholderTexts = new Map<string, string>();
/** `n` rows of `width` placeholders (made once per shape: every statement of an import asks again). */
const placeholders = (n: number, width: number) => {
  const key = `${n}x${width}`;
  let text = placeholderTexts.get(key);
  if (text === undefined) {
    text = Array.from({ length: n }, () => `(${Array(width).fill("?").join(", ")})`).join(", ");
    placeholderTexts.set(key, text);
  }
  return text;
};
const refKeyOf = (source: unknown, sourceId: unknown) => `${String(source)}\u0000${String(sourceId)}`;

/**
 * The ids of a chunk's new places, read back: its rows are the first `chunk.length` above `top` (no other
 * connection inserted while the transaction held the write lock; later rows have higher ids), matched by record.
 */
async function readBackIds(client: Client, chunk: Held[], top: number) {
  const byRef = new Map(chunk.map((p) => [refKeyOf(p.source, p.sourceId), p]));
  const rows = (
    await client.execute({
      sql: "SELECT id, source, source_id FROM places WHERE id > ? ORDER BY id LIMIT ?",
      args: [top, chunk.length],
    })
  ).rows;
  for (const r of rows) {
    const place = byRef.get(refKeyOf(r.source, r.source_id));
    if (!place)
      throw new Error(
        `the import could not match the new place ${String(r.source)} ${String(r.source_id)} to its record`,
      );
    place.id = Number(r.id);
  }
}

/** Writes the import (`argsOf`: a place's row values; `label`: the dataset and state, for errors). */
export async function writeImport(
  client: Client,
  { fresh, held, newLinks, unlinks, gone }: ImportWrites,
  argsOf: (p: Held) => RowArgs,
  label: string,
): Promise<void> {
  const columnCount = COLUMNS.split(",").length;
  // New places first (their ids are needed for the source links). Inside the write transaction no other
  // connection inserts, and a table with AUTOINCREMENT gives each new row the next id above both its highest id
  // and the highest it ever gave: the chunk's rows take the ids after that, in order. The batch reads that
  // mark before the inserts, and after them the connection's last id and the first and last new rows' records;
  // when they are not what the chunk's order says, the new rows are read back and matched by their records
  // (readBackIds; a new place's (source, sourceId) is unique among them: a repeated record became an update).
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const chunk = fresh.slice(i, i + CHUNK);
    const statements: InStatement[] = [
      "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'places'), 0), coalesce((SELECT max(id) FROM places), 0)) AS top",
    ];
    for (let j = 0; j < chunk.length; j += ROWS) {
      const rows = chunk.slice(j, j + ROWS);
      statements.push({
        sql: `INSERT INTO places (${COLUMNS}) VALUES ${placeholders(rows.length, columnCount)}`,
        args: rows.flatMap(argsOf),
      });
    }
    statements.push("SELECT last_insert_rowid() AS last", {
      sql: "SELECT id, source, source_id FROM places WHERE id IN (last_insert_rowid() - ? + 1, last_insert_rowid()) ORDER BY id",
      args: [chunk.length],
    });
    const results = await client.batch(statements, "write");
    const top = Number(results[0]!.rows[0]!.top);
    const last = Number(results.at(-2)!.rows[0]!.last);
    const ends = results.at(-1)!.rows;
    const first = chunk[0]!;
    const final = chunk.at(-1)!;
    const inOrder =
      last - top === chunk.length &&
      ends.length === (chunk.length > 1 ? 2 : 1) &&
      refKeyOf(ends[0]!.source, ends[0]!.source_id) === refKeyOf(first.source, first.sourceId) &&
      refKeyOf(ends.at(-1)!.source, ends.at(-1)!.source_id) === refKeyOf(final.source, final.sourceId);
    if (inOrder) for (const [k, p] of chunk.entries()) p.id = top + 1 + k;
    else await readBackIds(client, chunk, top);
    if (chunk.some((p) => p.id === undefined)) throw new Error(`the import wrote ${label} places without ids`);
    await releaseStatements(chunk.length);
  }
  // Each statement with the rows it writes (the bound values are held per row until it is collected).
  const writes: Array<{ statement: InStatement; rows: number }> = [];
  const columns = COLUMNS.split(", ");
  const assignments = columns.map((c) => `${c} = ?`).join(", ");
  // A place whose keyed columns keep their stored values (a record merged in, a field filled) is updated
  // without them: setting them rewrote its title search entry, its R*Tree entry and three indexes' entries, and
  // such updates took more of California's import than its 54,000 source links (the same row either way).
  const keyed = KEYED_COLUMNS.map((c) => columns.indexOf(c));
  const rest = columns.flatMap((_, i) => (keyed.includes(i) ? [] : [i]));
  const restAssignments = rest.map((i) => `${columns[i]} = ?`).join(", ");
  for (const p of held) {
    if (!p.dirty || p.gone) continue;
    const args = argsOf(p);
    const same = !!p.stored && keyed.every((column, k) => args[column] === p.stored![k]);
    writes.push({
      statement: same
        ? { sql: `UPDATE places SET ${restAssignments} WHERE id = ?`, args: [...rest.map((i) => args[i]!), p.id!] }
        : { sql: `UPDATE places SET ${assignments} WHERE id = ?`, args: [...args, p.id!] },
      rows: 1,
    });
  }
  // One link per (source, sourceId): inside a multi-row upsert as between statements, the later row wins.
  const linkRows = newLinks.filter(({ place }) => !place.gone);
  for (let i = 0; i < linkRows.length; i += ROWS) {
    const rows = linkRows.slice(i, i + ROWS);
    const sql = `INSERT INTO place_sources (source, source_id, place_id, licence) VALUES ${placeholders(rows.length, 4)} ON CONFLICT (source, source_id) DO UPDATE SET place_id = excluded.place_id, licence = excluded.licence`;
    writes.push({
      statement: { sql, args: rows.flatMap(({ place, ref }) => [ref.source, ref.sourceId, place.id!, ref.licence]) },
      rows: rows.length,
    });
  }
  for (const statement of unlinks) writes.push({ statement, rows: 1 });
  for (let i = 0; i < gone.length; i += ROWS * 4) {
    const ids = gone.slice(i, i + ROWS * 4).map((p) => p.id!);
    writes.push({
      statement: { sql: `DELETE FROM places WHERE id IN (${ids.map(() => "?").join(", ")})`, args: ids },
      rows: ids.length,
    });
  }
  for (let i = 0; i < writes.length; i += CHUNK) {
    const batch = writes.slice(i, i + CHUNK);
    await client.batch(
      batch.map((w) => w.statement),
      "write",
    );
    await releaseStatements(batch.reduce((n, w) => n + w.rows, 0));
  }
}
