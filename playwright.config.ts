import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests (*.e2e.ts) in Debian's Chromium; Playwright never downloads a browser.
 * - Every file but the map's runs in the headless shell (Debian's chromium-headless-shell, the same Chromium
 *   build without the browser UI) when it is installed: the suite cost ~25 % less CPU in it than in
 *   /usr/bin/chromium (decision 029).
 * - The map's file (WebGL drawn in software) runs in /usr/bin/chromium: in the shell, two of its tests timed
 *   out or had their navigation aborted in every full run on a loaded machine (in /usr/bin/chromium one of
 *   them failed once, then passed on the retry; it waited on New York's first featured list, 2 s before a fix
 *   to 0.46 s, so the shell may do for this file too: not yet measured).
 * CHROMIUM_PATH picks one browser for every file.
 * Global setup provides a template database with the browsed states imported (built once per `npm test` for
 * every suite, scripts/test-template.ts, decision 029); each worker runs its own server on a copy of it, on
 * E2E_PORT + 1 + its index (e2e/server.ts, decision 025).
 * E2E_WORKERS sets the number of workers (default 4: a browser test mostly waits, so even 3 left the cores
 * idle part of the time, decision 029).
 */

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM = "/usr/bin/chromium";
const MAP = "**/map.e2e.ts";

const browser = (executablePath: string) => ({
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
  },
});

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  globalSetup: "./e2e/global-setup.ts",
  workers: Number(process.env.E2E_WORKERS ?? 4),
  fullyParallel: true,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "line" : "list",
  timeout: 30_000,
  projects: [
    // The map's file first: its tests are the longest, so they start early instead of ending the run.
    { name: "map", testMatch: MAP, use: browser(CHROMIUM) },
    { name: "pages", testIgnore: MAP, use: browser(existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM) },
  ],
});
