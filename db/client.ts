import {
  createClient,
  type Client,
  type InArgs,
  type InStatement,
  type ResultSet,
  type TransactionMode,
} from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { mkdirSync } from "node:fs";
import { open } from "node:fs/promises";
import { dirname } from "node:path";
import * as schema from "./schema";
import "./pool";
import { isBusy, StaleStatement } from "./statements";

export { setBusyTimeout } from "./pool";

export type Db = LibSQLDatabase<typeof schema>;
export interface Database {
  client: Client;
  db: Db;
  close(): void;
  /**
   * Make the commits made so far survive a power cut or an OS crash, not only a killed process (see below and
   * docs/decisions/068-durable-accounts-and-favorites.md): awaited after writes to accounts, sessions ended and
   * favorites, before the answer says "saved".
   */
  durable(): Promise<void>;
}

const BUSY_RETRY_MS = 10_000;

/**
 * Run `work`, again after a short, growing wait while it fails with SQLITE_BUSY (at most about 10 s), and again
 * at once when a kept statement met a changed table (./statements.ts; once).
 */
export async function whenNotBusy<T>(work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + BUSY_RETRY_MS;
  let stale = false;
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (error instanceof StaleStatement && !stale) {
        stale = true;
        continue;
      }
      if (!isBusy(error) || Date.now() > deadline) throw error;
      await Bun.sleep(Math.min(200, 5 * 2 ** attempt) + Math.random() * 20);
    }
  }
}

/**
 * Open the database: `file:` (embedded, the default) or a libSQL server (`libsql://`, `http(s)://`, `ws(s)://`).
 * The rest of the code does not know which.
 */
export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  if (url.startsWith("file:") && url !== "file::memory:") {
    const path = url.slice("file:".length).split("?")[0]!;
    if (path) mkdirSync(dirname(path), { recursive: true });
  }
  const client = createClient({ url, authToken });
  if (url.startsWith("file:")) {
    // WAL lets readers run while the importer writes (the per-connection settings are made in acquireSync above).
    await client.execute("PRAGMA journal_mode = WAL").catch(() => {});
    // Another process writing the same file (the background import's child, decision 024) can make a write
    // here fail at once with SQLITE_BUSY, busy_timeout notwithstanding (a WAL snapshot that cannot be
    // upgraded). A statement or batch that failed so did nothing: it is run again after a short wait.
    const execute = client.execute.bind(client) as (stmt: InStatement) => Promise<ResultSet>;
    const batch = client.batch.bind(client);
    client.execute = ((stmt: InStatement, args?: InArgs) =>
      whenNotBusy(() =>
        execute(args === undefined ? stmt : ({ sql: stmt as string, args } as InStatement)),
      )) as Client["execute"];
    client.batch = ((stmts: Array<InStatement>, mode?: TransactionMode) =>
      whenNotBusy(() => batch(stmts, mode))) as Client["batch"];
  }
  return {
    client,
    db: drizzle(client, { schema }),
    close: () => client.close(),
    durable:
      url.startsWith("file:") && url !== "file::memory:"
        ? walSync(url.slice("file:".length).split("?")[0]!)
        : async () => {},
  };
}

/**
 * `durable()` of a database file in WAL mode: an fsync of its WAL file, which holds every commit since the last
 * checkpoint (a checkpoint fsyncs the WAL before it copies it, and the database file after): once it returns,
 * the commits made before the call survive a power cut, as with synchronous=FULL for them. It runs in the
 * I/O thread pool, so other requests go on meanwhile (FULL would block the event loop for the fsync). Calls
 * made while an fsync runs share the next one (it covers all their commits). No WAL file: the last connection
 * closed it after a checkpoint, so the commits are in the database file, fsynced.
 */
function walSync(path: string): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const once = async () => {
    const file = await open(`${path}-wal`, "r").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    if (!file) return;
    try {
      await file.sync();
    } finally {
      await file.close();
    }
  };
  const durable = (): Promise<void> => {
    if (!running) {
      running = once().finally(() => {
        running = null;
      });
      return running;
    }
    // The running fsync may have started before this caller's commit: it needs the one after.
    next ??= running
      .catch(() => {})
      .then(() => {
        next = null;
        return durable();
      });
    return next;
  };
  return durable;
}
