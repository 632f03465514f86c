/** A database the server cannot write at start: one clear line and exit 1, not a stack. */
import { expect, test } from "bun:test";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { testDir } from "../db/testing-template";

/** Make a file read-only for this process: permissions for a normal user; root ignores them, so the immutable flag. */
function makeReadOnly(file: string): () => void {
  if (process.getuid?.() !== 0) {
    chmodSync(file, 0o444);
    return () => chmodSync(file, 0o644);
  }
  const set = Bun.spawnSync(["chattr", "+i", file], { stderr: "pipe" });
  if (set.exitCode !== 0)
    throw new Error(`running as root, this test needs chattr to make a file read-only: ${set.stderr.toString()}`);
  return () => void Bun.spawnSync(["chattr", "-i", file]);
}

test("a read-only database at start: exit 1 with one line naming the file and what to do (was a 13-line stack)", () => {
  const dir = testDir("localscope-readonly-");
  const file = join(dir, "ro.db");
  // An empty database: the start must write (migrations, the cities), and cannot.
  writeFileSync(file, "");
  const undo = makeReadOnly(file);
  try {
    const run = Bun.spawnSync([process.execPath, "src/server.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: `file:${file}`,
        PORT: "0",
        PLACES_BACKGROUND_IMPORT: "off",
      },
      stdout: "pipe",
      stderr: "pipe",
      timeout: 60_000,
    });
    const lines = run.stderr.toString().trim().split("\n");
    expect(run.exitCode).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toStartWith(`Cannot start: the database ${file} is read-only`);
  } finally {
    undo();
  }
}, 90_000);
