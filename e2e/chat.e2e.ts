import type { Page } from "@playwright/test";
import { expect, islandsHydrated, test } from "./fixtures";
import { chooseCity, expectAccessible, LAS_VEGAS, PHONE, screenshot, SERVER_500 } from "./discovery-helpers";

/** The AI travel assistant (/chat, docs/decisions/018-chat.md). The e2e server has no model: the data-grounded provider answers. */

test.use({ viewport: PHONE });

const SMALL_TOWN = "Ely, NV";
const SAVANNAH = "Savannah, GA";
const ERROR_REPLY = "Sorry, I'm having trouble processing your request right now. Please try again later.";

async function openChat(page: Page) {
  await page.goto("/chat");
  await islandsHydrated(page);
}

/**
 * A slow stream for the Stop test: /api/chat/stream answered in the page by a stream that writes a token every
 * 150 ms until the request is aborted (window.__aborted then turns true).
 */
async function slowStream(page: Page) {
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    (window as any).__aborted = false;
    window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes("/api/chat/stream")) {
        const signal = init?.signal;
        const encoder = new TextEncoder();
        let timer: ReturnType<typeof setInterval>;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            let n = 0;
            const send = (event: string, data: unknown) =>
              controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
            send("token", { text: "Call (702) 387-6366 or visit 821 Las Vegas Blvd N. " });
            timer = setInterval(() => send("token", { text: `word${++n} ` }), 150);
            signal?.addEventListener("abort", () => {
              (window as any).__aborted = true;
              clearInterval(timer);
              controller.error(new DOMException("aborted", "AbortError"));
            });
          },
          cancel() {
            clearInterval(timer);
          },
        });
        return new Response(body, { headers: { "content-type": "text/event-stream" } });
      }
      return original(input, init);
    }) as typeof fetch;
  });
}

