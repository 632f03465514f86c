import { expect, test } from "bun:test";
import type { Row } from "@libsql/client";
import { importDatasetState } from "../../db/import/places/store";
import type { PlaceInput } from "../../db/import/places/types";
import { CityIndex, type IndexedCity } from "../cities";
import { corroborated, oneOfEachName, PlacesService } from "./service";
import { migratedDatabase } from "../../db/testing-template";

/** Downtown Las Vegas, as the city index has it, for the ranking tests. */
const vegas: IndexedCity = {
  id: 2,
  name: "Las Vegas",
  stateCode: "NV",
  stateName: "Nevada",
  population: 600_000,
  latitude: 36.1716,
  longitude: -115.1391,
  countyName: "Clark",
  timezone: "America/Los_Angeles",
  ranking: 1,
  zips: "89101",
};

const row = (id: number, title_key: string, state_code: string, latitude: number, longitude: number) => ({
  r: { id, title_key, state_code, latitude, longitude } as unknown as Row,
});

test("a list shows a place once: the same name under 100 m apart (two states' records near their border) is the first-ranked row only", () => {
  const ranked = [
    row(1, "kotobuki", "DC", 38.90531, -77.06627), // DC's open data
    row(2, "little china cafe", "DC", 38.9, -77.03),
    row(3, "kotobuki", "VA", 38.90532, -77.06628), // OpenStreetMap's record of the same restaurant, filed under Virginia
    row(4, "kotobuki", "DC", 38.907, -77.06627), // ~190 m north: another place of that name
    row(5, "little china", "DC", 38.9, -77.03), // another name at the same spot
    row(6, "", "DC", 38.9, -77.03), // names of no Latin letters have no key: never the same place by name
    row(7, "", "DC", 38.9, -77.03),
  ];
  expect(oneOfEachName(ranked).map(({ r }) => Number(r.id))).toEqual([1, 2, 4, 5, 6, 7]);
});

test("one museum that two datasets put at points of its block 150 m apart, at one street address, is one row; 'Childrens' and 'Children's' are one name", () => {
  const at = (id: number, title_key: string, address: string | null, latitude: number) => ({
    r: { id, title_key, address, latitude, longitude: -115.1392 } as unknown as Row,
  });
  const ranked = [
    at(1, "las vegas natural history museum", "900 Las Vegas Blvd N", 36.1815),
    at(2, "lied discovery childrens museum", "833 Las Vegas Blvd N", 36.1808),
    at(3, "las vegas natural history museum", "900 Las Vegas Boulevard North", 36.18285), // ~150 m north, the same address written out
    at(4, "lied discovery children s museum", "833 Las Vegas Blvd N", 36.18215), // ~150 m north
    at(5, "starbucks", "3600 Las Vegas Blvd S", 36.1815),
    at(6, "starbucks", "3700 Las Vegas Blvd S", 36.18285), // 150 m away, another address: another shop
    at(7, "las vegas natural history museum", "900 Las Vegas Blvd N", 36.215), // over a mile away: not the same
    at(8, "starbucks", null, 36.1845), // no address, 185 m from the nearer: another shop
  ];
  expect(oneOfEachName(ranked).map(({ r }) => Number(r.id))).toEqual([1, 2, 5, 6, 7, 8]);
});

test("nearby, food, local gems and a search in a border city list a restaurant filed under two states once", async () => {
  const database = await migratedDatabase("ls-lists-");
  const washington: IndexedCity = {
    id: 1,
    name: "Washington",
    stateCode: "DC",
    stateName: "District of Columbia",
    population: 700_000,
    latitude: 38.89511,
    longitude: -77.03637,
    countyName: "District of Columbia",
    timezone: "America/New_York",
    ranking: 1,
    zips: "20001",
  };
  const place = (over: Partial<PlaceInput>): PlaceInput => ({
    source: "a",
    sourceId: "1",
    categoryId: 10,
    kind: "restaurant",
    title: "Kotobuki",
    stateCode: "DC",
    latitude: 38.90531,
    longitude: -77.06627,
    ...over,
  });
  await importDatasetState(
    database.client,
    {
      key: "dc",
      licence: "CC-BY-4.0",
      read: () => [
        place({ source: "dc" }),
        place({ source: "dc", sourceId: "2", title: "Little China Cafe", latitude: 38.9 }),
      ],
    },
    "DC",
  );
  await importDatasetState(
    database.client,
    {
      key: "osm",
      licence: "ODbL-1.0",
      read: () => [place({ source: "osm", stateCode: "VA", latitude: 38.90532, longitude: -77.06628 })],
    },
    "VA",
  );
  expect(
    Number((await database.client.execute("SELECT count(*) AS n FROM places WHERE title = 'Kotobuki'")).rows[0]!.n),
  ).toBe(2);
  const service = new PlacesService(database.client, new CityIndex([washington]), async () => {});
  for (const list of [
    await service.page(washington, "nearby", 12, 0),
    await service.byCategory(washington, 10, 12, 0),
    await service.page(washington, "local-gems", 12, 0),
  ]) {
    expect(list.map((p) => p.title).sort()).toEqual(["Kotobuki", "Little China Cafe"]);
  }
  // A search in the city answers the place once too.
  expect((await service.search("Kotobuki", washington, 10)).map((p) => p.title)).toEqual(["Kotobuki"]);
  // A row cache too small to hold a row still answers every place of the page (a row put in the cache is not
  // read back from it).
  const starved = new PlacesService(database.client, new CityIndex([washington]), async () => {}, {}, 1);
  const first = (await starved.page(washington, "nearby", 12, 0)).map((p) => p.title);
  expect([...first].sort()).toEqual(["Kotobuki", "Little China Cafe"]);
  expect((await starved.page(washington, "nearby", 12, 0)).map((p) => p.title)).toEqual(first);
  expect((await starved.page(washington, "nearby", 12, 1)).map((p) => p.title)).toEqual(first.slice(1));
  database.close();
});

