import { describe, expect, test } from "bun:test";
import { guestBrowser } from "./testing";

// Pages are for signed-in visitors (docs/decisions/013-signed-in-shell.md): these tests browse as a guest.
const { request, get } = await guestBrowser();
const home = async (cookie?: string) => {
  const response = await get("/", cookie);
  return { response, html: await response.text() };
};

describe("server-rendered home", () => {
  test("renders the default city, the picker and the island runtime", async () => {
    const { response, html } = await home();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html).toStartWith("<!DOCTYPE html>");
    expect(html).toContain("<title>Exploring New York, NY · LocalScope</title>");
    expect(html).toContain('data-island="CityPicker"');
    expect(html).toContain('role="combobox"');
    expect(html).toContain('<script type="module" src="/assets/client-test.js"');
    expect(html).toContain('href="/assets/app-test.css"');
  });

  test("renders the city from the cookie on first paint", async () => {
    const { html } = await home(`theme=x; localscope-location=${encodeURIComponent("Pittsburgh, PA")}`);
    expect(html).toContain("<title>Exploring Pittsburgh, PA · LocalScope</title>");
    expect(html).toMatch(/Exploring (<!-- -->)?Pittsburgh, PA/);
  });

  test("corrects West Yellowstone, MO to MT; ignores cookies that are not 'City, ST'", async () => {
    expect((await home(`localscope-location=${encodeURIComponent("West Yellowstone, MO")}`)).html).toContain(
      "Exploring West Yellowstone, MT",
    );
    for (const bad of ["Nowhere, ZZ", "Pittsburgh,PA", "a, b, c", "%E0%A4%A"]) {
      expect((await home(`localscope-location=${bad}`)).html).toContain("Exploring New York, NY");
    }
  });

  test("shows the SimpleMaps attribution with its link and the urban-area label", async () => {
    const { html } = await home();
    expect(html).toContain('href="https://simplemaps.com/data/us-cities"');
    expect(html).toContain("CC BY 4.0");
    expect(html).toContain("urban-area population");
  });

  test("the shell has the header buttons and the four bottom tabs", async () => {
    const { html } = await home();
    for (const label of ['aria-label="AI travel assistant"', 'aria-label="Profile"']) expect(html).toContain(label);
    for (const tab of ['href="/map"', 'href="/favorites"', 'href="/profile"']) expect(html).toContain(tab);
    expect(html).toMatch(/aria-current="page"[^>]*>.*?Home/);
  });

  test("a theme cookie picks one of the 16 themes, anything else falls back to green", async () => {
    expect((await home("localscope-theme=purple")).html).toContain('data-theme="purple"');
    expect((await home("localscope-theme=%22%3E%3Cscript%3E")).html).toContain('data-theme="green"');
  });
});

describe("about and data sources", () => {
  test("lists every dataset with its licence, attribution and link, and the footer links to it", async () => {
    const { DATASETS } = await import("../db/import/places");
    const response = await request("/about");
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const d of DATASETS) {
      expect(html).toContain(d.attribution.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
      expect(html).toContain(`href="${d.url.replace(/&/g, "&amp;")}"`);
    }
    expect(html).toContain("© OpenStreetMap contributors");
    // docs/decisions/023-places-a-traveller-wants.md: city centres from GeoNames, 2026 campgrounds (RIDB, OSM), Wikipedia paragraphs (CC BY-SA).
    expect(html).toContain('href="https://www.geonames.org/"');
    expect(html).toContain("Downtown centres of the 50 largest cities: derived from GeoNames and SimpleMaps");
    expect(html).toContain("Recreation.gov / RIDB");
    expect(html).toContain("Wikipedia (CC BY-SA 4.0)");
    expect((await home()).html).toContain('href="/about"');
  });
});
