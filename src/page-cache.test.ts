/** docs/decisions/019-request-hardening.md item 7: the home page's HTML is cached per (city, theme, cookie city, viewer kind), sent with a fresh nonce each time. */
import { describe, expect, test } from "bun:test";
import { claimAdmin } from "../modules/auth";
import { continueAsGuest, signUp, uniqueEmail } from "../modules/auth/testing";
import { createApp } from "./app";
import { loadConfig } from "./config";
import { gunzipSync, inflateSync } from "node:zlib";
import { acceptsDeflate, compressPages, createPageCache, encodePage, NONCE_PLACEHOLDER, pageBody } from "./page-cache";
import { silentLog, testAssets, testServices } from "./testing";

const ADMIN = uniqueEmail("home-admin");
const services = await testServices();
let listCalls = 0;
// The places service, counting how often home asks for its lists (a cached page asks nothing).
const places = new Proxy(services.places, {
  get(target, key, receiver) {
    const value = Reflect.get(target, key, receiver);
    if (key === "pageIfReady")
      return (...args: unknown[]) => (listCalls++, (value as (...a: unknown[]) => unknown).apply(target, args));
    return typeof value === "function" ? value.bind(target) : value;
  },
});
let placesChanged: () => void = () => {};
const config = loadConfig({
  NODE_ENV: "test",
  TRUSTED_PROXIES: "127.0.0.1",
  ADMIN_EMAIL: ADMIN,
  RATE_LIMIT_WRITES_PER_MINUTE: "100000",
  RATE_LIMIT_AUTH_PER_MINUTE: "100000",
});
const app = createApp({
  ...services,
  places,
  config,
  assets: testAssets,
  log: silentLog(),
  onPlacesChanged: (listener) => (placesChanged = listener),
});
const request = (path: string, init?: RequestInit) => app.handle(new Request(`http://localhost${path}`, init));
const guest = (await continueAsGuest(request)).cookie;
const city = `localscope-location=${encodeURIComponent("Springfield, MO")}`;
const home = async (cookie: string) => {
  const response = await request("/", { headers: { cookie } });
  return {
    status: response.status,
    html: await response.text(),
    csp: response.headers.get("content-security-policy") ?? "",
  };
};
// Import the states first: a page whose lists were not ready in time is (rightly) not cached.
for (const [name, state] of [
  ["Springfield", "MO"],
  ["Reno", "NV"],
]) {
  await (
    await request(`/api/places/nearby?city=${name}&state=${state}&count=12`, { headers: { cookie: guest } })
  ).arrayBuffer();
}
const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

