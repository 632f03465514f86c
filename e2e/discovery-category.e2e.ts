import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  clickHeart,
  endSession,
  SERVER_500,
  SIGNED_OUT_401,
  chooseCity,
  cityChosenElsewhere,
  EMPTY_TOWN,
  OTHER_CITY,
  failWith500,
  LAS_VEGAS,
  PHONE,
  recordActivities,
  screenshot,
  watchLayoutShift,
  screenshotAndAxe,
} from "./discovery-helpers";

/** Waits until every category card has finished its rise-in animation (none runs under reduced motion). */
async function cardsRisen(page: Page) {
  await page
    .getByTestId("category-card")
    .evaluateAll((cards) => Promise.all(cards.flatMap((card) => card.getAnimations()).map((a) => a.finished)));
}

test.use({ viewport: PHONE });

test.describe("category: fun facts", () => {
  test("Las Vegas: heading, subtitle, five cards that rise in 0.3 s apart, each with a heart and 'Tap to explore deeper'", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await page.emulateMedia({ reducedMotion: "no-preference" }); // the cards' motion is what this test is about
    await chooseCity(context, baseURL, LAS_VEGAS);
    const activities = await recordActivities(page);
    await page.goto("/category/facts");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fun Facts");
    await expect(page.getByRole("heading", { name: "Discover Las Vegas" })).toBeVisible();
    await expect(page.getByText("Fascinating stories and hidden gems from Nevada")).toBeVisible();
    const cards = page.getByTestId("category-card");
    await expect(cards).toHaveCount(5);
    await expect(cards.first().getByRole("button", { name: "Tap to explore deeper" })).toBeVisible();
    await expect(cards.first().getByRole("button", { name: /^Save .* to favorites$/ })).toBeVisible();
    expect(await cards.evaluateAll((els) => els.map((el) => getComputedStyle(el).animationDelay))).toEqual([
      "0s",
      "0.3s",
      "0.6s",
      "0.9s",
      "1.2s",
    ]);
    await expect
      .poll(() => activities.find((a) => a.activityType === "category_explored"))
      .toMatchObject({ cityName: "Las Vegas", cityState: "NV", categoryId: 3 });
    await expect(page.getByRole("button", { name: "Show More Fun Facts" })).toBeEnabled();
    await cardsRisen(page); // the cards finish rising before the picture and the contrast check
    await screenshotAndAxe(page, testInfo);
  });

  test("the fact dialog goes three levels deep to 'You've reached the depths of this fact!'; closing resets it", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    await page.goto("/category/facts");
    const card = page.getByTestId("category-card").first();
    const title = (await card.locator("h3").textContent())!;
    await card.getByRole("button", { name: "Tap to explore deeper" }).click();
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toContainText("Las Vegas, NV");
    await expect(dialog.getByRole("heading", { name: "Fun Fact" })).toBeVisible();

    const levels: Array<[string, string]> = [
      ["Dive Deeper", "More Details"],
      ["Dive Even Deeper", "Deep Dive"],
      ["Explore the Depths", "Expert Analysis"],
    ];
    for (const [button, section] of levels) {
      await expect(dialog.getByRole("heading", { name: section })).toHaveCount(0);
      const sent = page.waitForRequest((r) => r.url().endsWith("/api/fun-facts/dive-deeper"));
      await dialog.getByRole("button", { name: button }).click();
      const body = JSON.parse((await sent).postData()!);
      expect(body).toMatchObject({
        factTitle: title,
        cityName: "Las Vegas",
        stateCode: "NV",
        level: levels.findIndex(([b]) => b === button) + 1,
      });
      await expect(dialog.getByRole("heading", { name: section })).toBeVisible();
    }
    await expect(dialog.getByText("You've reached the depths of this fact!")).toBeVisible();
    await expect(dialog.getByRole("button", { name: /Dive|Explore the Depths/ })).toHaveCount(0);
    await screenshotAndAxe(page, testInfo);

    await dialog.getByRole("button", { name: "Explore Another Fact" }).click();
    await expect(dialog).toBeHidden();
    await card.getByRole("button", { name: "Tap to explore deeper" }).click();
    await expect(page.getByRole("dialog").getByRole("button", { name: "Dive Deeper" })).toBeVisible();
    await expect(page.getByRole("dialog").getByRole("heading", { name: "More Details" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("a guest loads more facts (appended, with the count in the toast) and saves one", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    await page.goto("/category/facts");
    const cards = page.getByTestId("category-card");
    await expect(cards).toHaveCount(5);
    await page.getByRole("button", { name: "Show More Fun Facts" }).click();
    const toast = page.getByRole("status").filter({ hasText: /more fun facts loaded!|No new facts available/ });
    await expect(toast).toBeVisible();
    const text = (await toast.textContent())!;
    const added = Number(/(\d+) more fun facts loaded!/.exec(text)?.[1] ?? 0);
    if (added === 0) await expect(toast).toContainText("You've discovered all available fun facts for this area.");
    await expect(cards).toHaveCount(5 + added);

    const heart = cards.first().getByRole("button", { name: /^Save .* to favorites$/ });
    await clickHeart(page, heart, true, "Added to Favorites", "Item saved to your favorites!");
    await clickHeart(page, heart, false, "Removed from Favorites", "Item removed from favorites.");
  });

  test("no facts: 'No Fun Facts Available'", async ({ page, context, baseURL }, testInfo) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    await page.route("**/api/fun-facts/city", (route) => route.fulfill({ json: { facts: [] } }));
    await page.goto("/category/facts");
    await expect(page.getByText("No Fun Facts Available")).toBeVisible();
    await expect(page.getByText("Fun facts for Las Vegas, NV couldn't be loaded.")).toBeVisible();
    await screenshotAndAxe(page, testInfo);
  });

  test.describe("signed out meanwhile", () => {
    test.use({ expectedConsoleErrors: [SIGNED_OUT_401] });
    test("'Show More Fun Facts' without a session: toast 'Please log in', nothing added", async ({
      page,
      context,
      baseURL,
    }, testInfo) => {
      await chooseCity(context, baseURL, LAS_VEGAS);
      await page.goto("/category/facts");
      const cards = page.getByTestId("category-card");
      await expect(cards).toHaveCount(5);
      await endSession(context, baseURL, LAS_VEGAS);
      await page.getByRole("button", { name: "Show More Fun Facts" }).click();
      const toast = page.getByRole("status").filter({ hasText: "Please log in" });
      await expect(toast).toContainText("You need to be logged in to load more facts.");
      await expect(cards).toHaveCount(5);
      await screenshot(page, testInfo);
    });

    test("saving a fact without a session fails with the category page's error toast", async ({
      page,
      context,
      baseURL,
    }) => {
      await chooseCity(context, baseURL, LAS_VEGAS);
      await page.goto("/category/facts");
      await expect(page.getByTestId("category-card")).toHaveCount(5);
      await endSession(context, baseURL, LAS_VEGAS);
      await page
        .getByTestId("category-card")
        .first()
        .getByRole("button", { name: /^Save .* to favorites$/ })
        .click();
      await expect(page.getByRole("alert").filter({ hasText: "Error" })).toContainText("Failed to add to favorites");
    });
  });
});

test.describe("category: history", () => {
  test("Las Vegas: entries with period, category and significance; 'Show More History' appends or says there is no more", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    await page.goto("/category/historical");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Historical Info");
    await expect(page.getByRole("heading", { name: "History of Las Vegas" })).toBeVisible();
    const entries = page.getByTestId("category-card");
    await expect(entries.first()).toContainText("Historical Significance:");
    const before = await entries.count();
    expect(before).toBeGreaterThan(0);
    await cardsRisen(page);
    await screenshotAndAxe(page, testInfo);
    await page.getByRole("button", { name: "Show More History" }).click();
    const toast = page
      .getByRole("status")
      .filter({ hasText: /more historical entries loaded!|No additional history available/ });
    await expect(toast).toBeVisible();
    const added = Number(/(\d+) more historical entries loaded!/.exec((await toast.textContent())!)?.[1] ?? 0);
    if (added === 0)
      await expect(toast).toContainText("You've explored all available historical information for this area.");
    await expect(entries).toHaveCount(before + added);
  });

  test.describe("signed out meanwhile", () => {
    test.use({ expectedConsoleErrors: [SIGNED_OUT_401] });
    test("'Show More History' without a session: toast 'Please log in'", async ({ page, context, baseURL }) => {
      await chooseCity(context, baseURL, LAS_VEGAS);
      await page.goto("/category/historical");
      await expect(page.getByTestId("category-card").first()).toBeVisible();
      await endSession(context, baseURL, LAS_VEGAS);
      await page.getByRole("button", { name: "Show More History" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Please log in" })).toContainText(
        "You need to be logged in to load more history.",
      );
    });
  });

  test("while loading: six skeletons; no history: 'No Historical Information Found'", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/city-history/**", async (route) => {
      await held;
      await route.fulfill({ json: [] });
    });
    await page.goto("/category/historical");
    await expect(page.locator("[data-skeleton]")).toHaveCount(6);
    release();
    await expect(page.getByText("No Historical Information Found")).toBeVisible();
    await expect(page.getByText("Historical information for Las Vegas, NV couldn't be loaded.")).toBeVisible();
    await screenshot(page, testInfo);
  });

  test.describe("server errors", () => {
    test.use({ expectedConsoleErrors: [SERVER_500] });
    test("a failing history call shows the city-specific text and Try Again", async ({
      page,
      context,
      baseURL,
    }, testInfo) => {
      test.setTimeout(60_000);
      await chooseCity(context, baseURL, LAS_VEGAS);
      await failWith500(page, "**/api/city-history/**");
      await page.goto("/category/historical");
      await expect(page.getByRole("alert").filter({ hasText: "No Historical Information Found" })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
      await screenshotAndAxe(page, testInfo);
    });

    test("a failing load-more says 'Failed to load more facts' / 'Please try again later.'", async ({
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(60_000);
      await chooseCity(context, baseURL, LAS_VEGAS);
      await page.goto("/category/facts");
      await expect(page.getByTestId("category-card")).toHaveCount(5);
      await failWith500(page, "**/api/fun-facts/city");
      await page.getByRole("button", { name: "Show More Fun Facts" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Failed to load more facts" })).toContainText(
        "Please try again later.",
        { timeout: 20_000 },
      );
    });
  });
});

