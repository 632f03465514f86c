import { describe, expect, test } from "bun:test";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { LandingPage } from "./Landing";

/** The landing page states the number of cities it is given (counted from the data), never a typed-in one. */
describe("landing page city count", () => {
  test("every mention of the count on the page is the count it was given", () => {
    const html = renderToStaticMarkup(createElement(LandingPage, { cityCount: 12_345 }));
    expect(html).toContain("explore in 12,345 US");
    expect(html).not.toMatch(/\b19,?\d{3}\b/);
    const counts = html.match(/\b\d{1,3}(,\d{3})+\b/g) ?? [];
    expect(counts.length).toBeGreaterThanOrEqual(3);
    expect(new Set(counts)).toEqual(new Set(["12,345"]));
  });
});
