/**
 * The recorded per-file durations scripts/test.ts gives `bun test --parallel` (scripts/test-timings.json): a
 * copy per group of files, and with `TEST_TIMINGS=update` the measured durations merged back into the file.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function testTimings(root: string) {
  const TIMINGS = join(root, "scripts", "test-timings.json");
  const timingCopies: Array<{ copy: string; files: string[] }> = [];

  /** `bun test` options for a group's files: its own copy of the recorded durations (none without the file). */
  function timingsFor(group: string, files: string[]): string[] {
    if (!existsSync(TIMINGS)) return [];
    const copy = join(root, ".tmp", `test-timings-${group}.json`);
    mkdirSync(join(root, ".tmp"), { recursive: true });
    copyFileSync(TIMINGS, copy);
    timingCopies.push({ copy, files });
    return [`--timings=${copy}`, ...(process.env.TEST_TIMINGS === "update" ? ["--update-timings"] : [])];
  }

  /** With TEST_TIMINGS=update: every group's measured durations of its own files, over the recorded ones. */
  function writeBack() {
    if (process.env.TEST_TIMINGS !== "update" || !timingCopies.length) return;
    // Every group's measured durations of its own files, over the recorded ones (each group updated a copy).
    const read = (file: string) => (JSON.parse(readFileSync(file, "utf8")) as { files: Record<string, number> }).files;
    const merged = read(TIMINGS);
    for (const { copy, files } of timingCopies) {
      const measured = read(copy);
      for (const file of files) {
        const path = file.replace(/^\.\//, "");
        if (measured[path] !== undefined) merged[path] = measured[path];
      }
    }
    const files = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(TIMINGS, `${JSON.stringify({ version: 1, files }, null, 2)}\n`);
    console.log(`Per-file test durations written to scripts/test-timings.json (${Object.keys(files).length} files).`);
  }

  return { timingsFor, writeBack };
}
