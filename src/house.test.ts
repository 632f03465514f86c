/**
 * One job a file: no production source file grows past 400 lines (a longer one is split along its jobs, each
 * new file saying its one job in a header). Tests, browser specs and generated files are not held to it.
 */
import { expect, test } from "bun:test";
import { Glob } from "bun";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
const MAX_LINES = 400;
/** The folders of the product and its scripts (build, imports, benchmarks, the test runner). */
const FOLDERS = ["src", "modules", "db", "ui", "scripts"];
const NOT_PRODUCTION = [/\.test\.tsx?$/, /(^|\/)e2e\//, /\.gen\.tsx?$/];

function productionFiles(): string[] {
  const files: string[] = [];
  for (const folder of FOLDERS)
    for (const path of new Glob("**/*.{ts,tsx}").scanSync({ cwd: join(ROOT, folder) }))
      if (!NOT_PRODUCTION.some((pattern) => pattern.test(path))) files.push(`${folder}/${path}`);
  return files.sort();
}

// Read synchronously: in CI this file shares its process with thirty others, and there an async read of the tree
// once waited past the two-minute limit behind their leftover work.
test("every production source file of src/, modules/, db/, ui/ and scripts/ has at most 400 lines", () => {
  const files = productionFiles();
  // The walk found the code (a wrong root would pass with nothing to check).
  expect(files).toContain("src/server.ts");
  expect(files).toContain("modules/auth/service.ts");
  expect(files).toContain("db/schema.ts");
  expect(files).toContain("ui/islands/ProfileView.tsx");
  expect(files).toContain("scripts/test.ts");
  const long: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), "utf8");
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    if (lines > MAX_LINES) long.push(`${file}: ${lines} lines`);
  }
  expect(long).toEqual([]);
});
