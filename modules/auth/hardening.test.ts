/** docs/decisions/019-request-hardening.md items 2, 4 and 5: sessions (F2), admin ownership (F4), registration that tells nothing (F8). */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { testApp } from "../../src/testing";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { users } from "../../db/schema";
import { announceAdminSetup, claimAsOperator, claimCandidate, GUEST_COOKIE, MAX_SESSIONS_PER_USER } from "./index";
import { AuthService } from "./service";
import { SETUP_CODE_TTL_MS } from "./rules";
import { continueAsGuest, cookiesOf, jsonPost, signUp, STRONG_PASSWORD, uniqueEmail } from "./testing";
import { testDir } from "../../db/testing-template";

const ADMIN = uniqueEmail("owner");
const { request, database, log } = await testApp({ ADMIN_EMAIL: ADMIN });
const sessionsOf = async (userId: number) =>
  Number(
    (await database.client.execute({ sql: "SELECT count(*) AS n FROM sessions WHERE user_id = ?", args: [userId] }))
      .rows[0]!.n,
  );
const me = (cookie: string) => request("/api/auth/me", { headers: { cookie } });

describe("sessions (F2)", () => {
  test("auto-login with the guest cookie resumes the guest without piling up sessions (was one new row per call)", async () => {
    const first = await continueAsGuest(request);
    const guestOnly = first.cookie.split("; ").find((c) => c.startsWith(`${GUEST_COOKIE}=`))!;
    let last = first;
    for (let i = 0; i < 20; i++) {
      last = await continueAsGuest(request, guestOnly);
      expect(last.user.id).toBe(first.user.id);
    }
    expect(await sessionsOf(first.user.id)).toBe(1);
    expect((await me(last.cookie)).status).toBe(200);
  });

  test(`an account keeps at most ${MAX_SESSIONS_PER_USER} sessions: the oldest are revoked`, async () => {
    const { email, cookie: firstCookie, user } = await signUp(request);
    const cookies: string[] = [firstCookie];
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 2; i++) {
      const response = await request("/api/auth/login", jsonPost({ email, password: STRONG_PASSWORD }));
      expect(response.status).toBe(200);
      cookies.push(cookiesOf(response));
      await Bun.sleep(2);
    }
    expect(await sessionsOf(user.id)).toBe(MAX_SESSIONS_PER_USER);
    expect((await me(cookies[0]!)).status).toBe(401);
    expect((await me(cookies.at(-1)!)).status).toBe(200);
  }, 120_000); // thirteen sign-ins, each an argon2 hash: 0.5 s alone, over 5 s beside the browser tests
});

