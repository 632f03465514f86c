/**
 * The one place the browser tests become the admin: the ADMIN_EMAIL account of the test server
 * (playwright.config.ts), registered once and claimed by the operator command against that server's database
 * (`npm run admin -- claim EMAIL`, docs/product.md#accounts).
 */
import { spawnSync } from "node:child_process";
import type { APIRequestContext } from "@playwright/test";
import { join } from "node:path";
import { expect, test, uniqueIp } from "./fixtures";
import { workerDir } from "./server";

export const E2E_ADMIN_EMAIL = "admin-e2e@localscope.test";
export const E2E_ADMIN_PASSWORD = "blue-Harbor-lantern-42";

export async function signInAsAdmin(request: APIRequestContext) {
  // The operator's claim (against this worker's own server database, e2e/server.ts) creates the ADMIN_EMAIL
  // account or takes it over: it gives the account a new password, printed once, and ends its sessions.
  const database = join(workerDir(test.info().parallelIndex), "localscope.db");
  const claim = spawnSync("node_modules/.bin/bun", ["scripts/admin.ts", "claim", E2E_ADMIN_EMAIL, "--yes"], {
    env: { ...process.env, DATABASE_URL: `file:${database}`, ADMIN_EMAIL: E2E_ADMIN_EMAIL },
    encoding: "utf8",
  });
  expect(claim.status, `admin claim: ${claim.stderr}`).toBe(0);
  const password = /Its password is now: (\S+)/.exec(claim.stdout)?.[1];
  expect(password, `admin claim printed no password: ${claim.stdout}`).toBeTruthy();
  const login = await request.post("/api/auth/login", {
    headers: { "x-forwarded-for": uniqueIp() },
    data: { email: E2E_ADMIN_EMAIL, password },
  });
  expect(login.status(), "admin sign-in").toBe(200);
  // The claim is another process's write: the server may answer from its 2 s memory of the session
  // (SESSION_MEMO_MS, decision 033) before it sees the admin flag.
  await expect
    .poll(async () => (await (await request.get("/api/auth/me")).json()).isAdmin, {
      message: "the e2e admin",
      timeout: 5_000,
    })
    .toBe(true);
}
