/**
 * Test helper: the template databases `npm test` builds once per run (scripts/test-template.ts, decision 029):
 * `base` (migrated, cities and their texts imported) and `places` (base plus the states the tests read).
 * Without LOCALSCOPE_TEST_TEMPLATES (a test file run on its own) there are none: every database starts empty
 * and states import on first use, as on a first start.
 */
import { copyFileSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function testTemplate(name: "base" | "places"): string | undefined {
  const dir = process.env.LOCALSCOPE_TEST_TEMPLATES;
  // Files that need their states not yet imported run without it (scripts/test.ts).
  if (name === "places" && process.env.LOCALSCOPE_TEST_PLACES === "off") return undefined;
  const file = dir ? join(dir, `${name}.db`) : undefined;
  return file && existsSync(file) ? file : undefined;
}

/**
 * A database file of its own for a test that boots the app or runs an import script on a fresh database: a
 * copy of the base template when there is one (its first start then skips the 2–3 s city import, which
 * db/migrate.test.ts proves on an empty file), else a path where none exists yet.
 */
export function freshDatabase(dir = mkdtempSync(join(tmpdir(), "localscope-test-")), name = `${crypto.randomUUID()}.db`): string {
  const file = join(dir, name);
  const base = testTemplate("base");
  if (base) copyFileSync(base, file);
  return file;
}