const PLACE_VIEWS = [
  {
    slug: "stores",
    header: "Local Stores",
    heading: "Shop in Las Vegas",
    action: "Visit Store",
    empty: "No Local Stores Available",
    thing: "Local stores",
    api: "**/api/local-stores/**",
  },
  {
    slug: "activities",
    header: "Activities",
    heading: "Discover Las Vegas",
    action: "Explore",
    empty: "No Activities Available",
    thing: "Activities",
    api: "**/api/activities/**",
  },
  {
    slug: "food",
    header: "Food & Dining",
    heading: "Dine in Las Vegas",
    action: "View Details",
    empty: "No Restaurants Found",
    thing: "Restaurants",
    api: "**/api/places/category/5?*",
  },
  {
    slug: "lodging",
    header: "Lodging",
    heading: "Stay in Las Vegas",
    action: "View Details",
    empty: "No Lodging Available",
    thing: "Lodging",
    api: "**/api/places/category/6?*",
  },
];

for (const view of PLACE_VIEWS) {
  test.describe(`category: ${view.slug}`, () => {
    test(`Las Vegas: "${view.heading}", cards with distance and "${view.action}" that opens the place`, async ({
      page,
      context,
      baseURL,
    }, testInfo) => {
      await chooseCity(context, baseURL, LAS_VEGAS);
      const cls = await watchLayoutShift(page);
      await page.goto(`/category/${view.slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(view.header);
      await expect(page.getByRole("heading", { name: view.heading })).toBeVisible();
      if (view.slug === "activities")
        await expect(page.getByText("Exciting activities and adventures in Nevada")).toBeVisible();
      const cards = page.getByTestId("category-card");
      await expect(cards.first()).toBeVisible();
      expect(await cards.count()).toBeGreaterThanOrEqual(3);
      await expect(cards.first().getByTestId("card-distance")).toHaveText(/^\d+\.\d mi$/);
      if (view.slug === "food") {
        await expect(cards.first().getByText("Food & Dining", { exact: true })).toBeVisible();
        await expect(cards.first().getByTestId("tagline")).not.toBeEmpty();
      }
      if (view.slug === "lodging") await expect(cards.first().getByText("Lodging", { exact: true })).toBeVisible();
      // A span, not an event: the layout must not shift while the page settles (late pictures, taglines), and
      // "nothing moved" has no event to wait for.
      await page.waitForTimeout(1200);
      expect(await cls()).toBeLessThan(0.1);
      await screenshotAndAxe(page, testInfo);

      const title = (await cards.first().locator("h3").textContent())!;
      await cards.first().getByRole("button", { name: view.action }).click();
      await expect(page.getByRole("dialog", { name: title })).toBeVisible();
    });

    test(`${EMPTY_TOWN}: "${view.empty}"`, async ({ page, context, baseURL }, testInfo) => {
      await chooseCity(context, baseURL, EMPTY_TOWN);
      await page.goto(`/category/${view.slug}`);
      await expect(page.getByText(view.empty)).toBeVisible();
      await expect(page.getByText(`${view.thing} for Alzada, MT couldn't be loaded.`)).toBeVisible();
      await screenshotAndAxe(page, testInfo);
    });

    test.describe("server errors", () => {
      test.use({ expectedConsoleErrors: [SERVER_500] });
      test(`after a city change: three skeletons while loading, then the error with Try Again`, async ({
        page,
        context,
        baseURL,
      }, testInfo) => {
        test.setTimeout(60_000);
        await chooseCity(context, baseURL, OTHER_CITY);
        await page.goto(`/category/${view.slug}`);
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(view.api, async (route) => {
          await held;
          await route.fulfill({ status: 500, json: { message: "Server exploded", errors: {} } });
        });
        await cityChosenElsewhere(page, LAS_VEGAS);
        await expect(page.locator("[data-skeleton]")).toHaveCount(3);
        release();
        await expect(page.getByRole("alert").filter({ hasText: view.empty })).toBeVisible({ timeout: 20_000 });
        await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
        await screenshot(page, testInfo);
      });
    });
  });
}

test.describe("category: food details", () => {
  test("a restaurant's website opens over https in a new tab without opener or referrer", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseCity(context, baseURL, OTHER_CITY);
    await page.goto("/category/food");
    await page.route("**/api/places/category/5?*", async (route) => {
      const places = await (await route.fetch()).json();
      places[0].website = "http://example.com/menu";
      places[1].website = "   ";
      await route.fulfill({ json: places });
    });
    await cityChosenElsewhere(page, LAS_VEGAS);
    await expect(page.getByRole("heading", { name: "Dine in Las Vegas" })).toBeVisible();
    const cards = page.getByTestId("category-card");
    const site = cards.nth(0).getByRole("link", { name: "Website" });
    await expect(site).toHaveAttribute("href", "https://example.com/menu");
    await expect(site).toHaveAttribute("target", "_blank");
    await expect(site).toHaveAttribute("rel", "noopener noreferrer");
    await expect(cards.nth(1).getByRole("link", { name: "Website" })).toHaveCount(0);
  });
});

test.describe("category: missing", () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });
  test("an unknown slug: 'Category Not Found' and 'Go Back Home'", async ({ page, context, baseURL }, testInfo) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    const response = await page.goto("/category/volcanoes");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Category Not Found" })).toBeVisible();
    await expect(page.getByText("The category you're looking for doesn't exist.")).toBeVisible();
    await screenshotAndAxe(page, testInfo);
    await page.getByRole("link", { name: "Go Back Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
