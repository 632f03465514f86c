import { expect, test } from "./fixtures";
import { chooseCity, endSession, LAS_VEGAS, PHONE, screenshotAndAxe, SIGNED_OUT_401 } from "./discovery-helpers";

test.use({ viewport: PHONE });

interface ApiPlace {
  id: number;
  title: string;
  address: string | null;
  source: string;
  licence: string;
}

/** A real historic site in Las Vegas with an address (the list call also imports Nevada's places). */
async function historicPlace(request: import("@playwright/test").APIRequestContext): Promise<ApiPlace> {
  const list = (await (await request.get("/api/places/category/8?city=Las%20Vegas&state=NV")).json()) as ApiPlace[];
  return list.find((p) => p.address)!;
}

/** The text of the next alert, which is accepted at once (an open alert would block the page). */
function acceptNextAlert(page: import("@playwright/test").Page): Promise<string> {
  return new Promise((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
}

test.describe("place page", () => {
  test("a real place: header, badge, distance, About, hours, source, Location with 'View on map', directions", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    const place = await historicPlace(page.request);
    await page.goto(`/place/${place.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Place Details");
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("heading", { name: place.title })).toBeVisible();
    await expect(page.getByText("Historical", { exact: true })).toBeVisible();
    await expect(page.getByText(/^\d+\.\d miles away$/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "About" })).toBeVisible();
    await expect(page.getByTestId("hours")).toHaveText("Hours unknown");
    await expect(page.getByTestId("place-source")).toContainText(`${place.source} · licence ${place.licence}`);
    await expect(page.getByRole("heading", { name: "Location" })).toBeVisible();
    await expect(page.getByText(place.address!, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "View on map" })).toHaveAttribute("href", `/map?place=${place.id}`);
    await screenshotAndAxe(page, testInfo);

    await page.evaluate(() => {
      (window as any).__opened = [];
      window.open = ((url: string) => ((window as any).__opened.push(url), null)) as any;
    });
    await page.getByRole("button", { name: "Get Directions" }).click();
    // The whole address (street, city, state, ZIP when known), not the street alone (docs/decisions/026-traveller-polish.md).
    const opened = decodeURIComponent((await page.evaluate(() => (window as any).__opened[0])) as string);
    expect(opened).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(opened).toContain(place.address!);
    expect(opened).toMatch(/, NV( \d{5})?$/);
  });

  test("Share copies the page link and says so", async ({ page, context, baseURL }) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const place = await historicPlace(page.request);
    await page.goto(`/place/${place.id}`);
    const message = acceptNextAlert(page);
    await page.getByRole("button", { name: "Share" }).click();
    expect(await message).toBe("Link copied to clipboard!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test("when copying fails: 'Failed to copy link. Please copy manually.'", async ({ page, context, baseURL }) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new Error("denied")) },
      });
    });
    const place = await historicPlace(page.request);
    await page.goto(`/place/${place.id}`);
    const message = acceptNextAlert(page);
    await page.getByRole("button", { name: "Share" }).click();
    expect(await message).toBe("Failed to copy link. Please copy manually.");
  });

  test.describe("a place whose photo is on its source's server", () => {
    // The photo's host (a state register's site) cannot be reached from the test machine: the browser logs that.
    test.use({ expectedConsoleErrors: [/ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/] });
    test("a place without an address: no Location section, and Get Directions goes to its coordinates", async ({
      page,
      context,
      baseURL,
    }) => {
      await chooseCity(context, baseURL, LAS_VEGAS);
      // Monuments from OpenStreetMap often have no street address (Nevada's are imported by then).
      await historicPlace(page.request);
      const found = (await (await page.request.get("/api/places/search?q=monument&limit=50")).json()) as ApiPlace[];
      const bare = found.find((p) => !p.address);
      test.skip(!bare, "no place without an address near Las Vegas in this data");
      await page.goto(`/place/${bare!.id}`);
      await expect(page.getByRole("heading", { name: "Location" })).toHaveCount(0);
      await page.evaluate(() => {
        (window as any).__opened = [];
        window.open = ((url: string) => ((window as any).__opened.push(url), null)) as any;
      });
      await page.getByRole("button", { name: "Get Directions" }).click();
      expect(await page.evaluate(() => (window as any).__opened[0])).toMatch(
        /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d+(\.\d+)?,-?\d+(\.\d+)?$/,
      );
    });
  });
  test.describe("favorite", () => {
    test.use({ expectedConsoleErrors: [SIGNED_OUT_401] });
    test("the heart flips at once and stays when saving works; without a session it flips back", async ({
      page,
      context,
      baseURL,
    }) => {
      await chooseCity(context, baseURL, LAS_VEGAS);
      const place = await historicPlace(page.request);
      await page.goto(`/place/${place.id}`);
      const heart = page.getByRole("button", { name: `Save ${place.title} to favorites` });
      await expect(heart).toHaveAttribute("aria-pressed", "false");
      const saved = page.waitForResponse((r) => r.url().endsWith("/api/favorites") && r.request().method() === "POST");
      await heart.click();
      await expect(heart).toHaveAttribute("aria-pressed", "true");
      expect((await saved).ok()).toBe(true);
      await page.reload();
      await expect(heart).toHaveAttribute("aria-pressed", "true");
      const removed = page.waitForResponse(
        (r) => r.url().includes("/api/favorites/place/") && r.request().method() === "DELETE",
      );
      await heart.click();
      await expect(heart).toHaveAttribute("aria-pressed", "false");
      expect((await removed).ok()).toBe(true);
      await page.reload();
      await expect(heart).toHaveAttribute("aria-pressed", "false");

      await endSession(context, baseURL, LAS_VEGAS);
      let answer!: () => void;
      const hold = new Promise<void>((resolve) => (answer = resolve));
      await page.route("**/api/favorites", async (route) => {
        await hold;
        await route.continue();
      });
      await heart.click();
      await expect(heart).toHaveAttribute("aria-pressed", "true");
      answer();
      await expect(heart).toHaveAttribute("aria-pressed", "false");
    });
  });

  test.describe("missing", () => {
    test.use({ expectedConsoleErrors: [/status of 404/] });
    test("an unknown id: 'Place Not Found' and 'Go Back Home'", async ({ page, context, baseURL }, testInfo) => {
      await chooseCity(context, baseURL, LAS_VEGAS);
      const response = await page.goto("/place/987654321");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Place Not Found" })).toBeVisible();
      await expect(page.getByText("The place you're looking for doesn't exist.")).toBeVisible();
      await screenshotAndAxe(page, testInfo);
      await page.getByRole("link", { name: "Go Back Home" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
});
