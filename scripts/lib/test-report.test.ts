import { expect, test } from "bun:test";
import { failedBrowserTests } from "./test-report";

// What Playwright's list reporter prints for a failed test: its numbered report, then the closing summary.
const OUTPUT = `
  ✘  12 [longest] › e2e/map.e2e.ts:703:3 › map offline › screenshots (30.1s)

  1) [longest] › e2e/map.e2e.ts:703:3 › map offline › screenshots ──────────────────────────────────

    Test timeout of 30000ms exceeded.

    Error: expect(locator).toHaveAttribute(expected) failed

    Locator: getByTestId('map')
    Expected: "outline"
    Call log:
      - waiting for getByTestId('map')

      712 |       await expect(map(page)).toHaveAttribute("data-basemap", "outline", { timeout: 15_000 });
          at /repo/e2e/map.e2e.ts:712:31

    attachment #1: trace (application/zip) ─────────────────────────────────────

  1 failed
    [longest] › e2e/map.e2e.ts:703:3 › map offline › screenshots ───────────────────────────────────
  1 flaky
    [pages] › e2e/accounts.e2e.ts:98:3 › signed out › register ─────────────────────────────────────
  140 passed (7.0m)
`;

test("a failed browser test is named with its error and call log; a flaky one by its name alone", () => {
  const [failed, flaky, ...rest] = failedBrowserTests(OUTPUT);
  expect(rest).toEqual([]);
  expect(failed).toStartWith("browser test failed: [longest] › e2e/map.e2e.ts:703:3 › map offline › screenshots");
  expect(failed).toContain("Test timeout of 30000ms exceeded.");
  expect(failed).toContain('Expected: "outline"');
  expect(failed).toContain("- waiting for getByTestId('map')");
  expect(failed).not.toContain("attachment");
  expect(flaky).toBe(
    "browser test flaky: [pages] › e2e/accounts.e2e.ts:98:3 › signed out › register ─────────────────────────────────────",
  );
});
