import { expect, islandsHydrated, test, uniqueIp } from "./fixtures";

/**
 * docs/decisions/013-signed-in-shell.md's whole journey in one test: register → browse → save a place and a city → both in the
 * /favorites tabs → remove one → sign out → the landing page.
 */
test.describe("a new account's journey", () => {
  test.use({ signedIn: false, viewport: { width: 390, height: 844 } });

  test("register, save a place and a city, find them in their tabs, remove one, sign out", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueIp() });
    await page.goto("/");
    await islandsHydrated(page);
    await page.getByRole("button", { name: "Get Started Free" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Account" });
    await dialog.getByLabel("Email").fill(`journey-${crypto.randomUUID().slice(0, 10)}@example.com`);
    await dialog.getByLabel("Username").fill("Journey");
    await dialog.getByLabel("Password", { exact: true }).fill("blue-Harbor-lantern-42");
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exploring New York, NY");
    await islandsHydrated(page);

    // Browse: open a nearby place and save it.
    const row = page.getByTestId("nearby-list").getByRole("button").first();
    await row.click();
    const placeHeart = page.getByRole("dialog").getByRole("button", { name: /^Save .* to favorites$/ });
    const placeTitle = (await placeHeart.getAttribute("aria-label"))!.replace(/^Save (.*) to favorites$/, "$1");
    await placeHeart.click();
    await expect(page.getByRole("status").filter({ hasText: "Added to favorites" })).toContainText(
      "Place has been saved to your favorites.",
    );
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();

    // Save the city from the banner.
    await page.getByRole("button", { name: "Save New York, NY to favorites" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added to Favorites" })).toContainText(
      "City has been added to your favorites!",
    );

    // Both appear in their tabs: the city under Cities, the place under its category's tab (docs/product.md#favorites).
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Favorites" }).click();
    await expect(page.getByRole("tab", { name: /Cities/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("favorite-item")).toContainText("New York");
    const saved = (
      (await (await page.request.get("/api/favorites")).json()) as Array<{ itemType: string; itemData: string }>
    ).find((f) => f.itemType === "place")!;
    const categoryId = (JSON.parse(saved.itemData) as { categoryId: number }).categoryId;
    const [tabName, emptyText] = (
      {
        10: ["Food", "No favorite restaurants yet"],
        11: ["Lodging", "No favorite lodging yet"],
        12: ["Stores", "No favorite stores yet"],
      } as Record<number, [string, string]>
    )[categoryId] ?? ["Activities", "No favorite activities yet"];
    await page.getByRole("tab", { name: new RegExp(tabName) }).click();
    const placeItem = page.getByTestId("favorite-item").filter({ hasText: placeTitle });
    await expect(placeItem).toHaveCount(1);

    // Remove the place.
    await placeItem.getByRole("button", { name: /^Remove .* from favorites$/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Removed from favorites" })).toContainText(
      "Item has been removed from your favorites.",
    );
    await expect(page.getByText(emptyText)).toBeVisible();
    expect(await (await page.request.get("/api/favorites/count")).json()).toEqual({ count: 1 });

    // Sign out → the landing page, and the app is closed again.
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Profile" }).click();
    await page.getByRole("button", { name: /Sign Out/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Travel Enlightened with LocalScope" })).toBeVisible();
    await page.goto("/favorites");
    await expect(page.getByRole("heading", { level: 1, name: "Travel Enlightened with LocalScope" })).toBeVisible();
  });
});
