/**
 * What a write costs at each durability (docs/decisions/068-durable-accounts-and-favorites.md), on a database file
 * of its own in the system's temporary folder: a commit with synchronous=NORMAL (what every write does), the same
 * commit followed by `durable()` (an fsync of the WAL in the I/O thread pool: what account and favorite writes
 * do), and a commit with synchronous=FULL (the fsync inside the commit, on the thread that answers requests).
 * Prints, per write, the time until the write is acknowledged and the time the event loop was blocked (the
 * synchronous part, during which no other request is served), alternating the three in rounds.
 *
 *   bun scripts/bench-durable.ts [--writes 200] [--rounds 3]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { arg } from "./lib/args";

const writes = arg("writes", 200);
const rounds = arg("rounds", 3);
const dir = mkdtempSync(join(tmpdir(), "localscope-bench-durable-"));
const database = await openDatabase(`file:${join(dir, "bench.db")}`);
type Kind = "NORMAL" | "NORMAL + durable()" | "FULL";
const totals = new Map<Kind, { acknowledged: number; blocked: number }>();
try {
  await database.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
  const run = async (kind: Kind) => {
    // Sequential calls run on one pooled connection: the pragma set here is the one the inserts use.
    await database.client.execute(`PRAGMA synchronous = ${kind === "FULL" ? "FULL" : "NORMAL"}`);
    let acknowledged = 0;
    let blocked = 0;
    for (let i = 0; i < writes; i++) {
      const start = performance.now();
      await database.client.execute({ sql: "INSERT INTO t (body) VALUES (?)", args: [`favorite ${i}`] });
      // The embedded client runs a statement (and FULL's fsync) synchronously, on the event loop: until here, no
      // other request was served; durable()'s fsync below runs in the I/O thread pool.
      blocked += performance.now() - start;
      if (kind === "NORMAL + durable()") await database.durable();
      acknowledged += performance.now() - start;
    }
    const total = totals.get(kind) ?? { acknowledged: 0, blocked: 0 };
    totals.set(kind, { acknowledged: total.acknowledged + acknowledged, blocked: total.blocked + blocked });
  };
  for (let round = 0; round < rounds; round++)
    for (const kind of ["NORMAL", "NORMAL + durable()", "FULL"] as const) await run(kind);
  await database.client.execute("PRAGMA synchronous = NORMAL");
  console.log(
    `${rounds} × ${writes} single-row writes each, alternating; Bun ${Bun.version}, temporary folder ${tmpdir()}`,
  );
  for (const [kind, t] of totals)
    console.log(
      `${kind.padEnd(20)} acknowledged after ${(t.acknowledged / (writes * rounds)).toFixed(2)} ms  event loop blocked ${(t.blocked / (writes * rounds)).toFixed(2)} ms a write`,
    );
} finally {
  database.close();
  rmSync(dir, { recursive: true, force: true });
}
