import { expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { createStateLoader } from ".";
import { testDir } from "../../testing-template";
import { openDatabase } from "../../client";
import { migrate } from "../../migrate";

/** When the database's write-ahead log was last written (every commit writes it). */
const walWritten = (file: string) => statSync(`${file}-wal`).mtimeMs;

// One real state import (every nationwide file parsed): 8 s on a quiet machine, minutes in a niced lane of a busy
// CI run (20 s of CPU); the limit only ends a hang.
test("a state imports in the import thread: it writes while this thread is blocked, and its places are read here once done", async () => {
  const file = join(testDir("ls-import-thread-"), "db.sqlite");
  const database = await openDatabase(`file:${file}`);
  await migrate(database.client);
  const imported: string[] = [];
  let firstLine!: () => void;
  const begun = new Promise<void>((resolve) => (firstLine = resolve));
  const loader = createStateLoader(database.client, {
    thread: { databaseUrl: `file:${file}` },
    onImported: (s) => imported.push(s),
    log: () => firstLine(),
  });
  const done = loader("RI");
  await begun; // its first dataset is in
  const before = walWritten(file);
  // Then this thread does nothing but wait (no event-loop turn): on the request thread's loop the import could
  // not write a row meanwhile; in its Worker it goes on, writing the write-ahead log. The limit ends a hang.
  const limit = Date.now() + 90_000;
  while (walWritten(file) <= before && Date.now() < limit) Bun.sleepSync(20);
  expect(walWritten(file)).toBeGreaterThan(before);
  await done;
  expect(imported).toEqual(["RI"]);
  // Written through the Worker's connection, read on this one without reopening it.
  const places = Number((await database.client.execute("SELECT count(*) AS n FROM places")).rows[0]!.n);
  expect(places).toBeGreaterThan(1000);
  expect(loader.status("RI")).toEqual({ stateCode: "RI", ready: true, percent: 100 });
  // A state already in (a restarted server) is not imported again, and no import is reported.
  await createStateLoader(database.client, {
    thread: { databaseUrl: `file:${file}` },
    onImported: (s) => imported.push(s),
  })("RI");
  expect(imported).toEqual(["RI"]);
  database.close();
}, 300_000);
