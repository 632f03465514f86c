import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Elysia } from "elysia";
import { staticAssets } from "./assets";
import { testDir } from "../db/testing-template";

/**
 * Static files (src/assets.ts): its hook is declared synchronous (syncRequestHooks), so the gzip of a file's
 * first request is a promise Elysia hands on as the answer. What a client gets must not depend on which path
 * answered: the first and later gzip answers, HEAD, the plain file, and a file gone since start.
 */
const dir = testDir("ls-assets-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const text = "console.log('LocalScope');\n".repeat(200);
writeFileSync(join(dir, "app.js"), text);
writeFileSync(join(dir, "gone.js"), text);
const app = new Elysia()
  .use(staticAssets({ "/assets/app.js": join(dir, "app.js"), "/assets/gone.js": join(dir, "gone.js") }))
  .get("/other", () => "route");
const get = (path: string, init: RequestInit = {}) => app.handle(new Request(`http://localhost${path}`, init));
const gzip = { headers: { "accept-encoding": "gzip, br" } };

test("the hook is called without await: Elysia sees it as synchronous", () => {
  expect(app.event.request?.length).toBeGreaterThan(0);
  expect(app.event.request!.every((hook) => (hook as { isAsync?: boolean }).isAsync === false)).toBe(true);
});

test("first and later gzip answers are the same gzipped file with its headers; HEAD has them without a body", async () => {
  for (let i = 0; i < 2; i++) {
    const response = await get("/assets/app.js", gzip);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await response.arrayBuffer())))).toBe(text);
  }
  const head = await get("/assets/app.js", { method: "HEAD", ...gzip });
  expect(head.status).toBe(200);
  expect(head.headers.get("content-encoding")).toBe("gzip");
  expect(await head.text()).toBe("");
});

test("without gzip the plain file; other paths go on to the routes", async () => {
  const plain = await get("/assets/app.js");
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect(await plain.text()).toBe(text);
  expect(await (await get("/other")).text()).toBe("route");
});

test("a file removed since start (a rebuild meanwhile) is a 404 answer, not an unhandled rejection", async () => {
  rmSync(join(dir, "gone.js"));
  const response = await get("/assets/gone.js", gzip);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ message: "Not found", errors: {} });
});
