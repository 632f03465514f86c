/**
 * Which bun:test files scripts/test.ts runs in which lane: those on their own databases and those that read
 * the shared database with the places imported.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A test file that says this runs with the files on their own databases, its shared database without places. */
const WITHOUT_PLACES = "npm test runs this file without the places template";

/**
 * Every bun:test file, split by whether it reads the shared database of src/testing.ts (testApp and friends)
 * with the states already imported, or copies that template itself (`testTemplate("places")`: run before
 * places.db is written, such a file imports its state again, ~15 CPU-s for the Las Vegas refresh test).
 */
export function unitFiles(root: string): { own: string[]; shared: string[] } {
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