describe("home page cache", () => {
  test("the second visit is served without asking for the lists again; every answer has its own nonce, in the header and the HTML", async () => {
    const first = await home(`${city}; ${guest}`);
    expect(first.status).toBe(200);
    const callsAfterFirst = listCalls;
    expect(callsAfterFirst).toBeGreaterThan(0);
    const second = await home(`${city}; ${guest}`);
    expect(listCalls).toBe(callsAfterFirst);
    for (const page of [first, second]) {
      const nonce = nonceOf(page.csp)!;
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(page.html).toContain(`nonce="${nonce}"`);
      expect(page.html).not.toContain(NONCE_PLACEHOLDER);
    }
    expect(nonceOf(first.csp)).not.toBe(nonceOf(second.csp));
    expect(second.html.replaceAll(nonceOf(second.csp)!, "N")).toBe(first.html.replaceAll(nonceOf(first.csp)!, "N"));
  });

  test("a browser that accepts deflate gets the same page compressed, with its own nonce (checksum and all)", async () => {
    const plain = await home(`${city}; ${guest}`);
    const response = await request("/", {
      headers: { cookie: `${city}; ${guest}`, "accept-encoding": "gzip, deflate, br" },
    });
    expect(response.headers.get("content-encoding")).toBe("deflate");
    expect(response.headers.get("vary")).toContain("accept-encoding");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBeLessThan(plain.html.length / 3);
    const html = inflateSync(bytes).toString(); // zlib checks the Adler-32 trailer
    const nonce = nonceOf(response.headers.get("content-security-policy") ?? "")!;
    expect(nonce).not.toBe(nonceOf(plain.csp));
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html.replaceAll(nonce, "N")).toBe(plain.html.replaceAll(nonceOf(plain.csp)!, "N"));
  });

  test("the cache keeps pages within its byte budget, dropping the least recently used (cities × themes × viewers no longer hold hundreds of MB)", async () => {
    const cache = createPageCache({ maxBytes: 200_000 });
    const policy = (nonce: string) => `script-src 'nonce-${nonce}'`;
    // Pages of ~60 KB that deflate little (distinct numbers), as a home page's size is.
    const html = (n: number) =>
      `<p>${NONCE_PLACEHOLDER} page ${n}</p>${Array.from({ length: 6_000 }, (_, i) => ((i * 7919 + n) % 100_003).toString(36)).join(" ")}`;
    for (let n = 0; n < 10; n++) await cache.put(`page ${n}`, new Response(html(n)), policy);
    const one = encodePage(html(0), 200);
    const fit = Math.floor(200_000 / (one.plain.bytes.byteLength + one.deflate.bytes.byteLength));
    expect(fit).toBeLessThan(10);
    expect(cache.stats().size).toBeLessThanOrEqual(fit);
    expect(cache.get("page 0", policy)).toBeNull();
    const last = cache.get("page 9", policy)!;
    expect(await last.text()).toContain("page 9");
  });

  test("deflate only when asked for and not refused; any page and any nonce round-trip", () => {
    expect(["gzip, deflate, br", "deflate", "br;q=1, deflate;q=0.5"].map(acceptsDeflate)).toEqual([true, true, true]);
    expect(["gzip, br", "deflate;q=0", "", null, "x-deflate"].map(acceptsDeflate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    const html = `<p>é ${NONCE_PLACEHOLDER}</p>${"ümlaut ".repeat(5000)}${NONCE_PLACEHOLDER}${NONCE_PLACEHOLDER}`;
    const page = encodePage(html, 200);
    for (const nonce of ["AAAAAAAAAAAAAAAAAAAAAA==", "////////////////////////", "zZ9+/aB3cD4eF5gH6iJ7kL=="]) {
      expect(inflateSync(Buffer.concat(pageBody(page, nonce, true))).toString()).toBe(
        html.replaceAll(NONCE_PLACEHOLDER, nonce),
      );
      expect(Buffer.concat(pageBody(page, nonce, false)).toString()).toBe(html.replaceAll(NONCE_PLACEHOLDER, nonce));
    }
  });

  test("pages that are not cached go out gzipped to a browser that accepts it; JSON and other encodings pass untouched", async () => {
    const served = compressPages((r) => app.handle(r));
    const ask = (path: string, encoding: string) =>
      served(
        new Request(`http://localhost${path}`, {
          headers: { cookie: `${city}; ${guest}`, "accept-encoding": encoding },
        }),
      );
    const plain = await ask("/about", "identity");
    const zipped = await ask("/about", "gzip, deflate, br");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toContain("accept-encoding");
    expect(zipped.headers.get("content-security-policy")).toContain("'nonce-");
    const bytes = new Uint8Array(await zipped.arrayBuffer());
    const html = gunzipSync(bytes).toString();
    const text = await plain.text();
    expect(bytes.length).toBeLessThan(text.length / 2);
    // The same page but for its nonce and island ids (each render numbers its islands on).
    const same = (page: string) =>
      page.replaceAll(/nonce="([^"]+)"/.exec(page)![1]!, "N").replace(/data-island(-id|-props)="i\d+"/g, "");
    expect(same(html)).toBe(same(text));
    expect((await ask("/", "gzip, deflate")).headers.get("content-encoding")).toBe("deflate"); // the cached home, precompressed
    expect((await ask("/healthz", "gzip")).headers.get("content-encoding")).toBeNull();
    const cookies = await compressPages(() => {
      const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
      headers.append("set-cookie", "a=1");
      headers.append("set-cookie", "b=2");
      return new Response("<p>hi</p>", { headers });
    })(new Request("http://localhost/", { headers: { "accept-encoding": "gzip" } }));
    expect(cookies.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  });

  test("city, theme and viewer kind each get their own page: the admin's shows the admin button, a guest's does not", async () => {
    const member = await signUp(request, { email: ADMIN });
    await claimAdmin({ database: services.database, config: { ADMIN_EMAIL: ADMIN } }, ADMIN);
    const admin = await home(`${city}; ${member.cookie}`);
    const visitor = await home(`${city}; ${guest}`);
    expect(admin.html).toContain('aria-label="Admin panel"');
    expect(visitor.html).not.toContain('aria-label="Admin panel"');
    const themed = await home(`${city}; localscope-theme=indigo; ${guest}`);
    expect(themed.html).toContain("indigo");
    expect(visitor.html).not.toContain('data-theme="indigo"');
    const elsewhere = await home(`localscope-location=${encodeURIComponent("Reno, NV")}; ${guest}`);
    expect(elsewhere.html).toContain("Reno");
    expect(visitor.html).not.toContain("Exploring Reno");
  }, 120_000);

  test("when places change (an import landed), the next visit renders afresh", async () => {
    await home(`${city}; ${guest}`);
    const before = listCalls;
    await home(`${city}; ${guest}`);
    expect(listCalls).toBe(before);
    placesChanged();
    await home(`${city}; ${guest}`);
    expect(listCalls).toBeGreaterThan(before);
  });
});
