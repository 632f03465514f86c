// npm test runs this file without the places template (decision 029): the /map page's loading state needs Nevada not yet imported.
import { describe, expect, test } from "bun:test";
import { guestBrowser, testApp } from "./testing";

// The shared database boots here, outside the first test's 5 s timeout (with npm test this file is its first user).
await testApp();

type Position = [number, number];
const positions = (geometry: { type: string; coordinates: unknown }): Position[] => {
  const out: Position[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value) && typeof value[0] === "number") out.push(value as Position);
    else if (Array.isArray(value)) value.forEach(walk);
  };
  walk(geometry.coordinates);
  return out;
};

describe("offline outline basemap (GET /basemap/*.geojson)", () => {
  test("state lines: one MultiLineString of shared state borders, in US longitude/latitude, 4 decimals at most", async () => {
    const { request } = await testApp();
    const response = await request("/basemap/us-states.geojson");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/geo+json; charset=utf-8");
    const body = await response.json();
    expect(body.type).toBe("FeatureCollection");
    expect(body.features).toHaveLength(1);
    expect(body.features[0].geometry.type).toBe("MultiLineString");
    const points = positions(body.features[0].geometry);
    expect(points.length).toBeGreaterThan(1000);
    for (const [lng, lat] of points) {
      expect(lng).toBeGreaterThanOrEqual(-180);
      expect(lng).toBeLessThanOrEqual(180);
      expect(lat).toBeGreaterThan(-15);
      expect(lat).toBeLessThan(72);
      expect(Math.round(lng * 1e4) / 1e4).toBe(lng);
    }
    // The Nevada–California border passes near Lake Tahoe (about -120.0, 39.0).
    expect(points.some(([lng, lat]) => Math.abs(lng + 120.0) < 0.01 && Math.abs(lat - 39.0) < 0.05)).toBe(true);
  });

  test("county lines: a MultiLineString denser than the state lines", async () => {
    const { request } = await testApp();
    const counties = await (await request("/basemap/us-counties.geojson")).json();
    const states = await (await request("/basemap/us-states.geojson")).json();
    expect(counties.features[0].geometry.type).toBe("MultiLineString");
    expect(positions(counties.features[0].geometry).length).toBeGreaterThan(
      positions(states.features[0].geometry).length * 3,
    );
  });

  test("land: the nation outline as (multi)polygons", async () => {
    const { request } = await testApp();
    const land = await (await request("/basemap/us-land.geojson")).json();
    expect(land.features.length).toBeGreaterThan(0);
    expect(["Polygon", "MultiPolygon"]).toContain(land.features[0].geometry.type);
  });

  test("is gzipped when the client accepts it, cached for a day, and answers 304 to its ETag", async () => {
    const { request } = await testApp();
    const first = await request("/basemap/us-states.geojson", { headers: { "accept-encoding": "gzip" } });
    expect(first.headers.get("content-encoding")).toBe("gzip");
    expect(first.headers.get("cache-control")).toBe("public, max-age=86400");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    const again = await request("/basemap/us-states.geojson", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  test("an unknown layer is a 404 with the error shape", async () => {
    const { request } = await testApp();
    for (const path of ["/basemap/us-roads.geojson", "/basemap/us-states.json", "/basemap/..%2Fsecret"]) {
      const response = await request(path);
      expect(response.status).toBe(404);
      const body = await response.json();
      expect(body.message).toBeString();
      expect(body.errors).toEqual({});
    }
  });
});

describe("/map page (as a signed-in guest: signed-out visitors get the landing page)", () => {
  test("renders the city from the cookie, the tile URL from the configuration, and no map library in the HTML", async () => {
    const { get } = await guestBrowser({ TILE_URL: "https://tiles.example.test/{z}/{x}/{y}.png" });
    const response = await get("/map", "localscope-location=Las%20Vegas%2C%20NV");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Map of Las Vegas, NV · LocalScope</title>");
    expect(html).toContain("Explore <!-- -->Las Vegas");
    expect(html).toContain("Interactive Map");
    expect(html).toContain("Discovering Places");
    expect(html).toContain("All Places");
    expect(html).toContain('data-island="MapExplorer"');
    expect(html).toContain('"tileUrl":"https://tiles.example.test/{z}/{x}/{y}.png"');
    // Five skeleton cards while loading.
    expect(html.match(/data-testid="map-skeletons"[\s\S]*?<\/ul>/)![0].match(/<li/g)).toHaveLength(5);
    // maplibre is fetched by the island at run time, never linked from the page.
    expect(html).not.toContain("maplibre");
  });

  test("without a location cookie it shows the default city (New York, NY)", async () => {
    const { get } = await guestBrowser();
    const html = await (await get("/map")).text();
    expect(html).toContain("Explore <!-- -->New York");
  });

  test("the tile origin is allowed for images by the CSP (tiles load as images)", async () => {
    const { get } = await guestBrowser({ TILE_URL: "https://tiles.example.test/{z}/{x}/{y}.png" });
    const csp = (await get("/map")).headers.get("content-security-policy")!;
    expect(csp).toMatch(/img-src [^;]*https:\/\/tiles\.example\.test/);
    expect(csp).toMatch(/worker-src [^;]*'self'/);
  });

  test("/about credits the outline basemap's source", async () => {
    const { get } = await guestBrowser();
    const html = await (await get("/about")).text();
    expect(html).toContain("us-atlas");
    expect(html).toContain("US Census Bureau");
  });
});
