/**
 * While a city's state is still importing, list loading states say "Preparing places for {state}… {n} %"
 * and the list fills in by itself (docs/decisions/024-places-operations.md, decision 024). The status answers are played by the
 * test (the e2e server has the browsed states imported already); the list call is held until "ready". A page
 * whose state is in comes with its first rows (decision 033), so the test starts in another city and switches.
 */
import { expect, test } from "./fixtures";
import { chooseCity, cityChosenElsewhere, LAS_VEGAS, OTHER_CITY, PHONE, screenshotAndAxe } from "./discovery-helpers";

test.use({ viewport: PHONE });

test("/nearby: 'Preparing places for Nevada… n %' over the skeletons, then the rows by themselves", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await chooseCity(context, baseURL, OTHER_CITY);
  let percent = 20; // moved on by the test
  let release!: () => void;
  const ready = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/places/status?*", async (route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.get("city") !== "Las Vegas") return route.continue();
    expect(url.searchParams.get("state")).toBe("NV");
    if (percent === 100) release();
    await route.fulfill({ json: { stateCode: "NV", state: "Nevada", ready: percent === 100, percent } });
  });
  await page.route("**/api/places/nearby?*", async (route) => {
    if (new URL(route.request().url()).searchParams.get("city") !== "Las Vegas") return route.continue();
    await ready;
    await route.continue();
  });
  await page.goto("/nearby");
  await cityChosenElsewhere(page, LAS_VEGAS);
  const note = page.getByTestId("places-preparing");
  await expect(note).toHaveText("Preparing places for Nevada… 20 %");
  await expect(note).toHaveAttribute("role", "status");
  await expect(page.locator("[data-skeleton]")).toHaveCount(8);
  await screenshotAndAxe(page, testInfo);
  percent = 60;
  await expect(note).toHaveText("Preparing places for Nevada… 60 %");
  percent = 100;
  await expect(page.locator("[data-skeleton]")).toHaveCount(0, { timeout: 10_000 });
  await expect(note).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("button").first()).toBeVisible();
});

test("a list that loads at once never asks for the status", async ({ page, context, baseURL }) => {
  await chooseCity(context, baseURL, LAS_VEGAS);
  let asked = 0;
  await page.route("**/api/places/status?*", (route) => {
    asked++;
    return route.continue();
  });
  await page.goto("/nearby");
  await expect(page.locator("[data-skeleton]")).toHaveCount(0);
  // A span, not an event: the status request must never come, and a request that never comes has no event.
  await page.waitForTimeout(1200);
  expect(asked).toBe(0);
});
