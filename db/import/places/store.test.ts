import { expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../client";
import { migrate } from "../../migrate";
import { importDatasetState, titleKey } from "./store";
import { createStateLoader, importState } from ".";
import type { PlaceInput, ReadResult } from "./types";

const place = (over: Partial<PlaceInput>): PlaceInput => ({
  source: "a", sourceId: "1", categoryId: 10, kind: "restaurant", title: "Blue Door Café", stateCode: "NV", latitude: 36.1, longitude: -115.1, ...over,
});

async function freshDb() {
  const database = await openDatabase(`file:${join(mkdtempSync(join(tmpdir(), "ls-places-")), "db.sqlite")}`);
  await migrate(database.client);
  return database;
}
const count = async (database: Awaited<ReturnType<typeof freshDb>>, table: string) =>
  Number((await database.client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

test("title keys ignore case, accents, punctuation and a leading 'the'", () => {
  expect(titleKey("The Blue Door Café")).toBe(titleKey("blue door cafe"));
  expect(titleKey("Ben & Jerry's")).toBe("ben and jerry s");
});

test("same name within 50 m from two sources becomes one place listing both; 60 m apart stays two", async () => {
  const database = await freshDb();
  const rowsA: ReadResult[] = [place({ phone: null }), place({ sourceId: "2", title: "Far Diner", latitude: 36.2 })];
  await importDatasetState(database.client, { key: "a", licence: "CC0-1.0", read: () => rowsA }, "NV");
  const rowsB: ReadResult[] = [
    place({ source: "b", sourceId: "x", title: "the blue door cafe", latitude: 36.1003, phone: "(702) 555-0100" }), // ≈ 33 m
    place({ source: "b", sourceId: "y", title: "Far Diner", latitude: 36.20054 }), // ≈ 60 m
    { skip: "no coordinates" },
  ];
  const summary = await importDatasetState(database.client, { key: "b", licence: "ODbL-1.0", read: () => rowsB }, "NV");
  expect(summary).toMatchObject({ read: 3, inserted: 1, merged: 1, skipped: { "no coordinates": 1 } });
  expect(await count(database, "places")).toBe(3);
  const merged = (await database.client.execute("SELECT * FROM places WHERE title = 'Blue Door Café'")).rows[0]!;
  expect(merged.phone).toBe("(702) 555-0100"); // blank filled from the second source
  expect(JSON.parse(String(merged.sources)).map((s: any) => s.source)).toEqual(["a", "b"]);
  expect(merged.source).toBe("a");
});

test("importing the same rows twice leaves the same row counts (places, links, spatial index)", async () => {
  const database = await freshDb();
  const rows = () => [place({}), place({ sourceId: "2", title: "Other", latitude: 36.3 })];
  await importDatasetState(database.client, { key: "a", licence: "CC0-1.0", read: rows }, "NV");
  const before = [await count(database, "places"), await count(database, "place_sources"), await count(database, "places_rtree")];
  const again = await importDatasetState(database.client, { key: "a", licence: "CC0-1.0", read: rows }, "NV");
  expect(again).toMatchObject({ inserted: 0, merged: 0, updated: 2 });
  expect([await count(database, "places"), await count(database, "place_sources"), await count(database, "places_rtree")]).toEqual(before);
});

test("a bundled state imports once: a second run does nothing and counts stay", async () => {
  const database = await freshDb();
  const first = await importState(database.client, "RI");
  expect(first.length).toBeGreaterThan(0);
  const n = await count(database, "places");
  expect(n).toBeGreaterThan(1000);
  expect(await importState(database.client, "RI")).toEqual([]);
  expect(await count(database, "places")).toBe(n);
}, 60_000);

test("the state loader: concurrent callers share one import, onImported runs once, a loaded state is not imported again", async () => {
  const database = await freshDb();
  const imported: string[] = [];
  const ensure = createStateLoader(database.client, { onImported: (s) => imported.push(s) });
  await Promise.all([ensure("RI"), ensure("RI")]);
  expect(imported).toEqual(["RI"]);
  const n = await count(database, "places");
  await ensure("RI");
  // A second process (a restart) sees the state as done too.
  await createStateLoader(database.client, { onImported: (s) => imported.push(s) })("RI");
  expect(imported).toEqual(["RI"]);
  expect(await count(database, "places")).toBe(n);
}, 60_000);
