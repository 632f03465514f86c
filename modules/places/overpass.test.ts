import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openDatabase, type Database } from "../../db/client";
import { migrate } from "../../db/migrate";
import { PlacesService } from ".";
import { createApp } from "../../src/app";
import { bootServices } from "../../src/boot";
import { loadConfig } from "../../src/config";
import { freshDatabase, silentLog, testAssets, testServices } from "../../src/testing";
import { categoryFromOsmTags } from "../../db/import/places/osm-tags";
import {
  importOverpassElements,
  OVERPASS_SOURCE,
  OverpassSource,
  placesFromElements,
  type OverpassOptions,
} from "./overpass";
import { parseOverpassAnswer, QUERY_TAGS } from "./overpass-query";
import { overpassSamples, startOverpassTestServer, type OverpassTestServer } from "./overpass-test-server";
import { importDatasetState } from "../../db/import/places/store";
import type { PlaceInput } from "../../db/import/places/types";
import { testDir } from "../../db/testing-template";

const { cityIndex } = await testServices();
const dir = testDir("ls-overpass-");
const city = (name: string, state: string) => cityIndex.find(name, state)!;

let server: OverpassTestServer;
beforeAll(async () => {
  server = await startOverpassTestServer();
});
afterAll(() => server.stop());

/** Haversine written out by hand, independent of the service's helper. */
function handMiles(lat1: number, lon1: number, lat2: number, lon2: number) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * 3958.7613 * Math.asin(Math.sqrt(h));
}

/** Two bundled-style places right by a city's centre: what "the store has" in fallback tests. */
function seedNear(c: { latitude: number; longitude: number; stateCode: string }): PlaceInput[] {
  return [
    {
      source: "seed",
      sourceId: "1",
      categoryId: 10,
      kind: "restaurant",
      title: "Seeded Supper Club",
      stateCode: c.stateCode,
      latitude: c.latitude + 0.001,
      longitude: c.longitude,
    },
    {
      source: "seed",
      sourceId: "2",
      categoryId: 9,
      kind: "museum",
      title: "Seeded Town Museum",
      stateCode: c.stateCode,
      latitude: c.latitude,
      longitude: c.longitude + 0.002,
    },
  ];
}

/**
 * A places store of its own (temp database, no bundled datasets), an Overpass source pointed at `url`,
 * and the whole app around them, wired as src/boot.ts wires them.
 */
