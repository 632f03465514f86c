/**
 * Every test: build the client, type-check, run bun:test (unit + API), the short fuzz and durability suites,
 * then Playwright (browser, Debian Chromium). The last line sums them as "N passed, N failed".
 *
 * On two cores, each stage as soon as what it needs is there (decision 029):
 *   the template databases (scripts/test-template.ts: cities, then the states the tests read) build first;
 *   Playwright starts once its template (e2e.db) is written;
 *   the bun:test files that need no shared places database (once base.db is written), in two processes:
 *   db/'s files, and the type check followed by the others;
 *   durability (base.db), then fuzz (e2e.db);
 *   the bun:test files that read the shared database, once places.db is written.
 * Priorities: the templates at the top (places.db gates the shared-database files: imported at the browser
 * tests' priority it came at ~300 s of a 370 s run), Playwright and the shared-database files at nice 2, the
 * rest at nice 5.
 * Playwright's output streams through; every other stage prints its output whole when it ends, so lines
 * never interleave. A table of stage times (wall and CPU) ends the run. Arguments go to Playwright.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { isCurrent, TEMPLATE_CACHE } from "../db/template-key";

const root = join(import.meta.dir, "..");
const bin = (name: string) => join(root, "node_modules/.bin", name);
const started = performance.now();
const since = () => (performance.now() - started) / 1000;
const templates = TEMPLATE_CACHE;

/**
 * Every stage's temporary files (test databases, extracts, Chromium profiles, servers' scratch folders) go in a
 * folder of this run's own (TMPDIR for every child process), removed when the run ends, whatever each test left
 * behind: a CI run once ran out of disk mid-run, after earlier runs had left gigabytes in /tmp. The disk's
 * free space is printed at the start and its low point at the end, so a run that fails for want of disk says so.
 */
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

interface Stage {
  name: string;
  start: number;
  wall: number;
  cpu: number;
  code: number;
}
const stages: Stage[] = [];

/** Run one stage; `live` streams its output, otherwise it is printed in one piece when the stage ends. */
async function run(
  name: string,
  cmd: string[],
  options: { env?: Record<string, string | undefined>; live?: boolean; pid?: (pid: number) => void } = {},
): Promise<{ code: number; output: string }> {
  const start = since();
  const proc = Bun.spawn(cmd, { cwd: root, stdout: "pipe", stderr: "pipe", env: { ...process.env, ...options.env } });
  options.pid?.(proc.pid);
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      if (options.live) sink.write(text);
    }
  };
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)]);
  const code = await proc.exited;
  const usage = proc.resourceUsage();
  const stage = { name, start, wall: since() - start, cpu: usage ? Number(usage.cpuTime.total) / 1e6 : NaN, code };
  stages.push(stage);
  stages.sort((a, b) => a.start - b.start);
  if (!options.live)
    process.stdout.write(`\n── ${name} (${stage.wall.toFixed(1)} s) ──\n${output}${output.endsWith("\n") ? "" : "\n"}`);
  return { code, output };
}

/** Resolves once `file` exists, or false when the process that should write it has ended without it. */
async function written(file: string, writer: Promise<unknown>): Promise<boolean> {
  let ended = false;
  void writer.finally(() => (ended = true));
  for (;;) {
    if (existsSync(file)) return true;
    if (ended) return existsSync(file);
    await Bun.sleep(100);
  }
}

/** bun test's failed tests, each with the lines it printed before its "(fail)" line (its error, at most 40) and
 * its "^ this test timed out" line after it, once each (bun repeats the "(fail)" lines in a closing recap), and
 * its errors between tests. */
function failedUnitTests(output: string): string[] {
  const found = new Map<string, string[]>();
  let before: string[] = [];
  let last: string[] | undefined;
  const lines = output.split("\n");
  for (const [i, line] of lines.entries()) {
    if (line.startsWith("(fail)")) {
      last = found.has(line) ? undefined : [...before.slice(-40), line];
      if (last) found.set(line, last);
    } else if (last && /^\s+\^ /.test(line)) last.push(line);
    else last = undefined;
    if (line.startsWith("# Unhandled error")) found.set(`${line} ${i}`, lines.slice(i, i + 30));
    if (
      /^\((pass|fail|skip|todo)\)/.test(line) ||
      /^\S.*\.test\.tsx?:$/.test(line) ||
      /^\s*\d+ tests? failed:$/.test(line)
    )
      before = [];
    else before.push(line);
  }
  return [...found.values()].map((entry) => entry.join("\n").trim());
}

