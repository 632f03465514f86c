import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests (*.e2e.ts) in Debian's Chromium; Playwright never downloads a browser. The headless shell
 * (Debian's chromium-headless-shell, the same Chromium build without the browser UI) when it is installed: the
 * whole suite cost ~25 % less CPU in it than in /usr/bin/chromium, with every test passing (decision 029);
 * else /usr/bin/chromium. CHROMIUM_PATH picks another.
 * Global setup provides a template database with the browsed states imported (built once per `npm test` for
 * every suite, scripts/test-template.ts, decision 029); each worker runs its own server on a copy of it, on
 * E2E_PORT + 1 + its index (e2e/server.ts, decision 025).
 * E2E_WORKERS sets the number of workers (default 4: a browser test mostly waits, so even 3 left the cores
 * idle part of the time, decision 029).
 */

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  globalSetup: "./e2e/global-setup.ts",
  workers: Number(process.env.E2E_WORKERS ?? 4),
  fullyParallel: true,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "line" : "list",
  timeout: 30_000,
  use: {
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
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
  },
});
