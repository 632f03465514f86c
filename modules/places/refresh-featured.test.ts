/**
 * docs/decisions/035-famous-sights-downtown-points-casinos-chain-rule.md: Las Vegas's featured list leads with downtown casinos and museums once an operator refreshes
 * Nevada from current OpenStreetMap data. The bundled data has only 2011 casino rows (several of demolished
 * resorts); those must never be featured. The extract is a small .osm file this test writes itself, served
 * by a loopback HTTP server as Geofabrik would serve it, then imported by the operator refresh (osmium).
 * Positions are those the bundled datasets give these places (SimpleGeo, the IMLS museum census).
 */
import { afterAll, expect, test } from "bun:test";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../db/client";
import { migrate } from "../../db/migrate";
import { importCities } from "../../db/import/cities";
import { importState } from "../../db/import/places";
import { refreshOsmState } from "../../db/import/places/osm-refresh";
import { testDir, testTemplate } from "../../db/testing-template";
import { loadCityIndex } from "../cities";
import { PlacesService } from "./service";

const dir = testDir("ls-lv-refresh-");
const file = join(dir, "lv.db");
const template = testTemplate("places");
if (template) copyFileSync(template, file);
const database = await openDatabase(`file:${file}`);
afterAll(() => database.close());

const node = (id: number, lat: number, lon: number, tags: Record<string, string>) =>
  `<node id="${id}" version="1" lat="${lat}" lon="${lon}">${Object.entries(tags)
    .map(([k, v]) => `<tag k="${k}" v="${v.replace(/&/g, "&amp;")}"/>`)
    .join("")}</node>`;
const extract = `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6" generator="test">
${node(1, 36.169746, -115.145476, { name: "Golden Nugget", tourism: "hotel", amenity: "casino", wikipedia: "en:Golden Nugget Las Vegas", website: "https://www.goldennugget.com/" })}
${node(2, 36.1707, -115.143997, { name: "Fremont Hotel & Casino", amenity: "casino", wikipedia: "en:Fremont Hotel and Casino" })}
${node(3, 36.168268, -115.138376, { name: "El Cortez Hotel & Casino", tourism: "hotel", amenity: "casino" })}
${node(4, 36.17784, -115.136131, { name: "Neon Museum", tourism: "museum", wikipedia: "en:Neon Museum" })}
${node(5, 36.172521, -115.141342, { name: "Mob Museum", tourism: "museum", wikipedia: "en:Mob Museum" })}
${node(6, 36.1712, -115.1432, { name: "Fremont Street Diner", amenity: "restaurant" })}
${node(7, 36.1702, -115.1421, { name: "Fremont Souvenirs", shop: "gift" })}
</osm>`;

test("after import:osm --state NV, Las Vegas's featured list leads with its downtown casinos and museums; no 2011 casino row is featured", async () => {
  await migrate(database.client);
  await importCities(database);
  await importState(database.client, "NV"); // nothing to do when the template has Nevada
  const cityIndex = await loadCityIndex(database.db);
  const lasVegas = cityIndex.find("Las Vegas", "NV")!;
  const featured = async () =>
    new PlacesService(database.client, cityIndex, async () => {}).page(lasVegas, "featured", 12, 0);

  const before = await featured();
  expect(before).toHaveLength(12);
  // The 2011 dump's casino rows (Barbary Coast, vendors such as "Casino Products") are stale data: never featured.
  // Its casino resorts (lodging whose own name says casino) stand in for the sight until current data lists one,
  // labelled "Listed in 2011 data — may have changed" (decision 035, second pass).
  const oldCasinos = await database.client.execute(
    "SELECT count(*) AS n FROM places WHERE state_code = 'NV' AND kind LIKE '%casino%' AND observed_at < '2020'",
  );
  expect(Number(oldCasinos.rows[0]!.n)).toBeGreaterThan(10);
  // A casino resort a brand's 2021 locator lists (All the Places: Caesars' Rio) is current data, not stale.
  for (const p of before.filter((p) => /casino/.test(p.kind))) {
    if (p.stale)
      expect({ title: p.title, kind: p.kind, categoryId: p.categoryId }).toEqual({
        title: p.title,
        kind: "casino hotel",
        categoryId: 11,
      });
    else expect(Number(p.observedAt?.slice(0, 4)), p.title).toBeGreaterThanOrEqual(2021);
  }
  expect(before.some((p) => p.kind === "casino hotel")).toBe(true);

  const xml = join(dir, "nevada.osm");
  writeFileSync(xml, extract);
  const pbf = join(dir, "nevada-latest.osm.pbf");
  const convert = Bun.spawnSync(["osmium", "cat", xml, "-o", pbf, "-O"]);
  expect(convert.exitCode, convert.stderr.toString()).toBe(0);
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: () => new Response(readFileSync(pbf), { headers: { "last-modified": "Mon, 17 Nov 2025 10:00:00 GMT" } }),
  });
  try {
    const result = await refreshOsmState(
      database.client,
      cityIndex.nearestState,
      "NV",
      `http://127.0.0.1:${server.port}/nevada-latest.osm.pbf`,
    );
    expect(result.summary.inserted + result.summary.merged).toBe(7);
  } finally {
    server.stop(true);
  }

  const after = await featured();
  const lead = after.slice(0, 4);
  // The casinos and museums OpenStreetMap links to Wikipedia lead; the restaurant and the shop do not feature.
  expect(lead.map((p) => p.title).sort()).toEqual([
    "Fremont Hotel & Casino",
    "Golden Nugget",
    "Mob Museum",
    "Neon Museum",
  ]);
  for (const p of lead) {
    expect(p.kind).toMatch(/casino|museum/);
    expect(p.sources.map((s) => s.source)).toContain("osm");
    expect(p.stale).toBe(false);
  }
  expect(after.map((p) => p.title)).not.toContain("Fremont Street Diner");
  expect(after.map((p) => p.title)).not.toContain("Fremont Souvenirs");
  // A resort casino is a hotel too: it is in the lodging list, as a casino hotel.
  const lodging = await new PlacesService(database.client, cityIndex, async () => {}).byCategory(lasVegas, 11, 60, 0);
  expect(lodging.find((p) => p.title === "Golden Nugget")?.kind).toBe("casino hotel");
  // Only current casinos feature once current data lists them: every casino in the list comes from the refresh or
  // a brand's 2021 locator, none from 2011 data alone.
  for (const p of after.filter((p) => /casino/.test(p.kind))) {
    expect(p.stale, p.title).toBe(false);
    expect(Number(p.observedAt?.slice(0, 4)), p.title).toBeGreaterThanOrEqual(2021);
  }
}, 240_000);
