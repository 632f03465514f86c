import { expect, test as base } from "@playwright/test";
import { cpuMeter } from "./cpu-meter";
import { slotServerUp, startSlotServer } from "./server";

/**
 * Every page in a test: a console error, an uncaught exception or a hydration warning fails the test.
 * A test that provokes an error on purpose (a 404 page) lists the messages it expects in `expectedConsoleErrors`.
 */
export const test = base.extend<
  {
    expectedConsoleErrors: RegExp[];
    consoleErrors: string[];
    signedIn: boolean;
    guestSession: void;
    contextLeftovers: void;
    cpuLog: void;
  },
  { workerServer: string }
>({
  /**
   * Each worker slot's own server and database (a copy of the template global setup prepared; e2e/server.ts),
   * so workers run side by side without sharing sessions, rate limits or favorites. Global setup starts one
   * per slot for the whole run; a worker whose slot has none (or whose server stopped answering) starts its
   * own and stops it when it ends.
   */
  workerServer: [
    async ({}, use, workerInfo) => {
      const shared = await slotServerUp(workerInfo.parallelIndex);
      if (shared) return use(shared);
      const server = await startSlotServer(workerInfo.parallelIndex);
      await use(server.url);
      await server.stop();
    },
    { scope: "worker", timeout: 130_000 },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer),
  /** With E2E_CPU_LOG=FILE, each test's CPU (its worker with Chromium, the slot's server) as a line of FILE. */
  cpuLog: [
    async ({}, use, testInfo) => {
      const done = cpuMeter(testInfo.parallelIndex);
      await use();
      done?.(testInfo.title, testInfo.file.replace(/^.*\/e2e\//, ""), testInfo.status ?? "");
    },
    { auto: true },
  ],
  /**
   * The tests of a worker share one browser context and its page (`reuseContext`, playwright.config.ts): between
   * tests Playwright clears cookies, the HTTP cache, local and session storage, IndexedDB and service workers of
   * the origins visited, closes extra pages, removes routes, init scripts, bindings and the fake clock, and
   * applies the test's viewport and media again. What it leaves is undone here: permissions a test granted, the
   * offline switch, and the app's Cache Storage (the offline trips' service worker fills it).
   */
  contextLeftovers: [
    async ({ context, baseURL }, use) => {
      await use();
      await context.clearPermissions();
      await context.setOffline(false);
      const [page] = context.pages();
      if (page && baseURL) {
        const session = await context.newCDPSession(page);
        await session.send("Storage.clearDataForOrigin", {
          origin: new URL(baseURL).origin,
          storageTypes: "cache_storage",
        });
        await session.detach();
      }
    },
    { auto: true },
  ],
  expectedConsoleErrors: [[], { option: true }],
  /**
   * Pages are for signed-in visitors; everyone else sees the landing page (docs/decisions/013-signed-in-shell.md). By default every test
   * starts as a fresh guest: POST /api/auth/auto-login through the context's request client, which shares
   * its cookie jar with the pages, from its own IP address (X-Forwarded-For, trusted from 127.0.0.1) so
   * guest creation never meets its rate limit. `test.use({ signedIn: false })` browses signed out.
   */
  signedIn: [true, { option: true }],
  guestSession: [
    async ({ context, signedIn }, use) => {
      if (signedIn) {
        const response = await context.request.post("/api/auth/auto-login", {
          headers: { "x-forwarded-for": uniqueIp() },
        });
        expect(response.status(), "guest sign-in for the test").toBe(200);
      }
      await use();
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (expectedConsoleErrors.some((re) => re.test(text))) return;
        if (message.type() === "error" || /hydrat/i.test(text)) errors.push(`console.${message.type()}: ${text}`);
      });
      // With the first frames of its stack (the page's URL and line), so a failure says where it was thrown.
      page.on("pageerror", (error) =>
        errors.push(
          `page error: ${error.message}${error.stack ? ` at ${error.stack.split("\n").slice(1, 4).join(" ").trim()}` : ""}`,
        ),
      );
      page.on("crash", () => errors.push("the page crashed (its renderer process died)"));
      await use(errors);
      expect(errors, "the browser console must stay free of errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

let lastIp = Math.floor(Math.random() * 0xffffff);
/** A public IPv4 address no other test in this run uses (for X-Forwarded-For: one rate-limit bucket each). */
export function uniqueIp(): string {
  lastIp = (lastIp + 1) & 0xffffff;
  return `198.${18 + ((lastIp >> 16) & 1)}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

/**
 * Wait until every island on the page is live: hydrated (ui/client.tsx marks each with data-hydrated), or
 * waiting by design (data-waiting: for the visitor's first use, which hydrates it and replays a held tap, or
 * for React to come with another island) once the runtime has started.
 */
export async function islandsHydrated(page: import("@playwright/test").Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>("[data-island]")].every(
      (el) => el.dataset.hydrated === "true" || Boolean(el.dataset.waiting),
    ),
  );
}
