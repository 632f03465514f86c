/** Shared steps of the discovery screen tests (docs/decisions/010-discovery-screens.md): the city, screenshots, axe, layout shift, failures. */
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Locator, Page, TestInfo } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { expect } from "./fixtures";

export const LAS_VEGAS = "Las Vegas, NV";
/** A town with no place of any dataset within 30 miles, beyond every list's radius (checked in the imported data). */
export const EMPTY_TOWN = "Alzada, MT";
export const PHONE = { width: 390, height: 844 };

/**
 * Console messages a test expects: 401 once a session has ended ("401 means not favorited", "Please log
 * in"); 500 in the error-state tests. (One pattern per test.use: Playwright reads a two-item array as
 * [value, options].)
 */
export const SIGNED_OUT_401 = /status of 401/;
export const SERVER_500 = /status of 500/;

/**
 * Choose the city as the picker would: the cookie (server rendering) and local storage (islands). The
 * fixtures sign every test in as a fresh guest (signed-out visitors only ever see the landing page).
 */
export async function chooseCity(context: BrowserContext, baseURL: string | undefined, city: string) {
  await context.addCookies([{ name: "localscope-location", value: encodeURIComponent(city), url: baseURL! }]);
  await context.addInitScript((text) => {
    if (!sessionStorage.getItem("ls-test-city-set")) {
      localStorage.setItem("localscope-location", text);
      sessionStorage.setItem("ls-test-city-set", "1");
    }
  }, city);
}

/** The session ends while the page stays open (signed out in another tab, expired): calls now answer 401. */
export async function endSession(context: BrowserContext, baseURL: string | undefined, city: string) {
  await context.clearCookies();
  await context.addCookies([{ name: "localscope-location", value: encodeURIComponent(city), url: baseURL! }]);
}

/** Sum of layout shifts without recent input (CLS), collected from the first paint. */
export async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    (window as any).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as any[]) if (!entry.hadRecentInput) (window as any).__cls += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  return async () => (await page.evaluate(() => (window as any).__cls)) as number;
}

/** A screenshot at 390×844 kept as a test artifact, named after the test. */
export async function screenshot(page: Page, testInfo: TestInfo, suffix = "") {
  const name = `${testInfo.titlePath
    .slice(1)
    .join(" ")
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase()}${suffix ? `-${suffix}` : ""}`;
  const dir = join(testInfo.project.outputDir, "screenshots");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/** The screen as it is now: a screenshot kept as an artifact, then axe-core (no serious or critical violations). */
export async function screenshotAndAxe(page: Page, testInfo: TestInfo) {
  await screenshot(page, testInfo);
  await expectAccessible(page);
}

type AxeCheck = string | { id: string };
type AxeAudit = {
  rules: Array<{ id: string; impact?: string; any: AxeCheck[]; all: AxeCheck[]; none: AxeCheck[] }>;
  data: { checks: Record<string, { impact?: string } | undefined> };
};
/** The axe-core that @axe-core/playwright injects (its source and its rule metadata). */
const AXE = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core") as {
  source: string;
  _audit: AxeAudit;
};

/**
 * The axe rules that cannot report a serious or critical violation: a violation's impact is the highest impact
 * of its failing checks, and every check of these rules is minor or moderate (landmarks, region, heading order
 * and the like). `expectAccessible` drops such findings, so it does not run them (15–25 % of an axe run). Read
 * from the injected axe-core's own metadata, so a new axe version brings its own list.
 */
const RULES_BELOW_SERIOUS: string[] = (() => {
  const rank = (impact: string | undefined) => ({ minor: 1, moderate: 2 })[impact ?? ""] ?? 3; // unknown: kept
  const checks = AXE._audit.data.checks;
  return AXE._audit.rules
    .filter(
      (rule) =>
        Math.max(
          rank(rule.impact),
          ...[...rule.any, ...rule.all, ...rule.none].map((check) =>
            rank(checks[typeof check === "string" ? check : check.id]?.impact),
          ),
        ) < 3,
    )
    .map((rule) => rule.id);
})();

type Violation = { id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> };

/**
 * axe.run on the page's document, axe injected once per document (a later check of the same page reuses it),
 * asking for violations only. AxeBuilder's analyze() injects axe twice per call, opens a blank page for
 * axe.finishRun and ships every pass and its nodes across: 3–5 times slower (measured 560–1450 ms against
 * 130–330 ms a check), for frames the app does not have. A page that has frames still goes through AxeBuilder.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  if (page.frames().length > 1)
    return (await new AxeBuilder({ page }).disableRules(RULES_BELOW_SERIOUS).analyze()).violations;
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function")))
    await page.evaluate(AXE.source);
  return page.evaluate(async (skip) => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }
    ).axe;
    const results = await axe.run(document, {
      rules: Object.fromEntries(skip.map((id) => [id, { enabled: false }])),
      resultTypes: ["violations"],
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, RULES_BELOW_SERIOUS);
}

/** axe-core on the page as it is now: no serious or critical violations. */
export async function expectAccessible(page: Page) {
  // Judge the settled page: cards that are still fading in would be measured half transparent.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const bad = (await axeViolations(page))
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join(" | ")}`,
    );
  expect(bad, "axe: serious or critical violations").toEqual([]);
}

/** Click a favorite heart: a status toast says `title` and `text`, and the heart is (not) pressed as `pressed`. */
export async function clickHeart(page: Page, heart: Locator, pressed: boolean, title: string, text: string) {
  await heart.click();
  await expect(page.getByRole("status").filter({ hasText: title })).toContainText(text);
  await expect(heart).toHaveAttribute("aria-pressed", String(pressed));
}

/** Answer one API call with a server error (every retry too). */
export async function failWith500(page: Page, pattern: string | RegExp) {
  await page.route(pattern, (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ message: "Server exploded", errors: {} }),
    }),
  );
}

/** Hold an API call until released, so the loading state can be inspected. */
export async function holdRequests(page: Page, pattern: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Every activity record the page sends (they go out as beacons; routing exposes their bodies). */
export async function recordActivities(page: Page) {
  const sent: Array<Record<string, unknown>> = [];
  await page.route("**/api/activities", async (route) => {
    if (route.request().method() === "POST") sent.push(JSON.parse(route.request().postData() ?? "{}"));
    await route.continue();
  });
  return sent;
}

/**
 * This page retries as in production: 1 s, 2 s, 4 s. The test servers serve a short test delay
 * (`data-retry-ms` on <html>, TEST_RETRY_BASE_MS, decision 025); this strips it from every page document.
 */
export async function withRealBackoff(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/assets/"),
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(/ data-retry-ms="\d+"/, "");
      await route.fulfill({ response, body });
    },
  );
}

/**
 * Another tab picks `city` once this page's islands are live: they follow it (a storage event, as the
 * browser sends) and load its lists in the browser. The first city's lists come with the page (decision
 * 033), so loading and error states are seen after such a change.
 */
export async function cityChosenElsewhere(page: Page, city: string) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>("[data-island]")].every((el) => el.dataset.hydrated === "true"),
  );
  await page.evaluate((text) => {
    localStorage.setItem("localscope-location", text);
    window.dispatchEvent(new StorageEvent("storage", { key: "localscope-location" }));
  }, city);
}

/** A city whose state the browser tests import too, to start from before a change to another city. */
export const OTHER_CITY = "Boston, MA";