test.describe("AI chat screen", () => {
  test("Las Vegas: a suggested prompt streams a grounded answer with place chips; cached across a reload", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    // The city's places are imported on first use: warm them so the answer is quick.
    expect((await page.request.get("/api/places/nearby?city=Las%20Vegas&state=NV&count=1")).status()).toBe(200);
    await openChat(page);
    await expect(page.getByRole("heading", { name: "AI Travel Assistant" })).toBeVisible();
    await expect(page.getByTestId("ai-message").first()).toContainText("travel assistant for Las Vegas, NV");
    await expect(page.getByPlaceholder("Ask about Las Vegas, NV...")).toBeVisible();
    await expect(page.getByTestId("chat-back")).toHaveAttribute("href", "/");
    for (const prompt of [
      "What restaurants are popular here?",
      "What activities can I do today?",
      "Show me historical places nearby",
      "Where can I shop locally?",
    ]) {
      await expect(page.getByRole("button", { name: prompt })).toBeVisible();
    }

    await page.getByRole("button", { name: "What restaurants are popular here?" }).click();
    await expect(page.getByTestId("user-message")).toHaveText("What restaurants are popular here?");
    const answer = page.getByTestId("ai-message").nth(1);
    await expect(answer).toContainText("places to eat near downtown Las Vegas");
    await expect(answer).toContainText("LocalScope has no ratings");
    const chips = answer.getByTestId("place-chip");
    await expect(chips.first()).toBeVisible();
    expect(await chips.count()).toBeGreaterThanOrEqual(3);
    const href = await chips.first().getAttribute("href");
    expect(href).toMatch(/^\/place\/\d+$/);
    // Each chip is a real place: its page answers.
    const place = (await (await page.request.get(`/api${href!.replace("/place/", "/places/")}`)).json()) as {
      title: string;
    };
    await expect(chips.first()).toContainText(place.title);
    await expect(answer).toContainText(place.title);
    // The suggestions go once there is a conversation; the live region announced the answer.
    await expect(page.getByRole("button", { name: "Where can I shop locally?" })).toHaveCount(0);
    await expect(page.getByTestId("chat-live")).toContainText("Assistant: Here are");
    await expect(page.getByPlaceholder("Ask about Las Vegas, NV...")).toBeEnabled();
    await screenshot(page, testInfo, "-las-vegas");
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, testInfo, "-las-vegas-desktop");
    await page.setViewportSize(PHONE);

    // Shift+Enter does not send; Enter does.
    const input = page.getByPlaceholder("Ask about Las Vegas, NV...");
    await input.fill("Where can I get coffee?");
    await input.press("Shift+Enter");
    await expect(page.getByTestId("user-message")).toHaveCount(1);
    await input.press("Enter");
    await expect(page.getByTestId("user-message")).toHaveCount(2);
    await expect(page.getByTestId("ai-message").nth(2)).toContainText("cafés and bakeries");

    // The conversation is kept for this city (24 h, localscope-chat-cache).
    await page.reload();
    await islandsHydrated(page);
    await expect(page.getByTestId("user-message")).toHaveCount(2);
    await expect(page.getByTestId("ai-message").nth(1)).toContainText("places to eat near downtown Las Vegas");
    const cache = await page.evaluate(() => JSON.parse(localStorage.getItem("localscope-chat-cache") ?? "{}"));
    expect(Object.keys(cache)).toContain("las-vegas");
    expect(Date.now() - cache["las-vegas"].lastUpdated).toBeLessThan(86_400_000);
  });

  test("a small town: changing the location resets to a welcome message and answers for the new city", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    await openChat(page);
    await page.getByRole("button", { name: "What activities can I do today?" }).click();
    await expect(page.getByTestId("ai-message").nth(1)).toContainText("things to do");

    await page.getByTestId("chat-location").click();
    const search = page.getByRole("combobox", { name: "Chat location: search a city" });
    await search.fill("Ely");
    await page.getByRole("option", { name: SMALL_TOWN }).click();
    await expect(page.getByTestId("chat-location")).toContainText(SMALL_TOWN);
    await expect(page.getByTestId("user-message")).toHaveCount(0);
    await expect(page.getByTestId("ai-message")).toHaveCount(1);
    await expect(page.getByTestId("ai-message")).toContainText(`travel assistant for ${SMALL_TOWN}`);
    await expect(page.getByPlaceholder(`Ask about ${SMALL_TOWN}...`)).toBeVisible();

    await page.getByRole("button", { name: "Where can I shop locally?" }).click();
    const answer = page.getByTestId("ai-message").nth(1);
    await expect(answer).toContainText("near downtown Ely");
    await expect(answer.getByTestId("place-chip").first()).toBeVisible();
    await screenshot(page, testInfo, "-small-town");
    await expectAccessible(page);
  });

  test("Stop ends a streaming answer at once; phone numbers and addresses become links", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    await slowStream(page);
    await openChat(page);
    await page.getByRole("button", { name: "Show me historical places nearby" }).click();
    const answer = page.getByTestId("ai-message").nth(1);
    await expect(answer).toContainText("word2");
    await expect(page.getByPlaceholder("Ask about Las Vegas, NV...")).toBeDisabled();
    await page.getByTestId("chat-stop").click();
    await expect(answer).toContainText("(stopped)");
    expect(await page.evaluate(() => (window as any).__aborted)).toBe(true);
    const text = await answer.textContent();
    // A span, not an event: the test stream sends a token every 150 ms, so 400 ms with no new text proves the
    // stream stopped (there is no event for "nothing arrived").
    await page.waitForTimeout(400);
    expect(await answer.textContent()).toBe(text); // nothing more arrives
    await expect(page.getByPlaceholder("Ask about Las Vegas, NV...")).toBeEnabled();
    await expect(answer.getByRole("link", { name: "(702) 387-6366" })).toHaveAttribute("href", "tel:+17023876366");
    const address = answer.getByRole("link", { name: "821 Las Vegas Blvd N" });
    await expect(address).toHaveAttribute(
      "href",
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("821 Las Vegas Blvd N, Las Vegas, NV")}`,
    );
    await expect(address).toHaveAttribute("target", "_blank");
  });

  test.describe("when the server fails", () => {
    test.use({ expectedConsoleErrors: [SERVER_500] });
    test("the product's error reply", async ({ page, context, baseURL }) => {
      await chooseCity(context, baseURL, LAS_VEGAS);
      await page.route("**/api/chat/stream", (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ message: "boom", errors: {} }),
        }),
      );
      await openChat(page);
      await page.getByPlaceholder("Ask about Las Vegas, NV...").fill("Anything fun?");
      await page.getByRole("button", { name: "Send" }).click();
      await expect(page.getByTestId("ai-message").nth(1).locator("p")).toHaveText(ERROR_REPLY);
      await expect(page.getByPlaceholder("Ask about Las Vegas, NV...")).toBeEnabled();
    });
  });

  test.describe("when the per-user limit refuses a message", () => {
    test.use({ expectedConsoleErrors: [/status of 429/] });
    test("the chat says how long to wait, from the 429's Retry-After", async ({ page, context, baseURL }) => {
      await chooseCity(context, baseURL, LAS_VEGAS);
      await page.route("**/api/chat/stream", (route) =>
        route.fulfill({
          status: 429,
          contentType: "application/json",
          headers: { "retry-after": "17" },
          body: JSON.stringify({ message: "You're sending messages too fast.", errors: {} }),
        }),
      );
      await openChat(page);
      await page.getByPlaceholder("Ask about Las Vegas, NV...").fill("Anything fun?");
      await page.getByRole("button", { name: "Send" }).click();
      await expect(page.getByTestId("ai-message").nth(1).locator("p")).toHaveText(
        "You're sending messages quickly — try again in 17 s.",
      );
    });
  });

  test("a question about another city is answered for it, with a button that switches the chat there", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseCity(context, baseURL, LAS_VEGAS);
    await openChat(page);
    await page.getByPlaceholder("Ask about Las Vegas, NV...").fill("What should I see in Chicago?");
    await page.getByRole("button", { name: "Send" }).click();
    const answer = page.getByTestId("ai-message").nth(1);
    await expect(answer.locator("p")).toContainText("This answer is for Chicago, IL");
    await answer.getByRole("button", { name: "Switch to Chicago, IL" }).click();
    await expect(page.getByTestId("chat-location")).toContainText("Chicago, IL");
    await expect(page.getByPlaceholder("Ask about Chicago, IL...")).toBeVisible();
  });

  test("“plan a day in Savannah” links a draft trip that shows its stops; “add … to day 1” adds the place to that day", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    await chooseCity(context, baseURL, SAVANNAH);
    await openChat(page);
    const input = page.getByPlaceholder(`Ask about ${SAVANNAH}...`);
    await input.fill("plan a day in Savannah");
    await input.press("Enter");
    const planned = page.getByTestId("ai-message").nth(1);
    await expect(planned.locator("p")).toContainText(
      /^I planned a day in Savannah, GA: \d stops from its best sights close together/,
    );
    // The draft is named by its title, linked to its page.
    const tripLink = planned.getByRole("link", { name: "A day in Savannah" });
    const href = (await tripLink.getAttribute("href"))!;
    expect(href).toMatch(/^\/trips\/\d+$/);
    await expect(planned.locator("p")).toContainText("Open your draft: A day in Savannah, and change it as you like.");
    const said = Number(/: (\d) stops/.exec((await planned.locator("p").textContent()) ?? "")?.[1]);
    await screenshot(page, testInfo, "-trip-planned");
    await expectAccessible(page);

    // The link opens the draft: its stops, as many as the answer said, each a place of the store.
    await tripLink.click();
    await page.waitForURL(href);
    await islandsHydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("A day in Savannah");
    const stops = page.getByTestId("trip-stop");
    await expect(stops).toHaveCount(said);
    expect(said).toBeGreaterThanOrEqual(5);
    const stopTitles = () => stops.locator("a[href^='/place/']").allTextContents();
    const before = await stopTitles();

    // A sight of Savannah's featured list that is not in the day yet, named as the store names it.
    const featured = await page.request.get("/api/places/featured?city=Savannah&state=GA&count=30");
    const candidates = ((await featured.json()) as Array<{ title: string }>).map((p) => p.title);
    const title = candidates.find((t) => !before.includes(t) && candidates.indexOf(t) === candidates.lastIndexOf(t))!;
    expect(title).toBeTruthy();

    await page.goto("/chat");
    await islandsHydrated(page);
    await expect(page.getByTestId("ai-message").nth(1)).toContainText("I planned a day in Savannah, GA");
    await input.fill(`add ${title} to day 1`);
    await input.press("Enter");
    const added = page.getByTestId("ai-message").nth(2);
    await expect(added.locator("p")).toHaveText(`Added ${title} to day 1 of A day in Savannah.`);
    await expect(added.getByTestId("place-chip")).toContainText(title);
    await expect(added.getByRole("link", { name: "A day in Savannah" })).toHaveAttribute("href", href);
    await added.getByRole("link", { name: "A day in Savannah" }).click();
    await page.waitForURL(href);
    await islandsHydrated(page);
    await expect(stops).toHaveCount(said + 1);
    expect(await stopTitles()).toEqual([...before, title]);
  });
});
