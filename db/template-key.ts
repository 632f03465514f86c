/**
 * The key of the test template databases (scripts/test-template.ts): a hash of everything that decides their
 * content — the bundled data files, the migrations, the importers and the code that runs them. A template
 * whose stamp (`NAME.key` beside `NAME.db`) holds the current key is reused; any change to those files makes a
 * new key, and the templates are built again.
 * Tracked files are named by git's own content hashes (`git ls-files -s`: no file is read); files changed or
 * added since the last commit are hashed from their content. Without git, every file's content is hashed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createHash } from "node:crypto";

// Bun and Node (Playwright's global setup imports TEMPLATE_CACHE) both give import.meta.url.
const root = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");
/** What builds the templates (folders are taken whole). */
export const TEMPLATE_INPUTS = [
  "db/data",
  "db/migrations",
  "db/import",
  "db/client.ts",
  "db/migrate.ts",
  "src/boot.ts",
  "scripts/test-template.ts",
  "e2e/server.ts",
] as const;

/**
 * Test files and test helpers beside the importers build nothing: a change to them keeps the templates (it
 * rebuilt all three, ~100 CPU-s, at the next focused run of a db/ test).
 */
const NOT_INPUTS = /(\.test\.tsx?|\/testing\.ts)$/;
const TEST_PATHSPECS = [":(exclude)*.test.ts", ":(exclude)*.test.tsx", ":(exclude)*/testing.ts"];

/** The folder the templates are cached in between runs. */
export const TEMPLATE_CACHE = join(root, ".tmp", "test-templates");

function git(args: string[]): string | null {
  // No optional lock: a key computed beside a running git command (or another test process) never blocks it.
  const result = spawnSync("git", args, {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 2 ** 20,
    env: { ...process.env, GIT_OPTIONAL_LOCKS: "0" },
  });
  return result.status === 0 ? result.stdout : null;
}

function filesUnder(path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .filter((file) => !NOT_INPUTS.test(file));
}

let cached: string | undefined;

/** The current key (computed once per process). */
export function templateKey(): string {
  if (cached) return cached;
  const hash = createHash("sha256");
  const tracked = git(["ls-files", "-s", "--", ...TEMPLATE_INPUTS, ...TEST_PATHSPECS]);
  const changed = git(["status", "--porcelain", "--untracked-files=all", "--", ...TEMPLATE_INPUTS, ...TEST_PATHSPECS]);
  const byContent =
    tracked === null || changed === null
      ? TEMPLATE_INPUTS.flatMap(filesUnder)
      : changed
          .split("\n")
          .filter(Boolean)
          .map((line) => line.slice(3).replace(/^.* -> /, ""));
  if (tracked !== null) hash.update(tracked);
  for (const path of byContent.sort()) {
    hash.update(`\0${path}\0`);
    if (existsSync(join(root, path))) hash.update(readFileSync(join(root, path)));
  }
  cached = hash.digest("hex").slice(0, 20);
  return cached;
}

/** The stamp file of a template database. */
export const stampOf = (dbFile: string) => dbFile.replace(/\.db$/, ".key");

/** True when `dbFile` exists and was built from the current inputs. */
export function isCurrent(dbFile: string): boolean {
  try {
    return existsSync(dbFile) && readFileSync(stampOf(dbFile), "utf8").trim() === templateKey();
  } catch {
    return false;
  }
}
