import { expect, test } from "bun:test";
import type { InStatement } from "@libsql/client";
import { importDatasetState } from "./store";
import { formatSummary } from "./summary";
import { lngCells } from "./merge";
import { storedPlaces } from "./held";
import { titleKey } from "./titles";
import type { StateCarry } from "./carry";
import { CATEGORY, type PlaceInput, type ReadResult } from "./types";
import { migratedDatabase } from "../../testing-template";

const place = (over: Partial<PlaceInput>): PlaceInput => ({
  source: "a",
  sourceId: "1",
  categoryId: 10,
  kind: "restaurant",
  title: "Blue Door Café",
  stateCode: "NV",
  latitude: 36.1,
  longitude: -115.1,
  ...over,
});

const freshDb = () => migratedDatabase("ls-places-");
const count = async (database: Awaited<ReturnType<typeof freshDb>>, table: string) =>
  Number((await database.client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

test("title keys ignore case, accents, punctuation and a leading 'the'", () => {
  expect(titleKey("The Blue Door Café")).toBe(titleKey("blue door cafe"));
  expect(titleKey("Ben & Jerry's")).toBe("ben and jerry s");
});

test("same name within 100 m from two sources becomes one place listing both; 120 m apart stays two", async () => {
  const database = await freshDb();
  const rowsA: ReadResult[] = [place({ phone: null }), place({ sourceId: "2", title: "Far Diner", latitude: 36.2 })];
  await importDatasetState(database.client, { key: "a", licence: "CC0-1.0", read: () => rowsA }, "NV");
  const rowsB: ReadResult[] = [
    place({ source: "b", sourceId: "x", title: "the blue door cafe", latitude: 36.1008, phone: "(702) 555-0100" }), // ≈ 89 m
    place({ source: "b", sourceId: "y", title: "Far Diner", latitude: 36.20108 }), // ≈ 120 m
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

test("same name within 100 m east or west is one place at any latitude (a grid cell is narrower than 100 m north of ~26°)", async () => {
  const database = await freshDb();
  // Portland, OR (45.5° N): 0.0011° of longitude is ~86 m, two grid cells apart. Anchorage (61.2° N): 0.0015°, ~80 m, also two cells apart.
  const pairs = [
    { stateCode: "OR", title: "Albertina Kerr Nursery", latitude: 45.5231, west: -122.6801, east: -122.679 },
    { stateCode: "AK", title: "Oscar Anderson House", latitude: 61.2181, west: -149.9021, east: -149.9006 },
  ];
  for (const [i, p] of pairs.entries()) {
    await importDatasetState(
      database.client,
      {
        key: "a",
        licence: "CC0-1.0",
        read: () => [
          place({
            sourceId: String(i),
            categoryId: 8,
            kind: "historic building",
            title: p.title,
            stateCode: p.stateCode,
            latitude: p.latitude,
            longitude: p.west,
          }),
        ],
      },
      p.stateCode,
    );
    const summary = await importDatasetState(
      database.client,
      {
        key: "b",
        licence: "CC-BY-SA-4.0",
        read: () => [
          place({
            source: "b",
            sourceId: String(i),
            categoryId: 8,
            kind: "historic site",
            title: p.title,
            stateCode: p.stateCode,
            latitude: p.latitude,
            longitude: p.east,
          }),
        ],
      },
      p.stateCode,
    );
    expect(summary, p.title).toMatchObject({ inserted: 0, merged: 1 });
  }
  expect(await count(database, "places")).toBe(2);
  expect([lngCells(20), lngCells(45.5), lngCells(61.2), lngCells(71)]).toEqual([1, 2, 2, 3]);
});

test("names of no Latin letters (an empty title key) are never merged by name: two restaurants 10 m apart stay two", async () => {
  const database = await freshDb();
  expect(titleKey("北京饭店")).toBe("");
  await importDatasetState(
    database.client,
    { key: "a", licence: "CC0-1.0", read: () => [place({ title: "北京饭店" })] },
    "NV",
  );
  const summary = await importDatasetState(
    database.client,
    { key: "b", licence: "ODbL-1.0", read: () => [place({ source: "b", title: "서울식당", latitude: 36.10009 })] },
    "NV",
  );
  expect(summary).toMatchObject({ inserted: 1, merged: 0 });
  expect(await count(database, "places")).toBe(2);
});

test("importing the same rows twice leaves the same row counts (places, links, spatial index)", async () => {
  const database = await freshDb();
  const rows = () => [place({}), place({ sourceId: "2", title: "Other", latitude: 36.3 })];
  await importDatasetState(database.client, { key: "a", licence: "CC0-1.0", read: rows }, "NV");
  const before = [
    await count(database, "places"),
    await count(database, "place_sources"),
    await count(database, "places_rtree"),
  ];
  const again = await importDatasetState(database.client, { key: "a", licence: "CC0-1.0", read: rows }, "NV");
  expect(again).toMatchObject({ inserted: 0, merged: 0, updated: 2 });
  expect([
    await count(database, "places"),
    await count(database, "place_sources"),
    await count(database, "places_rtree"),
  ]).toEqual(before);
});

/** Every stored place and source link as a reader sees them (not their update times). */
const storeOf = async (database: Awaited<ReturnType<typeof freshDb>>) => [
  (await database.client.execute("SELECT * FROM places ORDER BY id")).rows.map(({ updated_at, ...r }) => r),
  (
    await database.client.execute(
      "SELECT source, source_id, place_id, licence FROM place_sources ORDER BY source, source_id",
    )
  ).rows.map((r) => ({ ...r })),
];

test("a state's places carried from one dataset to the next (importState) are what reading them back gives, and the store is read once", async () => {
  // Dataset b merges into a's places (by name within 100 m, and a lodging by address and phone), fills blanks,
  // updates its own record on a second run, and one of a's records is gone from a's second read (pruned).
  const a = (withSecond: boolean): ReadResult[] => [
    place({ phone: null, tags: { cuisine: "diner" } }),
    ...(withSecond ? [place({ sourceId: "2", title: "Far Diner", latitude: 36.2, zip: "89101" })] : []),
    place({
      sourceId: "3",
      categoryId: CATEGORY.lodging,
      kind: "hotel",
      title: "Desert Rose Inn",
      address: "1 Main St",
      phone: "(702) 555-0111",
      latitude: 36.15,
      amenities: ["pool"],
    }),
  ];
  const b: ReadResult[] = [
    place({
      source: "b",
      sourceId: "x",
      title: "the blue door cafe",
      latitude: 36.1008,
      phone: "(702) 555-0100",
      website: "https://blue.example",
    }),
    place({
      source: "b",
      sourceId: "y",
      categoryId: CATEGORY.lodging,
      kind: "hotel",
      title: "Desert Rose Motel",
      address: "1 Main St",
      phone: "(702) 555-0111",
      latitude: 36.1501,
    }),
    place({ source: "b", sourceId: "z", title: "New Spot", latitude: 36.4, since: "1999", tags: {} }),
  ];
  const run = async (carry?: StateCarry) => {
    const database = await freshDb();
    // The store's reads of a state's places, counted.
    let reads = 0;
    const client = new Proxy(database.client, {
      get: (target, key) => {
        if (key === "execute")
          return (stmt: InStatement) => (
            (typeof stmt === "string" ? stmt : stmt.sql).includes("LIMIT 5000") && reads++, target.execute(stmt)
          );
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const summaries = [];
    for (const [key, rows] of [
      ["a", a(true)],
      ["b", b],
      ["a", a(false)],
      ["b", b],
    ] as const) {
      summaries.push(
        await importDatasetState(client, { key, licence: "CC0-1.0", read: () => rows }, "NV", { prune: true, carry }),
      );
      if (carry) expect(carry.current?.places).toEqual(await storedPlaces(database.client, "NV"));
    }
    return { summaries, reads, store: await storeOf(database) };
  };
  const carry: StateCarry = {};
  const carried = await run(carry);
  expect(carry.current?.places.map((p) => p.title)).toEqual(["Blue Door Café", "Desert Rose Inn", "New Spot"]); // Far Diner pruned
  const read = await run();
  expect([carried.reads, read.reads]).toEqual([1, 4]);
  expect({ ...carried, reads: 0 }).toEqual({ ...read, reads: 0 });
  expect(carried.summaries.map((s) => [s.inserted, s.merged, s.updated])).toEqual([
    [3, 0, 0],
    [1, 2, 0],
    [0, 0, 2],
    [0, 0, 3],
  ]);
});

test("a place whose text field the store keeps in another form (a number) is not carried: the next dataset reads it", async () => {
  const database = await freshDb();
  const carry: StateCarry = {};
  await importDatasetState(
    database.client,
    { key: "a", licence: "CC0-1.0", read: () => [place({ zip: 89101 as unknown as string })] },
    "NV",
    { carry },
  );
  expect(carry.current).toBeUndefined();
  await importDatasetState(
    database.client,
    { key: "b", licence: "CC0-1.0", read: () => [place({ source: "b", sourceId: "x", phone: "(702) 555-0100" })] },
    "NV",
    { carry },
  );
  expect(carry.current?.places).toEqual(await storedPlaces(database.client, "NV"));
});

test("a carried state is not trusted once another writer changed the state's places: the next dataset reads the store", async () => {
  const database = await freshDb();
  const carry: StateCarry = {};
  await importDatasetState(database.client, { key: "a", licence: "CC0-1.0", read: () => [place({})] }, "NV", { carry });
  // Meanwhile another writer (a live source) stores a place the carry does not know.
  await importDatasetState(
    database.client,
    {
      key: "live",
      licence: "ODbL-1.0",
      read: () => [place({ source: "live", sourceId: "9", title: "Neon Museum", latitude: 36.17 })],
    },
    "NV",
  );
  const summary = await importDatasetState(
    database.client,
    {
      key: "b",
      licence: "CC0-1.0",
      read: () => [place({ source: "b", sourceId: "q", title: "The Neon Museum", latitude: 36.1701 })],
    },
    "NV",
    { carry },
  );
  expect(summary).toMatchObject({ inserted: 0, merged: 1 }); // merged into the live place, not a duplicate
  expect(await count(database, "places")).toBe(2);
  // An update by another writer (same rows, a newer updated_at) is seen too.
  await importDatasetState(
    database.client,
    {
      key: "live",
      licence: "ODbL-1.0",
      read: () => [
        place({ source: "live", sourceId: "9", title: "Neon Museum", latitude: 36.17, phone: "(702) 555-0199" }),
      ],
    },
    "NV",
  );
  await importDatasetState(
    database.client,
    {
      key: "c",
      licence: "CC0-1.0",
      read: () => [
        place({ source: "c", sourceId: "r", title: "Neon Museum", latitude: 36.17, website: "https://example.org" }),
      ],
    },
    "NV",
    { carry },
  );
  const neon = (await database.client.execute("SELECT phone, website FROM places WHERE title = 'Neon Museum'"))
    .rows[0]!;
  expect([neon.phone, neon.website]).toEqual(["(702) 555-0199", "https://example.org"]); // the other writer's phone kept
});

// The state loader's sharing of one import and importState's own idempotence on a real state are proven by
// import-thread.test.ts, beside the import thread, with the one real state import of db/'s tests.

test("lodging at the same address with the same phone is one place, whatever its names; all sources listed", async () => {
  const database = await freshDb();
  const hotel = (over: Partial<PlaceInput>) =>
    place({ categoryId: 11, kind: "hotel", address: "2411 W Sahara Ave", phone: "+1 702-367-2411", ...over });
  await importDatasetState(
    database.client,
    { key: "a", licence: "CC0-1.0", observedAt: "2011", read: () => [hotel({ title: "Santa Fe Station" })] },
    "NV",
  );
  const summary = await importDatasetState(
    database.client,
    {
      key: "b",
      licence: "CC0-1.0",
      observedAt: "2026-04",
      read: () => [
        hotel({
          source: "b",
          sourceId: "1",
          title: "Santa Fe Station Hotel & Casino",
          address: "2411 West Sahara Avenue",
          phone: "(702) 367-2411",
          latitude: 36.103,
        }),
        hotel({ source: "b", sourceId: "2", title: "Other Inn", phone: "(702) 555-0000" }),
      ],
    },
    "NV",
  );
  expect(summary).toMatchObject({ merged: 1, inserted: 1 });
  const rows = (await database.client.execute("SELECT title, sources, observed_at FROM places ORDER BY id")).rows;
  expect(rows.map((r) => r.title)).toEqual(["Santa Fe Station", "Other Inn"]);
  expect(JSON.parse(String(rows[0]!.sources)).map((s: any) => s.source)).toEqual(["a", "b"]);
  // docs/product.md#data-rules: the newest dataset date among the sources.
  expect(rows[0]!.observed_at).toBe("2026-04");
  expect(rows[1]!.observed_at).toBe("2026-04");
});

test("duplicates stored before the 100 m rule are folded into one place at the next import", async () => {
  const database = await freshDb();
  await importDatasetState(
    database.client,
    { key: "a", licence: "CC0-1.0", read: () => [place({ sourceId: "1" })] },
    "NV",
  );
  // Simulate an older store: a second copy 80 m away from another dataset.
  await database.client.execute(
    `INSERT INTO places (source, source_id, licence, sources, category_id, kind, title, title_key, state_code, latitude, longitude, quality, updated_at)
     VALUES ('c', '9', 'CC0-1.0', '[{"source":"c","sourceId":"9","licence":"CC0-1.0"}]', 10, 'restaurant', 'Blue Door Cafe', 'blue door cafe', 'NV', 36.1007, -115.1, 0, 0)`,
  );
  await database.client.execute(
    "INSERT INTO place_sources (source, source_id, place_id, licence) VALUES ('c', '9', (SELECT max(id) FROM places), 'CC0-1.0')",
  );
  expect(await count(database, "places")).toBe(2);
  await importDatasetState(
    database.client,
    { key: "a", licence: "CC0-1.0", read: () => [place({ sourceId: "1" })] },
    "NV",
  );
  expect(await count(database, "places")).toBe(1);
  const sources = (await database.client.execute("SELECT source, place_id FROM place_sources ORDER BY source")).rows;
  expect(sources.map((r) => r.source)).toEqual(["a", "c"]);
  expect(new Set(sources.map((r) => r.place_id)).size).toBe(1);
  expect(await count(database, "places_rtree")).toBe(1);
});

test("junk is counted per reason and never stored; a re-import prunes records gone from the dataset", async () => {
  const database = await freshDb();
  const rows = (keepSecond: boolean): ReadResult[] => [
    place({ sourceId: "1", title: "Aloha Hospitality Mgmt", categoryId: 11, kind: "hotel" }),
    place({ sourceId: "2", title: "Desert Inn Motel", categoryId: 11, kind: "motel", address: "PO Box 12" }),
    place({ sourceId: "3", title: "Blockbuster", categoryId: 12, kind: "video" }),
    place({ sourceId: "4", title: "Kim's Appliances", categoryId: 12, kind: "household appliances" }),
    place({ sourceId: "5", title: "Good Bakery", latitude: 36.2 }),
    ...(keepSecond ? [place({ sourceId: "6", title: "Gone Cafe", latitude: 36.3 })] : []),
  ];
  const first = await importDatasetState(
    database.client,
    { key: "a", licence: "CC0-1.0", read: () => rows(true) },
    "NV",
    { prune: true },
  );
  expect(first.skipped).toEqual({
    "organisation-like name": 1,
    "PO-box address (no site to visit)": 1,
    "chain known to be closed": 1,
    "kind no traveller looks for": 1,
  });
  expect(first.inserted).toBe(2);
  const second = await importDatasetState(
    database.client,
    { key: "a", licence: "CC0-1.0", read: () => rows(false) },
    "NV",
    { prune: true },
  );
  expect(second.skipped["no longer in the dataset or now filtered (removed)"]).toBe(1);
  expect((await database.client.execute("SELECT title FROM places")).rows.map((r) => r.title)).toEqual(["Good Bakery"]);
  expect(await count(database, "place_sources")).toBe(1);
});

test("the chain rule marks repeated names as chains (not local) and the summary says how many (decision 035)", async () => {
  const database = await freshDb();
  const rows: ReadResult[] = [
    place({ sourceId: "1", categoryId: 12, kind: "books", title: "Borders" }),
    place({ sourceId: "2", categoryId: 12, kind: "books", title: "Waldenbooks", latitude: 36.2 }),
    place({ sourceId: "3", title: "Blue Door Café", latitude: 36.3 }),
    place({ sourceId: "4", categoryId: 8, kind: "historic site", title: "Depot", latitude: 36.4 }), // history: never by this rule
  ];
  const summary = await importDatasetState(database.client, { key: "a", licence: "CC0-1.0", read: () => rows }, "NV");
  expect(summary.chains).toBe(2);
  expect(formatSummary(summary)).toEndWith("; 2 marked as chains by a name repeated across states");
  const brands = (await database.client.execute("SELECT title, brand FROM places ORDER BY title")).rows.map((r) => [
    r.title,
    r.brand,
  ]);
  expect(brands).toEqual([
    ["Blue Door Café", null],
    ["Borders", "borders"],
    ["Depot", null],
    ["Waldenbooks", "waldenbooks"],
  ]);
});

test("a Wikipedia paragraph merged into a place keeps its link across a re-import of the place's own record", async () => {
  const database = await freshDb();
  const monument = () => [
    place({
      source: "m",
      sourceId: "1",
      categoryId: 8,
      kind: "statue",
      title: "Liberty Statue",
      description: "Inscription: “Give me your tired”",
    }),
  ];
  const article = "https://en.wikipedia.org/wiki/Liberty_Statue";
  const wiki = () => [
    place({
      source: "w",
      sourceId: "Q1",
      categoryId: 8,
      kind: "statue",
      title: "Liberty Statue",
      latitude: 36.1002,
      description: "The Liberty Statue is a colossal sculpture.",
      tags: { wikipedia: article },
    }),
  ];
  const read = async () =>
    (await database.client.execute("SELECT description, tags FROM places WHERE title = 'Liberty Statue'")).rows.map(
      (r) => ({ description: r.description, wikipedia: JSON.parse(String(r.tags ?? "{}")).wikipedia }),
    );
  await importDatasetState(database.client, { key: "m", licence: "ODbL-1.0", read: monument }, "NV");
  await importDatasetState(database.client, { key: "w", licence: "CC-BY-SA-4.0", read: wiki }, "NV");
  expect(await read()).toEqual([{ description: "The Liberty Statue is a colossal sculpture.", wikipedia: article }]);
  // The monument dataset again (a version bump, a refresh): the paragraph and its link stay together.
  await importDatasetState(database.client, { key: "m", licence: "ODbL-1.0", read: monument }, "NV");
  expect(await read()).toEqual([{ description: "The Liberty Statue is a colossal sculpture.", wikipedia: article }]);
});

test("a re-import gives a record's list verdict afresh: a flag an older rule stored on its own name does not stay", async () => {
  const database = await freshDb();
  const zoo = () => [
    place({
      source: "z",
      sourceId: "1",
      categoryId: CATEGORY.activities,
      kind: "zoo or aquarium",
      title: "Denver Zoological Foundation",
      tags: { discipline: "ZAW", income: "8" },
    }),
  ];
  const flag = async () =>
    (await database.client.execute("SELECT tags FROM places")).rows.map((r) => JSON.parse(String(r.tags)).notListed);
  await importDatasetState(database.client, { key: "z", licence: "Public domain", read: zoo }, "NV");
  expect(await flag()).toEqual([undefined]);
  // The verdict of the rule as it was before it knew a zoo under its society's name.
  await database.client.execute(
    `UPDATE places SET tags = json_set(tags, '$.notListed', 'an organisation, not a place to visit')`,
  );
  await importDatasetState(database.client, { key: "z", licence: "Public domain", read: zoo }, "NV");
  expect(await flag()).toEqual([undefined]);
});

test("a 'large' brewery merged into a place another dataset listed first is a brand there too (not a local gem)", async () => {
  const database = await freshDb();
  const osm = () => [place({ source: "o", sourceId: "node/1", kind: "brewery", title: "Anheuser-Busch Brewery" })];
  const breweries = () => [
    place({
      source: "b",
      sourceId: "b1",
      kind: "brewery",
      title: "Anheuser-Busch Brewery",
      latitude: 36.1003,
      tags: { breweryType: "large" },
    }),
  ];
  await importDatasetState(database.client, { key: "o", licence: "ODbL-1.0", read: osm }, "NV");
  const brand = async () => (await database.client.execute("SELECT brand FROM places")).rows.map((r) => r.brand);
  expect(await brand()).toEqual([null]);
  await importDatasetState(database.client, { key: "b", licence: "MIT", read: breweries }, "NV");
  expect(await brand()).toEqual(["anheuser busch brewery"]);
  // The first dataset again: its own refresh keeps the merged brewery type.
  await importDatasetState(database.client, { key: "o", licence: "ODbL-1.0", read: osm }, "NV");
  expect(await brand()).toEqual(["anheuser busch brewery"]);
});
