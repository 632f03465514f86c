/** Sign-in limits: salted keys, a back-off per account over every address, IPv6 by /64, blank passwords. */
import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { migratedDatabase } from "../../db/testing-template";
import { testApp } from "../../src/testing";
import { AuthService } from "./service";
import { ACCOUNT_FREE_FAILURES } from "./rules";
import { jsonPost, uniqueEmail } from "./testing";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("sign-in limits", () => {
  test("the stored limit keys are salted: no stored key is the plain SHA-256 of an address or an e-mail pair", async () => {
    const { request, database } = await testApp();
    const email = uniqueEmail("salt");
    const ip = "81.2.69.160";
    const response = await request(
      "/api/auth/login",
      jsonPost({ email, password: "not the password" }, { "x-forwarded-for": ip }),
    );
    expect(response.status).toBe(401);
    const stored = [
      ...(await database.client.execute("SELECT key AS k FROM auth_attempts")).rows,
      ...(await database.client.execute("SELECT pair_hash AS k FROM sign_in_failures")).rows,
    ].map((r) => String(r.k));
    expect(stored.length).toBeGreaterThan(0);
    for (const plain of [`auth:ip:${ip}`, `pair:${email}|${ip}`]) expect(stored).not.toContain(sha256(plain));
  });

  test(`guesses at one account from many addresses back off after ${ACCOUNT_FREE_FAILURES} failures in an hour; a success forgets them`, async () => {
    const database = await migratedDatabase("localscope-auth-limits-");
    const clock = { now: Date.UTC(2026, 5, 1, 12) };
    const service = new AuthService({ database, now: () => clock.now });
    const email = uniqueEmail("target");
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
      const ip = `81.2.${i}.1`;
      expect(await service.backoffSeconds(email, ip)).toBe(0);
      await service.recordSignIn(email, ip, true);
    }
    // A fresh address is held back too: the account's own back-off.
    expect(await service.backoffSeconds(email, "81.3.0.1")).toBeGreaterThan(0);
    // Other accounts are not.
    expect(await service.backoffSeconds(uniqueEmail("other"), "81.3.0.1")).toBe(0);
    clock.now += 60_000;
    expect(await service.backoffSeconds(email, "81.3.0.1")).toBe(0);
    await service.recordSignIn(email, "81.3.0.1", false);
    await service.recordSignIn(email, "81.3.0.2", true);
    expect(await service.backoffSeconds(email, "81.3.0.3")).toBe(0);
  });

  test("an IPv6 client's addresses within one /64 share one back-off", async () => {
    const database = await migratedDatabase("localscope-auth-limits-");
    const clock = { now: Date.UTC(2026, 5, 1, 12) };
    const service = new AuthService({ database, now: () => clock.now });
    const email = uniqueEmail("v6");
    for (let i = 1; i <= 6; i++) await service.recordSignIn(email, `2001:db8:7:8::${i}`, true);
    expect(await service.backoffSeconds(email, "2001:db8:7:8::ffff")).toBeGreaterThan(0);
    expect(await service.backoffSeconds(email, "2001:db8:7:9::1")).toBe(0);
  });

  test("a password of only spaces is refused at registration with a field message", async () => {
    const { request } = await testApp();
    const response = await request(
      "/api/auth/register",
      jsonPost({ email: uniqueEmail("blank"), username: "blank", password: " ".repeat(8) }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).errors.password).toEqual(["Password must not be only spaces"]);
  });
});
