import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** The README and docs/: every relative link resolves, and nothing cites a document outside the repository. */
const root = join(import.meta.dir, "..");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith(".md") ? [path] : [];
  });
}

const files = [join(root, "README.md"), ...markdownFiles(join(root, "docs"))];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

function anchorsIn(path: string): Set<string> {
  const text = readFileSync(path, "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1] as string)));
}

describe("docs links", () => {
  test("every relative link in the README and docs/ points to a file, and every #anchor to a heading", () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^[a-z]+:/.test(target)) continue;
        const [path = "", anchor] = target.split("#");
        const resolved = path === "" ? file : join(dirname(file), path);
        if (!existsSync(resolved)) broken.push(`${relative(root, file)} → ${target}`);
        else if (anchor && resolved.endsWith(".md") && !anchorsIn(resolved).has(anchor))
          broken.push(`${relative(root, file)} → ${target} (no such heading)`);
      }
    }
    expect(files.length).toBeGreaterThan(40);
    expect(broken).toEqual([]);
  });

  test("no citation of specification files or issue numbers outside the repository", () => {
    const outside = /DECISIONS \d|spec\/|\b[Ii]ssues? \d|§|discovery\.md|accounts-and-shell\.md|SOURCES\.md/;
    const found = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => `${relative(root, file)}:${i + 1}: ${line}`)
        .filter((line) => outside.test(line.slice(line.indexOf(": ") + 2))),
    );
    expect(found).toEqual([]);
  });
});
