/** docs/decisions/026-traveller-polish.md (traveller polish): one test per fixed defect, at phone size unless a test says otherwise. */
import type { BrowserContext, Page } from "@playwright/test";
import { expect, islandsHydrated, test } from "./fixtures";
import { signInAsAdmin } from "./admin-session";
import { chooseCity, expectAccessible, LAS_VEGAS, PHONE, screenshot, screenshotAndAxe } from "./discovery-helpers";

const DESKTOP = { width: 1280, height: 800 };

test.use({ viewport: PHONE });

interface ApiPlace {
  id: number;
  title: string;
  address: string | null;
  city: string | null;
  stateCode: string;
  zip: string | null;
  categoryId: number;
}

/** Replace window.open with a recorder; returns a reader of the opened URLs (decoded). */
async function recordOpens(page: import("@playwright/test").Page) {
  await page.evaluate(() => {
    (window as any).__opened = [];
    window.open = ((url: string) => ((window as any).__opened.push(url), null)) as any;
  });
  return async () =>
    ((await page.evaluate(() => (window as any).__opened)) as string[]).map((u) => decodeURIComponent(u));
}

test.describe("17.1 Get Directions sends the whole address", () => {
  test("place page and lodging address button search street, city, state and ZIP", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    const places = (await (
      await page.request.get("/api/places/category/10?city=Las%20Vegas&state=NV")
    ).json()) as ApiPlace[];
    const place = places.find((p) => p.address && p.city && p.zip && !p.address.includes(p.city));
    expect(place, "a Las Vegas restaurant with street, city and ZIP").toBeTruthy();
    await page.goto(`/place/${place!.id}`);
    await islandsHydrated(page); // a click on the server-rendered button before hydration opens nothing
    let opened = await recordOpens(page);
    await page.getByRole("button", { name: "Get Directions" }).click();
    expect(await opened()).toEqual([
      `https://www.google.com/maps/search/?api=1&query=${place!.address}, ${place!.city}, NV ${place!.zip}`,
    ]);

    const lodging = (await (
      await page.request.get("/api/places/category/11?city=Las%20Vegas&state=NV")
    ).json()) as ApiPlace[];
    const hotel = lodging.find((p) => p.address);
    expect(hotel, "a Las Vegas lodging with an address").toBeTruthy();
    await page.goto("/lodging");
    await islandsHydrated(page);
    const button = page.getByRole("button", { name: `Open ${hotel!.address} in maps` }).first();
    await expect(button).toBeVisible();
    opened = await recordOpens(page);
    await button.click();
    const [url] = await opened();
    expect(url).toContain(`query=${hotel!.address}, `);
    expect(url).toMatch(/, NV( \d{5})?$/);
    await screenshot(page, testInfo, "lodging");
  });
});

test.describe("17.8 back links say where they go", () => {
  test.use({ signedIn: false });
  test("admin: 'Back to App'; traffic: 'Back to Profile', as visible text beside the chevron", async ({
    page,
  }, testInfo) => {
    await signInAsAdmin(page.context().request);
    for (const [path, text, href] of [
      ["/admin", "Back to App", "/"],
      ["/admin/traffic", "Back to Profile", "/profile"],
    ] as const) {
      await page.goto(path);
      await islandsHydrated(page);
      const link = page.getByRole("link", { name: text, exact: true });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveText(text);
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(box.width, "the text is shown, not only a chevron").toBeGreaterThan(70);
      await screenshot(page, testInfo, path.replace(/\//g, "-"));
    }
    await expectAccessible(page);
  });
});

test.describe("17.4 one label per category", () => {
  test("the dialog and the place page show the same badge; a museum gets a building, not mountains", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    await page.goto("/category/food");
    const card = page.getByTestId("category-card").first();
    const title = (await card.locator("h3").textContent())!;
    await card.getByRole("button", { name: "View Details" }).click();
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog.getByText("Food", { exact: true })).toBeVisible();
    await expect(dialog.getByText("Food & Dining", { exact: true })).toHaveCount(0);
    await screenshot(page, testInfo, "dialog");
    const restaurants = (await (
      await page.request.get("/api/places/category/10?city=Las%20Vegas&state=NV")
    ).json()) as ApiPlace[];
    await page.goto(`/place/${restaurants.find((p) => p.title === title)!.id}`);
    await expect(page.getByText("Food", { exact: true })).toBeVisible();

    const activities = (await (
      await page.request.get("/api/places/category/9?city=Las%20Vegas&state=NV")
    ).json()) as Array<ApiPlace & { kind: string; imageUrl: string | null }>;
    const museum = activities.find((p) => /museum/i.test(p.kind) && !p.imageUrl);
    expect(museum, "a Las Vegas museum without a picture of its own").toBeTruthy();
    await page.goto(`/place/${museum!.id}`);
    await expect(page.getByText("Activity", { exact: true })).toBeVisible();
    await expect(page.locator("main svg[data-scene]").first()).toHaveAttribute("data-scene", "8");
    await screenshotAndAxe(page, testInfo);
  });
});

