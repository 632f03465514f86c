import { expect, test } from "./fixtures";

test.describe("city picker", () => {
  test("keyboard only: type, arrow to a suggestion, Enter, and the server renders that city after a reload", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring New York, NY");
    const input = page.getByRole("combobox");
    await input.focus();
    await page.keyboard.type("pittsb");
    const options = page.getByRole("option");
    await expect(options.first()).toContainText("Pittsburgh");
    await page.keyboard.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(input).toHaveAttribute("aria-activedescendant", "city-picker-option-0");
    await page.keyboard.press("Enter");

    await expect(input).toHaveValue("");
    await expect(page.getByRole("listbox")).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring Pittsburgh, PA");
    expect(await page.evaluate(() => localStorage.getItem("localscope-location"))).toBe("Pittsburgh, PA");
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("selectedCity")))!)).toMatchObject({
      name: "Pittsburgh",
      state: "Pennsylvania",
      stateCode: "PA",
    });

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring Pittsburgh, PA");
    // The server, not the browser, rendered it: the raw HTML already names the city.
    const html = await (await page.request.get("/")).text();
    expect(html).toContain("<title>Exploring Pittsburgh, PA · LocalScope</title>");
  });

  test("an arrow pressed while the list refreshes for the last letter keeps its city highlighted, and Enter takes that city", async ({
    page,
  }) => {
    // The answer for the last letter is held back until after the arrow key, as on a slow connection.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/cities/search?q=pittsbu*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    const input = page.getByRole("combobox");
    await input.focus();
    await page.keyboard.type("pittsb");
    const options = page.getByRole("option");
    await expect(options.first()).toContainText("Pittsburgh");
    await expect(page.getByRole("status").filter({ hasText: /suggestions?\./ })).toBeVisible(); // the list for "pittsb" is in
    await page.keyboard.type("u");
    await page.keyboard.press("ArrowDown"); // on the list for "pittsb", still shown while "pittsbu" is asked
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    const first = await options.first().textContent();
    release();
    await expect(page.getByRole("status").filter({ hasText: /suggestions?\./ })).toBeVisible(); // the list for "pittsbu" is in
    await expect(page.getByRole("option", { selected: true })).toHaveText(first!);
    await expect(input).toHaveAttribute(
      "aria-activedescendant",
      (await page.getByRole("option", { selected: true }).getAttribute("id"))!,
    );
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring Pittsburgh, PA");
  });

  test("mouse: 'City, ST' narrows to the state and a click selects", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("combobox").fill("springfield, il");
    const option = page.getByRole("option", { name: /Springfield, Illinois/ });
    await expect(option).toBeVisible();
    await expect(page.getByRole("option")).toHaveCount(1);
    await option.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring Springfield, IL");
  });

  test("Escape closes the list, the list hides after blur, and an unknown name says so", async ({ page }) => {
    await page.goto("/");
    const input = page.getByRole("combobox");
    await input.fill("zzqxv");
    await expect(page.getByRole("listbox")).toContainText("No US city matches");
    await input.press("Escape");
    await expect(page.getByRole("listbox")).toBeHidden();
    await input.fill("bost");
    await expect(page.getByRole("option").first()).toContainText("Boston");
    await page.getByRole("link", { name: "LocalScope home" }).focus();
    await expect(page.getByRole("listbox")).toBeHidden();
  });

  test("a stored 'West Yellowstone, MO' is corrected to MT and adopted", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("localscope-location", "West Yellowstone, MO"));
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring West Yellowstone, MT");
    expect(await page.evaluate(() => localStorage.getItem("localscope-location"))).toBe("West Yellowstone, MT");
  });
});

test.describe("404", () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });
  test("unknown pages show the 404 page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Go Back Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("city search failure", () => {
  test.use({ expectedConsoleErrors: [/status of 500/] });
  test("says the search failed and 'Try again' recovers once the server answers", async ({ page }) => {
    let fail = true;
    await page.route("**/api/cities/search*", (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ message: "boom", errors: {} }),
          })
        : route.continue(),
    );
    await page.goto("/");
    await page.getByRole("combobox").fill("denver");
    // The query library retries twice before giving up.
    await expect(page.getByRole("listbox")).toContainText("City search failed.", { timeout: 15_000 });
    fail = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("option").first()).toContainText("Denver");
  });
});
