import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests (*.e2e.ts) in Debian's Chromium; Playwright never downloads a browser.
 * - Every file runs in the headless shell (Debian's chromium-headless-shell, the same Chromium build without the
 *   browser UI) when it is installed, else in /usr/bin/chromium. The suite cost ~25 % less CPU in the shell
 *   (decision 029); the map's file, which ran in /usr/bin/chromium after two of its tests failed in the shell on
 *   a loaded machine (they waited on New York's first featured list, 2 s then, 0.46 s since), now passes there
 *   too: 40 of 40 without a retry at load 10–16, in 53 s and 36 CPU-s against 73 s and 47 CPU-s (decision 029).
 * - One project: a Playwright worker runs the tests of one project only, so a second project (the longest files,
 *   listed first to start early) stopped each worker when its tests ran out and started a new Node process and
 *   a new Chromium for the other files: ~3.5 CPU-s a restart, four or more a run (decision 084). Every test is
 *   its own unit of work (`fullyParallel`), so a long file is spread over the workers wherever it sorts.
 * CHROMIUM_PATH picks one browser for every file.
 * - Pages are seen with "reduce motion" set, as a user who asked for it sees them (no animation repaints every
 *   frame while a test waits); the tests about motion itself turn it off.
 * Global setup provides a template database with the browsed states imported (built once per `npm test` for
 * every suite, scripts/test-template.ts, decision 029) and starts one server per worker slot on a copy of it,
 * on E2E_PORT + 1 + the slot's index, kept for the whole run (e2e/server.ts, decisions 025 and 029).
 * E2E_WORKERS sets the number of workers (default 4: a browser test mostly waits, so even 3 left the cores
 * idle part of the time, decision 029).
 */

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM = "/usr/bin/chromium";
const BROWSER = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM;

const browser = (executablePath: string) => ({
  ...devices["Desktop Chrome"],
  // The system setting "reduce motion" (ui/base.css stops every animation and transition under it): a page
  // whose skeletons pulse and whose cards rise in is painted and composited every frame while a test waits on
  // it, in software on these machines (~20 CPU-s of the suite, decision 029). A test about motion turns it back on.
  reducedMotion: "reduce" as const,
  // The app registers a service worker (offline trips). Requests a service worker makes are not seen by
  // page.route, which most tests use to serve tiles or fail a request: so it is blocked, and the offline test
  // (e2e/trips.e2e.ts) allows it for itself.
  serviceWorkers: "block" as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
});

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  globalSetup: "./e2e/global-setup.ts",
  workers: Number(process.env.E2E_WORKERS ?? 4),
  fullyParallel: true,
  // A failed test runs once more, and one that then passes is reported by name as flaky at the end of `npm test`
  // (not as passed, not as failed): on a busy 2-core CI machine a wait that holds alone can pass its limit, and
  // a whole run should not hang on it. A test that fails twice fails the run (decision 069).
  retries: 1,
  // A test's retry is traced (test-results/…/trace.zip: its actions, network and console; no screenshots or DOM
  // snapshots), so a failure that only shows on a busy CI machine can be read afterwards (`npx playwright
  // show-trace`): a test that fails twice keeps the trace of its second failure. Tracing every first attempt
  // cost ~15 % of the suite's CPU for traces thrown away (decision 071).
  use: {
    trace: { mode: "on-first-retry", screenshots: false, snapshots: false, sources: false },
    // A worker's tests share one browser context and its page, reset between tests (e2e/fixtures.ts says what is
    // reset), instead of a new context, page and renderer process each (decision 091). E2E_FRESH_CONTEXT=1 gives
    // each test a context of its own again, to tell state left by an earlier test from a bug.
    reuseContext: process.env.E2E_FRESH_CONTEXT !== "1",
  },
  reporter: process.env.CI ? "line" : "list",
  timeout: 30_000,
  projects: [{ name: "chromium", use: browser(BROWSER) }],
});
