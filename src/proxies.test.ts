/** docs/decisions/019-request-hardening.md item 1 (F3): X-Forwarded-* are believed only from TRUSTED_PROXIES, for rate limits, cookies and the cross-site check. */
import { describe, expect, test } from "bun:test";
import { jsonPost, STRONG_PASSWORD, uniqueEmail } from "../modules/auth/testing";
import { ConfigError, loadConfig } from "./config";
import { clientAddress, isTrusted, parseAddress, parseTrustedProxies } from "./proxies";
import { testApp } from "./testing";

describe("TRUSTED_PROXIES", () => {
  test("addresses and CIDR ranges, IPv4 and IPv6; default none; a bad entry stops the start naming it", () => {
    expect(loadConfig({}).TRUSTED_PROXIES).toEqual([]);
    const list = loadConfig({ TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8 ::1 fd00::/8" }).TRUSTED_PROXIES;
    expect(list).toHaveLength(4);
    for (const address of ["127.0.0.1", "10.255.0.3", "::1", "::ffff:10.1.2.3", "fd12:3456::1"])
      expect(isTrusted(address, list)).toBe(true);
    for (const address of ["127.0.0.2", "11.0.0.1", "::2", "fe80::1", "81.2.69.160"])
      expect(isTrusted(address, list)).toBe(false);
    try {
      loadConfig({ TRUSTED_PROXIES: "10.0.0.0/33, proxy.local, 1.2.3.4" });
      throw new Error("expected a ConfigError");
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        "TRUSTED_PROXIES: not an IP address or CIDR range: 10.0.0.0/33, proxy.local",
      ]);
    }
  });

  test("without trusted proxies, X-Forwarded-For from a loopback peer does not give fresh rate-limit buckets (was 60/60 sign-ins)", async () => {
    // A real socket: the peer is 127.0.0.1, which is not a trusted proxy by default.
    const { app } = await testApp({ TRUSTED_PROXIES: "" });
    const server = app.listen({ port: 0, hostname: "127.0.0.1" }).server!;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        // jsonPost sends a fresh X-Forwarded-For every time; the e-mail changes too, so only the IP bucket can refuse.
        const response = await fetch(
          `http://127.0.0.1:${server.port}/api/auth/login`,
          jsonPost({ email: uniqueEmail(), password: STRONG_PASSWORD }),
        );
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    } finally {
      await app.stop(true);
    }
  });

  test("X-Forwarded-Proto and X-Forwarded-Host count only from a trusted proxy", async () => {
    for (const [trusted, secure] of [
      ["", false],
      ["127.0.0.1", true],
    ] as const) {
      const { request } = await testApp({ TRUSTED_PROXIES: trusted });
      const response = await request("/api/auth/auto-login", {
        method: "POST",
        headers: { "x-forwarded-proto": "https", "x-forwarded-for": "81.2.69.1" },
      });
      expect(response.headers.getSetCookie().every((c) => c.includes("; Secure") === secure)).toBe(true);
      // A page on app.example.com posting through a proxy that says so: same origin only when the proxy is trusted.
      const crossChecked = await request("/api/auth/logout", {
        method: "POST",
        headers: { origin: "https://app.example.com", "x-forwarded-host": "app.example.com" },
      });
      expect(crossChecked.status).toBe(secure ? 204 : 403);
    }
  });

  test("clientAddress reads the list the app recorded for the request", async () => {
    const { app } = await testApp({ TRUSTED_PROXIES: "" });
    let seen: string | undefined = "unset";
    app.get("/__probe", ({ request }) => {
      seen = clientAddress(request);
      return "ok";
    });
    await app.handle(new Request("http://localhost/__probe", { headers: { "x-forwarded-for": "81.2.69.160" } }));
    expect(seen).toBeUndefined();
    expect(parseTrustedProxies(" ")).toEqual([]);
  });

  test("only plain address notations count; an IPv4-mapped IPv6 address is its IPv4 address in either notation", () => {
    const list = parseTrustedProxies("10.0.0.0/8, 127.0.0.1");
    // Mapped, dotted or in hex groups: the same IPv4 address.
    for (const address of ["::ffff:10.1.2.3", "::ffff:a01:203", "[::ffff:7f00:1]"])
      expect(isTrusted(address, list)).toBe(true);
    // Shorthand, octal or hex IPv4, zone ids and names are not addresses here (a proxy writes none of them).
    for (const address of ["127.1", "0x7f.0.0.1", "010.0.0.1", "fe80::1%eth0", "localhost", "::1.2.3.4"])
      expect(parseAddress(address)).toBeNull();
    expect(parseAddress("::ffff:10.1.2.3")).toEqual({ version: 4, value: 0x0a010203n });
    expect(parseAddress("[2001:db8::1]")).toEqual({ version: 6, value: 0x20010db8000000000000000000000001n });
    expect(() => parseTrustedProxies("10.0.0.0/8/1")).toThrow("10.0.0.0/8/1");
  });
});