/** Las Vegas's first food place in its dialog, with the clipboard its Share button copies to. */
async function openFoodDialog(page: Page, context: BrowserContext, baseURL: string | undefined) {
  await chooseCity(context, baseURL, LAS_VEGAS);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/category/food");
  const card = page.getByTestId("category-card").first();
  const title = (await card.locator("h3").textContent())!;
  await card.getByRole("button", { name: "View Details" }).click();
  return { dialog: page.getByRole("dialog", { name: title }), title };
}

test.describe("17.6 toasts above a modal", () => {
  test("a toast raised inside the place dialog shows above its backdrop, is announced and can be dismissed", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const { dialog, title } = await openFoodDialog(page, context, baseURL);
    await dialog.getByRole("button", { name: "Share" }).click();
    // In the accessibility tree (not inert behind the modal) and on top where it is drawn.
    const toast = page.getByRole("status").filter({ hasText: "Copied to clipboard" });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest("#ls-toasts"),
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop, "the toast is the topmost element where it is drawn").toBe(true);
    await screenshot(page, testInfo);
    // Raised afresh for the keyboard walk (the button now reads "Copied" and shares again).
    await dialog.getByRole("button", { name: "Copied", exact: true }).click();
    await expect(toast).toBeVisible();
    // Tab still cycles inside the dialog, through the toast's own button too.
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    // The walk may outlast the toast's 5 s on a busy machine: its button or its time, whichever comes first, ends it.
    const dismiss = page.getByRole("button", { name: "Dismiss notification" });
    await dismiss.click({ timeout: 2_000 }).catch(() => {});
    await expect(toast).toBeHidden({ timeout: 10_000 });
    await expect(dialog).toBeVisible();
    // Its button ends a toast: raised afresh and dismissed at once, it is gone well before its 5 s would end it.
    await dialog.getByRole("button", { name: "Copied", exact: true }).click();
    await expect(toast).toBeVisible();
    const raised = Date.now();
    await dismiss.click();
    await expect(toast).toBeHidden();
    expect(Date.now() - raised, "the button, not the toast's own time, ended it").toBeLessThan(5_000);
    // Closing the dialog gives the region back to the page: a later toast still shows.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.locator("#ls-toasts")).toHaveCount(1);
    expect(await page.evaluate(() => !!document.getElementById("ls-toasts")?.closest("dialog"))).toBe(false);
  });
});

