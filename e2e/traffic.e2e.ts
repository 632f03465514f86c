/**
 * docs/decisions/022-traffic-log.md, the traffic screen (/admin/traffic): signed in as the admin (ADMIN_EMAIL of the test server), the
 * cards, the four tabs, a visitor's new request appearing in Live Traffic by itself, the DB-IP link, axe and
 * screenshots on a phone and a desktop. Visitors are simulated through a trusted X-Forwarded-For.
 */
import type { Page } from "@playwright/test";
import { expectAccessible, PHONE, screenshot } from "./discovery-helpers";
import { expect, islandsHydrated, test, uniqueIp } from "./fixtures";
import { signInAsAdmin as signIn } from "./admin-session";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const DESKTOP = { width: 1280, height: 800 };

/** Sign the page's context in as the admin. */
const signInAsAdmin = (page: Page) => signIn(page.context().request);

/**
 * A visitor's request from its own client (no cookie at all): 1.0.0.0/24 is AU in the bundled DB-IP data. Sent
 * with the test process's own fetch, not Playwright's request client, whose per-call bookkeeping (a step, a
 * cookie jar) cost more than the server's answer over the 200 visits below.
 */
const visit = async (baseURL: string, path: string, userAgent: string, ip = "1.0.0.1") => {
  const response = await fetch(new URL(path, baseURL), { headers: { "x-forwarded-for": ip, "user-agent": userAgent } });
  await response.arrayBuffer();
  return response;
};

