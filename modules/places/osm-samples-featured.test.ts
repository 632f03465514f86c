/**
 * Famous first on fresh OpenStreetMap data (docs/decisions/043-famous-first-showcase-lists.md): the two real
 * OpenStreetMap samples the project ships (the Chicago Loop, Boston's Back Bay) imported with `import:osm FILE`
 * into a database of their own, as an operator imports a current extract. The featured lists then lead with the
 * sights OpenStreetMap itself marks as notable (its wikidata and wikipedia links, its museum and heritage tags),
 * not with bare "attraction" points no article describes.
 */
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { openDatabase } from "../../db/client";
import { runScript } from "../../db/import/places/testing";
import { freshDatabase, testDir } from "../../db/testing-template";
import { loadCityIndex } from "../cities";
import { PlacesService } from "./service";

const root = join(import.meta.dir, "../..");
const file = freshDatabase(testDir("ls-osm-samples-"), "samples.db");

async function importOsm(sample: string) {
  const { stdout, stderr, code } = await runScript(
    "import-osm.ts",
    [join(root, "db/data/places", sample)],
    `file:${file}`,
  );
  expect({ code, stderr }).toEqual({ code: 0, stderr: expect.any(String) });
  return stdout;
}

let close = () => {};
afterAll(() => close());

test("after importing the real Chicago Loop and Back Bay samples, each city's featured list holds its sights", async () => {
  await importOsm("osm_pois_chicago_loop.geojson.gz");
  await importOsm("osm_pois_boston_back_bay.geojson.gz");
  const database = await openDatabase(`file:${file}`);
  close = () => database.close();
  const cityIndex = await loadCityIndex(database.db);
  const service = new PlacesService(database.client, cityIndex, async () => {});
  const featured = async (city: string, state: string) =>
    (await service.page(cityIndex.find(city, state)!, "featured", 12, 0)).map((p) => p.title);

  const chicago = await featured("Chicago", "IL");
  for (const sight of ["The Art Institute of Chicago", "Millennium Park", "Chicago Cultural Center"])
    expect({ sight, chicago }).toEqual({ sight, chicago: expect.arrayContaining([sight]) });
  const boston = await featured("Boston", "MA");
  for (const sight of ["Boston Public Library", "Trinity Church"])
    expect({ sight, boston }).toEqual({ sight, boston: expect.arrayContaining([sight]) });
}, 240_000);