test("featured never groups two sights whose names have no Latin letters (no key) as one", () => {
  const sight = (id: number, title: string) =>
    ({
      id,
      title,
      title_key: "",
      category_id: 8,
      kind: "temple",
      notability: 2,
      quality: 1,
      latitude: 21.3,
      longitude: -157.85,
      tags: null,
      description: null,
      wikidata: null,
      address: null,
    }) as unknown as Row;
  expect(
    corroborated([sight(1, "平等院"), sight(2, "出雲大社")])
      .map(({ r }) => Number(r.id))
      .sort(),
  ).toEqual([1, 2]);
});

test("within a distance band, local food comes before a chain's, even one whose record has more fields", async () => {
  const database = await migratedDatabase("ls-chains-");
  const food = (over: Partial<PlaceInput>): PlaceInput => ({
    source: "a",
    sourceId: "1",
    categoryId: 10,
    kind: "restaurant",
    title: "Tacos Mexico",
    stateCode: "NV",
    latitude: 36.1716,
    longitude: -115.1391,
    ...over,
  });
  await importDatasetState(
    database.client,
    {
      key: "a",
      licence: "CC0-1.0",
      read: () => [
        food({
          sourceId: "1",
          title: "Starbucks",
          kind: "cafe",
          latitude: 36.175,
          phone: "(702) 555-0101",
          website: "https://www.starbucks.com",
        }),
        food({ sourceId: "2", title: "Tacos Mexico", latitude: 36.18 }),
      ],
    },
    "NV",
  );
  const service = new PlacesService(database.client, new CityIndex([vegas]), async () => {});
  expect((await service.byCategory(vegas, 10, 12, 0)).map((p) => [p.title, p.local])).toEqual([
    ["Tacos Mexico", true],
    ["Starbucks", false],
  ]);
  database.close();
});

test("a chain once per distance band: its other branches follow the band's other chains (not four of one on a page)", async () => {
  const database = await migratedDatabase("ls-branches-");
  const food = (sourceId: string, title: string, latitude: number): PlaceInput => ({
    source: "a",
    sourceId,
    categoryId: 10,
    kind: "restaurant",
    title,
    stateCode: "NV",
    latitude,
    longitude: -115.1391,
  });
  await importDatasetState(
    database.client,
    {
      key: "a",
      licence: "CC0-1.0",
      read: () => [
        // Branches ~0.4 mi apart (not one place twice), all within the first mile.
        food("1", "Starbucks", 36.1726),
        food("2", "Starbucks", 36.1786),
        food("3", "Starbucks", 36.1846),
        food("4", "Wendy's", 36.1858),
        food("5", "Tacos Mexico", 36.1766),
      ],
    },
    "NV",
  );
  const service = new PlacesService(database.client, new CityIndex([vegas]), async () => {});
  expect((await service.byCategory(vegas, 10, 12, 0)).map((p) => p.title)).toEqual([
    "Tacos Mexico",
    "Starbucks",
    "Wendy's",
    "Starbucks",
    "Starbucks",
  ]);
  database.close();
});

test("within a distance band, the 2011 business dump's company names ('… Inc', '… Svc') follow the places; a museum's legal name does not", async () => {
  const database = await migratedDatabase("ls-companies-");
  const place = (over: Partial<PlaceInput>): PlaceInput => ({
    source: "wof-simplegeo",
    sourceId: "1",
    categoryId: 9,
    kind: "theater",
    title: "x",
    stateCode: "NV",
    latitude: 36.1716,
    longitude: -115.1391,
    observedAt: "2011",
    ...over,
  });
  await importDatasetState(
    database.client,
    {
      key: "wof-simplegeo",
      licence: "CC0-1.0",
      read: () => [
        // The company's record has more fields, so quality alone put it first.
        place({
          sourceId: "1",
          title: "World Entertainment Ctr Inc",
          latitude: 36.172,
          phone: "(702) 555-0101",
          website: "https://example.com",
          address: "1 Main St",
        }),
        place({ sourceId: "2", title: "Ivy Music", latitude: 36.175 }),
      ],
    },
    "NV",
  );
  await importDatasetState(
    database.client,
    {
      key: "imls-museums",
      licence: "Public domain",
      read: () => [
        {
          source: "imls-museums",
          sourceId: "3",
          categoryId: 9,
          kind: "art museum",
          title: "Desert Art Museum Inc",
          stateCode: "NV",
          latitude: 36.176,
          longitude: -115.1391,
          phone: "(702) 555-0102",
          website: "https://example.org",
          address: "2 Main St",
        },
      ],
    },
    "NV",
  );
  const service = new PlacesService(database.client, new CityIndex([vegas]), async () => {});
  // The museum shows under its own name, its legal suffix off.
  expect((await service.byCategory(vegas, 9, 12, 0)).map((p) => p.title)).toEqual([
    "Desert Art Museum",
    "Ivy Music",
    // A company's name keeps its suffix (no sight word: the import leaves it whole), and it follows the places.
    "World Entertainment Ctr Inc",
  ]);
  database.close();
});
