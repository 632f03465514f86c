/**
 * The test run's temporary folder and its disks (scripts/test.ts): the folder every stage writes its temporary
 * files in, removed at the end or on Ctrl-C; the disks' free space at the start, watched for its low point, and
 * reported at the end.
 */
import { mkdtempSync, rmSync, statfsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/**
 * Every stage's temporary files (test databases, extracts, Chromium profiles, servers' scratch folders) go in a
 * folder of this run's own (TMPDIR for every child process), removed when the run ends, whatever each test left
 * behind: a CI run once ran out of disk mid-run, after earlier runs had left gigabytes in /tmp. The disk's
 * free space is printed at the start and its low point at the end, so a run that fails for want of disk says so.
 */
export function startRunFolder(root: string) {
  const runTmp = mkdtempSync(join(tmpdir(), "localscope-run-"));
  process.env.TMPDIR = runTmp;
  // The disks written to: the temporary folder's and, when it is another one, the checkout's (.tmp holds the
  // templates and the browser slots' databases).
  const disks = [dirname(runTmp), ...(statSync(dirname(runTmp)).dev === statSync(root).dev ? [] : [root])];
  const freeMb = (path: string) => {
    try {
      const disk = statfsSync(path);
      return Math.round((disk.bavail * disk.bsize) / 2 ** 20);
    } catch {
      return NaN;
    }
  };
  const freeAtStart = disks.map(freeMb);
  const freeLowest = [...freeAtStart];
  const diskWatch = setInterval(() => {
    disks.forEach((path, i) => {
      const free = freeMb(path);
      if (free < freeLowest[i]!) freeLowest[i] = free;
    });
  }, 1_000);
  const cleanUp = () => {
    try {
      rmSync(runTmp, { recursive: true, force: true });
    } catch (error) {
      // A process still writing there (a leftover server): the run's result stands; the folder is named.
      console.warn(`Could not remove ${runTmp} entirely: ${(error as Error).message}`);
    }
  };
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.once(signal, () => {
      cleanUp();
      process.exit(code);
    });
  }
  // What a run wrote at its peak, measured (decision 029): ~1 GB on top of the checkout and node_modules.
  const NEEDS_MB = 1_500;
  console.log(
    `Temporary files in ${runTmp} (removed at the end); ${disks.map((path, i) => `${freeAtStart[i]} MB free on the disk of ${path}`).join(", ")}.`,
  );
  if (Math.min(...freeAtStart) < NEEDS_MB)
    console.warn(
      `Warning: a run writes up to ~1 GB (test databases, browser profiles); with ${Math.min(...freeAtStart)} MB free, tests may fail with ENOSPC.`,
    );

  /** Stops the watch, removes the folder and prints each disk's free space: at the start, lowest, at the end. */
  function finish() {
    clearInterval(diskWatch);
    cleanUp();
    for (const [i, path] of disks.entries()) {
      console.log(
        `${i ? "" : "\n"}disk of ${path}: ${freeAtStart[i]} MB free at the start, ${freeLowest[i]} MB at the lowest (the run used up to ${freeAtStart[i]! - freeLowest[i]!} MB), ${freeMb(path)} MB at the end`,
      );
    }
  }
  return { cleanUp, finish };
}
