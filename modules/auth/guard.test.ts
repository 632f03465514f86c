/** The one auth guard (docs/decisions/015-module-map.md item 4): `auth: "user" | "admin"` on anonymous, guest, user and admin callers. */
import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import * as v from "valibot";
import { errorHandling, type RequestUser } from "../../src/http";
import { silentLog } from "../../src/testing";
import { ACCESS_DENIED, createGuard } from "./index";

const callers: Record<string, RequestUser | null> = {
  anonymous: null,
  guest: { id: 1, isGuest: true, isAdmin: false },
  user: { id: 2, isGuest: false, isAdmin: false },
  admin: { id: 3, isGuest: false, isAdmin: true },
};
let lookups = 0;
const guard = createGuard(async (request) => {
  lookups++;
  return callers[request.headers.get("x-caller") ?? "anonymous"] ?? null;
});
const app = new Elysia()
  .use(errorHandling({ log: silentLog() }))
  .use(
    new Elysia({ prefix: "/t" })
      .use(guard({ signInMessage: "Please sign in to try this." }))
      .get("/user", ({ user }) => ({ id: user.id }), { auth: "user" })
      .get("/admin", ({ user }) => ({ id: user.id }), { auth: "admin" })
      .post("/user", ({ user, body }) => ({ id: user.id, name: body.name }), {
        auth: "user",
        body: v.object({ name: v.string() }),
      })
      .post("/maybe", ({ user }) => ({ id: user?.id ?? null }), { optionalAuth: true }),
  )
  .use(
    new Elysia({ prefix: "/p" })
      .use(guard({ denied: (_r, status) => new Response(`page ${status}`, { status }) }))
      .get("/admin", () => "secret", { auth: "admin" }),
  );

const call = (path: string, caller: string, init: RequestInit = {}) =>
  app.handle(
    new Request(`http://localhost${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), "x-caller": caller },
    }),
  );

describe("auth guard macro", () => {
  test("auth: 'user' — anonymous 401 with the module's message; guests, users and the admin pass with their user", async () => {
    const anonymous = await call("/t/user", "anonymous");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "Please sign in to try this.", errors: {} });
    for (const caller of ["guest", "user", "admin"]) {
      const response = await call("/t/user", caller);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ id: callers[caller]!.id });
    }
  });

  test("auth: 'admin' — anonymous 401, guest and user 403 with the product's text, the admin passes", async () => {
    expect((await call("/t/admin", "anonymous")).status).toBe(401);
    for (const caller of ["guest", "user"]) {
      const response = await call("/t/admin", caller);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: "Access denied. Admin privileges required.", errors: {} });
    }
    expect(ACCESS_DENIED).toBe("Access denied. Admin privileges required.");
    const admin = await call("/t/admin", "admin");
    expect(admin.status).toBe(200);
    expect(await admin.json()).toEqual({ id: 3 });
  });

  test("the check runs before validation: anonymous with a bad body is 401, a signed-in one 400", async () => {
    const bad = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: 7 }) };
    expect((await call("/t/user", "anonymous", bad)).status).toBe(401);
    expect((await call("/t/user", "user", bad)).status).toBe(400);
    const good = await call("/t/user", "guest", { ...bad, body: JSON.stringify({ name: "Ada" }) });
    expect(await good.json()).toEqual({ id: 1, name: "Ada" });
  });

  test("optionalAuth gives the user or null; one session lookup per request", async () => {
    expect(await (await call("/t/maybe", "anonymous", { method: "POST" })).json()).toEqual({ id: null });
    expect(await (await call("/t/maybe", "user", { method: "POST" })).json()).toEqual({ id: 2 });
    lookups = 0;
    await call("/t/admin", "admin");
    // transform + resolve both ask; the auth module caches per request (createAuth's resolve), this fake does not.
    expect(lookups).toBeLessThanOrEqual(2);
  });

  test("page routes answer their own page instead of JSON", async () => {
    for (const [caller, status] of [
      ["anonymous", 401],
      ["user", 403],
      ["guest", 403],
    ] as const) {
      const response = await call("/p/admin", caller);
      expect(response.status).toBe(status);
      expect(await response.text()).toBe(`page ${status}`);
    }
    expect(await (await call("/p/admin", "admin")).text()).toBe("secret");
  });
});
