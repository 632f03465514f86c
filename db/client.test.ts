import { expect, test } from "bun:test";
import Connection from "libsql";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { whenNotBusy } from "./client";

/**
 * A database file of its own, opened with `busyMs` as SQLite's wait for a lock (a server booted earlier in this
 * test process, bun test --no-isolate, set its own short wait: `done` puts it back and removes the file).
 */
async function ownDatabase(busyMs: number) {
  const { openDatabase, setBusyTimeout } = await import("./client");
  const previous = setBusyTimeout(busyMs);
  const dir = mkdtempSync(join(tmpdir(), "localscope-client-"));
  const file = join(dir, "t.db");
  const database = await openDatabase(`file:${file}`);
  const done = () => {
    setBusyTimeout(previous);
    database.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { database, file, done };
}

const busy = () => Object.assign(new Error("SQLITE_BUSY: database is locked"), { code: "SQLITE_BUSY" });

test("a write that meets another process's lock (SQLITE_BUSY) is run again and succeeds", async () => {
  let calls = 0;
  const result = await whenNotBusy(async () => {
    if (++calls < 3) throw busy();
    return "written";
  });
  expect(result).toBe("written");
  expect(calls).toBe(3);
});

test("any other failure is thrown at once, without a retry", async () => {
  let calls = 0;
  const failing = whenNotBusy(async () => {
    calls++;
    throw new Error("SQLITE_CONSTRAINT: UNIQUE constraint failed");
  });
  await expect(failing).rejects.toThrow("UNIQUE constraint failed");
  expect(calls).toBe(1);
});

test("the connection opened after a transaction keeps the settings (a lock is waited for, foreign keys enforced)", async () => {
  const { openDatabase, setBusyTimeout } = await import("./client");
  // A server booted earlier in this test process (bun test --no-isolate) set its own short wait: this test
  // sets the wait it checks, and puts the other back.
  const previous = setBusyTimeout(5000);
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { join } = await import("node:path");
  const { tmpdir } = await import("node:os");
  const dir = mkdtempSync(join(tmpdir(), "localscope-client-"));
  const database = await openDatabase(`file:${join(dir, "t.db")}`);
  try {
    const settings = async () =>
      Object.fromEntries(
        await Promise.all(
          ["busy_timeout", "foreign_keys", "synchronous"].map(async (name) => [
            name,
            Object.values((await database.client.execute(`PRAGMA ${name}`)).rows[0]!)[0],
          ]),
        ),
      );
    const expected = { busy_timeout: 5000, foreign_keys: 1, synchronous: 1 };
    expect(await settings()).toEqual(expected);
    // Concurrent calls borrow further connections from the client's pool: each has the settings too.
    const concurrent = await Promise.all(Array.from({ length: 6 }, () => settings()));
    for (const each of concurrent) expect(each).toEqual(expected);
    const tx = await database.client.transaction("write");
    await tx.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)");
    // While a transaction holds a connection, the rest of the client runs on another one.
    expect(await settings()).toEqual(expected);
    await tx.commit();
    expect(await settings()).toEqual(expected);
  } finally {
    setBusyTimeout(previous);
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("kept statements: the same text with other values answers anew, and a column another process added is named", async () => {
  const { database, file, done } = await ownDatabase(5000);
  try {
    await database.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
    await database.client.execute("INSERT INTO t (name) VALUES ('a'), ('b')");
    const read = (id: number) => database.client.execute({ sql: "SELECT * FROM t WHERE id = ?", args: [id] });
    expect((await read(1)).rows.map((r) => ({ ...r }) as Record<string, unknown>)).toEqual([{ id: 1, name: "a" }]);
    expect((await read(2)).rows.map((r) => ({ ...r }) as Record<string, unknown>)).toEqual([{ id: 2, name: "b" }]);
    // Another process (a connection this client does not know) adds a column: the kept `SELECT *` names it.
    const other = new Connection(file);
    other.exec("ALTER TABLE t ADD COLUMN city TEXT; UPDATE t SET city = 'Reno'");
    other.close();
    const after = await read(2);
    expect(after.columns).toEqual(["id", "name", "city"]);
    expect(after.rows.map((r) => ({ ...r }) as Record<string, unknown>)).toEqual([{ id: 2, name: "b", city: "Reno" }]);
  } finally {
    done();
  }
});

test("durable(): fsyncs the WAL of a database file (calls during a running fsync share the next); a no-op without a file", async () => {
  const { openDatabase } = await import("./client");
  const fs = await import("node:fs");
  const path = await import("node:path");
  const dir = fs.mkdtempSync(path.join((await import("node:os")).tmpdir(), "localscope-durable-"));
  const file = path.join(dir, "t.db");
  const { existsSync, rmSync } = fs;
  const database = await openDatabase(`file:${file}`);
  try {
    await database.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)");
    await database.client.execute("INSERT INTO t DEFAULT VALUES");
    expect(existsSync(`${file}-wal`)).toBe(true);
    // Every connection keeps NORMAL (a commit is not fsynced on its own); durable() is what makes one survive a power cut.
    expect(Object.values((await database.client.execute("PRAGMA synchronous")).rows[0]!)[0]).toBe(1);
    await expect(database.durable()).resolves.toBeUndefined();
    const together = await Promise.all(Array.from({ length: 5 }, () => database.durable()));
    expect(together).toEqual([undefined, undefined, undefined, undefined, undefined]);
  } finally {
    database.close();
  }
  // The last connection closed the WAL after a checkpoint: nothing left to fsync, and no error.
  const reopened = await openDatabase(`file:${file}`);
  try {
    rmSync(`${file}-wal`, { force: true });
    await expect(reopened.durable()).resolves.toBeUndefined();
  } finally {
    reopened.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const memory = await openDatabase("file::memory:");
  await expect(memory.durable()).resolves.toBeUndefined();
  memory.close();
});

test("writes that met another connection's lock leave nothing running: transactions on those connections commit afterwards", async () => {
  // The server's request thread waits only briefly inside SQLite, then retries (whenNotBusy): here not at all.
  const { database, file, done } = await ownDatabase(0);
  const other = new Connection(file);
  try {
    await database.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
    await database.client.execute("CREATE TABLE hits (k TEXT, at INTEGER)");
    // Another connection (the import thread's) holds the write lock while six requests write at once: each
    // borrows a connection of its own, fails with SQLITE_BUSY, and is retried after a short pause.
    other.exec("BEGIN IMMEDIATE; INSERT INTO t (v) VALUES ('import')");
    const writes = Array.from({ length: 6 }, (_, i) =>
      database.client.execute({ sql: "INSERT INTO t (v) VALUES (?)", args: [`request ${i}`] }),
    );
    // The import commits once every first attempt has failed (they run before any timer) and before the
    // retries (their pause is longer than a timer's turn).
    setImmediate(() => other.exec("COMMIT"));
    await Promise.all(writes);
    // Six transactions at once (a rate limit's batch), each on one of those connections: every one commits.
    const batches = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        database.client.batch([{ sql: "INSERT INTO hits (k, at) VALUES (?, ?)", args: [`guest ${i}`, i] }], "write"),
      ),
    );
    expect(
      batches.filter((b) => b.status === "rejected").map((b) => String((b as PromiseRejectedResult).reason)),
    ).toEqual([]);
    const count = async (table: string) =>
      Number((await database.client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
    // Each write landed once.
    expect(await count("t")).toBe(7);
    expect(await count("hits")).toBe(6);
  } finally {
    other.close();
    done();
  }
}, 60_000);

test("a call given a connection on which another call's write was stopped by a lock runs again elsewhere: its write is kept", async () => {
  const { database, file, done } = await ownDatabase(0);
  const other = new Connection(file);
  try {
    await database.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
    other.exec("BEGIN IMMEDIATE"); // another connection holds the write lock
    // Both calls are given the same connection; the first meets the lock, the lock goes, then the second runs.
    const first = database.client.execute({ sql: "INSERT INTO t (v) VALUES (?)", args: ["first"] });
    queueMicrotask(() => other.exec("COMMIT"));
    const second = database.client.execute({ sql: "INSERT INTO t (v) VALUES (?)", args: ["second"] });
    await Promise.all([first, second]);
    // Both are committed: another connection reads them, and can write.
    expect(other.prepare("SELECT v FROM t ORDER BY v").raw(true).all()).toEqual([["first"], ["second"]]);
    other.exec("INSERT INTO t (v) VALUES ('third')");
  } finally {
    other.close();
    done();
  }
});
