import { expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { createStateLoader, importState } from ".";
import { testDir } from "../../testing-template";
import { openDatabase } from "../../client";
import { migrate } from "../../migrate";

/** When the database's write-ahead log was last written (every commit writes it). */
const walWritten = (file: string) => statSync(`${file}-wal`).mtimeMs;

const placeCount = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
  Number((await database.client.execute("SELECT count(*) AS n FROM places")).rows[0]!.n);

// The one real state import of db/'s tests (every nationwide file parsed: 8 s on a quiet machine, minutes in a
// niced lane of a busy CI run, 20 s of CPU): it proves the import thread, the state loader's sharing and
// importState's own idempotence (store.test.ts imported Rhode Island a second time for the last two). The
// limit only ends a hang: a loaded 2-core CI run took 269 s (niced below the browser tests and the templates),
// and a run at load 25–48 passed 300 s.
test("a state imports in the import thread: it writes while this thread is blocked, and its places are read here once done; concurrent callers share one import, and a loaded state is not imported again", async () => {
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
  // Two callers at once (two visitors asking for the state) share one import.
  const done = Promise.all([loader("RI"), loader("RI")]);
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
  const places = await placeCount(database);
  expect(places).toBeGreaterThan(1000);
  expect(loader.status("RI")).toEqual({ stateCode: "RI", ready: true, percent: 100 });
  // Asked again, the same loader imports nothing.
  await loader("RI");
  // A state already in (a restarted server) is not imported again, and no import is reported.
  await createStateLoader(database.client, {
    thread: { databaseUrl: `file:${file}` },
    onImported: (s) => imported.push(s),
  })("RI");
  expect(imported).toEqual(["RI"]);
  expect(await placeCount(database)).toBe(places);
  // The importer itself, asked again, writes nothing.
  expect(await importState(database.client, "RI")).toEqual([]);
  expect(await placeCount(database)).toBe(places);
  database.close();
}, 600_000);
