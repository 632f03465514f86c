import { expect, islandsHydrated, test } from "./fixtures";
import {
  chooseCity,
  clickHeart,
  EMPTY_TOWN,
  failWith500,
  holdRequests,
  LAS_VEGAS,
  PHONE,
  recordActivities,
  endSession,
  SERVER_500,
  SIGNED_OUT_401,
  watchLayoutShift,
  screenshotAndAxe,
} from "./discovery-helpers";

test.use({ viewport: PHONE });

const CATEGORY_NAMES = ["Historical Info", "Local Stores", "Fun Facts", "Activities", "Food & Dining", "Lodging"];

test.describe("home", () => {
  test("Las Vegas: the page comes with six category links, 8 nearby places and 6 local gems; no list request, no layout shift", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    const cls = await watchLayoutShift(page);
    const listCalls: string[] = [];
    page.on("request", (r) => {
      if (/\/api\/(categories|places\/(nearby|local-gems))/.test(r.url())) listCalls.push(r.url());
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring Las Vegas, NV");

    const tiles = page.getByTestId("category-grid").getByRole("link");
    await expect(tiles).toHaveText(CATEGORY_NAMES);
    await expect(tiles.first()).toHaveAttribute("href", "/category/historical");

    const nearby = page.getByTestId("nearby-list").getByRole("button");
    await expect(nearby).toHaveCount(8);
    await expect(nearby.first()).toContainText(/\d+\.\d mi/);
    await expect(page.getByRole("link", { name: "View More Discoveries" })).toHaveAttribute("href", "/nearby");

    const gems = page.getByTestId("local-gems-list").getByRole("button");
    await expect(gems).toHaveCount(6);
    await expect(page.getByTestId("gems-waiting")).toHaveCount(0);
    await expect(gems.getByTestId("gem-type").first()).toHaveText(/^(Restaurant|Store|Café|Place)$/);
    // Each gem card says what it is and how far it is from downtown.
    await expect(gems.first()).toContainText(/\d mi/);
    await expect(page.getByRole("link", { name: "View More Gems" })).toHaveAttribute("href", "/local-gems");

    // Hydrated, the rows open places; and nothing was asked of the list API: the server sent the rows.
    await islandsHydrated(page);
    await nearby.first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    expect(listCalls).toEqual([]);
    expect(await cls()).toBeLessThan(0.1);
    await screenshotAndAxe(page, testInfo);
  });

  test("a tap on a place before the list is live is not lost: the dialog opens once it is", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    const release = await holdRequests(page, /\/assets\/HomeNearby-[\w]+\.js$/);
    await page.goto("/");
    const first = page.getByTestId("nearby-list").getByRole("button").first();
    const title = (await first.locator("span.font-semibold").textContent())!;
    await first.click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    release();
    await expect(page.getByRole("dialog", { name: title })).toBeVisible();
  });

  test.describe("a part that cannot be loaded", () => {
    // React reports the failed import it caught; the browser logs the 404.
    test.use({ expectedConsoleErrors: [/Failed to fetch dynamically imported module|status of 404/] });
    test("when a list's code cannot be loaded (a deploy since the page opened), the list says so instead of vanishing", async ({
      page,
      context,
      baseURL,
    }) => {
      await chooseCity(context, baseURL, EMPTY_TOWN);
      await page.route(/\/assets\/HomeLive-[\w]+\.js$/, (route) => route.fulfill({ status: 404, body: "gone" }));
      await page.goto("/");
      await islandsHydrated(page);
      await page.evaluate(() => localStorage.setItem("localscope-location", "Las Vegas, NV"));
      const nearby = page.locator("section[aria-labelledby=nearby-heading]");
      await expect(nearby.getByText("Failed to load nearby places. Please try again.")).toBeVisible();
      await expect(
        page.locator("section[aria-labelledby=gems-heading]").getByText("Failed to load local gems. Please try again."),
      ).toBeVisible();
      // The rest of the page lives on: the banner follows the city, the picker still works.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring Las Vegas, NV");
      await page.unroute(/\/assets\/HomeLive-[\w]+\.js$/);
      await nearby.getByRole("button", { name: "Try Again" }).click();
      await expect(page.getByTestId("nearby-list").getByRole("button")).toHaveCount(8);
    });
  });

  test("the query library is not part of the page: it arrives when the search box is first used", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    const scripts: Array<Promise<string>> = [];
    page.on("response", (r) => {
      if (r.url().includes("/assets/") && r.url().endsWith(".js")) scripts.push(r.text());
    });
    const QUERY_LIBRARY = "No QueryClient set"; // a message in TanStack Query's own code
    await page.goto("/");
    await islandsHydrated(page);
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(5);
    expect((await Promise.all(scripts)).some((code) => code.includes(QUERY_LIBRARY))).toBe(false);

    await page.getByRole("combobox").fill("reno");
    await expect(page.getByRole("option", { name: /Reno, Nevada/ })).toBeVisible();
    expect((await Promise.all(scripts)).some((code) => code.includes(QUERY_LIBRARY))).toBe(true);
  });

  test("after a city change the lists load in the browser: 8 nearby at once, local gems 1 s later with the waiting text", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseCity(context, baseURL, EMPTY_TOWN);
    await page.goto("/");
    await expect(page.getByText("No Nearby Places Yet")).toBeVisible();
    await islandsHydrated(page);
    const gemsRequest = page.waitForRequest(/\/api\/places\/local-gems\?/);
    // Another tab picks Las Vegas; this page's polling (every 500 ms) follows.
    const changedAt = await page.evaluate(() => {
      localStorage.setItem("localscope-location", "Las Vegas, NV");
      return performance.now();
    });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring Las Vegas, NV");
    await expect(page.getByTestId("gems-waiting")).toHaveText("Loading after nearby discoveries...");
    await expect(page.getByTestId("nearby-list").getByRole("button")).toHaveCount(8);

    const request = await gemsRequest;
    const startedAt = () =>
      page.evaluate(
        () =>
          performance.getEntriesByType("resource").find((e) => e.name.includes("/api/places/local-gems?"))?.startTime ??
          null,
      );
    await expect.poll(startedAt).not.toBeNull();
    // At least 1 s after the change was stored (the page sees it up to 500 ms later, then waits 1 s).
    expect((await startedAt())! - changedAt).toBeGreaterThanOrEqual(1000);
    expect(new URL(request.url()).searchParams.get("count")).toBe("6");
    expect(new URL(request.url()).searchParams.get("local")).toBe("true");
    await expect(page.getByTestId("local-gems-list").getByRole("button")).toHaveCount(6);
    await expect(page.getByTestId("gems-waiting")).toHaveCount(0);
  });

  test("back to the city the page was rendered for: its server rows show again without asking the server", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    await page.goto("/");
    await islandsHydrated(page);
    const rows = page.getByTestId("nearby-list").getByRole("button");
    const first = await rows.first().locator("span.font-semibold").textContent();
    await page.evaluate(() => localStorage.setItem("localscope-location", "Alzada, MT"));
    await expect(page.getByText("No Nearby Places Yet")).toBeVisible();
    const lasVegasCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/places/nearby?") && new URL(r.url()).searchParams.get("city") === "Las Vegas")
        lasVegasCalls.push(r.url());
    });
    await page.evaluate(() => localStorage.setItem("localscope-location", "Las Vegas, NV"));
    await expect(rows).toHaveCount(8);
    await expect(rows.first().locator("span.font-semibold")).toHaveText(first!);
    // A span, not an event: the test proves no request is made, and a request that never comes has no event.
    await page.waitForTimeout(500);
    expect(lasVegasCalls).toEqual([]);
  });

  test("the skeletons hold the nearby list's place: its top does not move and the section below does not jump", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseCity(context, baseURL, EMPTY_TOWN);
    const release = await holdRequests(page, /\/api\/places\/nearby\?/);
    await page.goto("/");
    await islandsHydrated(page);
    await page.evaluate(() => localStorage.setItem("localscope-location", "Las Vegas, NV"));
    const skeletons = page.locator("section[aria-labelledby=nearby-heading] [data-skeleton]");
    await expect(skeletons).toHaveCount(8);
    const list = page.locator("section[aria-labelledby=nearby-heading]");
    const before = (await list.boundingBox())!;
    const gemsTop = (await page.locator("#gems-heading").boundingBox())!.y;
    release();
    await expect(page.getByTestId("nearby-list").getByRole("button")).toHaveCount(8);
    const after = (await list.boundingBox())!;
    expect(after.y).toBe(before.y);
    expect(after.height).toBe(before.height);
    expect((await page.locator("#gems-heading").boundingBox())!.y).toBe(gemsTop);
  });

  test("a place opens in a dialog: details, hours, source and licence, directions, share, focus kept inside, Escape closes", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/");
    const first = page.getByTestId("nearby-list").getByRole("button").first();
    const title = (await first.locator("span.font-semibold").textContent())!;
    await first.click();

    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "About" })).toBeVisible();
    await expect(dialog).toContainText(/\d+\.\d mi/);
    await expect(dialog.getByTestId("hours")).toHaveText(/^(Open now|Closed|Hours unknown)$/);
    await expect(dialog.getByTestId("place-source")).toContainText(/licence \S+/);
    await expect(dialog.getByRole("link", { name: "about our data" })).toHaveAttribute("href", "/about");
    await expect(dialog.getByRole("button", { name: `Save ${title} to favorites` })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await screenshotAndAxe(page, testInfo);

    // Get Directions and More Info open a maps search and a web search in a new tab.
    await page.evaluate(() => {
      (window as any).__opened = [];
      window.open = ((url: string, target: string, features: string) => (
        (window as any).__opened.push([url, target, features]), null
      )) as any;
    });
    await dialog.getByRole("button", { name: "Get Directions" }).click();
    await dialog.getByRole("button", { name: "More Info" }).click();
    const opened = (await page.evaluate(() => (window as any).__opened)) as string[][];
    expect(opened[0]![0]).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(opened[0]!.slice(1)).toEqual(["_blank", "noopener,noreferrer"]);
    expect(decodeURIComponent(opened[1]![0]!)).toContain(`q=${title}`);

    // No share sheet in this browser: title, description and link go to the clipboard.
    await dialog.getByRole("button", { name: "Share" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Copied to clipboard" })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(title);
    expect(copied).toMatch(/\/place\/\d+$/);

    // Tab never leaves the dialog.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();
  });

  test.describe("signed out meanwhile", () => {
    test.use({ expectedConsoleErrors: [SIGNED_OUT_401] });
    test("when the session has ended, saving a place fails with the product's error toast", async ({
      page,
      context,
      baseURL,
    }) => {
      await chooseCity(context, baseURL, LAS_VEGAS);
      await page.goto("/");
      await endSession(context, baseURL, LAS_VEGAS);
      await page.getByTestId("nearby-list").getByRole("button").first().click();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /^Save .* to favorites$/ })
        .click();
      const toast = page.getByRole("alert").filter({ hasText: "Error" });
      await expect(toast).toContainText("Failed to add to favorites. Please try again.");
    });
  });

  test("a guest can save a place: 'Added to favorites' and the heart fills; removing says so", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    await page.goto("/");
    await page.getByTestId("nearby-list").getByRole("button").nth(1).click();
    const heart = page.getByRole("dialog").getByRole("button", { name: /^Save .* to favorites$/ });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await clickHeart(page, heart, true, "Added to favorites", "Place has been saved to your favorites.");
    await clickHeart(page, heart, false, "Removed from favorites", "Place has been removed from your favorites.");
  });

  test("a city with no places: the empty texts", async ({ page, context, baseURL }, testInfo) => {
    await chooseCity(context, baseURL, EMPTY_TOWN);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring Alzada, MT");
    await expect(page.getByText("No Nearby Places Yet")).toBeVisible();
    await expect(page.getByText("We're still discovering places in your area!")).toBeVisible();
    await expect(page.getByText("No Local Gems Yet")).toBeVisible();
    await expect(page.getByText("We're discovering local businesses in your area!")).toBeVisible();
    await screenshotAndAxe(page, testInfo);
  });

  test.describe("server errors", () => {
    test.use({ expectedConsoleErrors: [SERVER_500] });
    test("each list loaded in the browser says it failed, after the retries, and Try Again recovers", async ({
      page,
      context,
      baseURL,
    }, testInfo) => {
      test.setTimeout(60_000);
      await chooseCity(context, baseURL, EMPTY_TOWN);
      await failWith500(page, "**/api/places/nearby?*");
      await failWith500(page, "**/api/places/local-gems?*");
      await page.goto("/");
      await islandsHydrated(page);
      await page.evaluate(() => localStorage.setItem("localscope-location", "Las Vegas, NV"));
      await expect(page.getByText("Failed to load nearby places. Please try again.")).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText("Failed to load local gems. Please try again.")).toBeVisible({ timeout: 20_000 });
      await screenshotAndAxe(page, testInfo);

      await page.unroute("**/api/places/nearby?*");
      await page.locator("section[aria-labelledby=nearby-heading]").getByRole("button", { name: "Try Again" }).click();
      await expect(page.getByTestId("nearby-list").getByRole("button")).toHaveCount(8);
    });

    test("place details that cannot be refreshed say so in the dialog", async ({ page, context, baseURL }) => {
      test.setTimeout(60_000);
      await chooseCity(context, baseURL, LAS_VEGAS);
      await failWith500(page, /\/api\/places\/\d+$/);
      await page.goto("/");
      await page.getByTestId("nearby-list").getByRole("button").first().click();
      await expect(page.getByRole("dialog").getByText("Failed to load place details. Please try again.")).toBeVisible({
        timeout: 20_000,
      });
    });
  });

  test("another tab changes the city: the lists follow, the gems wait again, and city_discovered is recorded", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    const activities = await recordActivities(page);
    await page.goto("/");
    await expect(page.getByTestId("local-gems-list").getByRole("button")).toHaveCount(6);
    // Another tab stores the new choice; this tab's polling (every 500 ms) picks it up.
    await page.evaluate(() => localStorage.setItem("localscope-location", "Alzada, MT"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring Alzada, MT");
    await expect(page.getByTestId("gems-waiting")).toBeVisible();
    await expect(page.getByText("No Nearby Places Yet")).toBeVisible();
    await expect(page.getByText("No Local Gems Yet")).toBeVisible();
    await expect
      .poll(() => activities.find((a) => a.activityType === "city_discovered"))
      .toMatchObject({ cityName: "Alzada", cityState: "MT" });
  });

  test("choosing a city in the picker records the search and reloads the lists for that city", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    const activities = await recordActivities(page);
    await page.goto("/");
    await expect(page.getByTestId("nearby-list").getByRole("button")).toHaveCount(8);
    const nearbyForReno = page.waitForRequest(
      (r) => r.url().includes("/api/places/nearby?") && new URL(r.url()).searchParams.get("city") === "Reno",
    );
    await page.getByRole("combobox").fill("reno, nv");
    await page.getByRole("option", { name: /Reno, Nevada/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring Reno, NV");
    expect(new URL((await nearbyForReno).url()).searchParams.get("state")).toBe("NV");
    await expect
      .poll(() => activities.find((a) => a.activityType === "search_performed"))
      .toMatchObject({
        cityName: "Reno",
        cityState: "NV",
        activityData: { searchQuery: "reno, nv" },
      });
    await expect
      .poll(() => activities.find((a) => a.activityType === "city_discovered"))
      .toMatchObject({ cityName: "Reno", cityState: "NV" });
  });

  test("the city's heart saves and removes the city with the product's toasts", async ({ page, context, baseURL }) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    await page.goto("/");
    const heart = page.getByRole("button", { name: "Save Las Vegas, NV to favorites" });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await clickHeart(page, heart, true, "Added to Favorites", "City has been added to your favorites!");
    await page.reload();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await clickHeart(page, heart, false, "Removed from Favorites", "City has been removed from your favorites.");
  });

  test("a toast raised before the toast region is live shows once it is, without a hydration error", async ({
    page,
    context,
    baseURL,
  }) => {
    // The toast region hydrates when the browser is idle; on a busy phone a first tap can come before that.
    // Idle callbacks are held here until the tap's toast is raised, then let run.
    await page.addInitScript(() => {
      const held: IdleRequestCallback[] = [];
      window.requestIdleCallback = (callback) => held.push(callback);
      (window as unknown as { releaseIdle: () => void }).releaseIdle = () => {
        for (const callback of held.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
      };
    });
    await chooseCity(context, baseURL, LAS_VEGAS);
    await page.goto("/");
    const heart = page.getByRole("button", { name: "Save Las Vegas, NV to favorites" });
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator('[data-island="Toaster"]')).toHaveAttribute("data-waiting", "idle");
    await page.evaluate(() => (window as unknown as { releaseIdle: () => void }).releaseIdle());
    await expect(page.locator('[data-island="Toaster"]')).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("status").filter({ hasText: "Added to Favorites" })).toContainText(
      "City has been added to your favorites!",
    );
  });

  test("opening hours read 'Open now' or 'Closed' from the place's openNow, with the week spelled out", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    const hours = (id: number) =>
      id % 2
        ? { openNow: true, openingHours: "Mo-Su 06:00-23:00", hoursWeek: ["Every day: 6 AM–11 PM"] }
        : { openNow: false, openingHours: "Mo-Fr 09:00-17:00", hoursWeek: ["Mon–Fri: 9 AM–5 PM", "Sat–Sun: Closed"] };
    await page.route(/\/api\/places\/nearby\?/, async (route) => {
      const places = await (await route.fetch()).json();
      await route.fulfill({ json: places.map((p: { id: number }) => ({ ...p, ...hours(p.id) })) });
    });
    await page.route(/\/api\/places\/\d+$/, async (route) => {
      const place = await (await route.fetch()).json();
      await route.fulfill({ json: { ...place, ...hours(place.id) } });
    });
    await page.goto("/");
    const rows = page.getByTestId("nearby-list").getByRole("button");
    await expect(rows).toHaveCount(8);
    const ids = await page.evaluate(async () =>
      (await (await fetch(location.origin + "/api/places/nearby?city=Las%20Vegas&state=NV&count=8")).json()).map(
        (p: { id: number }) => p.id,
      ),
    );
    for (const parity of [1, 0]) {
      const index = ids.findIndex((id: number) => id % 2 === parity);
      if (index < 0) continue;
      await rows.nth(index).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByTestId("hours")).toHaveText(parity ? "Open now" : "Closed");
      const week = dialog.getByRole("list", { name: "Opening hours by day" }).getByRole("listitem");
      await expect(week).toHaveText(parity ? ["Every day: 6 AM–11 PM"] : ["Mon–Fri: 9 AM–5 PM", "Sat–Sun: Closed"]);
      await expect(dialog).not.toContainText(parity ? "Mo-Su 06:00-23:00" : "Mo-Fr 09:00-17:00");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
  });

  test.describe("dark mode", () => {
    test.use({ colorScheme: "dark" });
    test("renders in dark colours and stays accessible", async ({ page, context, baseURL }, testInfo) => {
      await chooseCity(context, baseURL, LAS_VEGAS);
      await page.goto("/");
      await expect(page.getByTestId("local-gems-list").getByRole("button")).toHaveCount(6);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
        "rgb(13, 17, 23)",
      );
      await screenshotAndAxe(page, testInfo);
    });
  });
});
