/**
 * Trips: plan a day in a city, edit it, share it, read the share link signed out, export .ics and .gpx, and
 * read the trip offline (service worker). Another user reaches the trip only through its share link.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { chooseCity, expectAccessible, PHONE } from "./discovery-helpers";
import { expect, islandsHydrated, test, uniqueIp } from "./fixtures";
import { serveTiles } from "./tiles";

const stopTitles = (page: Page, testId = "trip-stop") =>
  page.getByTestId(testId).locator("a[href^='/place/']").allTextContents();
/** The day on the map: its stops listed and their markers numbered in the trip's order, joined by the line. */
async function expectDayOnMap(page: Page, order: string[], totals: string) {
  await expect(page.getByTestId("route-totals")).toHaveText(totals);
  // The legend over the map says what the markers and the line are, and the day's distance and time.
  const [, miles, minutes] = /^(\d+(?:\.\d)?) mi · about (\d+) min/.exec(totals)!;
  const legend = page.getByRole("group", { name: "Map legend" });
  await expect(legend).toContainText("A stop, numbered in the day's order");
  await expect(legend).toContainText("Straight lines join the stops in order");
  await expect(legend).toContainText(`${miles} mi · about ${minutes} min on foot at 3 mph (estimate, straight lines)`);
  expect(await stopTitles(page, "route-stop")).toEqual(order);
  const markers = page.locator(".ls-marker-stop");
  await expect(markers).toHaveCount(order.length);
  expect(await markers.evaluateAll((els) => els.map((e) => e.getAttribute("title")))).toEqual(
    order.map((title, i) => `${i + 1}. ${title}`),
  );
  // The line is drawn once MapLibre's style has loaded, which may be after the markers show: wait for it.
  const lineLength = () =>
    page.getByTestId("map").evaluate(async (element) => {
      type Source = { getData(): Promise<{ geometry: { coordinates: number[][] } }> };
      const map = (element as unknown as { maplibreMap: { getSource(id: string): Source | undefined } }).maplibreMap;
      return (await map.getSource("ls-route")?.getData())?.geometry.coordinates.length ?? 0;
    });
  await expect.poll(lineLength).toBe(order.length);
  // Every stop shows: inside the map, clear of the legend and of the notes along the map's bottom edge.
  const hidden = () =>
    page.evaluate(() => {
      const box = (element: Element) => element.getBoundingClientRect();
      const overlap = (a: DOMRect, b: DOMRect) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const map = box(document.querySelector("[data-testid='map']")!);
      const covers = [
        ...document.querySelectorAll("[data-testid='map-legend'], [data-testid='offline-basemap'], .maplibregl-ctrl"),
      ].map(box);
      return [...document.querySelectorAll(".ls-marker-stop")]
        .filter((marker) => {
          const at = box(marker);
          return at.top < map.top || at.bottom > map.bottom || covers.some((cover) => overlap(at, cover));
        })
        .map((marker) => marker.getAttribute("title"));
    });
  await expect.poll(hidden).toEqual([]);
}

// The offline part needs the app's service worker, which the other browser tests block (playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/** On /trips, empty: start a trip for a day in Savannah; resolves with its id once its page is live. */
async function planSavannah(page: Page) {
  await page.getByLabel("Title").fill("A day in Savannah");
  await page.getByLabel("City (City, ST)").fill("Savannah, GA");
  await page.getByRole("button", { name: "Start trip" }).click();
  await page.waitForURL(/\/trips\/\d+$/);
  await islandsHydrated(page);
  return Number(new URL(page.url()).pathname.split("/").at(-1));
}

async function newGuest(context: BrowserContext) {
  const response = await context.request.post("/api/auth/auto-login", { headers: { "x-forwarded-for": uniqueIp() } });
  expect(response.ok()).toBe(true);
}