test.describe("17.6 a toast stays while it is read", () => {
  test("the pointer over a toast or the keyboard in it stops its 5 s; leaving gives it back the time it had left", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.clock.install();
    const { dialog, title } = await openFoodDialog(page, context, baseURL);
    // The page's time stops (it ran with the real clock so far): from here only runFor moves it, however slow the
    // machine. The jump runs what was due meanwhile (the shell's islands hydrate when the browser is idle).
    await page.clock.pauseAt(Date.now() + 60_000);
    const toast = page.getByRole("status").filter({ hasText: "Copied to clipboard" });
    // Hovered: a minute passes and it is still there; left, it ends within the rest of its 5 s.
    await dialog.getByRole("button", { name: "Share" }).click();
    await expect(toast).toBeVisible();
    await page.clock.runFor(1_000);
    await toast.hover();
    await page.clock.runFor(60_000);
    await expect(toast).toBeVisible();
    await dialog.getByRole("heading", { name: title }).hover();
    await page.clock.runFor(3_500);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1_000);
    await expect(toast).toBeHidden();
    // Focused (F8 takes the keyboard to the notifications): it stays until the focus leaves.
    await dialog.getByRole("button", { name: "Copied", exact: true }).click();
    await expect(toast).toBeVisible();
    await page.keyboard.press("F8");
    await page.clock.runFor(60_000);
    await expect(toast).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.clock.runFor(5_100);
    await expect(toast).toBeHidden();
  });
});

test.describe("17.7 profile", () => {
  test("the card and the edit form read one home location; a guest is invited to register and keeps their favorites", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    const itemData = JSON.stringify({ location: "Las Vegas, NV", type: "city" });
    expect(
      (
        await page.request.post("/api/favorites", { data: { itemType: "city", itemId: "las vegas-nv", itemData } })
      ).status(),
    ).toBe(201);
    await page.goto("/profile");
    await islandsHydrated(page);
    // No home saved: the card says so and the form starts empty (not the city being explored).
    await expect(page.getByTestId("home-location")).toHaveText("Home location not set");
    await page.getByRole("button", { name: "Edit Profile" }).first().click();
    const form = page.getByRole("dialog");
    await expect(form.getByLabel("Home Location")).toHaveValue("");
    await form.getByLabel("Display Name").fill("Explorer");
    await form.getByLabel("Home Location").fill("Reno, NV");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("home-location")).toHaveText("Reno, NV");
    await page.getByRole("button", { name: "Edit Profile" }).first().click();
    await expect(page.getByRole("dialog").getByLabel("Home Location")).toHaveValue("Reno, NV");
    await page.keyboard.press("Escape");

    const invite = page.getByTestId("guest-invite");
    await expect(invite.getByRole("heading", { name: "Keep your favorites" })).toBeVisible();
    await expect(invite).toContainText("1 saved item");
    await screenshotAndAxe(page, testInfo);
    await invite.getByRole("button", { name: "Create Free Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Account" });
    await expect(dialog).toBeVisible();
    const email = `keep-${Date.now()}-${Math.floor(Math.random() * 1e6)}@localscope.test`;
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Username").fill("Keeper");
    await dialog.getByLabel("Password", { exact: true }).fill("blue-Harbor-lantern-42");
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Create Account" }).click();
    // The page reloads as the registered account (the name on this device's profile stays).
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await expect(page.getByTestId("guest-invite")).toHaveCount(0);
    await expect(page.getByTestId("stat-favorites")).toHaveText("1");
  });
});

