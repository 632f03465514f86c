import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests (*.e2e.ts) in Debian's Chromium (/usr/bin/chromium); Playwright never downloads a browser.
 * The server runs on the embedded data with its own database under .tmp/.
 */
const PORT = Number(process.env.E2E_PORT ?? 3199);

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  globalSetup: "./e2e/global-setup.ts",
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "line" : "list",
  timeout: 30_000,
  use: {
    ...devices["Desktop Chrome"],
    baseURL: `http://127.0.0.1:${PORT}`,
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
  webServer: {
    command: "node_modules/.bin/bun src/server.ts",
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DATABASE_URL: `file:.tmp/e2e-${PORT}/localscope.db`,
      // The tests give each browser its own client address (X-Forwarded-For) from this host, and write a lot.
      TRUSTED_PROXIES: "127.0.0.1,::1",
      RATE_LIMIT_WRITES_PER_MINUTE: "100000",
      RATE_LIMIT_AUTH_PER_MINUTE: "100000",
      // The admin of the browser tests (e2e/traffic-admin.ts; claimed by the test, DECISIONS 22).
      ADMIN_EMAIL: "e2e-admin@example.com",
    },
  },
});
