/**
 * Before any browser test: the template database every worker slot copies (e2e/server.ts, decision 025), with
 * the places of every state the tests browse already imported (1–9 s a state), so no test waits for an import
 * inside its own expect timeouts. `npm test` builds the templates once for all suites (scripts/test-template.ts,
 * LOCALSCOPE_TEST_TEMPLATES, decision 029); run on its own, Playwright builds them (or reuses the cached ones).
 * Then one server per worker slot, started side by side and kept for the whole run (the function returned
 * is the global teardown that stops them): a worker that replaces another in its slot reuses the slot's server.
 */
import type { FullConfig } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { TEMPLATE_CACHE } from "../db/template-key";
import { SLOT_SERVERS_ENV, startSlotServer, TEMPLATE_DIR, workerDir, type RunningServer } from "./server";

const root = fileURLToPath(new URL("..", import.meta.url));

export default async function globalSetup(config: FullConfig) {
  let templates = process.env.LOCALSCOPE_TEST_TEMPLATES;
  if (!templates || !existsSync(join(templates, "e2e.db"))) {
    // The cached templates (.tmp/test-templates), reused when built from the current data (db/template-key.ts).
    templates = TEMPLATE_CACHE;
    const built = spawnSync(
      join(root, "node_modules/.bin/bun"),
      ["scripts/test-template.ts", templates, "--e2e-only"],
      { cwd: root, stdio: "inherit" },
    );
    if (built.status !== 0) throw new Error(`building the test templates failed (exit ${built.status})`);
  }
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  // Read only (each slot copies it): a second name for the same file costs no disk where a copy cost 85 MB.
  try {
    linkSync(join(templates, "e2e.db"), join(TEMPLATE_DIR, "localscope.db"));
  } catch {
    copyFileSync(join(templates, "e2e.db"), join(TEMPLATE_DIR, "localscope.db"));
  }

  const started = await Promise.allSettled(Array.from({ length: config.workers }, (_, slot) => startSlotServer(slot)));
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  process.env[SLOT_SERVERS_ENV] = String(servers.length);
  return async () => {
    await Promise.all(servers.map((server: RunningServer) => server.stop()));
    // The slots' databases (~90 MB each) go; their server logs stay for a failed run to be read.
    for (const dir of [TEMPLATE_DIR, ...servers.map((_, slot) => workerDir(slot))]) {
      for (const name of existsSync(dir) ? readdirSync(dir) : [])
        if (name.startsWith("localscope.db")) rmSync(join(dir, name), { force: true });
    }
  };
}
