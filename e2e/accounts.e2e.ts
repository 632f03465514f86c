/**
 * docs/decisions/013-signed-in-shell.md, the UI half: routing by sign-in state, the landing page and its auth dialog, guests, profile,
 * themes, favorites. Sign-ins come from a fresh X-Forwarded-For address per test (the server trusts it from
 * 127.0.0.1), so no test meets the sign-in rate limit.
 */
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { clickHeart, expectAccessible, PHONE } from "./discovery-helpers";
import { expect, islandsHydrated, test, uniqueIp } from "./fixtures";

/**
 * After signing in, the app's first page loads by a navigation (the loading screen shows meanwhile). With two
 * workers' servers and browsers on two cores it took past the default 5 s in CI runs, never alone.
 */
const ENTER_APP = { timeout: 15_000 };

const PASSWORD = "blue-Harbor-lantern-42";
const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 10)}@example.com`;

/** A screenshot kept as a test artifact (a file in the test's output folder, attached to the report). */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/** An account made through the API with its own (cookie-less) request client, so the browser stays signed out. */
async function registerThroughApi(request: APIRequestContext, email: string, username = "Grace") {
  const response = await request.post("/api/auth/register", {
    data: { email, username, password: PASSWORD },
    headers: { "x-forwarded-for": uniqueIp() },
  });
  expect(response.status()).toBe(201);
}

const hero = (page: Page) => page.getByRole("heading", { level: 1, name: "Travel Enlightened with LocalScope" });

test.describe("signed out", () => {
  test.use({ signedIn: false, viewport: PHONE });

  test("any path shows the landing page, rendered on the server; axe finds nothing serious", async ({
    page,
    request,
  }, testInfo) => {
    for (const path of ["/", "/favorites", "/profile", "/map", "/category/facts", "/somewhere/else"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain("Travel Enlightened with LocalScope");
      expect(html, path).not.toContain('aria-label="Main"');
    }
    await page.goto("/favorites");
    await expect(hero(page)).toBeVisible();
    await expect(page).toHaveURL(/\/favorites$/);
    for (const feature of [
      "Discover Local Gems",
      "Interactive Maps",
      "AI Travel Assistant",
      "Save Favorites",
      /^\d{1,3}(,\d{3})+ Cities$/,
      "Real-Time Updates",
    ]) {
      await expect(page.getByRole("heading", { level: 3, name: feature })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Create Free Account" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "mailto:support@localscope.app");
    // 360 px: nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize(PHONE);
    await screenshot(page, testInfo, "landing-390x844");
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, testInfo, "landing-dark-390x844");
    await expectAccessible(page);
  });

  test("Privacy and Terms dialogs: numbered sections, the date, Escape and Close", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Privacy Policy" }).click();
    const privacy = page.getByRole("dialog", { name: "Privacy Policy" });
    await expect(privacy).toBeVisible();
    await expect(privacy).toContainText("Last updated January 25, 2025");
    await expect(privacy.getByRole("heading", { level: 3 })).toHaveCount(10);
    await expect(privacy).toContainText("not directed at children under 13");
    await expect(privacy).toContainText("update, delete or export your data in your profile settings");
    await page.keyboard.press("Escape");
    await expect(privacy).toBeHidden();
    await expect(page.getByRole("button", { name: "Privacy Policy" })).toBeFocused();

    await page.getByRole("button", { name: "Terms of Service" }).click();
    const terms = page.getByRole("dialog", { name: "Terms of Service" });
    await expect(terms.getByRole("heading", { level: 3 })).toHaveCount(9);
    await expect(terms).toContainText("at least 13 years old");
    await expect(terms).toContainText("One account per person");
    await expect(terms).toContainText("AI provider");
    await terms.getByRole("button", { name: "Close", exact: true }).click();
    await expect(terms).toBeHidden();
  });

  test("register from 'Get Started Free' → the app; Sign Out → the landing page with storage cleared", async ({
    page,
  }, testInfo) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueIp() });
    await page.goto("/");
    await islandsHydrated(page);
    await page.getByRole("button", { name: "Get Started Free" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Account" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Email")).toBeFocused();
    const create = dialog.getByRole("button", { name: "Create Account" });
    const email = uniqueEmail("reg");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Username").fill("Ada");
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await expect(create).toBeDisabled();
    // The policies open over the dialog; Escape closes only the policy.
    await dialog.getByRole("button", { name: "Read the Terms of Service" }).click();
    await expect(page.getByRole("dialog", { name: "Terms of Service" })).toContainText("Last updated January 25, 2025");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Terms of Service" })).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Username")).toHaveValue("Ada");
    await dialog.getByRole("checkbox").check();
    await expect(create).toBeEnabled();
    await screenshot(page, testInfo, "register-dialog-390x844");
    await expectAccessible(page);
    await create.click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring New York, NY", ENTER_APP);
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/profile");
    await expect(page.getByTestId("profile-name")).toHaveText("Ada");
    await expect(page.getByTestId("role-badge")).toHaveText("User");
    await expect(page.getByRole("button", { name: /Sign Out/ })).toContainText(`Signed in as ${email}`);
    await page.evaluate(() => {
      localStorage.setItem("something", "1");
      sessionStorage.setItem("else", "1");
    });
    // Another tab of the app, open on the trips page, hears the sign-out and goes to the landing page too.
    const other = await page.context().newPage();
    await other.goto("/trips");
    await expect(other.locator("[data-session-watch][data-watching]")).toHaveCount(1);
    await page.getByRole("button", { name: /Sign Out/ }).click();
    await expect(hero(page)).toBeVisible();
    await expect(hero(other)).toBeVisible();
    await other.close();
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("localscope_session");
    // The old session is gone on the server too: a direct request gets the landing page.
    expect(await (await page.request.get("/profile")).text()).toContain("Travel Enlightened with LocalScope");
  });

  test.describe("auth dialog errors", () => {
    test.use({ expectedConsoleErrors: [/status of 401/] });

    test("a wrong password says 'Invalid email or password'; editing clears it; toggling clears form, error and terms", async ({
      page,
      request,
    }) => {
      await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueIp() });
      const email = uniqueEmail("wrong");
      await registerThroughApi(request, email);
      await page.goto("/");
      await islandsHydrated(page);
      await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
      const dialog = page.getByRole("dialog", { name: "Sign In" });
      await dialog.getByLabel("Email").fill(email);
      await dialog.getByLabel("Password", { exact: true }).fill("not-the-password");
      await dialog.getByRole("button", { name: "Sign In" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("Invalid email or password");
      await expect(hero(page)).toBeVisible();

      // Editing any field clears the error.
      await dialog.getByLabel("Password", { exact: true }).press("End");
      await dialog.getByLabel("Password", { exact: true }).type("x");
      await expect(dialog.getByRole("alert")).toBeHidden();

      // Empty fields are caught before any call.
      await dialog.getByLabel("Email").fill("");
      await dialog.getByRole("button", { name: "Sign In" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("Email is required");

      // Toggle to register: the form, the error and the terms box are cleared.
      await dialog.getByRole("button", { name: "Create one" }).click();
      const register = page.getByRole("dialog", { name: "Create Account" });
      await expect(register.getByLabel("Email")).toHaveValue("");
      await expect(register.getByLabel("Password", { exact: true })).toHaveValue("");
      await expect(register.getByRole("alert")).toBeHidden();
      await register.getByRole("checkbox").check();
      await register.getByLabel("Email").fill(email);
      await register.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await register.getByRole("button", { name: "Create Account" }).click();
      await expect(register.getByRole("alert")).toHaveText("Username is required");
      await register.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByRole("dialog", { name: "Sign In" }).getByRole("button", { name: "Create one" }).click();
      await expect(page.getByRole("dialog", { name: "Create Account" }).getByRole("checkbox")).not.toBeChecked();
      await expect(
        page.getByRole("dialog", { name: "Create Account" }).getByRole("button", { name: "Create Account" }),
      ).toBeDisabled();

      // Escape closes the dialog and returns focus to the button that opened it.
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeFocused();

      // The right password signs in: 'Please wait...' while the call runs, then the app.
      await page.route("**/api/auth/login", async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });
      await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
      const again = page.getByRole("dialog", { name: "Sign In" });
      await again.getByLabel("Email").fill(email);
      await again.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await again.getByRole("button", { name: "Sign In" }).click();
      await expect(again.getByRole("button", { name: "Please wait..." })).toBeDisabled();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring New York, NY", ENTER_APP);
    });
  });

  test("Continue as guest → the app; the profile shows 'Guest Explorer'", async ({ page }, testInfo) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueIp() });
    await page.goto("/welcome");
    await islandsHydrated(page);
    await page.getByRole("button", { name: "Continue as guest" }).first().click();
    // The landing page's own address sends signed-in visitors home.
    await page.waitForURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring New York, NY", ENTER_APP);
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Profile" }).click();
    await expect(page.getByTestId("profile-name")).toHaveText("Guest Explorer");
    await expect(page.getByRole("button", { name: /Sign Out/ })).toContainText("Guest");
    await expect(page.getByTestId("stat-favorites")).toHaveText("0");
    await screenshot(page, testInfo, "profile-guest-390x844");
  });
});

test.describe("signed in as a guest", () => {
  test.use({ viewport: PHONE });

  test("profile: real stats, 16 themes; a theme applies at once, also in dark mode, and survives a reload", async ({
    page,
  }, testInfo) => {
    await page.goto("/profile");
    await expect(page.getByTestId("member-since")).toHaveText(/^Member since [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(page.getByTestId("stat-cities")).toHaveText(/^\d+$/);
    await expect(page.getByTestId("stat-discoveries")).toHaveText("0");
    const themes = page.getByRole("group", { name: "Appearance" }).getByRole("button");
    await expect(themes).toHaveCount(16);
    await expect(page.getByRole("button", { name: "Green" })).toHaveAttribute("aria-pressed", "true");
    await expect(
      page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Admin panel" }),
    ).toHaveCount(0);
    await expect(page.getByText("Traffic Analytics")).toHaveCount(0);
    await screenshot(page, testInfo, "profile-390x844");
    await expectAccessible(page);

    const primary = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--ls-primary").trim());
    await page.getByRole("button", { name: "Purple" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "purple");
    expect(await primary()).toBe("#9333ea");
    await expect(page.getByRole("button", { name: "Purple" })).toHaveAttribute("aria-pressed", "true");
    // The bottom tab of this page is drawn in the theme colour at once.
    const tab = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" });
    await expect(tab).toHaveCSS("color", "rgb(147, 51, 234)");
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await primary()).toBe("#9333ea");
    await screenshot(page, testInfo, "profile-purple-dark-390x844");
    await expectAccessible(page);

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "purple");
    expect(await page.evaluate(() => localStorage.getItem("localscope-theme"))).toBe("purple");
    // Server-rendered with it: no flash of green on any page.
    expect(await (await page.request.get("/")).text()).toContain('data-theme="purple"');
  });

  test("Edit Profile: the product's messages, then saved on this device and shown on the card", async ({ page }) => {
    await page.goto("/profile");
    await page.getByRole("button", { name: "Edit Profile" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Edit Profile" });
    await expect(dialog.getByLabel("Display Name")).toBeFocused();
    await expect(dialog.getByLabel("Home Location")).toHaveAttribute("placeholder", "City, State");
    await dialog.getByLabel("Display Name").fill("A");
    await dialog.getByLabel("Home Location").fill("X");
    await dialog.getByLabel("Email (Optional)").fill("not-an-email");
    await dialog.getByLabel("Bio (Optional)").fill("b".repeat(201));
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(dialog.getByText("Location must be at least 2 characters")).toBeVisible();
    await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
    await expect(dialog.getByText("Bio must be less than 200 characters")).toBeVisible();
    await expect(dialog.getByLabel("Display Name")).toBeFocused();
    await expect(dialog.getByLabel("Display Name")).toHaveAttribute("aria-invalid", "true");

    await dialog.getByLabel("Display Name").fill("Wanderer");
    await dialog.getByLabel("Home Location").fill("Reno, NV");
    await dialog.getByLabel("Email (Optional)").fill("");
    await dialog.getByLabel("Bio (Optional)").fill("b".repeat(200));
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("profile-name")).toHaveText("Wanderer");
    await expect(page.getByTestId("home-location")).toHaveText("Reno, NV");
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("userProfile")))!)).toEqual({
      name: "Wanderer",
      location: "Reno, NV",
      email: "",
      bio: "b".repeat(200),
    });
    await page.reload();
    await expect(page.getByTestId("profile-name")).toHaveText("Wanderer");

    // Settings opens the same dialog; Cancel keeps what was saved.
    await page.getByRole("button", { name: /^Settings/ }).click();
    const settings = page.getByRole("dialog", { name: "Settings" });
    await settings.getByLabel("Display Name").fill("Changed my mind");
    await settings.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("profile-name")).toHaveText("Wanderer");
  });

  test("favorites: save the city from the banner, find it in the Cities tab, remove it with its toast", async ({
    page,
  }, testInfo) => {
    await page.goto("/");
    const heart = page.getByRole("button", { name: "Save New York, NY to favorites" });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await clickHeart(page, heart, true, "Added to Favorites", "City has been added to your favorites!");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Favorites" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Favorites" })).toBeVisible();
    const citiesTab = page.getByRole("tab", { name: /Cities/ });
    await expect(citiesTab).toHaveAttribute("aria-selected", "true");
    const item = page.getByTestId("favorite-item");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("New York");
    await expect(item).toContainText("Click to explore this city");
    await screenshot(page, testInfo, "favorites-390x844");
    await expectAccessible(page);

    // The remove button is disabled while its call is pending.
    await page.route("**/api/favorites/*", async (route) => {
      if (route.request().method() === "DELETE") await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    const remove = page.getByRole("button", { name: "Remove New York, NY from favorites" });
    await remove.click();
    await expect(remove).toBeDisabled();
    await expect(page.getByRole("status").filter({ hasText: "Removed from favorites" })).toContainText(
      "Item has been removed from your favorites.",
    );
    await expect(page.getByText("No Favorites Yet")).toBeVisible();
    await expect(
      page.getByText("Start exploring and save your favorite cities, activities, and fun facts!"),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Explore Places" })).toHaveAttribute("href", "/");
    expect(await (await page.request.get("/api/favorites/count")).json()).toEqual({ count: 0 });
  });

  test("favorites tabs: per-tab empty texts, arrow keys, places in Lodging, a city item switches the city and goes home", async ({
    page,
  }) => {
    const save = async (itemType: string, itemId: string, itemData: object) =>
      expect(
        (
          await page.request.post("/api/favorites", { data: { itemType, itemId, itemData: JSON.stringify(itemData) } })
        ).status(),
      ).toBe(201);
    await save("city", "pittsburgh-pa", { name: "Pittsburgh", type: "city", location: "Pittsburgh, PA" });
    await save("place", "bellagio-42", {
      id: 42,
      title: "Bellagio",
      description: "",
      address: null,
      categoryId: 11,
      type: "place",
    });

    await page.goto("/favorites");
    await expect(page.getByText("Loading favorites...")).toBeHidden();
    await expect(page.getByRole("tab")).toHaveCount(6);
    await page.getByRole("tab", { name: /Cities/ }).focus();
    const expectations: Array<[RegExp, string | null]> = [
      [/Food/, "No favorite restaurants yet"],
      [/Lodging/, null],
      [/Activities/, "No favorite activities yet"],
      [/Stores/, "No favorite stores yet"],
      [/Facts/, "No favorite fun facts yet"],
    ];
    for (const [name, empty] of expectations) {
      await page.keyboard.press("ArrowRight");
      const tab = page.getByRole("tab", { name });
      await expect(tab).toBeFocused();
      await expect(tab).toHaveAttribute("aria-selected", "true");
      if (empty) await expect(page.getByRole("tabpanel")).toHaveText(empty);
      else {
        await expect(page.getByTestId("favorite-item")).toContainText("Bellagio");
        await expect(page.getByTestId("favorite-item")).toContainText("Lodging");
        await expect(page.getByRole("link", { name: "Bellagio" })).toHaveAttribute("href", "/place/42");
      }
    }
    await page.keyboard.press("Home");
    await expect(page.getByRole("tab", { name: /Cities/ })).toHaveAttribute("aria-selected", "true");

    await page
      .getByRole("button", { name: /Pittsburgh/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring Pittsburgh, PA");
    expect(await page.evaluate(() => localStorage.getItem("localscope-location"))).toBe("Pittsburgh, PA");

    // Remove the place; the Lodging tab then has its own empty text.
    await page.goto("/favorites");
    await page.getByRole("tab", { name: /Lodging/ }).click();
    await page.getByRole("button", { name: "Remove Bellagio from favorites" }).click();
    await expect(page.getByRole("tabpanel")).toHaveText("No favorite lodging yet");
    await page.getByRole("tab", { name: /Cities/ }).click();
    await page.getByRole("button", { name: "Remove Pittsburgh, PA from favorites" }).click();
    await expect(page.getByText("No Favorites Yet")).toBeVisible();
  });
});
