/**
 * The test suites' template databases, built once per `npm test` run (decision 029), so no suite imports the
 * same data twice:
 *   base.db    migrations applied, the 31,254 cities and their texts imported (what every first start does);
 *   e2e.db     base.db plus the places of the states the browser tests browse (E2E_STATES);
 *   places.db  e2e.db plus the states bun:test reads (UNIT_STATES).
 * Each is written whole (renamed into place), in this order, so a suite can start as soon as its own is there.
 * bun:test's shared database (src/testing.ts) starts from a copy of places.db, each Playwright worker
 * (e2e/server.ts) from a copy of e2e.db (global setup) — exactly what the browser tests imported before; tests that need a fresh database copy base.db (`freshDatabase` in src/testing.ts). Copying a file
 * takes milliseconds; importing a state takes 1–9 s.
 *
 *   bun scripts/test-template.ts DIR [--e2e-only | --base-only]
 *       writes DIR/base.db, DIR/e2e.db (not with --base-only) and DIR/places.db (with neither), printing one
 *       line for each, or one line saying they were reused
 *
 * Each template is stamped (NAME.key) with the key of what builds it (db/template-key.ts: the bundled data,
 * migrations and importer code): a run whose key matches reuses them instead of importing again, and any change
 * to those files builds them afresh. `--base-only` writes base.db alone (what a test file run on its own copies,
 * db/testing-template.ts).
 */
import { copyFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isCurrent, stampOf, templateKey } from "../db/template-key";
import { BROWSED_CITIES } from "../e2e/server";
import { bootServices } from "../src/boot";

/**
 * States whose places the tests read from a shared database; the browser tests' first (their cities are
 * listed in e2e/server.ts). Not here, on purpose: states a test needs to see not yet
 * imported (VT in ui/pages/discovery-pages.test.tsx, WY in the Overpass and status tests).
 */
export const E2E_STATES: readonly string[] = [...new Set(BROWSED_CITIES.map(([, state]) => state))];
/**
 * More states bun:test reads (modules/places/service.test.ts real-data lists, content, pages, the page cache;
 * WA and TN for the assistant's questions in modules/chat/questions.test.ts, which imported each on first use:
 * every nationwide file parsed again for one state, where the template's run splits them once for all).
 */
export const UNIT_STATES = ["LA", "UT", "MO", "TX", "DC", "WA", "TN"] as const;
export const TEMPLATE_STATES = [...E2E_STATES, ...UNIT_STATES];

export async function buildTestTemplates(
  dir: string,
  log: (line: string) => void = () => {},
  options: { e2eOnly?: boolean; baseOnly?: boolean } = {},
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const base = join(dir, "base.db");
  const e2e = join(dir, "e2e.db");
  const places = join(dir, "places.db");
  const wanted = options.baseOnly ? [base] : options.e2eOnly ? [base, e2e] : [base, e2e, places];
  // Built from the same data, migrations and importers (db/template-key.ts): nothing to do.
  if (wanted.every(isCurrent)) {
    log(`templates: ${wanted.map((f) => f.slice(dir.length + 1)).join(", ")} reused (key ${templateKey()})`);
    return;
  }
  // A building file of this process's own: a file run alone may build base.db beside another run.
  const building = join(dir, `building-${process.pid}.db`);
  for (const file of [...wanted, building]) {
    rmSync(stampOf(file), { force: true });
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  }
  const stamp = (file: string) => writeFileSync(stampOf(file), templateKey());
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const say = (...a: unknown[]) => log(a.map(String).join(" "));
  // Per-dataset summaries stay quiet; a failed import or split is said.
  const quiet = { info: (...a: unknown[]) => void (/failed/.test(String(a[0])) && say(...a)), warn: say, error: say };
  const booted = await bootServices(
    {
      DATABASE_URL: `file:${building}`,
      DATABASE_AUTH_TOKEN: undefined,
      OVERPASS_URL: undefined,
      PLACES_BACKGROUND_IMPORT: "off",
    },
    quiet,
  );
  const checkpoint = () => booted.database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  /** A copy of the database as it is (nothing is being written: the background queue is empty or waiting). */
  const snapshot = async (file: string) => {
    await checkpoint();
    copyFileSync(building, `${file}.part`);
    renameSync(`${file}.part`, file);
    stamp(file);
  };
  /** Done when the admin's data-health summary, which boot's onImported computes after a state, is written. */
  const imported = async (states: readonly string[]) => {
    for (const state of states) {
      const health = { sql: "SELECT 1 FROM admin_data_health WHERE state_code = ?", args: [state] };
      for (let waited = 0; !(await booted.database.client.execute(health)).rows.length; waited += 50) {
        if (waited > 900_000) throw new Error(`the places of ${state} were not imported within 15 minutes`);
        await Bun.sleep(50);
      }
    }
  };
  await snapshot(base);
  log(`templates: base.db (migrations, cities, city texts) in ${seconds()} s`);
  if (options.baseOnly) {
    booted.database.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(building + suffix, { force: true });
    return;
  }
  // The server's background import (decision 024): each nationwide dataset is parsed once and split for every
  // template state (not once for the browsed states and again for the others), then the states import one
  // after another, the browsed ones first. Before the first of the others, the queue waits while e2e.db is
  // copied (nothing is written meanwhile).
  const states = options.e2eOnly ? E2E_STATES : TEMPLATE_STATES;
  let e2eWritten: Promise<void> | undefined;
  const copyE2e = async () => {
    await imported(E2E_STATES);
    await snapshot(e2e);
    log(`templates: e2e.db (${E2E_STATES.join(" ")}) in ${seconds()} s`);
  };
  booted.states.startBackground(states, 0, async (state) => {
    if (state === UNIT_STATES[0]) await (e2eWritten ??= copyE2e());
  });
  if (options.e2eOnly) {
    await copyE2e();
    booted.database.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(building + suffix, { force: true });
    return;
  }
  await imported(TEMPLATE_STATES);
  if (!e2eWritten) throw new Error("e2e.db was not copied before the unit-test states");
  await e2eWritten;
  await checkpoint();
  booted.database.close();
  for (const suffix of ["-wal", "-shm"]) rmSync(building + suffix, { force: true });
  // Renamed only when complete: a reader never sees half a template.
  renameSync(building, places);
  stamp(places);
  log(`templates: places.db (${TEMPLATE_STATES.join(" ")}) in ${seconds()} s`);
}

if (import.meta.main) {
  const dir = process.argv.slice(2).find((a) => !a.startsWith("--"));
  if (!dir) {
    console.error("Usage: bun scripts/test-template.ts DIR [--e2e-only | --base-only]");
    process.exit(2);
  }
  await buildTestTemplates(dir, console.log, {
    e2eOnly: process.argv.includes("--e2e-only"),
    baseOnly: process.argv.includes("--base-only"),
  });
}