test.describe("17.5 favorites (docs/product.md#favorites)", () => {
  test("six tabs; a restaurant saved from the dialog lands in Food; the food page's heart is the same favorite; items say where", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    // Save the city from the banner, and a restaurant from its detail dialog on the food page.
    await page.goto("/");
    await page.getByRole("button", { name: "Save Las Vegas, NV to favorites" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added to Favorites" })).toBeVisible();
    await page.goto("/category/food");
    const card = page.getByTestId("category-card").first();
    const title = (await card.locator("h3").textContent())!;
    await card.getByRole("button", { name: "View Details" }).click();
    const dialog = page.getByRole("dialog", { name: title });
    await dialog.getByRole("button", { name: `Save ${title} to favorites` }).click();
    await expect(dialog.getByRole("button", { name: `Save ${title} to favorites` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.keyboard.press("Escape");
    // The card's heart on the food page shows the same favorite; pressing it there un-saves it for the dialog too.
    const cardHeart = card.getByRole("button", { name: `Save ${title} to favorites` });
    await expect(cardHeart).toHaveAttribute("aria-pressed", "true");
    const favorites = async () =>
      (await (await page.request.get("/api/favorites")).json()) as Array<{ itemType: string; itemData: string }>;
    expect((await favorites()).filter((f) => f.itemType !== "city")).toHaveLength(1);

    await page.goto("/favorites");
    await expect(page.getByRole("tab")).toHaveText([
      /^Cities/,
      /^Food/,
      /^Lodging/,
      /^Activities/,
      /^Stores/,
      /^Facts/,
    ]);
    const city = page.getByTestId("favorite-item");
    await expect(city.getByText("Las Vegas, NV", { exact: true })).toBeVisible();
    await page.getByRole("tab", { name: /Food/ }).click();
    const item = page.getByTestId("favorite-item").filter({ hasText: title });
    await expect(item).toHaveCount(1);
    const restaurants = (await (
      await page.request.get("/api/places/category/10?city=Las%20Vegas&state=NV")
    ).json()) as ApiPlace[];
    const place = restaurants.find((p) => p.title === title)!;
    await expect(item).toContainText(place.address ?? `${place.city}, NV`);
    await screenshotAndAxe(page, testInfo);
    await page.setViewportSize(DESKTOP);
    await screenshot(page, testInfo, "desktop");

    // Un-save from the food page: gone from the dialog and from Favorites.
    await page.setViewportSize(PHONE);
    await page.goto("/category/food");
    await expect(cardHeart).toHaveAttribute("aria-pressed", "true");
    await cardHeart.click();
    await expect(cardHeart).toHaveAttribute("aria-pressed", "false");
    expect((await favorites()).filter((f) => f.itemType !== "city")).toHaveLength(0);
  });
});

test.describe("17.9 small layout faults at 390 px", () => {
  /** True when the element's text sits on one line. */
  const oneLine = (locator: import("@playwright/test").Locator) =>
    locator.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return tops.size === 1;
    });

  test("banner heart clear of the city, whole placeholder, a backed sticky search bar, one-line buttons", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    await page.goto("/");
    await islandsHydrated(page);
    // The heart does not cover the heading's text box.
    const heading = (await page.getByTestId("exploring-city").boundingBox())!;
    const heart = (await page.getByRole("button", { name: "Save Las Vegas, NV to favorites" }).boundingBox())!;
    expect(heading.x + heading.width).toBeLessThanOrEqual(heart.x);
    // The placeholder fits its box.
    const fits = await page.locator("#city-picker-input").evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return context.measureText(input.placeholder).width <= input.clientWidth;
    });
    expect(fits, "the whole placeholder shows").toBe(true);
    // One line each.
    expect(await oneLine(page.getByRole("heading", { name: "Nearby Discoveries" }))).toBe(true);
    expect(await oneLine(page.getByRole("link", { name: "View More Discoveries" }))).toBe(true);
    // Scrolled: the strip behind the sticky search bar meets the header, so no card shows between them.
    await page.mouse.wheel(0, 900);
    // The scroll has ended: the page is scrolled and its position holds from one frame to the next.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const before = window.scrollY;
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          return before > 0 && window.scrollY === before;
        }),
      )
      .toBe(true);
    const header = (await page.locator("header").first().boundingBox())!;
    const picker = (await page.locator("#city-picker-input").boundingBox())!;
    for (const y of [header.y + header.height + 2, picker.y - 6]) {
      expect(
        await page.evaluate(
          ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest("[data-testid=picker-strip]"),
          [6, y],
        ),
      ).toBe(true);
    }
    await screenshot(page, testInfo, "scrolled");

    // The dialog's buttons keep their words on one line.
    await page.goto("/category/food");
    await page.getByTestId("category-card").first().getByRole("button", { name: "View Details" }).click();
    const directions = page.getByRole("dialog").getByRole("button", { name: "Get Directions" });
    await expect(directions).toBeVisible();
    expect(await oneLine(directions)).toBe(true);
    await screenshot(page, testInfo, "dialog");
  });

  test("dark mode: illustrations are dimmed", async ({ page, context, baseURL }, testInfo) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await chooseCity(context, baseURL, LAS_VEGAS);
    await page.goto("/lodging");
    const picture = page.locator("svg[data-scene]").first();
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((el) => getComputedStyle(el).filter)).toMatch(/brightness\(0\.\d+\)/);
    await screenshot(page, testInfo);
    await page.emulateMedia({ colorScheme: "light" });
    expect(await picture.evaluate((el) => getComputedStyle(el).filter)).toBe("none");
  });
});

