import type { Page } from "@playwright/test";

/**
 * There is no internet under test, so map tile requests are always routed: either answered with a small local PNG
 * (the "online" case) or aborted (the offline case, where the outline basemap must take over).
 */
export const TILES = "https://tile.openstreetmap.org/**";
/** An 8×8 PNG in rgb(240, 200, 120): easy to find in a screenshot. */
export const TILE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGP4cKICK2IYWhIA0fKMAfrvLTQAAAAASUVORK5CYII=",
  "base64",
);

export async function serveTiles(page: Page) {
  await page.route(TILES, (route) => route.fulfill({ status: 200, contentType: "image/png", body: TILE_PNG }));
}
export async function blockTiles(page: Page) {
  await page.route(TILES, (route) => route.abort("internetdisconnected"));
}
