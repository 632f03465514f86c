/**
 * Refreshes that cannot destroy data: empty, truncated, wrong-state and hostile files are refused with exit 1
 * and leave the database exactly as it was; a file import stores no over-long text.
 */
import { describe, expect, test } from "bun:test";
import { DuckDBInstance } from "@duckdb/node-api";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../client";
import { migrate } from "../../migrate";
import { freshDatabase, testDir } from "../../testing-template";
import { runScript } from "./testing";
import { geojsonFeatures } from "./geojson-stream";
import { refreshOsmState } from "./osm-refresh";
import { withinLimits } from "./refresh-guard";
import { stateOfPoint } from "./state-of-point";

const dir = testDir("ls-guard-");

/** Everything a refresh could change, as one string. */
async function snapshot(databaseFile: string) {
  const database = await openDatabase(`file:${databaseFile}`);
  try {
    const parts = await Promise.all(
      [
        "SELECT id, source, source_id, title, sources, updated_at FROM places ORDER BY id",
        "SELECT source, source_id, place_id FROM place_sources ORDER BY source, source_id",
        "SELECT dataset, version, rows, imported_at FROM data_imports WHERE dataset LIKE 'refresh:%' ORDER BY dataset",
      ].map(async (sql) => JSON.stringify((await database.client.execute(sql)).rows)),
    );
    return parts.join("\n");
  } finally {
    database.close();
  }
}

type Node = { id: number; lat: number; lon: number; tags: Record<string, string> };
const xmlText = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
/** `bounds` [minLon, minLat, maxLon, maxLat] becomes the file's header box, as in Geofabrik's extracts. */
function pbf(name: string, nodes: Node[], header: string[] = [], bounds?: number[]): string {
  const xml = join(dir, `${name}.osm`);
  const out = join(dir, `${name}.osm.pbf`);
  const body = nodes
    .map(
      (n) =>
        `<node id="${n.id}" version="1" lat="${n.lat}" lon="${n.lon}">${Object.entries(n.tags)
          .map(([k, v]) => `<tag k="${k}" v="${xmlText(v)}"/>`)
          .join("")}</node>`,
    )
    .join("\n");
  const box = bounds
    ? `<bounds minlon="${bounds[0]}" minlat="${bounds[1]}" maxlon="${bounds[2]}" maxlat="${bounds[3]}"/>\n`
    : "";
  writeFileSync(
    xml,
    `<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="test">\n${box}${body}\n</osm>`,
  );
  const convert = Bun.spawnSync(["osmium", "cat", xml, ...header, "-o", out, "-O"]);
  if (convert.exitCode !== 0) throw new Error(convert.stderr.toString());
  return out;
}

// Austin, TX.
const texas: Node[] = [
  { id: 1, lat: 30.2672, lon: -97.7431, tags: { amenity: "cafe", name: "Guard Bean Cafe" } },
  { id: 2, lat: 30.268, lon: -97.744, tags: { amenity: "restaurant", name: "Guard Taqueria" } },
  { id: 3, lat: 30.269, lon: -97.745, tags: { tourism: "hotel", name: "Guard Inn" } },
];
// Oklahoma City, OK.
const oklahoma: Node[] = [
  { id: 5, lat: 35.4676, lon: -97.5164, tags: { amenity: "restaurant", name: "Sooner Diner" } },
];

