import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../db/client";
import { migrate } from "../../db/migrate";
import { PlacesService } from ".";
import { testServices } from "../../src/testing";
import { importOsmFile } from "../../db/import/places/osm-file";
import { testDir } from "../../db/testing-template";

const { cityIndex } = await testServices();
const dir = testDir("ls-osm-");

async function freshStore() {
  const database = await openDatabase(`file:${join(dir, `${crypto.randomUUID()}.db`)}`);
  await migrate(database.client);
  return { database, places: new PlacesService(database.client, cityIndex, async () => {}) };
}
const count = async (client: any) => Number((await client.execute("SELECT count(*) AS n FROM places")).rows[0].n);

describe("OSM file import", () => {
  test("GeoJSON: places land in the nearest city's state, show in the API with ODbL attribution, and a re-import adds nothing", async () => {
    const { database, places } = await freshStore();
    const file = join(dir, "strip.geojson");
    writeFileSync(
      file,
      JSON.stringify({
        type: "FeatureCollection",
        features: [
          {
            type: "Feature",
            geometry: { type: "Point", coordinates: [-115.1728, 36.1147] },
            properties: {
              name: "Neon Museum Test",
              tourism: "museum",
              website: "neonmuseum.org",
              osm_type: "node",
              osm_id: 42,
            },
          },
          {
            type: "Feature",
            geometry: { type: "Point", coordinates: [-115.173, 36.115] },
            properties: { name: "Lot 7", amenity: "parking", osm_type: "node", osm_id: 43 },
          },
          {
            type: "Feature",
            geometry: { type: "Point", coordinates: [-115.174, 36.116] },
            properties: { amenity: "cafe", osm_type: "node", osm_id: 44 },
          },
        ],
      }),
    );
    const first = await importOsmFile(database.client, cityIndex.nearestState, file);
    expect(first.read).toBe(3);
    expect(first.skipped).toEqual({ "not a traveller's place (tags)": 1, "no name": 1 });
    expect(first.summaries.map((s) => [s.stateCode, s.inserted])).toEqual([["NV", 1]]);
    const n = await count(database.client);
    await importOsmFile(database.client, cityIndex.nearestState, file);
    expect(await count(database.client)).toBe(n);

    const vegas = cityIndex.find("Las Vegas", "NV")!;
    const [found] = await places.search("Neon Museum", vegas, 5);
    expect(found).toMatchObject({
      title: "Neon Museum Test",
      source: "osm",
      sourceId: "node/42",
      licence: "ODbL-1.0",
      categoryId: 9,
      website: "https://neonmuseum.org/",
    });
  });

  test.skipIf(!Bun.which("osmium"))(
    ".osm.pbf through osmium: named features mapped, hours kept, closed ways once",
    async () => {
      const { database, places } = await freshStore();
      const pbf = join(dir, "sample.osm.pbf");
      const convert = Bun.spawnSync([
        "osmium",
        "cat",
        join(import.meta.dir, "../../db/import/places/fixtures/las-vegas-sample.osm"),
        "-o",
        pbf,
        "-O",
      ]);
      expect(convert.exitCode).toBe(0);
      const result = await importOsmFile(database.client, cityIndex.nearestState, pbf);
      expect(result.summaries[0]).toMatchObject({ stateCode: "NV", inserted: 2 });
      const vegas = cityIndex.find("Las Vegas", "NV")!;
      const [diner] = await places.search("Test Diner", vegas, 1);
      expect(diner).toMatchObject({
        categoryId: 10,
        address: "1 Main St",
        openingHours: "Mo-Su 08:00-22:00",
        sourceId: "node/1001",
      });
      expect(typeof diner!.openNow).toBe("boolean");
      expect((await places.search("Test Park", vegas, 5)).length).toBe(1);
      expect((await places.search("Parking Lot", vegas, 5)).length).toBe(0);
    },
  );
});
