/** /about names Overture Places (CDLA-Permissive-2.0) with its release once an operator imported it (docs/decisions/023-places-a-traveller-wants.md, decision 024). */
import { expect, test } from "bun:test";
import { PlacesService } from "../modules/places";
import { createApp } from "./app";
import { loadConfig } from "./config";
import { silentLog, testAssets, testServices } from "./testing";
import { migratedDatabase } from "../db/testing-template";

test("/about lists Overture only after an Overture import, with the release date", async () => {
  const { cityIndex } = await testServices();
  const database = await migratedDatabase("ls-about-");
  const app = () =>
    createApp({
      config: loadConfig({ NODE_ENV: "test" }),
      database,
      cityIndex,
      places: new PlacesService(database.client, cityIndex, async () => {}),
      assets: testAssets,
      log: silentLog(),
    });
  const about = async () => (await app().handle(new Request("http://localhost/about"))).text();
  const before = await about();
  expect(before).toContain("Data sources");
  expect(before).not.toContain("Overture");
  await database.client.execute(
    "INSERT INTO data_imports (dataset, version, rows, imported_at) VALUES ('refresh:overture:TX', '2025-10-22', 2, 0), ('refresh:osm:TX', '2025-11-18', 2, 0)",
  );
  const after = await about();
  expect(after).toContain("Overture Maps Foundation — Places (release 2025-10-22)");
  expect(after).toMatch(/Licence: (<!-- -->)?CDLA-Permissive-2.0/);
  database.close();
});
