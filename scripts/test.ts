/**
 * Every test: build the client, type-check, run bun:test (unit + API; the kill -9 durability suite's five rounds
 * are scripts/durability.test.ts), the short fuzz suite, then Playwright (browser, Debian Chromium). The last
 * line sums them as "N passed, N failed".
 *
 * On two cores, each stage as soon as what it needs is there (decision 029):
 *   the template databases (scripts/test-template.ts: cities, then the states the tests read) build first;
 *   Playwright starts once its template (e2e.db) is written;
 *   the bun:test files that need no shared places database (once base.db is written), in two processes:
 *   db/'s files, and the type check followed by the others;
 *   fuzz (e2e.db);
 *   the bun:test files that read the shared database, once places.db is written.
 * Priorities: the templates at the top (places.db gates the shared-database files: imported at the browser
 * tests' priority it came at ~300 s of a 370 s run), Playwright and the shared-database files at nice 2, the
 * rest at nice 5.
 * Playwright's output streams through; every other stage prints its output whole when it ends, so lines
 * never interleave. A table of stage times (wall and CPU) ends the run. Arguments go to Playwright.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { isCurrent, TEMPLATE_CACHE } from "../db/template-key";
import { startRunFolder } from "./lib/run-tmp";
import { nice, stageRunner, written } from "./lib/stages";
import { unitFiles } from "./lib/test-files";
import { count, failedBrowserTests, failedUnitTests, printStages } from "./lib/test-report";
import { testTimings } from "./lib/test-timings";

const root = join(import.meta.dir, "..");
const bin = (name: string) => join(root, "node_modules/.bin", name);
const { run, since, stages } = stageRunner(root);
const templates = TEMPLATE_CACHE;

const runFolder = startRunFolder(root);
const cleanUp = runFolder.cleanUp;

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
const { own, shared } = unitFiles(root);
// The files on their own databases in two processes side by side: db/'s (real imports, migrations, a libSQL
// server: they wait on child processes and the disk) and the rest (they wait on timers and spawned servers).
const ownDb = own.filter((f) => f.startsWith("./db/"));
const ownRest = own.filter((f) => !f.startsWith("./db/"));
const ownEnv = async () => ({ ...(await withTemplates(baseReady)), LOCALSCOPE_TEST_PLACES: "off" });
// Each group (db/'s files, the other files on their own databases, the shared-database files) runs in
// `bun test --parallel=2`: two worker processes take the group's files, the slowest first by the
// durations recorded in scripts/test-timings.json, and a worker that runs dry takes the slowest file not yet
// started. A file's tests mostly wait (child processes, servers, timers), so two workers per group fill the
// cores where one left them idle (decision 029). `--no-isolate`: a worker keeps its modules across its files
// (the shared database's app boots once per worker, as it did once per process), as one process did before.
// The other files ran in one process, one after another: their waits (the five kill -9 rounds of the durability
// test, spawned servers, stream timeouts) added up to the longest lane; two workers took 447 s of wall and 69
// CPU-s where one took 815 s and 77 CPU-s (both on the same loaded machine, decision 071).
// A test's time limit is 120 s instead of bun's 5 s (and no test sets a lower one): it guards against a hang,
// not a slow machine. These lanes run niced below the browser tests on two busy cores, where a real-data test
// that takes 3–4 s alone took over 30 s, and one such test failed a CI run at its 30 s limit. Speed is
// measured by scripts/bench-*, never by a test's limit.
// `TEST_TIMINGS=update npm test` writes the measured durations back into that file (a missing file counts as
// short).
const { timingsFor, writeBack } = testTimings(root);
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
  );
  const unitDb = await laneOwnDb;
  return { types, unitOwn: { code: unitRest.code || unitDb.code, output: unitRest.output + unitDb.output } };
})();
// docs/decisions/019-request-hardening.md's hostile requests over every route in their short form (any app 5xx
// fails; it prints its figures; the full run is `npm run fuzz`). Its kill -9 durability suite is not run again
// here: scripts/durability.test.ts runs `npm run durability` itself, all five rounds (decision 071).
// The short fuzz starts from the browser tests' template (the browsed states' places are in, so place routes
// answer from the store) with no background import of the whole country: a state it asks for still imports
// on demand meanwhile. `npm run fuzz` keeps the background import on.
const laneSuites = (async () => {
  const fuzz = await run("fuzz --short", nice([bin("bun"), "scripts/fuzz.ts", "--short"]), {
    env: { ...(await withTemplates(e2eReady)), PLACES_BACKGROUND_IMPORT: "off" },
  });
  return { fuzz };
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
const { fuzz } = await laneSuites;
const unitShared = await laneShared;
const template = await templateRun;
const e2e = await e2eRun;

writeBack();

if (template.code !== 0)
  console.error(
    "Building the test templates failed (scripts/test-template.ts); the suites imported on demand instead.",
  );
if (fuzz.code !== 0) console.error("The fuzz suite failed (scripts/fuzz.ts --short).");

const unitOutput = unitOwn.output + unitShared.output;
const unitCode = unitOwn.code || unitShared.code;
const unitPassed = count(unitOutput, /^\s*(\d+) pass$/gm);
const unitFailed = count(unitOutput, /^\s*(\d+) fail$/gm);
const suitesFailed = (fuzz.code !== 0 ? 1 : 0) + (template.code !== 0 ? 1 : 0);
const e2ePassed = count(e2e.output, /^\s*(\d+) passed/gm);
const e2eFailed = count(e2e.output, /^\s*(\d+) failed/gm);
// Flaky = failed once, passed on the CI retry: reported, not counted as a failure (Playwright exits 0).
const e2eFlaky = count(e2e.output, /^\s*(\d+) flaky/gm);

// What failed, again at the end: CI keeps the tail of a long log, and a failure printed minutes earlier in a
// stage's output would be cut from it.
const failures = [...failedUnitTests(unitOutput), ...failedBrowserTests(e2e.output)];
// A full disk fails tests by the dozen, none on its own logic: said first, once.
const noSpace = [unitOutput, e2e.output, fuzz.output, template.output].join("\n").match(/ENOSPC/g)?.length ?? 0;
if (noSpace)
  console.log(
    `\n── the disk ran out of space during the run (ENOSPC ${noSpace} times): the failures below may be its doing; see the disk lines at the end ──`,
  );
if (failures.length) console.log(`\n── what failed (${failures.length}) ──\n${failures.join("\n\n")}`);

printStages(stages, since());

runFolder.finish();

const failed =
  unitFailed +
  e2eFailed +
  suitesFailed +
  (types.code !== 0 ? 1 : 0) +
  (unitCode !== 0 && unitFailed === 0 ? 1 : 0) +
  (e2e.code !== 0 && e2eFailed === 0 ? 1 : 0);
console.log(
  `\nunit+api: ${unitPassed} passed, ${unitFailed} failed; fuzz and templates: ${suitesFailed ? "failed" : "passed"}; browser: ${e2ePassed} passed, ${e2eFailed} failed${e2eFlaky ? `, ${e2eFlaky} flaky (passed on retry)` : ""}`,
);
console.log(`total: ${unitPassed + e2ePassed} passed, ${failed} failed`);
process.exit(
  types.code || unitCode || fuzz.code || template.code || e2e.code || (unitPassed + e2ePassed === 0 ? 1 : 0),
);
