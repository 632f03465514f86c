import { expect, test } from "bun:test";
import { join } from "node:path";
import { openDatabase } from "./client";
import { importCities } from "./import/cities";
import { migrate } from "./migrate";
import { migrations } from "./migrations";
import { migratedDatabase, testDir } from "./testing-template";

test("migrations apply once and a second start changes nothing", async () => {
  const database = await openDatabase(`file:${join(testDir("ls-mig-"), "db.sqlite")}`);
  expect(await migrate(database.client)).toEqual(migrations.map((m) => m.tag));
  expect(migrations.map((m) => m.tag).slice(0, 4)).toEqual([
    "0000_init",
    "0001_places",
    "0002_content",
    "0003_accounts",
  ]);
  expect(await migrate(database.client)).toEqual([]);
  const tables = (await database.client.execute("SELECT name FROM sqlite_master WHERE type = 'table'")).rows.map(
    (r) => r.name,
  );
  expect(tables).toEqual(
    expect.arrayContaining(["cities", "data_imports", "__migrations", "places", "place_sources", "places_rtree"]),
  );
  database.close();
});

test("the city import runs at first start only, with progress lines", async () => {
  const database = await migratedDatabase("ls-imp-");
  const lines: string[] = [];
  const first = await importCities(database, { log: (l) => lines.push(l) });
  expect(first.imported).toBe(true);
  expect(first.rows).toBeGreaterThan(30_000);
  expect(lines.join("\n")).toMatch(/Imported 3\d,\d{3} US cities/);
  const second = await importCities(database, { log: (l) => lines.push(l) });
  expect(second).toEqual({ imported: false, rows: first.rows });
  const count = (await database.client.execute("SELECT count(*) AS n FROM cities")).rows[0]!.n;
  expect(Number(count)).toBe(first.rows);
  database.close();
}, 120_000); // the real 31,254-city import: 2–5 s alone, far more beside the rest of npm test
