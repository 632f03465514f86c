import { expect, test } from "bun:test";
import { citiesDatabase, migratedDatabase } from "../../testing-template";
import { importDatasetState } from "./store";
import { historicWikipedia } from "./sources/historic-wikipedia";
import { npsUnits } from "./sources/nps";
import { CATEGORY, type PlaceInput, type ReadResult } from "./types";

/** A dataset of the given rows (fixtures built here). */
const rowsOf = (key: string, observedAt: string, rows: PlaceInput[]) => ({
  key,
  licence: "test",
  observedAt,
  read: async function* (): AsyncIterable<ReadResult> {
    yield* rows;
  },
});

test("towns: the Empire State Building is in New York, and no place's town lies in another state (NY, NJ)", async () => {
  const database = await citiesDatabase("ls-towns-");
  const { client } = database;
  for (const state of ["NY", "NJ"]) {
    await importDatasetState(client, npsUnits, state);
    await importDatasetState(client, historicWikipedia, state);
  }
  const esb = (await client.execute("SELECT city, state_code, tags FROM places WHERE title = 'Empire State Building'"))
    .rows[0]!;
  expect(esb.city).toBe("New York");
  expect(esb.state_code).toBe("NY");
  expect(JSON.parse(String(esb.tags)).townFrom).toBe("area");
  const statue = (await client.execute("SELECT city FROM places WHERE source_id = 'stli'")).rows[0]!;
  expect(statue.city).toBe("New York");
  // Every town the area rule gave is a listed town of the place's own state.
  const wrong = (
    await client.execute(
      `SELECT p.title, p.city, p.state_code FROM places p WHERE json_extract(p.tags, '$.townFrom') = 'area'
       AND NOT EXISTS (SELECT 1 FROM cities c WHERE c.name = p.city AND c.state_code = p.state_code)`,
    )
  ).rows;
  expect(wrong).toEqual([]);
  const areaTowns = Number(
    (await client.execute("SELECT count(*) AS n FROM places WHERE json_extract(tags, '$.townFrom') = 'area'")).rows[0]!
      .n,
  );
  expect(areaTowns).toBeGreaterThan(100);
  const hoboken = (
    await client.execute(
      "SELECT count(*) AS n FROM places WHERE state_code = 'NY' AND city IN ('Hoboken', 'Jersey City')",
    )
  ).rows[0]!;
  expect(Number(hoboken.n)).toBe(0);
  database.close();
}, 300_000);

test("chains: a 2011 branch merges into its 2021 twin (the newer date kept); one with no 2021 branch near is probably closed", async () => {
  const database = await migratedDatabase("ls-chains-");
  const { client } = database;
  const base = { categoryId: CATEGORY.lodging, kind: "hotel", stateCode: "WA" } as const;
  await importDatasetState(
    client,
    rowsOf("alltheplaces", "2021-12", [
      {
        ...base,
        source: "alltheplaces",
        sourceId: "hyatt:1",
        title: "Hyatt Regency Seattle",
        latitude: 47.6134,
        longitude: -122.3331,
        tags: { atpBrand: "Hyatt", atpSpider: "hyatt" },
      },
    ]),
    "WA",
  );
  await importDatasetState(
    client,
    rowsOf("wof-simplegeo", "2011", [
      // 150 m from the 2021 branch, under the 2011 spelling.
      {
        ...base,
        source: "wof-simplegeo",
        sourceId: "a",
        title: "Hyatt Regency",
        latitude: 47.6147,
        longitude: -122.333,
      },
      // Another city: no 2021 Hyatt within 300 m.
      {
        ...base,
        source: "wof-simplegeo",
        sourceId: "b",
        title: "Hyatt Regency",
        latitude: 47.2529,
        longitude: -122.4443,
      },
      // A brand the 2021 file does not cover: no verdict.
      {
        ...base,
        source: "wof-simplegeo",
        sourceId: "c",
        title: "Sunset Motor Inn",
        latitude: 47.25,
        longitude: -122.44,
      },
    ]),
    "WA",
  );
  const rows = (await client.execute("SELECT title, sources, observed_at, tags FROM places ORDER BY id")).rows.map(
    (r) => ({
      title: String(r.title),
      sources: (JSON.parse(String(r.sources)) as Array<{ source: string }>).map((s) => s.source),
      observedAt: r.observed_at,
      tags: JSON.parse(String(r.tags ?? "{}")) as Record<string, string>,
    }),
  );
  expect(rows).toHaveLength(3);
  expect(rows[0]).toMatchObject({ sources: ["alltheplaces", "wof-simplegeo"], observedAt: "2021-12" });
  expect(rows[0]!.tags.status).toBeUndefined();
  expect(rows[1]!.tags.status).toBe("probably closed");
  expect(rows[1]!.tags.statusEvidence).toContain("Hyatt");
  expect(rows[2]!.tags.status).toBeUndefined();
  expect(rows.map((r) => r.tags.lodgingType)).toEqual(["hotel", "hotel", "motel"]);
  database.close();
}, 60_000);
