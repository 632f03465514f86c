/** Issue 16 items 2, 4 and 5: sessions (F2), admin ownership (F4), registration that tells nothing (F8). */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { testApp } from "../../src/testing";
import { announceAdminSetup, GUEST_COOKIE, MAX_SESSIONS_PER_USER } from "./index";
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

describe("admin ownership (DECISIONS 22, F4)", () => {
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

  test("npm run admin -- claim EMAIL: refuses an address that is not ADMIN_EMAIL or has no account, with a clear line", async () => {
    const dir = testDir("localscope-admin-");
    const run = (args: string[], env: Record<string, string>) =>
      Bun.spawnSync([process.execPath, "scripts/admin.ts", ...args], {
        env: { ...process.env, DATABASE_URL: `file:${join(dir, "a.db")}`, ...env },
        stderr: "pipe",
        stdout: "pipe",
      });
    const usage = run([], {});
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr.toString()).toContain("usage: npm run admin -- claim EMAIL");
    const notAdmin = run(["claim", "someone@example.com"], { ADMIN_EMAIL: "boss@example.com" });
    expect(notAdmin.exitCode).toBe(1);
    expect(notAdmin.stderr.toString()).toContain("someone@example.com is not ADMIN_EMAIL");
    const noAccount = run(["claim", "boss@example.com"], { ADMIN_EMAIL: "boss@example.com" });
    expect(noAccount.exitCode).toBe(1);
    expect(noAccount.stderr.toString()).toContain("No registered account has the e-mail boss@example.com");
  }, 120_000);
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