async function stack(
  options: {
    url?: string;
    database?: Database;
    seed?: PlaceInput[];
    waitMs?: number;
    source?: Partial<OverpassOptions>;
  } = {},
) {
  const database = options.database ?? (await openDatabase(`file:${join(dir, `${crypto.randomUUID()}.db`)}`));
  await migrate(database.client);
  if (options.seed?.length) {
    const rows = options.seed;
    await importDatasetState(
      database.client,
      { key: "seed", licence: "CC0-1.0", read: () => rows },
      rows[0]!.stateCode,
      { rows },
    );
  }
  const log = silentLog();
  let places: PlacesService | undefined;
  const source = options.url
    ? new OverpassSource(database.client, cityIndex, {
        url: options.url,
        log,
        minGapMs: 0,
        requestTimeoutMs: 2_000,
        onImported: () => places?.invalidate(),
        ...options.source,
      })
    : undefined;
  places = new PlacesService(database.client, cityIndex, async () => {}, { source, waitMs: options.waitMs ?? 4_000 });
  const config = loadConfig({ NODE_ENV: "test", ...(options.url ? { OVERPASS_URL: options.url } : {}) });
  const app = createApp({ config, database, cityIndex, places, assets: testAssets, log });
  const get = async (path: string) => {
    const response = await app.handle(new Request(`http://localhost${path}`));
    return { status: response.status, body: (await response.json()) as any };
  };
  const fetches = async () =>
    (await database.client.execute("SELECT * FROM overpass_fetches ORDER BY city_key")).rows.map((r) => ({ ...r }));
  const counts = async () => {
    const out: number[] = [];
    for (const table of ["places", "place_sources", "places_rtree"])
      out.push(Number((await database.client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n));
    return out;
  };
  return { database, places, source: source!, log, get, fetches, counts };
}

const qs = (name: string, state: string) => `city=${encodeURIComponent(name)}&state=${state}`;

describe("a thin city gets live OpenStreetMap places", () => {
  test("Chicago on an empty store: /api/places/nearby answers Overpass places with ODbL provenance, true distances, and the fetch is recorded", async () => {
    server.mode = "ok";
    const before = server.requests.length;
    const s = await stack({ url: server.url });
    const chicago = city("Chicago", "IL");
    const { status, body } = await s.get(`/api/places/nearby?${qs("Chicago", "IL")}&count=50`);
    expect(status).toBe(200);
    expect(body).toHaveLength(50);
    for (const place of body) {
      expect(place.source).toBe("osm-overpass");
      expect(place.licence).toBe("ODbL-1.0");
      // Same-name features under 100 m apart are one place listing each (the merge rule, decision 023).
      expect(place.sources).toContainEqual({
        source: "osm-overpass",
        sourceId: place.sourceId,
        licence: "ODbL-1.0",
        observedAt: new Date().toISOString().slice(0, 10),
      });
      for (const s of place.sources)
        expect(s).toMatchObject({
          source: "osm-overpass",
          licence: "ODbL-1.0",
          observedAt: new Date().toISOString().slice(0, 10),
        });
      expect(place.sourceId).toMatch(/^(node|way|relation)\/\d+$/);
      expect(place.distance).toBeCloseTo(
        handMiles(chicago.latitude, chicago.longitude, place.latitude, place.longitude),
        1,
      );
    }

    // One request, shaped as Overpass expects.
    expect(server.requests.length).toBe(before + 1);
    const sent = server.requests.at(-1)!;
    expect(sent.method).toBe("POST");
    expect(sent.contentType).toContain("application/x-www-form-urlencoded");
    expect(sent.userAgent).toStartWith("LocalScope/");
    expect(sent.query).toContain("[out:json]");
    expect(sent.query).toContain("out center tags;");
    expect(sent.query).toContain(`around:8047,${chicago.latitude.toFixed(6)},${chicago.longitude.toFixed(6)}`);

    // Ways come with their centre; tags kept (hours, website, wikidata).
    const search = await s.get(`/api/places/search?q=Millennium%20Park&${qs("Chicago", "IL")}`);
    const park = search.body.find((p: any) => p.title === "Millennium Park");
    expect(park).toMatchObject({ source: "osm-overpass", licence: "ODbL-1.0", categoryId: 9 });
    expect(park.sourceId).toMatch(/^(way|relation)\//);

    const [row] = await s.fetches();
    expect(row).toMatchObject({ city_key: `IL/Chicago/${chicago.id}`, status: "ok" });
    expect(Number(row!.places)).toBeGreaterThan(50);
  }, 120_000);

  test("a second request does not query Overpass again: other lists, another process over the same database", async () => {
    server.mode = "ok";
    const paradise = city("Paradise", "NV");
    const s = await stack({ url: server.url });
    const before = server.requests.length;
    const first = await s.get(`/api/places/nearby?${qs("Paradise", "NV")}&count=12`);
    expect(first.body.map((p: any) => p.title).sort()).toEqual(["Test Diner", "Test Park"]); // the fixture's two named places
    const diner = first.body.find((p: any) => p.title === "Test Diner");
    expect(diner).toMatchObject({
      categoryId: 10,
      address: "1 Main St",
      openingHours: "Mo-Su 08:00-22:00",
      sourceId: "node/1001",
      source: "osm-overpass",
    });
    expect(typeof diner.openNow).toBe("boolean");
    expect(server.requests.length).toBe(before + 1);

    // Still thin (2 places), yet not asked again: other lists, a fresh page, a restart.
    for (const path of [
      `/api/places/local-gems?${qs("Paradise", "NV")}&local=true`,
      `/api/places/featured?${qs("Paradise", "NV")}`,
      `/api/places/category/11?${qs("Paradise", "NV")}`,
    ]) {
      expect((await s.get(path)).status).toBe(200);
    }
    const restarted = await stack({ url: server.url, database: s.database });
    const again = await restarted.get(`/api/places/nearby?${qs("Paradise", "NV")}&count=12`);
    expect(again.body).toHaveLength(2);
    await restarted.source.ensureCity(paradise);
    expect(server.requests.length).toBe(before + 1);
  }, 120_000);

  test("concurrent list requests for the same city share one fetch", async () => {
    server.mode = "slow";
    server.delayMs = 200;
    // What is shared is the fetch, not the wait bound (tests of their own): on a busy machine importing the fetched
    // places took longer than the 4 s a list waits, and the lists fell back to the (empty) store.
    const s = await stack({ url: server.url, waitMs: 30_000 });
    const before = server.requests.length;
    const q = qs("Boston", "MA");
    const answers = await Promise.all(
      [
        `/api/places/nearby?${q}`,
        `/api/places/nearby?${q}&offset=12`,
        `/api/places/featured?${q}`,
        `/api/places/local-gems?${q}&local=true`,
        `/api/places/category/9?${q}`,
        `/api/activities/Boston/MA`,
      ].map((p) => s.get(p)),
    );
    server.mode = "ok";
    expect(server.requests.length).toBe(before + 1);
    for (const a of answers) expect(a.status).toBe(200);
    expect(answers[0]!.body).toHaveLength(12);
    expect(answers[1]!.body).toHaveLength(12);
    expect(answers[0]!.body[0].source).toBe("osm-overpass");
  }, 120_000);

  test("a city with enough places in the store is never sent to Overpass", async () => {
    server.mode = "ok";
    const paradise = city("Paradise", "NV");
    const many: PlaceInput[] = Array.from({ length: 24 }, (_, i) => ({
      source: "seed",
      sourceId: `m${i}`,
      categoryId: 10,
      kind: "restaurant",
      title: `Seeded Diner ${i}`,
      stateCode: "NV",
      latitude: paradise.latitude + i * 0.001,
      longitude: paradise.longitude,
    }));
    const s = await stack({ url: server.url, seed: many });
    const before = server.requests.length;
    const { body } = await s.get(`/api/places/nearby?${qs("Paradise", "NV")}&count=50`);
    expect(body).toHaveLength(24);
    expect(body.every((p: any) => p.source === "seed")).toBe(true);
    expect(server.requests.length).toBe(before);
    expect(await s.fetches()).toEqual([]);
  });
});

describe("failures fall back to what the store has", () => {
  test("a hanging server: the list answers within the wait bound with the store's places; the request is then aborted and recorded as failed", async () => {
    server.mode = "hang";
    const boston = city("Boston", "MA");
    const s = await stack({
      url: server.url,
      seed: seedNear(boston),
      waitMs: 300,
      source: { requestTimeoutMs: 1_500 },
    });
    const before = server.requests.length;
    const started = Date.now();
    const { status, body } = await s.get(`/api/places/nearby?${qs("Boston", "MA")}`);
    const waited = Date.now() - started;
    expect(status).toBe(200);
    expect(body.map((p: any) => p.title).sort()).toEqual(["Seeded Supper Club", "Seeded Town Museum"]);
    expect(waited).toBeLessThan(1_500); // answered before the Overpass request itself gave up
    // The one request reaches the hanging server (on a loaded machine it may arrive after the list has answered).
    await server.received(before + 1);
    expect(server.requests.length).toBe(before + 1);

    await s.source.ensureCity(boston); // the same pending fetch, until it is aborted
    server.mode = "ok";
    const [row] = await s.fetches();
    expect(row).toMatchObject({ status: "failed", places: 0 });
    expect(String(row!.message)).toContain("timed out after 1.5 s");
    expect(s.log.lines.some((l) => l.includes("Overpass: no live places for Boston, MA (timed out"))).toBe(true);

    // Within the hour after a failure the city is not asked again; the store's places are served.
    const again = await s.get(`/api/places/nearby?${qs("Boston", "MA")}&count=5`);
    expect(again.body).toHaveLength(2);
    expect(server.requests.length).toBe(before + 1);
  }, 120_000);

  test("a slow server: the first answer is the store's, the import lands in the background and the next answer has it", async () => {
    server.mode = "slow";
    server.delayMs = 600;
    const boston = city("Boston", "MA");
    const s = await stack({ url: server.url, seed: seedNear(boston), waitMs: 100 });
    const first = await s.get(`/api/places/nearby?${qs("Boston", "MA")}&count=12`);
    expect(first.body.map((p: any) => p.source)).toEqual(["seed", "seed"]);
    await s.source.ensureCity(boston);
    server.mode = "ok";
    const second = await s.get(`/api/places/nearby?${qs("Boston", "MA")}&count=12`);
    expect(second.body).toHaveLength(12);
    expect(second.body.some((p: any) => p.source === "osm-overpass")).toBe(true);
    expect((await s.fetches())[0]).toMatchObject({ status: "ok" });
  }, 120_000);

  const refusedUrl = async () => {
    const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
    const url = `http://127.0.0.1:${probe.port}/api/interpreter`;
    probe.stop(true);
    return url;
  };
  const cases: Array<[string, () => Promise<string>, RegExp]> = [
    ["an HTTP 500", async () => ((server.mode = "error"), server.url), /^HTTP 500: The server is probably too busy/],
    ["an answer that is not JSON", async () => ((server.mode = "garbage"), server.url), /not JSON/],
    ["a runtime-error remark", async () => ((server.mode = "remark"), server.url), /runtime error: Query timed out/],
    ["a refused connection", refusedUrl, /./],
  ];
  for (const [name, setup, expected] of cases) {
    test(`${name}: 200 with the store's places, recorded as failed, a warning logged`, async () => {
      const url = await setup();
      const paradise = city("Paradise", "NV");
      const s = await stack({ url, seed: seedNear(paradise) });
      const { status, body } = await s.get(`/api/places/nearby?${qs("Paradise", "NV")}`);
      server.mode = "ok";
      expect(status).toBe(200);
      expect(body.map((p: any) => p.title).sort()).toEqual(["Seeded Supper Club", "Seeded Town Museum"]);
      const [row] = await s.fetches();
      expect(row).toMatchObject({ status: "failed", places: 0 });
      expect(String(row!.message)).toMatch(expected);
      expect(s.log.lines.filter((l) => l.startsWith("Overpass: no live places for Paradise, NV"))).toHaveLength(1);
    }, 120_000);
  }
});

describe("caching, rate limit, idempotence", () => {
  test("a failed city is asked again after an hour, a fetched thin city after a week, not before", async () => {
    let now = Date.parse("2026-03-01T12:00:00Z");
    const paradise = city("Paradise", "NV");
    const s = await stack({ url: server.url, source: { now: () => now } });
    const before = server.requests.length;
    const asked = () => server.requests.length - before;

    server.mode = "error";
    await s.source.ensureCity(paradise);
    expect(asked()).toBe(1);
    server.mode = "ok";
    now += 59 * 60_000;
    await s.source.ensureCity(paradise);
    expect(asked()).toBe(1);
    now += 2 * 60_000;
    await s.source.ensureCity(paradise);
    expect(asked()).toBe(2);
    expect((await s.fetches())[0]).toMatchObject({
      status: "ok",
      places: 2,
      message: expect.stringContaining("imported 2 new"),
    });
    const counts = await s.counts();

    now += 6 * 24 * 3600_000;
    await s.source.ensureCity(paradise);
    expect(asked()).toBe(2);
    now += 2 * 24 * 3600_000;
    await s.source.ensureCity(paradise);
    expect(asked()).toBe(3);
    // The same answer imported a second time: same rows, updated in place.
    expect(await s.counts()).toEqual(counts);
    expect((await s.fetches())[0]).toMatchObject({
      status: "ok",
      message: expect.stringContaining("imported 0 new, updated 2"),
    });
  }, 120_000);

  test("running the import twice leaves the same row count (places, source links, spatial index)", async () => {
    const s = await stack();
    const chicago = city("Chicago", "IL");
    const elements = parseOverpassAnswer(JSON.stringify({ elements: await overpassSamples() }));
    const first = await importOverpassElements(s.database.client, cityIndex, chicago, elements);
    const written = first.reduce((n, x) => n + x.inserted + x.merged, 0);
    expect(first.reduce((n, x) => n + x.inserted, 0)).toBeGreaterThan(300);
    const counts = await s.counts();
    const second = await importOverpassElements(s.database.client, cityIndex, chicago, elements);
    expect(second.reduce((n, x) => n + x.inserted + x.merged, 0)).toBe(0);
    expect(second.reduce((n, x) => n + x.updated, 0)).toBe(written); // every record found again by its OSM id
    expect(await s.counts()).toEqual(counts);
    // Places land in their own state (addr:state or the nearest city), not the asking city's.
    expect(first.map((x) => x.stateCode).sort()).toEqual(expect.arrayContaining(["IL", "MA", "NV"]));
  }, 120_000);

  test("an Overpass place and the same place from a bundled dataset within 50 m become one place listing both sources", async () => {
    const paradise = city("Paradise", "NV");
    const bundled: PlaceInput[] = [
      {
        source: "seed",
        sourceId: "d",
        categoryId: 10,
        kind: "restaurant",
        title: "TEST DINER",
        stateCode: "NV",
        latitude: 36.1149,
        longitude: -115.1728,
      },
    ];
    const s = await stack({ url: server.url, seed: bundled });
    server.mode = "ok";
    await s.source.ensureCity(paradise);
    const { body } = await s.get(`/api/places/search?q=diner&${qs("Paradise", "NV")}`);
    expect(body).toHaveLength(1);
    expect(body[0].sources.map((x: any) => x.source)).toEqual(["seed", "osm-overpass"]);
    expect(body[0].openingHours).toBe("Mo-Su 08:00-22:00"); // blank filled from OSM
  });

  test("one request at a time per Overpass server, with the minimum gap between them", async () => {
    const own = await startOverpassTestServer({ mode: "slow", delayMs: 150 });
    try {
      const cities = [city("Chicago", "IL"), city("Boston", "MA"), city("Paradise", "NV")];
      // Three separate stores (three sources) in one process share the server's limiter.
      const stacks = await Promise.all(cities.map(() => stack({ url: own.url, source: { minGapMs: 300 } })));
      await Promise.all(stacks.map((s, i) => s.source.ensureCity(cities[i]!)));
      expect(own.requests).toHaveLength(3);
      expect(own.maxInFlight).toBe(1);
      for (let i = 1; i < own.requests.length; i++) {
        expect(own.requests[i]!.startedAt - own.requests[i - 1]!.endedAt!).toBeGreaterThanOrEqual(290);
      }
    } finally {
      await own.stop();
    }
  }, 120_000);
});

describe("wiring", () => {
  test("bootServices: with OVERPASS_URL a thin city is sent to Overpass; without it nothing is queried", async () => {
    // Colstrip, MT has five bundled places within 5 miles. Montana is in the e2e template (one of the browsed
    // states), so neither boot imports a state (with no template it is imported on demand, as in a server).
    const run = async (url: string | undefined) => {
      const log = silentLog();
      const booted = await bootServices(
        {
          DATABASE_URL: `file:${freshDatabase(dir, undefined, "e2e")}`,
          DATABASE_AUTH_TOKEN: undefined,
          OVERPASS_URL: url,
        },
        log,
      );
      const app = createApp({
        ...booted,
        config: loadConfig({ NODE_ENV: "test", ...(url ? { OVERPASS_URL: url } : {}) }),
        assets: testAssets,
        log,
      });
      const response = await app.handle(
        new Request("http://localhost/api/places/nearby?city=Colstrip&state=MT&count=5"),
      );
      const body = (await response.json()) as any[];
      const fetches = (await booted.database.client.execute("SELECT status FROM overpass_fetches")).rows.map(
        (r) => r.status,
      );
      booted.database.close();
      return { status: response.status, body, fetches };
    };
    server.mode = "ok";
    const before = server.requests.length;
    const without = await run(undefined);
    expect(without.status).toBe(200);
    expect(without.body.length).toBeGreaterThan(0);
    expect(without.fetches).toEqual([]);
    expect(server.requests.length).toBe(before);

    const withUrl = await run(server.url);
    expect(withUrl.status).toBe(200);
    expect(withUrl.body.map((p) => p.id)).toEqual(without.body.map((p) => p.id)); // the samples have nothing in Montana
    expect(withUrl.fetches).toEqual(["ok"]);
    expect(server.requests.length).toBe(before + 1);
  }, 120_000);

  test("/about lists the live OpenStreetMap source with its ODbL attribution", async () => {
    const s = await stack();
    const html = await (
      await createApp({
        config: loadConfig({ NODE_ENV: "test" }),
        database: s.database,
        cityIndex,
        places: s.places,
        assets: testAssets,
        log: silentLog(),
      }).handle(new Request("http://localhost/about"))
    ).text();
    expect(html).toContain(OVERPASS_SOURCE.name);
    expect(html).toContain("© OpenStreetMap contributors. Places fetched live");
  });
});

describe("query and mapping", () => {
  test("every tag the query asks for maps to a category", () => {
    for (const [key, values] of Object.entries(QUERY_TAGS)) {
      for (const value of values === "*" ? ["yes", "something"] : values) {
        expect({ key, value, category: categoryFromOsmTags({ [key]: value }) }).toMatchObject({
          category: expect.any(Object),
        });
      }
    }
  });

  test("elements: nodes by lat/lon, ways by centre, no position or outside the US skipped, addr:state wins", () => {
    const results = placesFromElements(
      [
        {
          type: "node",
          id: 1,
          lat: 36.1,
          lon: -115.1,
          tags: { name: "A Café", amenity: "cafe", website: "a.example" },
        },
        { type: "way", id: 2, center: { lat: 36.2, lon: -115.2 }, tags: { name: "A Park", leisure: "park" } },
        { type: "way", id: 3, tags: { name: "No Centre", leisure: "park" } },
        { type: "node", id: 4, lat: 48.85, lon: 2.35, tags: { name: "Paris Café", amenity: "cafe" } },
        { type: "node", id: 5, lat: 36.1, lon: -115.1, tags: { name: "Lot", amenity: "parking" } },
        {
          type: "node",
          id: 6,
          lat: 41.88,
          lon: -87.63,
          tags: { name: "Tagged Elsewhere", amenity: "bar", "addr:state": "in" },
        },
      ],
      cityIndex,
      "NV",
    );
    expect(results[0]).toMatchObject({
      source: "osm-overpass",
      sourceId: "node/1",
      stateCode: "NV",
      categoryId: 10,
      website: "https://a.example/",
    });
    expect(results[1]).toMatchObject({ sourceId: "way/2", latitude: 36.2, longitude: -115.2, categoryId: 9 });
    expect(results[2]).toEqual({ skip: "no coordinates" });
    expect(results[3]).toEqual({ skip: "no coordinates" });
    expect(results[4]).toEqual({ skip: "not a traveller's place (tags)" });
    expect(results[5]).toMatchObject({ stateCode: "IN" });
  });

  test("answers that are not Overpass JSON are refused with a short reason", () => {
    expect(() => parseOverpassAnswer("<html>busy</html>")).toThrow(/not JSON/);
    expect(() => parseOverpassAnswer('{"foo":1}')).toThrow(/no elements/);
    expect(() => parseOverpassAnswer('{"elements":[],"remark":"runtime error: out of memory"}')).toThrow(
      /out of memory/,
    );
    expect(parseOverpassAnswer('{"elements":[{"type":"node","id":1},{"type":"area","id":2},null]}')).toHaveLength(1);
  });
});
