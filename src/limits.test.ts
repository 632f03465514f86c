/** docs/decisions/019-request-hardening.md items 2 and 3: body caps and nesting depth before validation, a bad Host refused, an error handler that never throws. */
import { describe, expect, test } from "bun:test";
import { continueAsGuest } from "../modules/auth/testing";
import { MAX_JSON_DEPTH, jsonDepthExceeds } from "./limits";
import { testApp } from "./testing";

const { request, app } = await testApp();
const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  request(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

describe("JSON bodies are bounded before validation", () => {
  test("50,000 levels of nesting: 400 naming the limit, quickly, on every public JSON route (was 500 after seconds)", async () => {
    const guest = (await continueAsGuest(request)).cookie;
    for (const path of ["/api/activities", "/api/auth/login", "/api/auth/register", "/api/favorites"]) {
      const started = performance.now();
      // 7,000 levels (14 KB) fit every route's size cap, so the depth check is what answers.
      const response = await post(path, `{"activityType":${nested(7_000)}}`, { cookie: guest });
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect((await response.json()).message).toBe(
        `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
      );
      expect(performance.now() - started).toBeLessThan(200);
    }
    // The full 100 KB attack is refused for its size first.
    expect((await post("/api/activities", nested(50_000))).status).toBe(413);
  });

  test("over the per-route cap: 413, declared or streamed without a length", async () => {
    const big = JSON.stringify({ activityType: "city_discovered", cityName: "x".repeat(70 * 1024) });
    const declared = await post("/api/activities", big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: "The request body is too large (at most 64 KB).", errors: {} });
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode(`"${"y".repeat(4096)}",`));
        controller.close();
      },
    });
    const streamed = await request("/api/activities", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
    });
    expect(streamed.status).toBe(413);
    // Sign-in bodies are smaller still.
    expect(
      (await post("/api/auth/login", JSON.stringify({ email: "a@b.co", password: "p".repeat(20_000) }))).status,
    ).toBe(413);
  });

  test("32 levels are fine; bad JSON is still the usual 400", async () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(`["${"[".repeat(100)}"]`)).toBe(false); // brackets inside strings do not count
    const bad = await post("/api/activities", "{not json");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("The request body is not valid JSON.");
  });
});

describe("Host", () => {
  test("a garbled or missing Host is 400 with the usual security headers, never a 500", async () => {
    for (const host of ["a b", "[::1", "ex%ample.com:99999", "a/b?c", ""]) {
      const response = await app.handle(new Request("http://localhost/api/auth/me", { headers: { host } }));
      expect({ host, status: response.status }).toEqual({ host, status: 400 });
      expect(await response.json()).toEqual({
        message: "The Host header is missing or not valid.",
        errors: { host: ["The Host header is missing or not valid."] },
      });
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });
});

describe("general write limit per client", () => {
  test("past the limit a client gets 429 with Retry-After; auth routes have their own smaller limit; others are not affected", async () => {
    const limited = await testApp({ RATE_LIMIT_WRITES_PER_MINUTE: "5", RATE_LIMIT_AUTH_PER_MINUTE: "2" });
    const from = (ip: string) => ({
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: "{}",
    });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await limited.request("/api/activities", from("81.2.69.10"))).status);
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
    const refused = await limited.request("/api/activities", from("81.2.69.10"));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await refused.json()).message).toBe(
      `Too many requests. Please wait ${retryAfter} second${retryAfter === 1 ? "" : "s"} and try again.`,
    );
    expect((await limited.request("/api/activities", from("81.2.69.11"))).status).not.toBe(429);
    // Reads are never counted.
    expect((await limited.request("/healthz", { headers: { "x-forwarded-for": "81.2.69.10" } })).status).not.toBe(429);
    const auth = [];
    for (let i = 0; i < 3; i++) auth.push((await limited.request("/api/auth/logout", from("81.2.69.12"))).status);
    expect(auth).toEqual([204, 204, 429]);
  });
});

describe("place search: a limit per client, IPv6 counted by /64", () => {
  test("past RATE_LIMIT_SEARCHES_PER_MINUTE a client's searches get 429; other reads and other clients are not affected", async () => {
    const limited = await testApp({ RATE_LIMIT_SEARCHES_PER_MINUTE: "3" });
    const search = (ip: string) =>
      limited.request("/api/places/search?q=museum", { headers: { "x-forwarded-for": ip } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await search("81.2.69.20")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await limited.request("/healthz", { headers: { "x-forwarded-for": "81.2.69.20" } })).status).toBe(200);
    expect((await search("81.2.69.21")).status).toBe(200);
    // Four addresses of one /64 are one client; another /64 is another.
    const v6: number[] = [];
    for (const host of ["1", "2", "abcd:1", "ffff:ffff:ffff"]) v6.push((await search(`2001:db8:5:6::${host}`)).status);
    expect(v6).toEqual([200, 200, 200, 429]);
    expect((await search("2001:db8:5:7::1")).status).toBe(200);
  });

  test("writes from many addresses of one IPv6 /64 share one budget", async () => {
    const limited = await testApp({ RATE_LIMIT_WRITES_PER_MINUTE: "2" });
    const statuses: number[] = [];
    for (let i = 1; i <= 3; i++)
      statuses.push(
        (
          await limited.request("/api/activities", {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": `2001:db8::${i}` },
            body: "{}",
          })
        ).status,
      );
    expect(statuses[2]).toBe(429);
  });
});

describe("every body is capped, whatever its type", () => {
  const chunked = (size: number) =>
    new ReadableStream({
      start(controller) {
        for (let sent = 0; sent < size; sent += 4096)
          controller.enqueue(new TextEncoder().encode(`a=${"y".repeat(4094)}`));
        controller.close();
      },
    });
  for (const type of [
    "application/x-www-form-urlencoded",
    "text/plain",
    "multipart/form-data; boundary=x",
    "application/octet-stream",
  ])
    test(`a chunked ${type.split(";")[0]} body over the cap: 413 (was read whole)`, async () => {
      const response = await request("/api/activities", {
        method: "POST",
        headers: { "content-type": type },
        body: chunked(1024 * 1024),
      });
      expect(response.status).toBe(413);
      expect((await response.json()).message).toBe("The request body is too large (at most 64 KB).");
    });

  test("a small form body still reaches the route (its validation answers)", async () => {
    const guest = (await continueAsGuest(request)).cookie;
    const response = await request("/api/activities", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: guest },
      body: "activityType=nonsense",
    });
    expect(response.status).toBe(400);
  });
});
