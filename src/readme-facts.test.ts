import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

/** Facts the README states, checked against the code and data they describe. */
const root = `${import.meta.dir}/..`;
const readme = readFileSync(`${root}/README.md`, "utf8");
const scripts = Object.keys(JSON.parse(readFileSync(`${root}/package.json`, "utf8")).scripts);

/** The rows of the README table under `## heading` whose first cell is a `code` name. */
function tableNames(heading: string): string[] {
  const start = readme.indexOf(`\n## ${heading}\n`);
  expect(start).toBeGreaterThan(-1);
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1] as string);
}

describe("README facts", () => {
  test("every `npm run X` the README names is a script in package.json", () => {
    const named = [...new Set([...readme.matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => m[1] as string))];
    expect(named.length).toBeGreaterThan(10);
    // "npm run bench:*" names a family: some script must start with it.
    const missing = named.filter((name) =>
      name.endsWith(":") ? !scripts.some((script) => script.startsWith(name)) : !scripts.includes(name),
    );
    expect(missing).toEqual([]);
  });

  test("the two commands exist: npm start and npm test", () => {
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm install && npm test");
    expect(scripts).toContain("start");
    expect(scripts).toContain("test");
  });

  test("every variable in the configuration table is read by src/config.ts", () => {
    const config = readFileSync(`${root}/src/config.ts`, "utf8");
    const variables = tableNames("Configuration");
    expect(variables.length).toBeGreaterThan(15);
    expect(variables.filter((name) => !new RegExp(`^\\s+${name}:`, "m").test(config))).toEqual([]);
  });

  test("the number of cities the README states is the number of rows in the bundled cities file", () => {
    // One city a line after the header (the file has no quoted line breaks).
    const lines = gunzipSync(readFileSync(`${root}/db/data/uscities.csv.gz`))
      .toString("utf8")
      .trimEnd()
      .split("\n");
    const stated = readme.match(/one of ([\d,]+) US cities/)?.[1];
    expect(stated).toBe((lines.length - 1).toLocaleString("en-US"));
  });
});
