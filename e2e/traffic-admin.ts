/**
 * The admin account of the browser tests' server (playwright.config.ts passes it as ADMIN_EMAIL). An account
 * with that e-mail is admin only once claimed (DECISIONS 22): `claimE2eAdmin` runs the operator command
 * (`npm run admin -- claim EMAIL`, scripts/admin.ts) against the test server's database.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

export const E2E_ADMIN_EMAIL = "e2e-admin@example.com";

export function claimE2eAdmin(): string {
  const root = process.cwd(); // the repository (Playwright and its web server run from it)
  const port = Number(process.env.E2E_PORT ?? 3199);
  const result = spawnSync(join(root, "node_modules/.bin/bun"), [join(root, "scripts/admin.ts"), "claim", E2E_ADMIN_EMAIL], {
    cwd: root,
    env: { ...process.env, ADMIN_EMAIL: E2E_ADMIN_EMAIL, DATABASE_URL: `file:.tmp/e2e-${port}/localscope.db` },
    encoding: "utf8",
  });
  return `${result.status}: ${result.stdout}${result.stderr}`;
}