describe("admin ownership (docs/product.md#accounts, F4)", () => {
  test("the setup code printed at start, entered once by the ADMIN_EMAIL account, makes it admin; nothing else does", async () => {
    const owner = await signUp(request, { email: ADMIN });
    expect(owner.user).toMatchObject({ isAdmin: false }); // registering with the address alone grants nothing
    const code = await announceAdminSetup({ database, config: { ADMIN_EMAIL: ADMIN }, log });
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(log.lines.some((line) => line.includes(code!) && line.includes("npm run admin -- claim"))).toBe(true);
    const claim = (cookie: string, body: unknown) => request("/api/auth/admin-claim", jsonPost(body, { cookie }));
    const profileHasForm = async (cookie: string) =>
      (await (await request("/profile", { headers: { cookie } })).text()).includes('data-testid="admin-claim"');

    // Anyone else, even with the right code: refused. A wrong code: refused.
    const other = await signUp(request);
    expect(await profileHasForm(owner.cookie)).toBe(true); // the profile offers the setup-code form to the owner only
    expect(await profileHasForm(other.cookie)).toBe(false);
    expect((await claim(other.cookie, { code })).status).toBe(403);
    const guest = await continueAsGuest(request);
    expect((await claim(guest.cookie, { code })).status).toBe(403);
    expect((await request("/api/auth/admin-claim", jsonPost({ code }))).status).toBe(401);
    const wrong = await claim(owner.cookie, { code: "AAAA-BBBB-CCCC-DDDD" });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).message).toBe("That setup code is not valid for this account.");
    expect((await (await me(owner.cookie)).json()).isAdmin).toBe(false);

    // The owner, with the code in any case and spacing: admin from now on.
    const claimed = await claim(owner.cookie, { code: ` ${code!.toLowerCase()} ` });
    expect(claimed.status).toBe(200);
    expect((await claimed.json()).user).toMatchObject({ id: owner.user.id, isAdmin: true });
    expect((await (await me(owner.cookie)).json()).isAdmin).toBe(true);
    expect((await request("/admin", { headers: { cookie: owner.cookie } })).status).toBe(200);
    expect(await profileHasForm(owner.cookie)).toBe(false);
    // Used up: no new code is printed once the admin is claimed, and the old one is void.
    expect(await announceAdminSetup({ database, config: { ADMIN_EMAIL: ADMIN }, log })).toBeNull();
    expect((await claim(owner.cookie, { code })).status).toBe(403);
  });

  test("npm run admin -- claim EMAIL: refuses an address that is not ADMIN_EMAIL; asks before it acts; creates the admin account when none has the address", async () => {
    const dir = testDir("localscope-admin-");
    const url = `file:${join(dir, "a.db")}`;
    const run = (args: string[], env: Record<string, string>) =>
      Bun.spawnSync([process.execPath, "scripts/admin.ts", ...args], {
        env: { ...process.env, DATABASE_URL: url, ...env },
        stdin: "ignore",
        stderr: "pipe",
        stdout: "pipe",
      });
    const usage = run([], {});
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr.toString()).toContain("usage: npm run admin -- claim EMAIL");
    const notAdmin = run(["claim", "someone@example.com"], { ADMIN_EMAIL: "boss@example.com" });
    expect(notAdmin.exitCode).toBe(1);
    expect(notAdmin.stderr.toString()).toContain("someone@example.com is not ADMIN_EMAIL");
    const unset = run(["claim", "boss@example.com"], { ADMIN_EMAIL: "" });
    expect(unset.exitCode).toBe(1);
    expect(unset.stderr.toString()).toContain("ADMIN_EMAIL is not set");
    // No confirmation (no terminal, no --yes): nothing happens.
    const unconfirmed = run(["claim", "boss@example.com"], { ADMIN_EMAIL: "boss@example.com" });
    expect(unconfirmed.exitCode).toBe(1);
    expect(unconfirmed.stdout.toString()).toContain("No account has boss@example.com");
    expect(unconfirmed.stderr.toString()).toContain("Not claimed: no confirmation");
    const created = run(["claim", "boss@example.com", "--yes"], { ADMIN_EMAIL: "boss@example.com" });
    expect(created.exitCode).toBe(0);
    const password = /Its password is now: (\S+)/.exec(created.stdout.toString())?.[1];
    expect(password).toBeString();
    const db = await openDatabase(url);
    const [row] = (
      await db.client.execute("SELECT id, username, password_hash FROM users WHERE email = 'boss@example.com'")
    ).rows;
    expect(row!.username).toBe("admin");
    expect(await Bun.password.verify(password!, String(row!.password_hash))).toBe(true);
    expect(
      (await db.client.execute({ sql: "SELECT count(*) AS n FROM admin_claims WHERE user_id = ?", args: [row!.id] }))
        .rows[0]!.n,
    ).toBe(1);
    db.close();
  }, 120_000);

  test("a squatter on ADMIN_EMAIL: the claim shows the account, then resets its password and ends its sessions", async () => {
    const address = uniqueEmail("squat");
    const squatter = await signUp(request, { email: address });
    const candidate = await claimCandidate(database, address, address);
    expect(candidate).toMatchObject({
      email: address,
      account: { id: squatter.user.id, liveSessions: 1 },
    });
    const result = await claimAsOperator(database, address, address);
    if (!result.ok) throw new Error(result.reason);
    expect([result.userId, result.created]).toEqual([squatter.user.id, false]);
    expect(await sessionsOf(squatter.user.id)).toBe(0);
    // The squatter's password no longer opens the account; the printed one does.
    expect((await request("/api/auth/login", jsonPost({ email: address, password: STRONG_PASSWORD }))).status).toBe(
      401,
    );
    expect((await request("/api/auth/login", jsonPost({ email: address, password: result.password }))).status).toBe(
      200,
    );
  });

  test("one setup code valid at a time, for a day", async () => {
    const address = uniqueEmail("codes");
    const clock = { now: Date.UTC(2026, 5, 1, 12) };
    const service = new AuthService({ database, adminEmail: address, now: () => clock.now });
    const owner = await signUp(request, { email: address });
    const [row] = await database.db.select().from(users).where(eq(users.id, owner.user.id));
    const first = (await service.issueSetupCode())!;
    const second = (await service.issueSetupCode())!;
    expect(await service.redeemSetupCode(row!, first)).toBe(false); // replaced by the next start's code
    clock.now += SETUP_CODE_TTL_MS + 1;
    expect(await service.redeemSetupCode(row!, second)).toBe(false); // expired
    const third = (await service.issueSetupCode())!;
    expect(await service.redeemSetupCode(row!, third)).toBe(true);
  });
});

describe("registration tells nothing about existing accounts (F8)", () => {
  test("a taken e-mail takes as long as a new one (the same argon2 work first)", async () => {
    const { email } = await signUp(request);
    const time = async (body: unknown) => {
      const started = performance.now();
      await request("/api/auth/register", jsonPost(body));
      return performance.now() - started;
    };
    const taken: number[] = [];
    const fresh: number[] = [];
    // Seven of each (a median of four swung with the load of a parallel suite).
    for (let i = 0; i < 7; i++) {
      taken.push(await time({ email, username: "Dup", password: STRONG_PASSWORD }));
      fresh.push(await time({ email: uniqueEmail(), username: "New", password: STRONG_PASSWORD }));
    }
    const median = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    expect(median(taken) / median(fresh)).toBeGreaterThan(0.5);
  }, 120_000);
});