/** Playwright's summary names its failed and flaky tests under "N failed" / "N flaky". */
function failedBrowserTests(output: string): string[] {
  const found: string[] = [];
  let heading = "";
  for (const line of output.split("\n")) {
    const count = /^\s*\d+ (failed|flaky)/.exec(line);
    if (count) heading = count[1] as string;
    else if (heading && /^\s+\[/.test(line)) found.push(`browser test ${heading}: ${line.trim()}`);
    else heading = "";
  }
  return found;
}

const count = (output: string, re: RegExp) => [...output.matchAll(re)].reduce((n, m) => n + Number(m[1]), 0);

/** A test file that says this runs with the files on their own databases, its shared database without places. */
const WITHOUT_PLACES = "npm test runs this file without the places template";

/**
 * Every bun:test file, split by whether it reads the shared database of src/testing.ts (testApp and friends)
 * with the states already imported, or copies that template itself (`testTemplate("places")`: run before
 * places.db is written, such a file imports its state again, ~15 CPU-s for the Las Vegas refresh test).
 */
function unitFiles(): { own: string[]; shared: string[] } {
  const own: string[] = [];
  const shared: string[] = [];
  const glob = new Bun.Glob("**/*.test.{ts,tsx}");
  const folders = readdirSync(root, { withFileTypes: true }).filter(
    (e) => e.isDirectory() && !e.name.startsWith(".") && !["node_modules", "dist", "data"].includes(e.name),
  );
  for (const folder of folders) {
    for (const file of glob.scanSync({ cwd: join(root, folder.name) })) {
      const path = `${folder.name}/${file}`;
      const text = readFileSync(join(root, path), "utf8");
      const readsShared =
        (/\b(testApp|testServices|guestBrowser)\b/.test(text) || text.includes('testTemplate("places")')) &&
        !text.includes(WITHOUT_PLACES);
      (readsShared ? shared : own).push(`./${path}`);
    }
  }
  return { own: own.sort(), shared: shared.sort() };
}

// Templates built from the same data, migrations and importers are reused (db/template-key.ts); otherwise the
// stale ones go first, so no stage starts on one of them before scripts/test-template.ts replaces it.
if (!["base", "e2e", "places"].every((name) => isCurrent(join(templates, `${name}.db`))))
  rmSync(templates, { recursive: true, force: true });
const build = await run("build", [bin("bun"), "scripts/build.ts"], { live: true });
if (build.code !== 0) {
  cleanUp();
  process.exit(build.code);
}

// The templates keep their full priority to the end: places.db gates the shared-database files, the last
// stage to start (niced, it finished at ~275 s of a 340 s run; decision 029).
const templateRun = run("templates", [bin("bun"), "scripts/test-template.ts", templates]);
const baseReady = written(join(templates, "base.db"), templateRun);
const e2eReady = written(join(templates, "e2e.db"), templateRun);
const placesReady = written(join(templates, "places.db"), templateRun);
const withTemplates = async (ready: Promise<boolean>) => ({
  LOCALSCOPE_TEST_TEMPLATES: (await ready) ? templates : undefined,
});

// Playwright once its template is there (the test servers copy it; global setup imports nothing).
const e2eRun = (async () =>
  run("playwright", nice([bin("playwright"), "test", ...process.argv.slice(2)], 2), {
    env: await withTemplates(e2eReady),
    live: true,
  }))();

// Everything else in lanes of its own, each as soon as what it needs is there, niced below the browser tests
// (their servers and Chromium answer within timeouts; these do not). One lane at a time left a core idle
// whenever its stage waited (on timers, child processes, another stage's template): decision 029.
function nice(cmd: string[], level = 5): string[] {
  return ["nice", "-n", String(level), ...cmd];
}
const { own, shared } = unitFiles();
// The files on their own databases in two processes side by side: db/'s (real imports, migrations, a libSQL
// server: they wait on child processes and the disk) and the rest (they wait on timers and spawned servers).
const ownDb = own.filter((f) => f.startsWith("./db/"));
const ownRest = own.filter((f) => !f.startsWith("./db/"));
const ownEnv = async () => ({ ...(await withTemplates(baseReady)), LOCALSCOPE_TEST_PLACES: "off" });
// db/'s files and the shared-database files run in `bun test --parallel=2`: two worker processes take a group's files, the slowest first by the
// durations recorded in scripts/test-timings.json, and a worker that runs dry takes the slowest file not yet
// started. A file's tests mostly wait (child processes, servers, timers), so two workers per group fill the
// cores where one left them idle (decision 029). `--no-isolate`: a worker keeps its modules across its files
// (the shared database's app boots once per worker, as it did once per process), as one process did before.
// A test's time limit is 120 s instead of bun's 5 s (and no test sets a lower one): it guards against a hang,
// not a slow machine. These lanes run niced below the browser tests on two busy cores, where a real-data test
// that takes 3–4 s alone took over 30 s, and one such test failed a CI run at its 30 s limit. Speed is
// measured by scripts/bench-*, never by a test's limit.
// `TEST_TIMINGS=update npm test` writes the measured durations back into that file (a missing file counts as
// short).
const TIMINGS = join(root, "scripts", "test-timings.json");
const timingCopies: Array<{ copy: string; files: string[] }> = [];
function timingsFor(group: string, files: string[]): string[] {
  if (!existsSync(TIMINGS)) return [];
  const copy = join(root, ".tmp", `test-timings-${group}.json`);
  mkdirSync(join(root, ".tmp"), { recursive: true });
  copyFileSync(TIMINGS, copy);
  timingCopies.push({ copy, files });
  return [`--timings=${copy}`, ...(process.env.TEST_TIMINGS === "update" ? ["--update-timings"] : [])];
}
// `bun test` with no file runs every file: an empty group (none matched) runs nothing instead.
const testFiles = async (
  name: string,
  group: string,
  files: string[],
  env: Record<string, string | undefined>,
  level = 5,
  workers = 2,
) =>
  files.length
    ? run(
        name,
        nice(
          [
            bin("bun"),
            "test",
            ...(workers > 1 ? [`--parallel=${workers}`, "--no-isolate", ...timingsFor(group, files)] : []),
            "--timeout=120000",
            ...files,
          ],
          level,
        ),
        { env },
      )
    : { code: 0, output: "" };
const laneOwnDb = (async () =>
  testFiles(`bun test: ${ownDb.length} db/ files on their own databases`, "db", ownDb, await ownEnv()))();
const laneOwn = (async () => {
  const lint = await run(
    "biome (format + lint)",
    nice([bin("biome"), "ci", "--colors=off", "--diagnostic-level=error", "--reporter=summary", "."]),
  );
  if (lint.code !== 0) console.error("Format or lint failed (biome ci): `npm run format` fixes most of it.");
  const tsc = await run("tsc", nice([bin("tsc"), "--noEmit", "-p", "."]));
  if (tsc.code !== 0) console.error("Type check failed (tsc --noEmit).");
  const types = { code: lint.code || tsc.code, output: lint.output + tsc.output };
  const unitRest = await testFiles(
    `bun test: ${ownRest.length} other files on their own databases`,
    "other",
    ownRest,
    await ownEnv(),
    5,
    1,
  );
  const unitDb = await laneOwnDb;
  return { types, unitOwn: { code: unitRest.code || unitDb.code, output: unitRest.output + unitDb.output } };
})();
// docs/decisions/019-request-hardening.md's suites in their short form: hostile requests over every route (any app 5xx fails) and kill -9
// durability (an acknowledged write is never lost). Each prints its figures; the full runs are npm scripts.
// The short fuzz starts from the browser tests' template (the browsed states' places are in, so place routes
// answer from the store) with no background import of the whole country: a state it asks for still imports
// on demand meanwhile. `npm run fuzz` keeps the background import on.
const laneSuites = (async () => {
  const durability = await run("durability --short", nice([bin("bun"), "scripts/durability.ts", "--short"]), {
    env: await withTemplates(baseReady),
  });
  const fuzz = await run("fuzz --short", nice([bin("bun"), "scripts/fuzz.ts", "--short"]), {
    env: { ...(await withTemplates(e2eReady)), PLACES_BACKGROUND_IMPORT: "off" },
  });
  return { fuzz, durability };
})();
const laneShared = (async () =>
  testFiles(
    `bun test: ${shared.length} files on the shared database`,
    "shared",
    shared,
    await withTemplates(placesReady),
    2,
  ))();

const { types, unitOwn } = await laneOwn;
const { fuzz, durability } = await laneSuites;
const unitShared = await laneShared;
const template = await templateRun;
const e2e = await e2eRun;

if (process.env.TEST_TIMINGS === "update" && timingCopies.length) {
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

if (template.code !== 0)
  console.error(
    "Building the test templates failed (scripts/test-template.ts); the suites imported on demand instead.",
  );
if (fuzz.code !== 0) console.error("The fuzz suite failed (scripts/fuzz.ts --short).");
if (durability.code !== 0) console.error("The durability suite failed (scripts/durability.ts --short).");

const unitOutput = unitOwn.output + unitShared.output;
const unitCode = unitOwn.code || unitShared.code;
const unitPassed = count(unitOutput, /^\s*(\d+) pass$/gm);
const unitFailed = count(unitOutput, /^\s*(\d+) fail$/gm);
const suitesFailed = (fuzz.code !== 0 ? 1 : 0) + (durability.code !== 0 ? 1 : 0) + (template.code !== 0 ? 1 : 0);
const e2ePassed = count(e2e.output, /^\s*(\d+) passed/gm);
const e2eFailed = count(e2e.output, /^\s*(\d+) failed/gm);
// Flaky = failed once, passed on the CI retry: reported, not counted as a failure (Playwright exits 0).
const e2eFlaky = count(e2e.output, /^\s*(\d+) flaky/gm);

// What failed, again at the end: CI keeps the tail of a long log, and a failure printed minutes earlier in a
// stage's output would be cut from it.
const failures = [...failedUnitTests(unitOutput), ...failedBrowserTests(e2e.output)];
// A full disk fails tests by the dozen, none on its own logic: said first, once.
const noSpace =
  [unitOutput, e2e.output, fuzz.output, durability.output, template.output].join("\n").match(/ENOSPC/g)?.length ?? 0;
if (noSpace)
  console.log(
    `\n── the disk ran out of space during the run (ENOSPC ${noSpace} times): the failures below may be its doing; see the disk lines at the end ──`,
  );
if (failures.length) console.log(`\n── what failed (${failures.length}) ──\n${failures.join("\n\n")}`);

console.log("\nstage                                              start    wall     CPU");
for (const s of stages)
  console.log(
    `${s.name.padEnd(48)} ${s.start.toFixed(0).padStart(5)} s ${s.wall.toFixed(1).padStart(6)} s ${s.cpu.toFixed(1).padStart(6)} s${s.code ? `  (exit ${s.code})` : ""}`,
  );
console.log(
  `${"npm test".padEnd(48)} ${"0".padStart(5)} s ${since().toFixed(1).padStart(6)} s ${stages
    .reduce((t, s) => t + s.cpu, 0)
    .toFixed(1)
    .padStart(6)} s`,
);

clearInterval(diskWatch);
cleanUp();
for (const [i, path] of disks.entries()) {
  console.log(
    `${i ? "" : "\n"}disk of ${path}: ${freeAtStart[i]} MB free at the start, ${freeLowest[i]} MB at the lowest (the run used up to ${freeAtStart[i]! - freeLowest[i]!} MB), ${freeMb(path)} MB at the end`,
  );
}

const failed =
  unitFailed +
  e2eFailed +
  suitesFailed +
  (types.code !== 0 ? 1 : 0) +
  (unitCode !== 0 && unitFailed === 0 ? 1 : 0) +
  (e2e.code !== 0 && e2eFailed === 0 ? 1 : 0);
console.log(
  `\nunit+api: ${unitPassed} passed, ${unitFailed} failed; fuzz and durability: ${suitesFailed ? "failed" : "passed"}; browser: ${e2ePassed} passed, ${e2eFailed} failed${e2eFlaky ? `, ${e2eFlaky} flaky (passed on retry)` : ""}`,
);
console.log(`total: ${unitPassed + e2ePassed} passed, ${failed} failed`);
process.exit(
  types.code ||
    unitCode ||
    fuzz.code ||
    durability.code ||
    template.code ||
    e2e.code ||
    (unitPassed + e2ePassed === 0 ? 1 : 0),
);