test.describe("traffic analytics", () => {
  test.use({ signedIn: false });

  // One test for both screens: the 200 visits, the sign-in and the log's first write are made once, then each
  // screen loads the page and is checked in full (a second test repeated the visits, ~6 CPU-s, decision 089).
  test("cards, tabs, live traffic refreshing by itself, axe clean (phone, then desktop)", async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(150_000); // eight axe runs and 200 visits: past 30 s on a busy machine
    await signInAsAdmin(page);
    await visit(baseURL!, "/about", IPHONE);
    await visit(baseURL!, "/", GOOGLEBOT, "1.0.2.9");
    // The worker's server also logs the other tests' requests: /about leads Top Pages by a clear margin.
    for (let i = 0; i < 4; i++) await Promise.all(Array.from({ length: 50 }, () => visit(baseURL!, "/about", IPHONE)));
    // Written within a second (the log's batch period).
    await expect
      .poll(
        async () => JSON.stringify(await (await page.context().request.get("/api/admin/traffic-logs?limit=20")).json()),
        { timeout: 5_000, intervals: [100, 250] },
      )
      .toContain('"path":"/about"');
    // Rendered on the server in its loading state, then filled by the island.
    const html = await (await page.context().request.get("/admin/traffic")).text();
    expect(html).toContain("Loading traffic data...");
    // The page's clock runs as usual, but the test can move it on: the live log's 10 s refetch below is
    // brought forward instead of waited out (Playwright's clock API fakes the page's timers and Date).
    await page.clock.install();
    for (const [name, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto("/admin/traffic");
      await islandsHydrated(page);
      await expect(page.getByRole("link", { name: "Back to Profile" })).toHaveAttribute("href", "/profile");
      const cards = page.getByTestId("traffic-card");
      await expect(cards).toHaveCount(4);
      for (const label of ["Total Requests", "Unique Visitors", "Top Countries", "Peak Hour"])
        await expect(cards.filter({ hasText: label })).toHaveCount(1);
      await expect(cards.filter({ hasText: "Total Requests" })).toContainText(/\d+ from bots/);
      await expect(page.getByRole("link", { name: "IP Geolocation by DB-IP" })).toHaveAttribute(
        "href",
        "https://db-ip.com",
      );
      await expect(page.getByTestId("traffic-chart")).toBeVisible();
      // Every hour and time on the screen is UTC, and says so (the chart's axis too).
      await expect(page.getByRole("heading", { name: /^Requests per (hour|day) \(UTC\)$/ })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Busiest hours (UTC)" })).toBeVisible();
      await expect(page.getByText("Times in UTC")).toBeVisible();
      await expect(page.getByTestId("recent-visitors").locator("time").first()).toHaveText(/ UTC$/);
      await expect(page.getByTestId("top-hours").getByRole("listitem").first()).toBeVisible();
      await expect(page.getByTestId("recent-visitors")).toContainText("/about");
      await expect(page.getByTestId("recent-visitors").getByRole("img", { name: "Mobile" }).first()).toBeVisible();
      await screenshot(page, testInfo, `${name}-overview`);
      await expectAccessible(page);

      await page.getByRole("tab", { name: "Top Pages" }).click();
      await expect(page.getByRole("tabpanel")).toContainText("/about");
      await page.getByRole("tab", { name: "Geography" }).click();
      await expect(page.getByRole("tabpanel")).toContainText("Australia");
      await expect(page.getByRole("tabpanel").getByText("AU", { exact: true }).first()).toBeVisible();

      // Keyboard: arrows move between tabs.
      await page.getByRole("tab", { name: "Geography" }).press("ArrowRight");
      await expect(page.getByRole("tab", { name: "Live Traffic" })).toHaveAttribute("aria-selected", "true");
      const table = page.getByTestId("live-traffic");
      await expect(table).toBeVisible();
      // A new request by a visitor shows up without reloading: flushed within 1 s (the log's batch period), and
      // the screen refetches the log every 10 s by itself: once the server has the request, 10 s of the page's
      // clock bring its row in.
      const path = `/live-check-${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;
      await visit(baseURL!, path, IPHONE, "1.0.2.9");
      await expect
        .poll(async () => JSON.stringify(await (await page.context().request.get("/api/admin/traffic-logs")).json()), {
          timeout: 5_000,
          intervals: [100, 250],
        })
        .toContain(`"path":"${path}"`);
      await page.clock.fastForward(10_000);
      await expect(table.getByRole("row").filter({ hasText: path })).toBeVisible();
      await expect(table.getByRole("row").filter({ hasText: path })).toContainText("GET");
      await expect(table.getByRole("row").filter({ hasText: path })).toContainText("1.0.2.9");
      await expect(table.getByRole("row").filter({ hasText: path })).toContainText("China");
      const row = table.getByRole("row").filter({ hasText: path });
      await expect(row.getByRole("cell").nth(4)).toContainText("404"); // the status: no such page
      await expect(row.locator("time")).toHaveText(/ UTC$/);
      // No sideways scrolling, on a phone too: the rows stack as cards there, keeping every column.
      const sideways = async () =>
        page.evaluate(() => {
          const region = document.querySelector<HTMLElement>('[role="region"][aria-label="Latest requests"]')!;
          return [
            document.documentElement.scrollWidth - document.documentElement.clientWidth,
            region.scrollWidth - region.clientWidth,
          ];
        });
      expect(await sideways()).toEqual([0, 0]);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, `${name}-live`);
      await expectAccessible(page);
      await page.emulateMedia({ colorScheme: "dark" });
      await row.scrollIntoViewIfNeeded();
      expect(await sideways()).toEqual([0, 0]);
      await screenshot(page, testInfo, `${name}-live-dark`);
      await expectAccessible(page);
      await page.getByRole("tab", { name: "Overview" }).click();
      await expect(page.getByTestId("traffic-chart")).toBeVisible();
      await screenshot(page, testInfo, `${name}-overview-dark`);
      await expectAccessible(page);
      await page.emulateMedia({ colorScheme: "light" });

      // The range switcher asks for another range.
      const asked = page.waitForResponse((r) => r.url().includes("/api/admin/traffic-analytics?range=24h") && r.ok());
      await page.getByRole("button", { name: "24 hours" }).click();
      await asked;
      await expect(page.getByRole("heading", { name: "Requests per hour (UTC)" })).toBeVisible();
      await expect(page.getByRole("button", { name: "24 hours" })).toHaveAttribute("aria-pressed", "true");
      await expect(cards.filter({ hasText: "Total Requests" })).toBeVisible();
    }
  });

  test("/about carries the DB-IP attribution", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("link", { name: "IP Geolocation by DB-IP" })).toHaveAttribute(
      "href",
      "https://db-ip.com",
    );
  });
});
