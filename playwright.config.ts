import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests (*.e2e.ts) in Debian's Chromium (/usr/bin/chromium); Playwright never downloads a browser.
 * Global setup provides a template database with the browsed states imported (built once per `npm test` for
 * every suite, scripts/test-template.ts, decision 029); each worker runs its own server on a copy of it, on
 * E2E_PORT + 1 + its index (e2e/server.ts, decision 025).
 * E2E_WORKERS sets the number of workers (default 4: a browser test mostly waits, so even 3 left the cores
 * idle part of the time, decision 029).
 */

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
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
