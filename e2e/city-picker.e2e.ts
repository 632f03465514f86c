import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
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

test.describe("a page still arriving", () => {
  // The page's requests go through a proxy that passes no cookies on: the account check answers 401.
  test.use({ expectedConsoleErrors: [/status of 401/] });
  test("an island whose props have not arrived yet hydrates once they do, never with none", async ({
    page,
    baseURL,
  }) => {
    // The page's script is async: on a slow connection it can run while the HTML is still streaming in. The
    // server's page is sent here in two parts, cut just before the first island's props, the rest 1.5 s later
    // (the page's script and chunks come from the test server).
    const html = await (await page.request.get("/")).text();
    const cut = html.indexOf('<script type="application/json" data-island-props=');
    expect(cut).toBeGreaterThan(0);
    const server = createServer(async (request, response) => {
      if (request.url !== "/") {
        const asset = await fetch(new URL(request.url!, baseURL));
        response.writeHead(asset.status, { "content-type": asset.headers.get("content-type") ?? "text/plain" });
        response.end(Buffer.from(await asset.arrayBuffer()));
        return;
      }
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.write(html.slice(0, cut));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      response.end(html.slice(cut));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const islands = page.locator("[data-island]");
      expect(await islands.count()).toBeGreaterThan(1);
      for (const island of await islands.all()) await expect(island).toHaveAttribute("data-hydrated", "true");
    } finally {
      server.close();
    }
  });
});
