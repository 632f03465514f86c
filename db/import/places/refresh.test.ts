/**
 * Operator refresh end to end (docs/decisions/024-places-operations.md): the import scripts against a loopback HTTP server that
 * serves files this test builds itself (a tiny .osm.pbf through osmium, a tiny GeoParquet through DuckDB).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DuckDBInstance } from "@duckdb/node-api";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../client";
import { migrate } from "../../migrate";
import { extractUrl, GEOFABRIK_URL } from "./osm-refresh";
import { categoryFromOverture } from "./overture";
import { removeStaleRecords } from "./replace";
import { importDatasetState } from "./store";
import type { PlaceInput } from "./types";
import { freshDatabase, testDir } from "../../testing-template";
import { runScript } from "./testing";

const dir = testDir("ls-refresh-");
/** Files the loopback server serves, by path; swapped between runs to play "the data changed". */
const served = new Map<string, string>();
let server: ReturnType<typeof Bun.serve>;
let base = "";

beforeAll(() => {
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const file = served.get(new URL(request.url).pathname);
      if (!file) return new Response("not found", { status: 404 });
      return new Response(readFileSync(file), { headers: { "last-modified": "Tue, 18 Nov 2025 10:00:00 GMT" } });
    },
  });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server?.stop(true));

async function rows(databaseFile: string, sql: string) {
  const database = await openDatabase(`file:${databaseFile}`);
  try {
    return (await database.client.execute(sql)).rows;
  } finally {
    database.close();
  }
}

// Austin, TX and Oklahoma City, OK.
const osmXml = (version: 1 | 2) => `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6" generator="test">
${version === 1 ? `<node id="1" version="1" lat="30.2672" lon="-97.7431"><tag k="amenity" v="cafe"/><tag k="name" v="Refresh Bean Cafe"/><tag k="phone" v="512-555-0101"/><tag k="website" v="bean.example"/></node>` : ""}
<node id="2" version="1" lat="30.2680" lon="-97.7440"><tag k="amenity" v="cafe"/></node>
<node id="3" version="1" lat="30.2690" lon="-97.7450"><tag k="highway" v="bus_stop"/><tag k="name" v="Congress Stop"/></node>
<node id="5" version="1" lat="35.4676" lon="-97.5164"><tag k="amenity" v="restaurant"/><tag k="name" v="Sooner Diner"/></node>
${version === 2 ? `<node id="6" version="1" lat="30.2750" lon="-97.7400"><tag k="tourism" v="museum"/><tag k="name" v="Refresh Capitol Museum"/></node>` : ""}
<node id="11" version="1" lat="30.2600" lon="-97.7500"/>
<node id="12" version="1" lat="30.2600" lon="-97.7490"/>
<node id="13" version="1" lat="30.2610" lon="-97.7490"/>
<node id="14" version="1" lat="30.2610" lon="-97.7500"/>
<way id="10" version="1"><nd ref="11"/><nd ref="12"/><nd ref="13"/><nd ref="14"/><nd ref="11"/><tag k="tourism" v="hotel"/><tag k="name" v="${version === 1 ? "Refresh Lodge" : "Refresh Lodge &amp; Suites"}"/></way>
</osm>`;

function buildPbf(version: 1 | 2): string {
  const xml = join(dir, `texas-v${version}.osm`);
  const pbf = join(dir, `texas-v${version}.osm.pbf`);
  writeFileSync(xml, osmXml(version));
  // Version 1 carries a replication timestamp in its header, as Geofabrik's extracts do; version 2 none.
  const header = version === 1 ? ["--output-header=osmosis_replication_timestamp=2025-11-01T20:21:02Z"] : [];
  const convert = Bun.spawnSync(["osmium", "cat", xml, ...header, "-o", pbf, "-O"]);
  if (convert.exitCode !== 0) throw new Error(convert.stderr.toString());
  return pbf;
}

