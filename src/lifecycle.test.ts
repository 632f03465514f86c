/** docs/decisions/019-request-hardening.md items 5 and 6 (F10): an honest /healthz, 503 "Storage is unavailable" for writes on a read-only database, graceful shutdown. */
import { describe, expect, test } from "bun:test";
import { continueAsGuest, jsonPost, signUp } from "../modules/auth/testing";
import { endDrainForTests, HEALTH_FRESH_MS, onShutdown, shutdown } from "./lifecycle";
import { silentLog, testApp } from "./testing";

const { request, database, app, log } = await testApp();

describe("/healthz", () => {
  test("200 {ok: true} when the database takes a write", async () => {
    const response = await request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("a database that cannot be written (full disk, read-only file)", () => {
  test("/healthz is 503 with a reason; writes answer 503 'Storage is unavailable'; reads keep working (was 500 and ok)", async () => {
    const member = await signUp(request);
    const guest = await continueAsGuest(request);
    await database.client.execute("PRAGMA query_only = ON"); // SQLite refuses every write, as on a read-only file
    try {
      await Bun.sleep(HEALTH_FRESH_MS + 50); // a proven write counts for a second
      const health = await request("/healthz");
      expect(health.status).toBe(503);
      const body = await health.json();
      expect(body.ok).toBe(false);
      expect(body.reason).toMatch(/^The database does not accept writes: .*readonly/i);

      const write = await request(
        "/api/favorites",
        jsonPost({ itemType: "city", itemId: "reno-nv", itemData: "{}" }, { cookie: member.cookie }),
      );
      expect(write.status).toBe(503);
      expect(await write.json()).toEqual({ message: "Storage is unavailable. Please try again later.", errors: {} });
      expect(write.headers.get("retry-after")).toBe("30");
      expect(write.headers.get("x-content-type-options")).toBe("nosniff");
      expect(
        (await request("/api/auth/login", jsonPost({ email: member.email, password: member.password }))).status,
      ).toBe(503);

      const read = await request("/api/favorites", { headers: { cookie: guest.cookie } });
      expect(read.status).toBe(200);
      expect((await request("/api/auth/me", { headers: { cookie: member.cookie } })).status).toBe(200);
      expect(log.lines.some((line) => line.startsWith("[storage] POST /api/favorites"))).toBe(true);
    } finally {
      await database.client.execute("PRAGMA query_only = OFF");
    }
    expect((await request("/healthz")).status).toBe(200);
  });
});

describe("graceful shutdown", () => {
  test("requests in flight finish, /healthz says 503 meanwhile, then the hooks flush and the database closes", async () => {
    const events: string[] = [];
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    app.get("/__slow", async () => {
      started();
      await Bun.sleep(300);
      events.push("slow answered");
      return "done";
    });
    const server = app.listen({ port: 0, hostname: "127.0.0.1" }).server!;
    const base = `http://127.0.0.1:${server.port}`;
    const off = onShutdown("test buffer", async () => {
      events.push("hook flushed");
    });
    try {
      const slow = fetch(`${base}/__slow`).then((r) => r.text());
      // Shut down once the request is in the handler (a 50 ms sleep here was once too short on a loaded machine:
      // the server stopped listening before the request connected).
      await Promise.race([inFlight, slow]); // a request that fails fails here, with its own error
      const done = shutdown({
        stop: (force) => app.stop(force),
        database: { close: () => events.push("database closed") } as never,
        log: silentLog(),
      });
      expect((await app.handle(new Request("http://localhost/healthz"))).status).toBe(503);
      expect(await slow).toBe("done");
      await done;
      expect(events).toEqual(["slow answered", "hook flushed", "database closed"]);
    } finally {
      off();
      endDrainForTests();
    }
  });
});
