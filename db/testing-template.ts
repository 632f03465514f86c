/**
 * Test helper: the template databases `npm test` builds once per run (scripts/test-template.ts, decision 029):
 * `base` (migrated, cities and their texts imported), `e2e` (base plus the states the browser tests browse) and
 * `places` (e2e plus the states bun:test reads).
 * Without LOCALSCOPE_TEST_TEMPLATES (a test file run on its own) the cached ones in .tmp/test-templates are
 * used when they were built from the current data, migrations and importers (db/template-key.ts); base.db is
 * built there first when it is missing or stale, so a later run copies it instead of importing the cities.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "./client";
import { migrate } from "./migrate";
import { isCurrent, TEMPLATE_CACHE } from "./template-key";

const made = new Set<string>();

/**
 * A folder of a test's own under the system's temporary folder (TMPDIR: `npm test` gives each run one of its
 * own and removes it at the end). src/test-preload.ts removes every such folder once its test file has run, so
 * a file's databases and extracts (up to ~170 MB a file) do not stay on the disk while the other files run:
 * CI once ran out of disk mid-run. (bun test runs no "exit" handler, so an exit hook would remove nothing.)
 */
export function testDir(prefix = "localscope-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes the folders `testDir` made (a database open in one is closed by its file's own afterAll first). */
export function removeTestDirs() {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}

/** An empty database of a test's own, migrated (in a `testDir` named by `prefix`). */
export async function migratedDatabase(prefix: string) {
  const database = await openDatabase(`file:${join(testDir(prefix), "db.sqlite")}`);
  await migrate(database.client);
  return database;
}

/**
 * A database of a test's own with the cities imported (and their texts): a copy of the base template, migrated
 * (nothing to apply), its city import a no-op; without a template both run here (~4 CPU-s more).
 */
export async function citiesDatabase(prefix: string) {
  const database = await openDatabase(`file:${freshDatabase(testDir(prefix), "db.sqlite")}`);
  await migrate(database.client);
  // Loaded here: every test process loads this file (src/test-preload.ts), few import cities.
  const { importCities } = await import("./import/cities");
  await importCities(database);
  return database;
}

export function testTemplate(name: "base" | "e2e" | "places"): string | undefined {
  const dir = process.env.LOCALSCOPE_TEST_TEMPLATES;
  // Files that need their states not yet imported run without it (scripts/test.ts).
  if (name === "places" && process.env.LOCALSCOPE_TEST_PLACES === "off") return undefined;
  if (dir) {
    const file = join(dir, `${name}.db`);
    return existsSync(file) ? file : undefined;
  }
  const cached = join(TEMPLATE_CACHE, `${name}.db`);
  return isCurrent(cached) ? cached : undefined;
}

/**
 * The base template (migrated, cities imported): as `testTemplate("base")`, and for a test file run on its own
 * without a current one, built into the cache first (a few seconds, once: later runs copy it). Undefined when
 * the build failed (the database then imports the cities itself, as on a first start).
 */
export function baseTemplate(): string | undefined {
  const found = testTemplate("base");
  if (found || process.env.LOCALSCOPE_TEST_TEMPLATES) return found;
  spawnSync(
    process.execPath,
    [join(import.meta.dir, "..", "scripts", "test-template.ts"), TEMPLATE_CACHE, "--base-only"],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  return testTemplate("base");
}

/**
 * A database file of its own for a test that boots the app or runs an import script on a fresh database: a
 * copy of the base template when there is one (its first start then skips the 2–3 s city import, which
 * db/migrate.test.ts proves on an empty file), else a path where none exists yet. `template: "e2e"` starts
 * from the browser tests' template instead (the short fuzz: place routes answer from the store), or from
 * base when that is not there.
 */
export function freshDatabase(
  dir = testDir(),
  name = `${crypto.randomUUID()}.db`,
  template: "base" | "e2e" = "base",
): string {
  const file = join(dir, name);
  const from = (template === "e2e" ? testTemplate("e2e") : undefined) ?? baseTemplate();
  if (from) copyFileSync(from, file);
  return file;
}