describe("import:osm --state", () => {
  test("extract URLs follow Geofabrik's layout", () => {
    expect(extractUrl(GEOFABRIK_URL, "NY")).toBe(
      "https://download.geofabrik.de/north-america/us/new-york-latest.osm.pbf",
    );
    expect(extractUrl(GEOFABRIK_URL, "DC")).toBe(
      "https://download.geofabrik.de/north-america/us/district-of-columbia-latest.osm.pbf",
    );
    expect(extractUrl("http://mirror.test/{CODE}/{code}.pbf", "TX")).toBe("http://mirror.test/TX/tx.pbf");
  });

  test("downloads the state's extract with a progress bar, keeps named POIs of the state, and a re-run replaces places gone from OSM", async () => {
    const db = freshDatabase(dir, "osm.db");
    served.set("/us/texas-latest.osm.pbf", buildPbf(1));
    const env = { OSM_EXTRACT_URL: `${base}/us/{state}-latest.osm.pbf` };
    const first = await runScript("import-osm.ts", ["--state", "tx"], `file:${db}`, env);
    expect(first.stderr).not.toContain("rror");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Download \[#+\] 100 %/);
    expect(first.stdout).toContain("Filtering to named places (osmium tags-filter)");
    expect(first.stdout).toMatch(/Import +\[#+\] 100 %/);
    // The extract's header date wins over the server's Last-Modified (2025-11-18).
    expect(first.stdout).toMatch(/OpenStreetMap TX \(data of 2025-11-01\): 2 new, 0 updated, 0 merged, 0 removed/);
    const v1 = await rows(
      db,
      "SELECT title, source_id, phone, website, state_code FROM places WHERE source = 'osm' ORDER BY title",
    );
    expect(v1.map((r) => [r.title, r.source_id, r.state_code])).toEqual([
      ["Refresh Bean Cafe", "node/1", "TX"],
      ["Refresh Lodge", "way/10", "TX"],
    ]);
    expect(v1[0]!.phone).toBe("(512) 555-0101");
    expect(v1[0]!.website).toBe("https://bean.example/");
    expect(
      (await rows(db, "SELECT version, rows FROM data_imports WHERE dataset = 'refresh:osm:TX'"))[0],
    ).toMatchObject({ version: "2025-11-01", rows: 2 });

    served.set("/us/texas-latest.osm.pbf", buildPbf(2));
    // Version 2 drops one of the two places: more than a fifth, so only with --force.
    const refused = await runScript("import-osm.ts", ["--state", "TX"], `file:${db}`, env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "Refused: this refresh would remove 1 of the 2 OpenStreetMap places in TX (50 %, more than 20 %); the new data has 2. Nothing was changed.",
    );
    expect(
      (await rows(db, "SELECT title FROM places WHERE source = 'osm' ORDER BY title")).map((r) => r.title),
    ).toEqual(["Refresh Bean Cafe", "Refresh Lodge"]);
    const second = await runScript("import-osm.ts", ["--state", "TX", "--force"], `file:${db}`, env);
    expect(second.code).toBe(0);
    // Version 2 has no header date: the server's Last-Modified is the data's date.
    expect(second.stdout).toMatch(
      /OpenStreetMap TX \(data of 2025-11-18\): 1 new, 1 updated, 0 merged, 1 removed \(gone from OSM\)/,
    );
    const v2 = await rows(db, "SELECT title FROM places WHERE source = 'osm' ORDER BY title");
    expect(v2.map((r) => r.title)).toEqual(["Refresh Capitol Museum", "Refresh Lodge & Suites"]);
    expect((await rows(db, "SELECT count(*) AS n FROM place_sources WHERE source = 'osm'"))[0]!.n).toBe(2);
  }, 600_000);

  test("a local file still works, and a missing extract is one clear error", async () => {
    const db = freshDatabase(dir, "osm-file.db");
    const local = await runScript("import-osm.ts", ["--state", "TX", buildPbf(1)], `file:${db}`);
    expect(local.code).toBe(0);
    expect(local.stdout).toMatch(/OpenStreetMap TX \(data of 2025-11-01\): 2 new/); // the extract header's date
    const missing = await runScript("import-osm.ts", ["--state", "TX"], `file:${db}`, {
      OSM_EXTRACT_URL: `${base}/nothing/{state}.osm.pbf`,
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`Download failed: ${base}/nothing/texas.osm.pbf answered HTTP 404`);
    const bad = await runScript("import-osm.ts", ["--state", "XX"], `file:${db}`);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--state needs a two-letter US state code");
  }, 600_000);
});

describe("replacing a source's rows", () => {
  test("a place another source also lists stays, with that source as its primary; one only this source knew goes", async () => {
    const database = await openDatabase(`file:${join(dir, "replace.db")}`);
    await migrate(database.client);
    const p = (over: Partial<PlaceInput>): PlaceInput => ({
      source: "osm",
      sourceId: "node/1",
      categoryId: 10,
      kind: "cafe",
      title: "Shared Cafe",
      stateCode: "TX",
      latitude: 30.27,
      longitude: -97.74,
      ...over,
    });
    const osmRows = [p({}), p({ sourceId: "node/2", title: "Only Osm Cafe", latitude: 30.28 })];
    await importDatasetState(database.client, { key: "osm", licence: "ODbL-1.0", read: () => osmRows }, "TX");
    const other = [p({ source: "city-food", sourceId: "a1", phone: "(512) 555-0199" })];
    await importDatasetState(database.client, { key: "city-food", licence: "Public domain", read: () => other }, "TX");
    expect(await removeStaleRecords(database.client, "osm", "TX", new Set())).toEqual({ deleted: 1, unlinked: 1 });
    const left = (await database.client.execute("SELECT title, source, source_id, licence, sources FROM places")).rows;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      title: "Shared Cafe",
      source: "city-food",
      source_id: "a1",
      licence: "Public domain",
    });
    expect(JSON.parse(String(left[0]!.sources))).toEqual([
      { source: "city-food", sourceId: "a1", licence: "Public domain", observedAt: null },
    ]);
    database.close();
  });
});

/** A WKB point as hex (little-endian), as GeoParquet stores geometry. */
function wkbHex(longitude: number, latitude: number) {
  const b = Buffer.alloc(21);
  b.writeUInt8(1, 0);
  b.writeUInt32LE(1, 1);
  b.writeDoubleLE(longitude, 5);
  b.writeDoubleLE(latitude, 13);
  return b.toString("hex");
}

async function buildParquet(
  path: string,
  places: Array<{
    id: string;
    name: string;
    category: string;
    confidence: number;
    lng: number;
    lat: number;
    region?: string;
    website?: string;
    phone?: string;
    address?: string;
  }>,
) {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  const q = (s: string | undefined) => (s === undefined ? "NULL" : `'${s.replace(/'/g, "''")}'`);
  const selects = places.map(
    (p) => `SELECT ${q(p.id)} AS id, from_hex('${wkbHex(p.lng, p.lat)}') AS geometry,
      {'xmin': ${p.lng}::FLOAT, 'xmax': ${p.lng}::FLOAT, 'ymin': ${p.lat}::FLOAT, 'ymax': ${p.lat}::FLOAT} AS bbox,
      {'primary': ${q(p.name)}} AS names, {'primary': ${q(p.category)}, 'alternate': []::VARCHAR[]} AS categories, ${p.confidence}::DOUBLE AS confidence,
      ${p.website ? `[${q(p.website)}]` : "[]"}::VARCHAR[] AS websites, ${p.phone ? `[${q(p.phone)}]` : "[]"}::VARCHAR[] AS phones,
      [{'freeform': ${q(p.address)}, 'locality': 'Austin', 'postcode': '78701', 'region': ${q(p.region)}, 'country': 'US'}] AS addresses`,
  );
  await connection.run(`COPY (${selects.join(" UNION ALL ")}) TO '${path}' (FORMAT parquet)`);
  connection.closeSync();
  instance.closeSync();
}

describe("import:overture --state", () => {
  test("given no file, it prints the exact download command with the state's box", async () => {
    const db = freshDatabase(dir, "overture-command.db");
    const result = await runScript("import-overture.ts", ["--state", "TX"], `file:${db}`);
    expect(result.code).toBe(2);
    const box = result.stderr.match(
      /overturemaps download --bbox=([-\d.]+),([-\d.]+),([-\d.]+),([-\d.]+) -f geoparquet --type=place -o places-tx\.parquet/,
    );
    expect(box).not.toBeNull();
    // The box holds Austin, El Paso and Brownsville (west, south, east, north).
    const [w, s, e, n] = box!.slice(1).map(Number) as [number, number, number, number];
    for (const [lat, lng] of [
      [30.27, -97.74],
      [31.76, -106.49],
      [25.93, -97.48],
    ] as const)
      expect(lng > w && lng < e && lat > s && lat < n).toBe(true);
    expect(result.stderr).toContain(
      "then: npm run import:overture -- --state TX places-tx.parquet --release YYYY-MM-DD",
    );
  }, 300_000);

  test("Overture categories map to ours; kinds a traveller does not look for are dropped", () => {
    expect(categoryFromOverture("mexican_restaurant")).toEqual({ categoryId: 10, kind: "mexican restaurant" });
    expect(categoryFromOverture("coffee_shop")?.categoryId).toBe(10);
    expect(categoryFromOverture("hotel")?.categoryId).toBe(11);
    expect(categoryFromOverture("campground")?.categoryId).toBe(11);
    expect(categoryFromOverture("art_museum")?.categoryId).toBe(9);
    expect(categoryFromOverture("historical_landmark")?.categoryId).toBe(8);
    expect(categoryFromOverture("bookstore")?.categoryId).toBe(12);
    expect(categoryFromOverture("auto_parts_store")).toBeNull();
    expect(categoryFromOverture("barber")).toBeNull();
    expect(categoryFromOverture("parking")).toBeNull();
    expect(categoryFromOverture(null)).toBeNull();
  });

  test("reads GeoParquet from a URL: confidence threshold, websites/phones/addresses kept, release recorded, re-run replaces", async () => {
    const db = freshDatabase(dir, "overture.db");
    mkdirSync(join(dir, "ov"), { recursive: true });
    const v1 = join(dir, "ov", "v1.parquet");
    await buildParquet(v1, [
      {
        id: "ov-cafe",
        name: "Overture Test Coffee",
        category: "coffee_shop",
        confidence: 0.95,
        lng: -97.7431,
        lat: 30.2672,
        region: "TX",
        website: "coffee.example",
        phone: "+1 512 555 0102",
        address: "100 Congress Ave",
      },
      { id: "ov-hotel", name: "Overture Test Inn", category: "hotel", confidence: 0.8, lng: -97.745, lat: 30.266 },
      {
        id: "ov-doubt",
        name: "Maybe Closed Grill",
        category: "restaurant",
        confidence: 0.3,
        lng: -97.744,
        lat: 30.268,
        region: "TX",
      },
      {
        id: "ov-garage",
        name: "Quick Auto Repair",
        category: "auto_repair",
        confidence: 0.9,
        lng: -97.744,
        lat: 30.269,
        region: "TX",
      },
      {
        id: "ov-ok",
        name: "Sooner Cafe",
        category: "cafe",
        confidence: 0.9,
        lng: -97.5164,
        lat: 35.4676,
        region: "OK",
      },
    ]);
    served.set("/release/2025-10-22.0/places-tx.parquet", v1);
    const first = await runScript(
      "import-overture.ts",
      ["--state", "TX", `${base}/release/2025-10-22.0/places-tx.parquet`],
      `file:${db}`,
    );
    expect(first.stderr).not.toContain("rror");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Download \[#+\] 100 %/);
    expect(first.stdout).toMatch(/Import +\[#+\] 100 % 4 rows of 4 rows/);
    expect(first.stdout).toContain(
      "Overture TX (release 2025-10-22, confidence ≥ 0.6): 2 new, 0 updated, 0 merged, 0 removed",
    );
    const got = await rows(
      db,
      "SELECT title, kind, category_id, website, phone, address, zip, licence, state_code FROM places WHERE source = 'overture' ORDER BY title",
    );
    expect(got.map((r) => ({ ...r }) as Record<string, unknown>)).toEqual([
      {
        title: "Overture Test Coffee",
        kind: "coffee shop",
        category_id: 10,
        website: "https://coffee.example/",
        phone: "(512) 555-0102",
        address: "100 Congress Ave",
        zip: "78701",
        licence: "CDLA-Permissive-2.0",
        state_code: "TX",
      },
      {
        title: "Overture Test Inn",
        kind: "hotel",
        category_id: 11,
        website: null,
        phone: null,
        address: null,
        zip: "78701",
        licence: "CDLA-Permissive-2.0",
        state_code: "TX",
      },
    ]);
    expect((await rows(db, "SELECT version FROM data_imports WHERE dataset = 'refresh:overture:TX'"))[0]!.version).toBe(
      "2025-10-22",
    );

    const v2 = join(dir, "ov", "v2.parquet");
    await buildParquet(v2, [
      {
        id: "ov-hotel",
        name: "Overture Test Inn",
        category: "hotel",
        confidence: 0.85,
        lng: -97.745,
        lat: 30.266,
        phone: "512-555-0103",
      },
    ]);
    // A path naming no release needs --release: the places' date is never made up.
    const undated = await runScript("import-overture.ts", ["--state", "TX", v2], `file:${db}`);
    expect(undated.code).toBe(2);
    expect(undated.stderr).toContain(
      "Say which Overture release this file is, e.g. --release 2025-10-22 (its path names none)",
    );
    const refused = await runScript(
      "import-overture.ts",
      ["--state", "TX", v2, "--release", "2025-11-19"],
      `file:${db}`,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Refused: this refresh would remove 1 of the 2 Overture places in TX (50 %");
    const second = await runScript(
      "import-overture.ts",
      ["--state", "TX", v2, "--release", "2025-11-19", "--force"],
      `file:${db}`,
    );
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(
      "Overture TX (release 2025-11-19, confidence ≥ 0.6): 0 new, 1 updated, 0 merged, 1 removed (gone from Overture)",
    );
    const after = await rows(db, "SELECT title, phone FROM places WHERE source = 'overture'");
    expect(after.map((r) => [r.title, r.phone])).toEqual([["Overture Test Inn", "(512) 555-0103"]]);
  }, 600_000);
});
