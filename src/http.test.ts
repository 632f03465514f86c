import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import * as v from "valibot";
import { errorHandling, HttpError } from "./http";
import { silentLog, testApp } from "./testing";

const log = silentLog();
const app = new Elysia()
  .use(
    errorHandling({
      log,
      renderNotFoundPage: () =>
        new Response("<h1>Page Not Found</h1>", { status: 404, headers: { "content-type": "text/html" } }),
    }),
  )
  .post("/api/things", ({ body }) => body, {
    body: v.object({
      name: v.pipe(v.string("name must be text"), v.nonEmpty("name is required")),
      count: v.pipe(v.number("count must be a number"), v.minValue(1, "count must be at least 1")),
    }),
  })
  .get("/api/teapot", () => {
    throw new HttpError(418, "I am a teapot", { tea: ["too hot"] });
  })
  .get("/api/bug", () => {
    throw new Error("secret internal detail");
  })
  .post("/api/locked", () => {
    // What the database layer throws once its retries met another writer's lock for about 10 s.
    throw Object.assign(new Error("SQLITE_BUSY: cannot commit transaction - SQL statements in progress"), {
      code: "SQLITE_BUSY",
    });
  });

const call = (path: string, init?: RequestInit) => app.handle(new Request(`http://localhost${path}`, init));
const json = (body: string) => ({ method: "POST", headers: { "content-type": "application/json" }, body });

describe("one error shape", () => {
  test("validation failure is 400 naming every failing field", async () => {
    const response = await call("/api/things", json(JSON.stringify({ name: "", count: "x" })));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors).toEqual({ name: ["name is required"], count: ["count must be a number"] });
    expect(body.message).toContain("name is required");
  });

  test("malformed JSON is 400", async () => {
    const response = await call("/api/things", json("{not json"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "The request body is not valid JSON.",
      errors: { body: ["The request body is not valid JSON."] },
    });
  });

  test("an HttpError keeps its status, message and errors", async () => {
    const response = await call("/api/teapot");
    expect(response.status).toBe(418);
    expect(await response.json()).toEqual({ message: "I am a teapot", errors: { tea: ["too hot"] } });
  });

  test("a database still locked after the retries is 503 with Retry-After, not a 500", async () => {
    const response = await call("/api/locked", { method: "POST" });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({
      message: "The server is busy. Please try again in a few seconds.",
      errors: {},
    });
  });

  test("a thrown bug is 500 with a generic message and a server log line", async () => {
    const response = await call("/api/bug");
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body.message).not.toContain("secret");
    expect(body.errors).toEqual({});
    expect(log.lines.some((line) => line.includes("/api/bug") && line.includes("secret internal detail"))).toBe(true);
  });

  test("unknown /api paths are 404 JSON, other paths get the HTML page", async () => {
    const api = await call("/api/nothing-here");
    expect(api.status).toBe(404);
    expect(api.headers.get("content-type")).toContain("application/json");
    expect((await api.json()).message).toContain("/api/nothing-here");
    const page = await call("/nothing-here");
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Page Not Found");
  });
});

describe("the composed app", async () => {
  const { request } = await testApp();
  test("security headers are on JSON and HTML answers", async () => {
    for (const path of ["/api/cities/search?q=boston", "/", "/api/missing"]) {
      const response = await request(path);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });
});

describe("wrong methods", () => {
  test("a path the app serves for other methods answers 405 with Allow (was 404); an unknown path stays 404", async () => {
    const { request } = await testApp();
    const deleted = await request("/api/places/search?q=museum", { method: "DELETE" });
    expect(deleted.status).toBe(405);
    expect(deleted.headers.get("allow")).toBe("GET");
    expect((await deleted.json()).message).toBe("DELETE is not allowed here (allowed: GET).");
    const put = await request("/api/places/123", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect([put.status, put.headers.get("allow")]).toEqual([405, "GET"]);
    const got = await request("/api/auth/login");
    expect([got.status, got.headers.get("allow")]).toEqual([405, "POST"]);
    expect((await request("/api/no-such-thing", { method: "DELETE" })).status).toBe(404);
    expect((await request("/api/no-such-thing")).status).toBe(404);
  });
});
