/**
 * The admin panel (/admin, docs/decisions/021-admin-metrics.md): cards, every tab, the users table's paging and search, the charts, axe,
 * screenshots at 390×844 and 1280×800; and the denial for everyone but the admin.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, islandsHydrated, test, uniqueIp } from "./fixtures";
import { expectAccessible, PHONE, screenshot } from "./discovery-helpers";
import { E2E_ADMIN_PASSWORD, signInAsAdmin } from "./admin-session";

const PASSWORD = E2E_ADMIN_PASSWORD;
const DESKTOP = { width: 1280, height: 800 };
const RUN_ID = Date.now().toString(36);

/**
 * Accounts and activities for the screen to show (each sign-up from its own address: no rate limit), sent with
 * the test process's fetch (a Playwright request context per account cost more than the sign-up). The first 21
 * sign up side by side (the server hashes their passwords in parallel), the 22nd after them: it is the newest.
 */
async function seed(request: APIRequestContext, baseURL: string, RUN: string) {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(new URL(path, baseURL), {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const signUp = async (i: number) => {
    const response = await post(
      "/api/auth/register",
      { email: `seed-${RUN}-${i}@example.com`, username: `Seed ${RUN} ${i}`, password: PASSWORD },
      { "x-forwarded-for": uniqueIp() },
    );
    expect(response.status).toBe(201);
    await response.arrayBuffer();
    if (i < 3) {
      // Signed in as that account: its session cookie.
      const cookie = response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const activity = await post(
        "/api/activities",
        { activityType: "category_explored", cityName: "Boise", cityState: "ID", categoryId: "10" },
        { cookie },
      );
      expect(activity.status).toBe(201);
      await activity.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 21 }, (_, i) => signUp(i)));
  await signUp(21);
  const guest = await post("/api/auth/auto-login", {}, { "x-forwarded-for": uniqueIp() });
  expect(guest.status).toBe(200);
  await guest.arrayBuffer();
  for (const type of ["city_discovered", "place_visited"]) {
    expect(
      (
        await request.post("/api/activities", {
          data: { activityType: type, cityName: "Las Vegas", cityState: "NV", categoryId: "8" },
        })
      ).status(),
    ).toBe(201);
  }
}

test.describe("admin panel", () => {
  // One test per size (they ran one after the other in a single test of up to two minutes): two workers share
  // them. Each seeds its own accounts, so either can run first or on its own.
  for (const viewport of [PHONE, DESKTOP]) {
    test(`cards, every tab, users paging and search, charts; axe clean; ${viewport.width}×${viewport.height}`, async ({
      page,
      context,
      baseURL,
    }, testInfo) => {
      test.setTimeout(120_000);
      const RUN = `${RUN_ID}w${viewport.width}`;
      await signInAsAdmin(context.request);
      await seed(context.request, baseURL!, RUN);

      await page.setViewportSize(viewport);
      const size = `${viewport.width}x${viewport.height}`;
      await page.goto("/admin");
      await islandsHydrated(page);
      await expect(page.getByRole("link", { name: "Back to App" })).toHaveAttribute("href", "/");
      await expect(page.getByText("Admin Access")).toBeVisible();
      const cards = page.getByTestId("admin-cards");
      for (const label of [
        "Total Users",
        "Active Today",
        "Total Favorites",
        "Total Activities",
        "Growth Rate",
        "Retention",
      ])
        await expect(cards.getByText(label, { exact: true })).toBeVisible();
      expect(
        Number((await page.getByTestId("card-total-users").locator("span").nth(1).innerText()).replace(/,/g, "")),
      ).toBeGreaterThanOrEqual(23);
      await expect(page.getByTestId("card-growth-rate")).toContainText("%");

      // Engagement (the first tab): ranked users, category bars (capped at 100 %), the category chart.
      await expect(page.getByRole("tab", { name: "Engagement" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByTestId("most-active-users").getByRole("listitem").first()).toContainText(/activit(y|ies)/);
      await expect(page.getByTestId("category-preferences")).toContainText("Food & Dining");
      const widths = await page
        .getByTestId("progress")
        .evaluateAll((bars) => bars.map((b) => parseFloat((b as HTMLElement).style.width)));
      expect(widths.length).toBeGreaterThan(0);
      expect(widths.every((w) => w >= 0 && w <= 100)).toBe(true);
      await expect(page.getByTestId("chart-categories")).toHaveAttribute("data-rendered", "true");
      await expect(page.getByTestId("chart-categories").locator("canvas")).toHaveCount(1);
      for (const label of ["Avg Sessions per User", "Active This Week", "Avg Activities per User"])
        await expect(page.getByText(label, { exact: true })).toBeVisible();
      await screenshot(page, testInfo, `engagement-${size}`);
      await expectAccessible(page);

      await page.getByRole("tab", { name: "Geography" }).click();
      await expect(page.getByTestId("top-cities")).toContainText("Boise, ID");
      await expect(page.getByTestId("state-distribution")).toContainText("NV");
      await expect(page.getByTestId("explore-patterns")).toContainText("Single city");
      await expectAccessible(page);

      await page.getByRole("tab", { name: "Growth" }).click();
      for (const label of ["New Today", "This Week", "This Month", "Growth Rate"])
        await expect(page.getByRole("tabpanel").getByText(label, { exact: true })).toBeVisible();
      await expect(page.getByTestId("recent-new-users")).toContainText(`Seed ${RUN} 21`);
      await expect(page.getByTestId("recent-new-users")).toContainText(new Date().toLocaleDateString("en-US"));
      await expect(page.getByTestId("chart-new-users")).toHaveAttribute("data-rendered", "true");
      await screenshot(page, testInfo, `growth-${size}`);
      await expectAccessible(page);

      await page.getByRole("tab", { name: "Activity" }).click();
      await expect(page.getByTestId("recent-activities")).toContainText("category explored");
      await expect(page.getByTestId("recent-activities")).toContainText("up");
      await expect(page.getByTestId("avg-response")).toContainText("Avg Response Time");
      await expect(page.getByTestId("error-rate")).toContainText("Error Rate");
      await expect(page.getByTestId("peak-hours")).toContainText(/\d{1,2}:00/);
      await expect(page.getByTestId("chart-activities")).toHaveAttribute("data-rendered", "true");
      await expectAccessible(page);

      await page.getByRole("tab", { name: "Users" }).click();
      const table = page.getByTestId("users-table");
      await expect(table.getByRole("columnheader")).toHaveText([
        "User",
        "Email",
        "Joined ↓",
        "Favorites",
        "Activities",
        "Last Active",
      ]);
      await expect(page.getByTestId("users-title")).toHaveText(/^All Users \(\d+\)$/);
      await expect(table.locator("tbody tr")).toHaveCount(20);
      await expect(page.getByTestId("users-page")).toContainText("Page 1 of");
      await expect(table.getByText("Never").first()).toBeVisible(); // the newest accounts did nothing yet
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByTestId("users-page")).toContainText("Page 2 of");
      await expect(page.getByRole("button", { name: "Previous" })).toBeEnabled();
      await page.getByTestId("users-search").fill(`seed-${RUN}-7@`);
      await expect(table.locator("tbody tr")).toHaveCount(1);
      await expect(table.locator("tbody tr")).toContainText(`Seed ${RUN} 7`);
      await expect(page.getByTestId("users-page")).toHaveText("Page 1 of 1 · 1 match");
      await screenshot(page, testInfo, `users-${size}`);
      await page.getByTestId("users-search").fill(`nobody-${RUN}`);
      await expect(page.getByTestId("users-empty")).toContainText("No users found");
      await expect(page.getByTestId("users-empty")).toContainText("Users will appear here once they register.");
      await page.getByTestId("users-search").fill("");
      await page.getByRole("button", { name: /^Show guests/ }).click();
      await expect(page.getByTestId("users-title")).toHaveText(/^Guests \(\d+\)$/);
      await expect(table.locator("tbody tr").first()).toContainText("Guest #");
      await expectAccessible(page);

      await page.getByRole("tab", { name: "Data Health" }).click();
      // The first look after the browsed states imported computes their summaries (the skeleton shows meanwhile):
      // seconds on a busy machine.
      await expect(page.getByTestId("health-nationwide")).toContainText(
        /Nationwide: [\d,]+ places in \d+ of \d+ states imported/,
        { timeout: 20_000 },
      );
      await page.getByRole("button", { name: /^NV / }).click();
      const nv = page.getByTestId("health-NV");
      await expect(nv).toContainText("Places by category");
      await expect(nv).toContainText("npm run import:osm -- --state NV");
      await expect(nv).toContainText("npm run import:overture -- --state NV");
      await expect(nv).toContainText(
        /Food, stores and lodging from data older than five years: [\d.]+% of [\d,]+ · Newest source date: \d{4}/,
      );
      await screenshot(page, testInfo, `health-${size}`);
      await expectAccessible(page);
    });
  }
});

test.describe("admin panel errors", () => {
  test.use({ expectedConsoleErrors: [/status of 500/] });

  test("analytics failure shows 'Failed to load analytics: {message}'", async ({ page, context }) => {
    await signInAsAdmin(context.request);
    await page.route("**/api/admin/analytics", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ message: "Database is down", errors: {} }),
      }),
    );
    await page.goto("/admin");
    await expect(page.getByTestId("admin-error")).toHaveText("Failed to load analytics: Database is down");
  });
});

