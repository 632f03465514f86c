import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { renderToString } from "react-dom/server";
import { islandLoaders } from "./client";
import { Island, serialiseProps } from "./island";

describe("island props", () => {
  test("are escaped so they cannot close the script element", () => {
    const json = serialiseProps({ name: "</script><script>alert(1)</script>", odd: "a\u2028b\u2029c & d" });
    expect(json).not.toContain("<");
    expect(json).not.toContain("\u2028");
    expect(json).not.toContain("\u2029");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>", odd: "a\u2028b\u2029c & d" });
  });

  test("an island renders its HTML inside a marker, with its props beside it", () => {
    const Hello = (p: { who: string }) => <b>Hello {p.who}</b>;
    const html = renderToString(<Island name={"Hello" as never} component={Hello} props={{ who: "<Ada>" }} />);
    expect(html).toMatch(/<div data-island="Hello" data-island-id="(i\d+)"><b>Hello <!-- -->&lt;Ada&gt;<\/b><\/div>/);
    const id = html.match(/data-island-id="(i\d+)"/)![1];
    expect(html).toContain(
      `<script type="application/json" data-island-props="${id}">{"who":"\\u003cAda\\u003e"}</script>`,
    );
  });
});

test("ui/islands holds islands only, and every one is known to the client runtime", () => {
  const dir = join(import.meta.dir, "islands");
  const files = readdirSync(dir);
  const islands = files
    .filter((f) => /^[A-Z]\w*\.tsx$/.test(f) && /^export default /m.test(readFileSync(join(dir, f), "utf8")))
    .map((f) => f.replace(/\.tsx$/, ""));
  expect(
    files.filter((f) => !islands.includes(f.replace(/\.tsx$/, ""))),
    "files in ui/islands that are not islands",
  ).toEqual([]);
  expect(islands.length).toBeGreaterThan(0);
  expect(Object.keys(islandLoaders).sort()).toEqual(islands.sort());
});
