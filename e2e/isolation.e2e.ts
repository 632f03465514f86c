/**
 * The tests of a worker share one browser context and page (playwright.config.ts, decision 091): what one test
 * leaves there must not reach the next. The first test leaves everything a page or a test can leave behind; the
 * second, run next in the same worker, finds none of it.
 */
import { expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

const LEFT = "left-by-the-previous-test";

test("a test leaves storage, a cookie, a permission, the offline switch, a route and an init script behind", async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto("/");
  await page.evaluate(async (value) => {
    localStorage.setItem(value, "1");
    sessionStorage.setItem(value, "1");
    document.cookie = `${value}=1; Path=/`;
    await (await caches.open(value)).put("/left", new Response("1"));
    await new Promise((resolve, reject) => {
      const request = indexedDB.open(value);
      request.onsuccess = () => resolve(request.result.close());
      request.onerror = () => reject(request.error);
    });
  }, LEFT);
  await context.grantPermissions(["clipboard-read"], { origin: baseURL });
  await page.route("**/healthz", (route) => route.fulfill({ status: 418, body: LEFT }));
  await context.addInitScript((value) => Object.assign(window, { left: value }), LEFT);
  await context.setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
});

test("the next test in the worker finds none of it", async ({ page, context }) => {
  await page.goto("/");
  const found = await page.evaluate(
    async (value) => ({
      local: localStorage.getItem(value),
      session: sessionStorage.getItem(value),
      cookie: document.cookie.includes(value),
      caches: await caches.keys(),
      databases: (await indexedDB.databases()).map((db) => db.name),
      clipboard: (await navigator.permissions.query({ name: "clipboard-read" as PermissionName })).state,
      online: navigator.onLine,
      initScript: (window as { left?: string }).left ?? null,
    }),
    LEFT,
  );
  expect(found).toEqual({
    local: null,
    session: null,
    cookie: false,
    caches: [],
    databases: [],
    clipboard: "prompt",
    online: true,
    initScript: null,
  });
  expect((await page.request.get("/healthz")).status()).toBe(200);
  expect(await page.evaluate(() => fetch("/healthz").then((r) => r.status))).toBe(200);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(LEFT);
});
