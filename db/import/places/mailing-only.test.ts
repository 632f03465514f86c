import { expect, test } from "bun:test";
import { importDatasetState } from "./store";
import { namesakeKey } from "./mailing-only";
import { CATEGORY, type PlaceInput, type ReadResult } from "./types";
import { migratedDatabase } from "../../testing-template";

const place = (over: Partial<PlaceInput>): PlaceInput => ({
  source: "osm",
  sourceId: "1",
  categoryId: CATEGORY.activities,
  kind: "museum",
  title: "National Baseball Hall of Fame",
  address: "25 Main Street",
  stateCode: "NY",
  latitude: 42.6999,
  longitude: -74.9237,
  ...over,
});
const census = (over: Partial<PlaceInput>): PlaceInput =>
  place({
    source: "imls-museums",
    sourceId: "8403601285",
    kind: "history museum",
    title: "National Baseball Hall of Fame and Museum Inc",
    address: "Po Box 590",
    zip: "13326",
    phone: "(607) 547-7200",
    // The census geocodes the PO box: the post office, 0.8 mi from the museum.
    latitude: 42.708411,
    longitude: -74.912401,
    tags: { discipline: "HST", income: "8" },
    ...over,
  });

test("a census museum at a PO box joins another dataset's place of its name in its town, keeping that place's point and address", async () => {
  const database = await migratedDatabase("ls-mailing-");
  const read = (rows: ReadResult[]) => () => rows;
  await importDatasetState(database.client, { key: "osm", licence: "ODbL-1.0", read: read([place({})]) }, "NY");
  const summary = await importDatasetState(
    database.client,
    {
      key: "imls-museums",
      licence: "Public domain",
      read: read([
        census({}),
        // No place of its name in its town: left out, as every PO-box record was.
        census({ sourceId: "2", title: "Otsego Quilt Museum", latitude: 42.7, longitude: -74.92 }),
        // A namesake 10 mi away is another town's.
        census({ sourceId: "3", title: "National Baseball Hall of Fame", latitude: 42.85 }),
      ]),
    },
    "NY",
  );
  expect(summary.merged).toBe(1);
  expect(summary.inserted).toBe(0);
  expect(summary.skipped["PO-box address (no site to visit)"]).toBe(2);
  const rows = (await database.client.execute("SELECT * FROM places")).rows;
  expect(rows).toHaveLength(1);
  const hall = rows[0]!;
  expect(hall.title).toBe("National Baseball Hall of Fame");
  expect([hall.address, Number(hall.latitude), Number(hall.longitude)]).toEqual(["25 Main Street", 42.6999, -74.9237]);
  expect(hall.phone).toBe("(607) 547-7200");
  expect(JSON.parse(String(hall.tags)).income).toBe("8");
  expect(JSON.parse(String(hall.sources)).map((s: { source: string }) => s.source)).toEqual(["osm", "imls-museums"]);
  // Imported again, it stays one place with no PO box.
  await importDatasetState(
    database.client,
    { key: "imls-museums", licence: "Public domain", read: read([census({})]) },
    "NY",
    { prune: true },
  );
  const again = (await database.client.execute("SELECT address, sources FROM places")).rows;
  expect(again.map((r) => r.address)).toEqual(["25 Main Street"]);
});

test("namesakes share a name less 'the', a legal suffix and '(and) Museum'; short names match nothing", () => {
  expect(namesakeKey("National Baseball Hall of Fame and Museum Inc")).toBe(
    namesakeKey("The National Baseball Hall of Fame"),
  );
  expect(namesakeKey("Museum Inc")).toBeNull();
  expect(namesakeKey("Philadelphia Museum of Art")).not.toBe(
    namesakeKey("Philadelphia Museum of Art Womens Committee"),
  );
});