test.describe("admin panel states", () => {
  test("skeletons while loading, bars capped at 100 %, data refreshed when the window regains focus", async ({
    page,
    context,
  }) => {
    await signInAsAdmin(context.request);
    const real = await (await context.request.get("/api/admin/analytics")).json();
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/admin/analytics", async (route) => {
      calls++;
      if (calls === 1) await gate;
      // Shares outside 0–100 (the bars must stay inside their track) and a total that changes per answer.
      const body = {
        ...real,
        overview: { ...real.overview, totalUsers: 1000 + calls },
        engagement: {
          ...real.engagement,
          categoryPreferences: [
            { category: "Food & Dining", percentage: 140 },
            { category: "Lodging", percentage: -5 },
          ],
        },
      };
      await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(body) });
    });
    await page.goto("/admin");
    await expect(page.getByTestId("admin-loading")).toBeVisible();
    await expect(page.getByTestId("admin-loading").locator("[data-skeleton]")).toHaveCount(6);
    await expect(page.getByRole("status")).toHaveText("Loading analytics...");
    release();
    await expect(page.getByTestId("card-total-users")).toContainText("1,001");
    const widths = await page
      .getByTestId("progress")
      .evaluateAll((bars) => bars.map((b) => (b as HTMLElement).style.width));
    expect(widths).toEqual(["100%", "0%"]);
    const track = await page
      .getByTestId("progress")
      .first()
      .evaluate((bar) => [bar.getBoundingClientRect().width, bar.parentElement!.getBoundingClientRect().width]);
    expect(track[0]).toBeLessThanOrEqual(track[1]!);
    // The window regains focus (TanStack Query listens to visibilitychange): the figures are fetched again.
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
    await expect(page.getByTestId("card-total-users")).toContainText("1,002");
    expect(calls).toBe(2);
  });
});

test.describe("admin denial", () => {
  test.use({ viewport: PHONE, expectedConsoleErrors: [/status of 403/] });

  test("a guest and a signed-in user get 403 'Access denied. Admin privileges required.' on the page and the API", async ({
    page,
    context,
  }, testInfo) => {
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("alert")).toHaveText("Access denied. Admin privileges required.");
    expect((await context.request.get("/api/admin/analytics")).status()).toBe(403);
    await screenshot(page, testInfo, "guest-390x844");
    await expectAccessible(page);

    const user = await context.request.post("/api/auth/register", {
      headers: { "x-forwarded-for": uniqueIp() },
      data: { email: `plain-${RUN_ID}@example.com`, username: "Plain", password: PASSWORD },
    });
    expect(user.status()).toBe(201);
    expect((await page.goto("/admin"))?.status()).toBe(403);
    await expect(page.getByRole("alert")).toHaveText("Access denied. Admin privileges required.");
    expect((await context.request.get("/api/admin/users")).status()).toBe(403);
  });
});
