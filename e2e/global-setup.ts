/**
 * Before any browser test: the template database every worker copies (e2e/server.ts, decision 025), with the
 * places of every state the tests browse already imported (1–9 s a state), so no test waits for an import
 * inside its own expect timeouts. `npm test` builds the templates once for all suites (scripts/test-template.ts,
 * LOCALSCOPE_TEST_TEMPLATES, decision 029); run on its own, Playwright builds them here.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { TEMPLATE_DIR } from "./server";

const root = fileURLToPath(new URL("..", import.meta.url));

export default async function globalSetup() {
  let templates = process.env.LOCALSCOPE_TEST_TEMPLATES;
  if (!templates || !existsSync(join(templates, "e2e.db"))) {
    templates = join(TEMPLATE_DIR, "..", "templates");
    const built = spawnSync(join(root, "node_modules/.bin/bun"), ["scripts/test-template.ts", templates, "--e2e-only"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) throw new Error(`building the test templates failed (exit ${built.status})`);
  }
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  copyFileSync(join(templates, "e2e.db"), join(TEMPLATE_DIR, "localscope.db"));
}
