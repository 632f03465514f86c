import type { Page } from "@playwright/test";
import { expect, islandsHydrated, test } from "./fixtures";

/**
 * Tooltips on icon-only controls (docs/product.md): shown 700 ms after the pointer arrives (or
 * keyboard focus), at once when another tooltip closed less than 300 ms before; hidden on leave and Escape.
 */

/** Records, in the page, when the pointer entered each tooltip owner and when the tooltip was shown. */
async function recordTimes(page: Page) {
  await page.evaluate(() => {
    const w = window as any;
    w.__tipTimes = { entered: [] as number[], shown: [] as number[] };
    document.addEventListener(
      "pointerover",
      (e) => {
        if ((e.target as Element).closest("[data-tooltip]")) w.__tipTimes.entered.push(performance.now());
      },
      true,
    );
    new MutationObserver(() => {
      const tip = document.getElementById("ls-tooltip");
      if (tip && !tip.hidden) w.__tipTimes.shown.push(performance.now());
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["hidden"], childList: true });
  });
}
const times = (page: Page) => page.evaluate(() => (window as any).__tipTimes as { entered: number[]; shown: number[] });

test("header buttons: the tooltip waits 700 ms, the next one within 300 ms shows at once, Escape hides it", async ({
  page,
}) => {
  await page.goto("/");
  await islandsHydrated(page);
  await recordTimes(page);
  const tooltip = page.getByRole("tooltip");
  const profile = page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Profile" });
  const chat = page.getByRole("link", { name: "AI travel assistant" });

  await profile.hover();
  await expect(tooltip).toHaveText("Profile");
  let t = await times(page);
  expect(t.shown[0]! - t.entered.at(-1)!).toBeGreaterThanOrEqual(690);

  // Straight to the next button: no wait.
  await chat.hover();
  await expect(tooltip).toHaveText("AI travel assistant");
  t = await times(page);
  expect(t.shown.at(-1)! - t.entered.at(-1)!).toBeLessThan(200);

  // Away for longer than 300 ms: the delay applies again.
  await page.mouse.move(5, 400);
  await expect(tooltip).toBeHidden();
  // A span, not an event: the delay comes back only after the pointer has been away for more than 300 ms.
  await page.waitForTimeout(400);
  await profile.hover();
  await expect(tooltip).toHaveText("Profile");
  t = await times(page);
  expect(t.shown.at(-1)! - t.entered.at(-1)!).toBeGreaterThanOrEqual(690);

  await page.keyboard.press("Escape");
  await expect(tooltip).toBeHidden();
});

test("keyboard focus shows the tooltip beside the control; the heart's tells what a press does", async ({ page }) => {
  await page.goto("/");
  await islandsHydrated(page);
  const heart = page.getByRole("button", { name: /^Save .* to favorites$/ });
  await heart.focus();
  // Programmatic focus is not :focus-visible in Chromium; a Tab round trip is.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(heart).toBeFocused();
  const tooltip = page.getByRole("tooltip");
  await expect(tooltip).toHaveText(/^(Save to favorites|Remove from favorites)$/);
  // It describes the heart (its text is not the heart's name) and sits just below or above it.
  await expect(heart).toHaveAttribute("aria-describedby", "ls-tooltip");
  const [a, b] = [(await heart.boundingBox())!, (await tooltip.boundingBox())!];
  expect(Math.min(Math.abs(b.y - (a.y + a.height)), Math.abs(a.y - (b.y + b.height)))).toBeLessThan(12);
  await page.keyboard.press("Tab");
  await expect(tooltip).toBeHidden();
  await expect(heart).not.toHaveAttribute("aria-describedby", "ls-tooltip");
});

test("in a dialog: the Close button's tooltip shows above the dialog; the first Escape hides it, the second closes the dialog", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([
    { name: "localscope-location", value: encodeURIComponent("Las Vegas, NV"), url: baseURL! },
  ]);
  await page.goto("/");
  await islandsHydrated(page);
  await page.getByTestId("nearby-list").getByRole("button").first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const close = dialog.getByRole("button", { name: "Close" }).first();
  await close.hover();
  const tooltip = page.getByRole("tooltip");
  await expect(tooltip).toHaveText("Close");
  // A modal dialog is in the top layer, above anything else: the tip is drawn there, inside the dialog.
  expect(await tooltip.evaluate((tip) => Boolean(tip.closest("dialog[open]")))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(tooltip).toBeHidden();
  await expect(dialog).toBeVisible();
  // Still on the button: a dismissed tooltip does not come back until the pointer leaves. A span, not an event:
  // it must stay hidden past the 700 ms show delay.
  await page.waitForTimeout(900);
  await expect(tooltip).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
