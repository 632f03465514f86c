/**
 * db/schema.ts describes the database that the hand-written migrations build: every table, column (type,
 * not-null), primary key and index of a freshly migrated database is declared there, and nothing more. A
 * migration that adds a column or index without its schema line (or the other way round) fails here.
 */
import { afterAll, expect, test } from "bun:test";
import { is, SQL } from "drizzle-orm";
import { getTableConfig, SQLiteSyncDialect, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";
import { migratedDatabase } from "./testing-template";

interface TableShape {
  columns: Record<string, { type: string; notNull: boolean }>;
  primaryKey: string[];
  indexes: Record<string, { unique: boolean; on: string[] }>;
}

const dialect = new SQLiteSyncDialect();
/** `"username" COLLATE NOCASE` and `username collate nocase` are the same key. */
const normal = (text: string) => text.replace(/["`]/g, "").replace(/\s+/g, " ").trim().toLowerCase();

function declared(): Record<string, TableShape> {
  const shapes: Record<string, TableShape> = {};
  for (const value of Object.values(schema)) {
    if (!is(value, SQLiteTable)) continue;
    const config = getTableConfig(value);
    const singleKey = config.columns.filter((c) => c.primary).map((c) => c.name);
    shapes[config.name] = {
      columns: Object.fromEntries(
        config.columns.map((c) => [c.name, { type: c.getSQLType().toLowerCase(), notNull: c.notNull || c.primary }]),
      ),
      primaryKey: config.primaryKeys.length > 0 ? config.primaryKeys[0]!.columns.map((c) => c.name) : singleKey,
      indexes: Object.fromEntries(
        config.indexes.map((i) => [
          i.config.name,
          {
            unique: i.config.unique,
            on: i.config.columns.map((c) =>
              // An expression names its columns with the table's name; the index's own SQL does not.
              is(c, SQL) ? normal(dialect.sqlToQuery(c).sql.replaceAll(`"${config.name}".`, "")) : c.name,
            ),
          },
        ]),
      ),
    };
  }
  return shapes;
}

const database = await migratedDatabase("ls-schema-");
afterAll(() => database.close());
const rows = async (sql: string) => (await database.client.execute(sql)).rows;

async function migrated(): Promise<Record<string, TableShape>> {
  const master = await rows("SELECT name, sql FROM sqlite_master WHERE type = 'table'");
  const virtual = master.filter((t) => /^CREATE VIRTUAL/i.test(String(t.sql))).map((t) => String(t.name));
  const shapes: Record<string, TableShape> = {};
  for (const { name } of master) {
    const table = String(name);
    // SQLite's own tables, the migration log, virtual tables (the R*Tree) and their shadow tables.
    if (table.startsWith("sqlite_") || table === "__migrations") continue;
    if (virtual.some((v) => table === v || table.startsWith(`${v}_`))) continue;
    const columns = await rows(`PRAGMA table_info("${table}")`);
    const indexes: TableShape["indexes"] = {};
    for (const index of await rows(`PRAGMA index_list("${table}")`)) {
      if (index.origin !== "c") continue; // made by CREATE INDEX, not by a PRIMARY KEY or UNIQUE constraint
      const keys = (await rows(`PRAGMA index_xinfo("${index.name}")`)).filter((k) => Number(k.key) === 1);
      indexes[String(index.name)] = {
        unique: Number(index.unique) === 1,
        on: keys.map((k) => {
          if (k.name === null) return "<expression>";
          const collation = String(k.coll).toUpperCase() === "BINARY" ? "" : ` collate ${String(k.coll)}`;
          return normal(`${String(k.name)}${collation}${Number(k.desc) ? " desc" : ""}`);
        }),
      };
    }
    shapes[table] = {
      columns: Object.fromEntries(
        columns.map((c) => [
          String(c.name),
          { type: String(c.type).toLowerCase(), notNull: Number(c.notnull) === 1 || Number(c.pk) > 0 },
        ]),
      ),
      primaryKey: columns
        .filter((c) => Number(c.pk) > 0)
        .sort((a, b) => Number(a.pk) - Number(b.pk))
        .map((c) => String(c.name)),
      indexes,
    };
  }
  return shapes;
}

test("db/schema.ts declares exactly the tables, columns, keys and indexes the migrations create", async () => {
  const inSchema = declared();
  const inDatabase = await migrated();
  expect(Object.keys(inSchema).sort()).toEqual(Object.keys(inDatabase).sort());
  for (const table of Object.keys(inDatabase)) {
    // One table at a time, so a failure names it.
    expect({ table, ...inSchema[table] }).toEqual({ table, ...inDatabase[table]! });
  }
});
