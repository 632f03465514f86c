import { describe, expect, test } from "bun:test";
import { continueAsGuest, jsonPost, signUp, STRONG_PASSWORD } from "../modules/auth/testing";
import { testApp } from "./testing";

const { request, app } = await testApp();

describe("state-changing requests from another site are refused (403)", () => {
  test("a cross-origin POST is 403 in the error shape, and nothing happens", async () => {
    const { email } = await signUp(request);
    const response = await request(
      "/api/auth/login",
      jsonPost({ email, password: STRONG_PASSWORD }, { origin: "https://evil.example" }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Cross-site requests are not allowed.", errors: {} });
    expect(response.headers.getSetCookie()).toEqual([]);
    // The usual security headers are on the refusal too.
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("Sec-Fetch-Site cross-site (or same-site) is refused even without an Origin header", async () => {
    for (const site of ["cross-site", "same-site"]) {
      const response = await request("/api/auth/auto-login", { method: "POST", headers: { "sec-fetch-site": site } });
      expect(response.status).toBe(403);
    }
  });

  test("Origin 'null' (sandboxed frames, data: pages) is refused", async () => {
    expect((await request("/api/auth/logout", { method: "POST", headers: { origin: "null" } })).status).toBe(403);
  });

  test("DELETE, PUT and PATCH are covered, before any other check", async () => {
    const { cookie } = await signUp(request);
    const saved = await (
      await request("/api/favorites", jsonPost({ itemType: "city", itemId: "reno-nv", itemData: "{}" }, { cookie }))
    ).json();
    for (const method of ["DELETE", "PUT", "PATCH"]) {
      const response = await request(`/api/favorites/${saved.id}`, {
        method,
        headers: { cookie, origin: "http://attacker.test" },
      });
      expect(response.status).toBe(403);
    }
    expect(await (await request("/api/favorites/count", { headers: { cookie } })).json()).toEqual({ count: 1 });
  });

  test("a same-origin POST works (Origin of this host, Sec-Fetch-Site same-origin)", async () => {
    const { email } = await signUp(request);
    const response = await request(
      "/api/auth/login",
      jsonPost({ email, password: STRONG_PASSWORD }, { origin: "http://localhost", "sec-fetch-site": "same-origin" }),
    );
    expect(response.status).toBe(200);
  });

  test("behind a proxy, the forwarded host is this site", async () => {
    const response = await request("/api/auth/auto-login", {
      method: "POST",
      headers: {
        origin: "https://localscope.example",
        "x-forwarded-host": "localscope.example",
        "x-forwarded-for": "203.0.113.250",
      },
    });
    expect(response.status).toBe(200);
  });

  test("reads from another site are not blocked (GET is safe)", async () => {
    const response = await request("/api/categories", {
      headers: { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(200);
  });

  test("a guest session cookie does not help a cross-site form post", async () => {
    const guest = await continueAsGuest(request);
    const response = await request(
      "/api/favorites",
      jsonPost(
        { itemType: "city", itemId: "x", itemData: "{}" },
        { cookie: guest.cookie, "sec-fetch-site": "cross-site" },
      ),
    );
    expect(response.status).toBe(403);
  });
});

describe("security headers", () => {
  const nonceOf = (csp: string) => csp.match(/script-src 'nonce-([A-Za-z0-9+/=]+)'/)?.[1];

  test("every page has a fresh CSP script nonce, and its script tag carries it", async () => {
    const first = await request("/");
    const second = await request("/");
    const csp = first.headers.get("content-security-policy")!;
    const nonce = nonceOf(csp)!;
    expect(nonce).toHaveLength(24); // 128 bits
    expect(nonceOf(second.headers.get("content-security-policy")!)).not.toBe(nonce);
    expect(csp).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic' 'self';`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    const html = await first.text();
    expect(html).toContain(`<script type="module" src="/assets/client-test.js" async="" nonce="${nonce}"></script>`);
    // Every executable script carries the nonce (JSON island props are data, not scripts).
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
      if (!/type="application\/json"/.test(tag)) expect(tag).toContain(`nonce="${nonce}"`);
    }
    await second.text();
  });

  test("the 404 page gets a nonce too; JSON answers allow scripts from 'self' only", async () => {
    const page = await request("/no-such-page");
    expect(page.status).toBe(404);
    const nonce = nonceOf(page.headers.get("content-security-policy")!);
    expect(nonce).toBeDefined();
    expect(await page.text()).toContain(`nonce="${nonce}"`);
    const api = await request("/api/categories");
    expect(api.headers.get("content-security-policy")).toContain("script-src 'self';");
  });

  test("frame-ancestors 'none', Referrer-Policy, nosniff, X-Frame-Options on pages and API answers", async () => {
    for (const path of ["/", "/api/categories", "/api/auth/me"]) {
      const response = await request(path);
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      await response.arrayBuffer();
    }
  });

  test("Strict-Transport-Security only over https", async () => {
    expect((await request("/api/categories")).headers.get("strict-transport-security")).toBeNull();
    const proxied = await request("/api/categories", { headers: { "x-forwarded-proto": "https" } });
    expect(proxied.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const direct = await app.handle(new Request("https://localscope.example/api/categories"));
    expect(direct.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });
});
