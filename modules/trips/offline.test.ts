import { describe, expect, test } from "bun:test";
import { testApp } from "../../src/testing";
import { continueAsGuest } from "../auth/testing";

const { request } = await testApp();

describe("installable app", () => {
  test("every page links the manifest; the manifest and the service worker are served", async () => {
    const { cookie } = await continueAsGuest(request);
    for (const path of ["/", "/trips", "/about"]) {
      const html = await (await request(path, { headers: { cookie } })).text();
      expect({ path, linked: html.includes('<link rel="manifest" href="/manifest.webmanifest"/>') }).toEqual({
        path,
        linked: true,
      });
    }
    const manifest = await request("/manifest.webmanifest");
    expect(manifest.headers.get("content-type")).toBe("application/manifest+json");
    expect(await manifest.json()).toMatchObject({
      start_url: "/trips",
      display: "standalone",
    });
    // PNG icons (the app's static files), one of 192 px (what an install needs).
    const icons = (
      (await (await request("/manifest.webmanifest")).json()) as {
        icons: { src: string; sizes: string; type: string }[];
      }
    ).icons;
    expect(icons.map((i) => [i.sizes, i.type])).toContainEqual(["192x192", "image/png"]);
    for (const icon of icons)
      expect(await Bun.file(`${import.meta.dir}/../../ui/static${icon.src}`).exists()).toBe(true);
    const worker = await request("/sw.js");
    expect(worker.headers.get("content-type")).toStartWith("text/javascript");
    const code = await worker.text();
    expect(code).toContain('addEventListener("fetch"');
    expect(code).toContain("You are offline: changes cannot be saved until the network is back.");
  }, 60_000);

  test("/trips lists the user's trips in the page itself (no loading step; a cached page shows them offline)", async () => {
    const { cookie } = await continueAsGuest(request);
    const empty = await (await request("/trips", { headers: { cookie } })).text();
    expect(empty).toContain("No trips yet.");
    expect(empty).not.toContain("Loading trips…");
    const created = await request("/api/trips", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ title: "Harbour walk", city: "Savannah, GA" }),
    });
    const trip = (await created.json()) as { id: number };
    const listed = await (await request("/trips", { headers: { cookie } })).text();
    expect(listed).toContain(`<a href="/trips/${trip.id}"`);
    expect(listed).toContain("Harbour walk");
    expect(listed).not.toContain("No trips yet.");
    // Another user's page does not list it.
    const other = await continueAsGuest(request);
    expect(await (await request("/trips", { headers: { cookie: other.cookie } })).text()).not.toContain("Harbour walk");
  }, 60_000);
});
