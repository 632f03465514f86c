/**
 * What scripts/test.ts reads back from its stages' output and prints at the end: the failed unit and browser
 * tests, the pass/fail counts, and the table of stage times.
 */
import type { Stage } from "./stages";

/** bun test's failed tests, each with the lines it printed before its "(fail)" line (its error, at most 40) and
 * its "^ this test timed out" line after it, once each (bun repeats the "(fail)" lines in a closing recap), and
 * its errors between tests. */
export function failedUnitTests(output: string): string[] {
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

/** Playwright's summary names its failed and flaky tests under "N failed" / "N flaky"; each failed test comes
 * with the lines its numbered report printed (the error, the expectation, its call log: at most 30 lines), so a
 * failure on a CI machine whose log keeps only the tail can be read there. */
export function failedBrowserTests(output: string): string[] {
  const lines = output.split("\n");
  const reports = new Map<string, string[]>();
  let report: string[] | undefined;
  for (const line of lines) {
    const start = /^\s+\d+\) (\[.*?) ─*$/.exec(line);
    if (start) reports.set(key(start[1] as string), (report = []));
    else if (/^\s+\d+ (failed|flaky|passed|skipped|did not run)/.test(line)) report = undefined;
    else if (report && report.length < 30 && line.trim() && !/^\s+(at |attachment #|─)/.test(line))
      report.push(`  ${line.trim()}`);
  }
  const found: string[] = [];
  let heading = "";
  for (const line of lines) {
    const count = /^\s*\d+ (failed|flaky)/.exec(line);
    if (count) heading = count[1] as string;
    else if (heading && /^\s+\[/.test(line)) {
      const details = heading === "failed" ? (reports.get(key(line.trim())) ?? []) : [];
      found.push([`browser test ${heading}: ${line.trim()}`, ...details].join("\n"));
    } else heading = "";
  }
  return found;
}

/** A test's name as both places print it: "[project] › file:line:col › title", without the trailing rule. */
const key = (line: string) => line.replace(/\s*─+$/, "").replace(/\s+\(retry #\d+\)$/, "");

export const count = (output: string, re: RegExp) => [...output.matchAll(re)].reduce((n, m) => n + Number(m[1]), 0);

/** The stage table: each stage's start, wall and CPU time (and exit code when not 0), then the whole run's. */
export function printStages(stages: Stage[], total: number) {
  console.log("\nstage                                              start    wall     CPU");
  for (const s of stages)
    console.log(
      `${s.name.padEnd(48)} ${s.start.toFixed(0).padStart(5)} s ${s.wall.toFixed(1).padStart(6)} s ${s.cpu.toFixed(1).padStart(6)} s${s.code ? `  (exit ${s.code})` : ""}`,
    );
  console.log(
    `${"npm test".padEnd(48)} ${"0".padStart(5)} s ${total.toFixed(1).padStart(6)} s ${stages
      .reduce((t, s) => t + s.cpu, 0)
      .toFixed(1)
      .padStart(6)} s`,
  );
}