// The trips page at 390 px is checked on this test's first page (a test of its own cost a page and a renderer).
test("the trips page at 390 px: tabs on one row, the form and the list fit; plan a day, edit it, share it, export it, read it offline", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const desktop = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await page.goto("/trips");
  await islandsHydrated(page);
  await expect(page.getByTestId("trips-empty")).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Main" }).last().getByRole("link");
  const tops = await tabs.evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  // The rest on the desktop screen.
  await page.setViewportSize(desktop);
  const id = await planSavannah(page);
  const stops = page.getByTestId("trip-stop");
  const count = await stops.count();
  expect(count).toBeGreaterThanOrEqual(5);
  expect(count).toBeLessThanOrEqual(7);
  await expect(page.getByTestId("day-totals")).toContainText(/mi · about \d+ min on foot at 3 mph \(estimate/);
  // Edit: the second stop up (keyboard-reachable button), then a date.
  const before = await stopTitles(page);
  await page.getByRole("button", { name: `Move ${before[1]} up` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("trip-message")).toHaveText("Stop moved.");
  // The focus stays with the moved stop (now first, so on its "down" button) for the next key press.
  await expect(page.getByRole("button", { name: `Move ${before[1]} down` })).toBeFocused();
  expect(await stopTitles(page)).toEqual([before[1], before[0], ...before.slice(2)]);
  // The planned times stay with their stops, so the day says its times and order now disagree.
  await expect(page.getByTestId("day-times-warning")).toHaveText(
    /^Times out of order: stop 2 is at \d\d:\d\d, after stop 1 at \d\d:\d\d\. Change a time or the order\.$/,
  );
  await page.getByLabel("Start date").fill("2026-12-07");
  await expect(page.getByTestId("trip-message")).toHaveText("Date saved.");
  // A stop's time: typed, saved when the field is left, shown on the stop.
  const first = page.getByTestId("trip-stop").first();
  await first.getByLabel(`Time for ${before[1]}`).fill("08:30");
  await first.getByLabel(`Time for ${before[1]}`).blur();
  await expect(page.getByTestId("trip-message")).toHaveText("Time saved.");
  await expect(first).toContainText(`08:30${before[1]}`);
  await expect(page.getByTestId("day-times-warning")).toHaveCount(0);
  // The print view: the trip without the app's tabs or the editing controls.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("bottom-tabs")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(first).toBeVisible();
  await page.emulateMedia({ media: "screen" });
  await expectAccessible(page);
  // See it on the map: numbered stops in the day's order, joined by a line, with the day's distance and time.
  const order = await stopTitles(page);
  const totals = (await page.getByTestId("day-totals").textContent())!;
  expect(totals).toMatch(/^\d+(\.\d)? mi · about \d+ min on foot/);
  await serveTiles(page);
  await page.getByRole("link", { name: "View day 1 on map" }).click();
  await page.waitForURL(`/map?trip=${id}&day=1`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^A day in Savannah: Day 1/);
  await expectDayOnMap(page, order, totals);
  await islandsHydrated(page);
  await page.getByRole("button", { name: "Show stop 2 on the map" }).click();
  await expect(page.locator(".ls-popup")).toContainText(`Stop 2 ·`);
  await expect(page.locator(".ls-popup-title")).toHaveText(order[1]!);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Back to the trip" }).click();
  await page.waitForURL(`/trips/${id}`);
  await islandsHydrated(page);
  // Share, and read it in a fresh signed-out context.
  await page.getByRole("button", { name: "Create a share link" }).click();
  const link = await page.getByTestId("share-link").getAttribute("href");
  expect(link).toMatch(/^\/t\/[A-Za-z0-9_-]{32}$/);
  // On a phone, where the legend over the map wraps and takes the most room.
  const stranger = await browser.newContext({ baseURL, viewport: PHONE });
  const shared = await stranger.newPage();
  expect((await shared.goto(link!))!.status()).toBe(200);
  await expect(shared.getByRole("heading", { level: 1, name: "A day in Savannah" })).toBeVisible();
  await expect(shared.getByText(before[1]!, { exact: true })).toBeVisible();
  await expect(shared.getByRole("button", { name: /Remove/ })).toHaveCount(0);
  // Signed out, only what a visitor can use: no app tabs, a way to sign in.
  await expect(shared.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(shared.getByRole("link", { name: "Try it or sign in" })).toBeVisible();
  // The share link shows the day on the map too.
  await serveTiles(shared);
  await shared.getByRole("link", { name: "View day 1 on map" }).click();
  await shared.waitForURL(`${link}/map?day=1`);
  await expectDayOnMap(shared, order, totals);
  await shared.goBack();
  // Exports, parsed.
  const ics = (await (await context.request.get(`/api/trips/${id}/export.ics`)).text()).replace(/\r\n[ \t]/g, "");
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(count);
  expect(ics).toMatch(/DTSTART:20261207T\d{4}00/);
  const gpx = await (await context.request.get(`/api/trips/${id}/export.gpx`)).text();
  const names = [...gpx.matchAll(/<name>Day 1 · \d+\. (.*?)<\/name>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
  expect(names).toEqual(await stopTitles(page));
  // Offline: once the worker controls the page, a reload with the network off still shows the trip.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await page.reload();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "A day in Savannah" })).toBeVisible();
  await expect(page.getByTestId("trip-stop")).toHaveCount(count);
  await islandsHydrated(page);
  await page.getByRole("button", { name: "Add a day" }).click();
  await expect(page.getByTestId("trip-message")).toHaveText(
    "You are offline: changes cannot be saved until the network is back.",
  );
  await context.setOffline(false);
  // The share link stops working once revoked; another user never reaches the trip.
  await page.reload();
  await islandsHydrated(page);
  await page.getByRole("button", { name: "Stop sharing" }).click();
  await expect(page.getByTestId("trip-message")).toHaveText("The link no longer works.");
  expect((await shared.goto(link!))!.status()).toBe(404);
  const other = await browser.newContext({ baseURL });
  await newGuest(other);
  expect((await other.request.get(`/api/trips/${id}`)).status()).toBe(404);
  expect((await other.request.patch(`/api/trips/${id}`, { data: { title: "Mine" } })).status()).toBe(404);
  await stranger.close();
  await other.close();
});

test("add a place to a day from a list's place dialog and from a favorite's page", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await chooseCity(context, baseURL, "Savannah, GA");
  const created = await page.request.post("/api/trips", { data: { title: "Savannah weekend", city: "Savannah, GA" } });
  expect(created.status()).toBe(201);
  const trip = (await created.json()) as { id: number };
  const addTo = async (title: string) => {
    await page.getByRole("button", { name: "Add to trip" }).click();
    await page.getByLabel("Add to which trip and day").selectOption({ label: "Savannah weekend — Day 1" });
    await expect(page.getByText("Added to Savannah weekend — Day 1.")).toBeVisible();
    return title;
  };
  // A list: every row opens the place dialog, which has "Add to trip".
  await page.goto("/nearby");
  await islandsHydrated(page);
  const row = page.getByTestId("nearby-list").getByRole("button").first();
  await row.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const fromList = await addTo((await dialog.getByRole("heading").first().textContent())!);
  await page.keyboard.press("Escape");
  // Favorites: a saved place links to its page, which has "Add to trip".
  const [, other] = (await (
    await page.request.get("/api/places/nearby?city=Savannah&state=GA&count=6&offset=0")
  ).json()) as {
    id: number;
    title: string;
    categoryId: number;
  }[];
  const saved = await page.request.post("/api/favorites", {
    data: {
      itemType: "place",
      itemId: `place-${other!.id}`,
      itemData: JSON.stringify({ id: other!.id, title: other!.title, categoryId: other!.categoryId }),
    },
  });
  expect(saved.status()).toBe(201);
  await page.goto("/favorites");
  await islandsHydrated(page);
  // The one saved place is filed under its category's tab, the one counting (1).
  await page.getByRole("tab", { name: /\(1\)/ }).click();
  await page.getByTestId("favorite-item").getByRole("link", { name: other!.title }).click();
  await page.waitForURL(`/place/${other!.id}`);
  await islandsHydrated(page);
  const fromFavorites = await addTo(other!.title);
  const day = (await (await page.request.get(`/api/trips/${trip.id}`)).json()) as {
    days: { stops: { place: { title: string } }[] }[];
  };
  expect(day.days[0]!.stops.map((s) => s.place.title)).toEqual([fromList, fromFavorites]);
});
