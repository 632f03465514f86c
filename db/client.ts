import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import * as schema from "./schema";

export type Db = LibSQLDatabase<typeof schema>;
export interface Database {
  client: Client;
  db: Db;
  close(): void;
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
    // WAL lets readers run while the importer writes; busy_timeout rides out short locks.
    await client.execute("PRAGMA journal_mode = WAL").catch(() => {});
    await client.execute("PRAGMA busy_timeout = 5000");
    await client.execute("PRAGMA foreign_keys = ON");
  }
  return { client, db: drizzle(client, { schema }), close: () => client.close() };
}