describe("refreshes that cannot destroy data", () => {
  test("empty, truncated, wrong-state and hostile OpenStreetMap files: exit 1, the database unchanged", async () => {
    const db = freshDatabase(dir, "guard.db");
    const good = pbf("texas", texas, ["--output-header=osmosis_replication_timestamp=2025-11-01T20:21:02Z"]);
    const first = await runScript("import-osm.ts", ["--state", "TX", good], `file:${db}`);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/OpenStreetMap TX \(data of 2025-11-01\): 3 new/);
    const before = await snapshot(db);

    const empty = join(dir, "empty.osm.pbf");
    writeFileSync(empty, "");
    const garbage = join(dir, "garbage.osm.pbf");
    writeFileSync(garbage, crypto.getRandomValues(new Uint8Array(64 * 1024)));
    const truncated = join(dir, "truncated.osm.pbf");
    writeFileSync(truncated, readFileSync(good).subarray(0, 120));
    const cases: Array<[string, string, string]> = [
      ["empty", empty, "Refused:"],
      ["truncated", truncated, "Refused:"],
      ["another state's places", pbf("oklahoma", oklahoma), "Refused: the OpenStreetMap data has no places in TX"],
      [
        "another state's extract (header box)",
        pbf("oklahoma-box", [...oklahoma, ...texas], [], [-103.1, 33.6, -94.4, 37.1]),
        "Refused: the extract's bounding box does not cover TX",
      ],
      // osmium itself refuses tag values over 255 characters; a name of 255 is still far over the limit.
      [
        "an absurd name and nothing else of the state",
        pbf("hostile", [{ ...texas[0]!, tags: { amenity: "cafe", name: "A".repeat(255) } }]),
        "Refused: the OpenStreetMap data has no places in TX",
      ],
      ["random bytes", garbage, "Refused:"],
      [
        "one place left of three",
        pbf("one-left", texas.slice(0, 1)),
        "Refused: this refresh would remove 2 of the 3 OpenStreetMap places in TX (67 %",
      ],
    ];
    // What the operator sees of a refusal (exit 1, the reason on stderr, nothing changed), through the script once.
    const [lastWhat, lastFile, lastMessage] = cases.at(-1)!;
    const result = await runScript("import-osm.ts", ["--state", "TX", lastFile], `file:${db}`);
    expect({ what: lastWhat, code: result.code }).toEqual({ what: lastWhat, code: 1 });
    expect(result.stderr).toContain(lastMessage);
    expect(await snapshot(db)).toBe(before);
    // Every case through the refresh the script runs, in this process: the script prints a refusal's message
    // and exits 1 (above); a process of its own per case added ~1.2 CPU-s each (bun's start, the modules, the
    // boot) and checked nothing more. The state of a point without one: the bundled state outlines (the script
    // takes the nearest city's; the test's points are far from any border, where both agree).
    const database = await openDatabase(`file:${db}`);
    const nearestState = (latitude: number, longitude: number) => stateOfPoint(latitude, longitude) ?? undefined;
    try {
      for (const [what, file, message] of cases) {
        const refused = await refreshOsmState(database.client, nearestState, "TX", file).then(
          () => "not refused",
          (error: Error) => error.message,
        );
        expect({ what, refused }).toEqual({ what, refused: expect.stringContaining(message) });
        expect(await snapshot(db)).toBe(before);
      }
    } finally {
      database.close();
    }
  }, 600_000);

  test("an Overture file with no places of the state: exit 1, the database unchanged", async () => {
    const db = freshDatabase(dir, "guard-overture.db");
    const database = await openDatabase(`file:${db}`);
    await migrate(database.client);
    database.close();
    const before = await snapshot(db);
    const file = join(dir, "2025-10-22.0-empty.parquet");
    const instance = await DuckDBInstance.create(":memory:");
    const connection = await instance.connect();
    await connection.run(
      `COPY (SELECT 'x' AS id, from_hex('00') AS geometry, {'primary': 'X'} AS names, {'primary': 'cafe'} AS categories,
        0.9::DOUBLE AS confidence, []::VARCHAR[] AS websites, []::VARCHAR[] AS phones,
        [{'freeform': NULL, 'locality': NULL, 'postcode': NULL, 'region': 'OK', 'country': 'US'}] AS addresses
        WHERE false) TO '${file}' (FORMAT parquet)`,
    );
    connection.closeSync();
    instance.closeSync();
    const result = await runScript("import-overture.ts", ["--state", "TX", file], `file:${db}`);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Refused: the Overture data has no places in TX");
    expect(await snapshot(db)).toBe(before);
  }, 300_000);

  test("text limits: a 1 MB name is skipped, an over-long description dropped", () => {
    const place = {
      source: "osm",
      sourceId: "node/1",
      categoryId: 10 as const,
      kind: "cafe",
      title: "Fine Cafe",
      stateCode: "TX",
      latitude: 30.27,
      longitude: -97.74,
    };
    expect(withinLimits({ ...place, title: "A".repeat(1_000_000) })).toEqual({
      skip: "name longer than 200 characters",
    });
    expect(withinLimits({ ...place, description: "x".repeat(5_000) })).toMatchObject({
      title: "Fine Cafe",
      description: null,
    });
  });

  test("a GeoJSON file is streamed: features come one at a time, an oversized one is not parsed, a cut file throws", async () => {
    const file = join(dir, "stream.geojson");
    const feature = (name: string) => ({
      type: "Feature",
      geometry: { type: "Point", coordinates: [-97.74, 30.27] },
      properties: { name, "note[": "}{", osm_type: "node", osm_id: 1 },
    });
    const text = JSON.stringify({
      type: "FeatureCollection",
      bbox: [1, 2, 3, 4],
      features: [feature('One "quoted" }'), feature("B".repeat(1_100_000)), feature("Three")],
    });
    writeFileSync(file, text);
    const got: unknown[] = [];
    for await (const f of geojsonFeatures(file)) got.push("tooLarge" in f ? "too large" : (f.properties as any).name);
    expect(got).toEqual(['One "quoted" }', "too large", "Three"]);
    writeFileSync(file, text.slice(0, 200));
    await expect(
      (async () => {
        for await (const _ of geojsonFeatures(file));
      })(),
    ).rejects.toThrow("ends early");
  });
});