test.describe("17.10 /nearby filters and paging", () => {
  test("12 first, more on scroll; category chips; 'Open now' lists hours-unknown places apart", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    await page.goto("/nearby");
    await islandsHydrated(page);
    const rows = page.locator("[data-testid=nearby-list] > li");
    await expect(rows).toHaveCount(12);
    // Scrolling to the end loads the next 12.
    await page.getByTestId("load-more").scrollIntoViewIfNeeded();
    await expect.poll(() => rows.count()).toBeGreaterThan(12);
    const loaded = await rows.count();
    await screenshot(page, testInfo, "more");

    // A category chip keeps only that category.
    const filters = page.getByTestId("nearby-filters");
    const chip = filters.getByRole("button").nth(1);
    const label = (await chip.textContent())!;
    await chip.click();
    await expect(chip).toHaveAttribute("aria-pressed", "true");
    const labels = await page.locator("[data-testid=nearby-list] > li").allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    for (const text of labels) expect(text.startsWith(label)).toBe(true);
    await filters.getByRole("button", { name: "All" }).click();
    expect(await rows.count()).toBeGreaterThanOrEqual(loaded);

    // Nearest first sorts what is loaded by distance (the shared filter parts, as on /map).
    const nearest = filters.getByRole("button", { name: "Nearest first" });
    await nearest.click();
    await expect(nearest).toHaveAttribute("aria-pressed", "true");
    const miles = (await rows.allTextContents()).map((t) => Number(/(\d+(?:\.\d+)?) mi(?![a-z])/.exec(t)?.[1] ?? NaN));
    const known = miles.filter(Number.isFinite);
    expect(known.length).toBeGreaterThan(0);
    expect(known).toEqual([...known].sort((a, b) => a - b));
    await nearest.click();

    // Open now: what is known open first, places with unknown hours in their own section, the closed counted;
    // none silently dropped. (The list may keep loading as it shortens: compare once it agrees.)
    await filters.getByRole("button", { name: "Open now" }).click();
    const pages: Array<{ openNow: boolean | null }> = [];
    const placesUpTo = async (n: number) => {
      while (pages.length < n) {
        const page_ = (await (
          await page.request.get(`/api/places/nearby?city=Las%20Vegas&state=NV&count=12&offset=${pages.length}`)
        ).json()) as Array<{ openNow: boolean | null }>;
        pages.push(...page_);
        if (page_.length < 12) break;
      }
      return pages.slice(0, n);
    };
    await expect
      .poll(
        async () => {
          const open = await page.getByTestId("open-now").locator("li").count();
          const unknown = await page.getByTestId("hours-unknown").locator("li").count();
          const note = page.getByTestId("open-now").getByText(/closed places? not shown/);
          const closedText = ((await note.count()) ? await note.textContent() : null) ?? "0";
          const closed = Number(/\d+/.exec(closedText)?.[0] ?? 0);
          const shown = await placesUpTo(open + unknown + closed);
          return (
            [open, unknown].join("/") ===
            [shown.filter((p) => p.openNow === true).length, shown.filter((p) => p.openNow === null).length].join("/")
          );
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    if (pages.some((p) => p.openNow === null))
      await expect(page.getByRole("heading", { name: "Hours unknown" })).toBeVisible();
    await screenshotAndAxe(page, testInfo);
  });
});

test.describe("17.11 desktop layout from 1024 px; the phone layout unchanged", () => {
  const box = async (locator: import("@playwright/test").Locator) => (await locator.boundingBox())!;
  /** The tops and lefts of the first `n` items: how many distinct columns the first row holds. */
  const columnsOf = async (items: import("@playwright/test").Locator, n: number) => {
    const boxes = await Promise.all(Array.from({ length: n }, (_, i) => box(items.nth(i))));
    return boxes.filter((b) => Math.abs(b.y - boxes[0]!.y) < 2).length;
  };

  test("a top navigation bar instead of the bottom tabs, lists in columns, the map beside its list, a wider dialog", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    test.setTimeout(60_000); // seven pages in two sizes, a map start, three axe runs: past 30 s on a busy machine
    await chooseCity(context, baseURL, LAS_VEGAS);
    await page.setViewportSize(DESKTOP);
    await page.goto("/nearby");
    await islandsHydrated(page);
    // One main navigation, in the header, with the current page marked; the bottom tab bar is gone.
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toHaveCount(1);
    await expect(nav).toBeVisible();
    expect((await box(nav)).y, "the navigation is in the header").toBeLessThan(56);
    await expect(nav.getByRole("link", { name: "Home" })).toBeVisible();
    await expect(page.getByTestId("bottom-tabs")).toBeHidden();
    // /nearby: two columns (12 rows leave the list's end in view, so more load on their own).
    const rows = page.locator("[data-testid=nearby-list] > li");
    await expect(rows.nth(11)).toBeVisible();
    expect(await columnsOf(rows, 3)).toBe(2);
    await screenshotAndAxe(page, testInfo);

    // A place dialog sized for a desktop.
    await rows.first().getByRole("button").click();
    const dialog = page.getByTestId("place-dialog");
    await expect(dialog).toBeVisible();
    expect((await box(dialog)).width).toBeGreaterThan(600);
    await screenshot(page, testInfo, "dialog");
    await page.keyboard.press("Escape");

    // Featured: three columns; a category's cards: two.
    await page.goto("/featured");
    const featured = page.locator("[data-testid=featured-cards] > li");
    await expect(featured.nth(2)).toBeVisible();
    expect(await columnsOf(featured, 3)).toBe(3);
    await page.goto("/category/food");
    const cards = page.getByTestId("category-card");
    await expect(cards.nth(1)).toBeVisible();
    expect(await columnsOf(cards, 2)).toBe(2);
    await screenshot(page, testInfo, "category");

    // Home: Nearby Discoveries and Local Gems side by side; the map beside its list.
    await page.goto("/");
    const nearby = page.getByTestId("nearby-list");
    const gems = page.getByTestId("local-gems-list");
    await expect(gems).toBeVisible();
    const [n, g] = [await box(nearby), await box(gems)];
    expect(g.x).toBeGreaterThan(n.x + n.width);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await screenshotAndAxe(page, testInfo);
    await page.goto("/map");
    const map = await box(page.getByRole("region", { name: "Map of Las Vegas, NV" }));
    const list = await box(page.getByTestId("all-places"));
    expect(list.x).toBeGreaterThanOrEqual(map.x + map.width);
    expect(list.y).toBeLessThan(map.y + map.height);

    // Dark mode reads as well.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/nearby");
    await islandsHydrated(page);
    await screenshotAndAxe(page, testInfo);
    await page.emulateMedia({ colorScheme: "light" });

    // The phone keeps its bottom tabs and one column.
    await page.setViewportSize(PHONE);
    await page.goto("/nearby");
    await expect(page.getByTestId("bottom-tabs")).toBeVisible();
    await expect(page.getByTestId("top-nav")).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(1);
    expect(await columnsOf(rows, 2)).toBe(1);
  });
});
