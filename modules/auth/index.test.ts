import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { Elysia } from "elysia";
import { clientAddress, errorHandling } from "../../src/http";
import { parseTrustedProxies, trustProxies } from "../../src/proxies";
import { silentLog, testApp, testServices } from "../../src/testing";
import { claimAdmin, createAuth, GUEST_COOKIE, SESSION_COOKIE } from "./index";
import { continueAsGuest, cookiesOf, jsonPost, signUp, STRONG_PASSWORD, uniqueEmail, uniqueIp } from "./testing";

const ADMIN = "Boss@Example.com";
const { request, database } = await testApp({ ADMIN_EMAIL: ADMIN });

const me = (cookie?: string) => request("/api/auth/me", cookie ? { headers: { cookie } } : undefined);
const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  request("/api/auth/login", jsonPost({ email, password }, headers));
const register = (body: unknown, headers: Record<string, string> = {}) =>
  request("/api/auth/register", jsonPost(body, headers));
const sessionToken = (cookie: string) => cookie.match(new RegExp(`${SESSION_COOKIE}=([^;]+)`))?.[1];
const setCookie = (response: Response, name: string) =>
  response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
const logout = (cookie: string) => request("/api/auth/logout", { method: "POST", headers: { cookie } });

describe("register", () => {
  test("creates the account: 201 {user} with id, email, username, isAdmin, isGuest, createdAt; signed in at once", async () => {
    const email = uniqueEmail("new");
    const response = await register({
      email: `  ${email.toUpperCase()} `,
      username: "  Ada  ",
      password: STRONG_PASSWORD,
    });
    expect(response.status).toBe(201);
    const { user } = await response.json();
    expect(Object.keys(user).sort()).toEqual(["createdAt", "email", "id", "isAdmin", "isGuest", "username"]);
    expect(user).toMatchObject({ email, username: "Ada", isAdmin: false, isGuest: false });
    expect(Date.parse(user.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const cookie = cookiesOf(response);
    const who = await me(cookie);
    expect(who.status).toBe(200);
    expect(await who.json()).toEqual(user);
  });

  test("the session cookie is HttpOnly, SameSite=Lax, Path=/, 30 days, and not Secure over plain http", async () => {
    const response = await register({ email: uniqueEmail(), username: "C", password: STRONG_PASSWORD });
    const cookie = setCookie(response, SESSION_COOKIE)!;
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; `));
    const attributes = cookie.split("; ").slice(1);
    expect(attributes).toEqual(
      expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${30 * 24 * 3600}`]),
    );
    expect(attributes).not.toContain("Secure");
  });

  test("the cookie is Secure when the request came over https, directly or per X-Forwarded-Proto", async () => {
    const direct = await (await testApp()).app.handle(
      new Request(
        "https://localscope.example/api/auth/register",
        jsonPost({ email: uniqueEmail(), username: "S", password: STRONG_PASSWORD }),
      ),
    );
    expect(setCookie(direct, SESSION_COOKIE)!.split("; ")).toContain("Secure");
    const proxied = await register(
      { email: uniqueEmail(), username: "S", password: STRONG_PASSWORD },
      { "x-forwarded-proto": "https" },
    );
    expect(setCookie(proxied, SESSION_COOKIE)!.split("; ")).toEqual(
      expect.arrayContaining(["Secure", "HttpOnly", "SameSite=Lax", "Path=/"]),
    );
  });

  test("the database keeps only a SHA-256 of the session id, never the id itself", async () => {
    const { cookie } = await signUp(request);
    const token = sessionToken(cookie)!;
    const raw = await database.client.execute({
      sql: "SELECT count(*) AS n FROM sessions WHERE id_hash = ?",
      args: [token],
    });
    const hashed = await database.client.execute({
      sql: "SELECT count(*) AS n FROM sessions WHERE id_hash = ?",
      args: [createHash("sha256").update(token).digest("hex")],
    });
    expect(Number(raw.rows[0]!.n)).toBe(0);
    expect(Number(hashed.rows[0]!.n)).toBe(1);
  });

  test("a taken e-mail (any case, any spaces) is a generic 400 that does not say the account exists (F8)", async () => {
    const { email } = await signUp(request);
    const response = await register({ email: ` ${email.toUpperCase()}`, username: "Dup", password: STRONG_PASSWORD });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "Registration failed. Check your details, or sign in if you already have an account.",
      errors: {},
    });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test("passwords: required, at least 8 and at most 128 characters, each with a clear message", async () => {
    const cases: Array<[string, string]> = [
      ["", "Password is required"],
      ["Xq7#kLm", "Password must be at least 8 characters"],
      ["🔑🐙🌵🎈🧭🪁🍋", "Password must be at least 8 characters"], // 7 characters (14 UTF-16 units)
      ["Zy9!".repeat(32) + "a", "Password must be at most 128 characters"],
    ];
    for (const [password, message] of cases) {
      const response = await register({ email: uniqueEmail(), username: "P", password });
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual({ password: [message] });
    }
    for (const password of ["Xq7#kLm2", "Zy9!".repeat(32), "🔑🐙🌵🎈🧭🪁🍋🦉"]) {
      expect((await register({ email: uniqueEmail(), username: "P", password })).status).toBe(201);
    }
  });

  test("the most common passwords are refused, whatever their case, with a clear message", async () => {
    for (const password of ["password", "baseball", "iloveyou", "Sunshine", "QWERTYUIOP", "trustno1", "superman"]) {
      const response = await register({ email: uniqueEmail(), username: "P", password });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.errors.password).toEqual([
        "This password is one of the most common passwords and is easy to guess. Please choose a different one.",
      ]);
    }
  });

  test("every bad field is reported at once, with the product's texts", async () => {
    const response = await register({ email: "not-an-email", username: "   ", password: "short" });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      email: ["Please enter a valid email address"],
      username: ["Username is required"],
      password: ["Password must be at least 8 characters"],
    });
    const empty = await register({});
    expect((await empty.json()).errors).toEqual({
      email: ["Email is required"],
      username: ["Username is required"],
      password: ["Password is required"],
    });
    const long = await register({ email: uniqueEmail(), username: "x".repeat(51), password: STRONG_PASSWORD });
    expect((await long.json()).errors).toEqual({ username: ["Username must be at most 50 characters"] });
  });

  test("a body that is not a JSON object is 400", async () => {
    const malformed = await request("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(malformed.status).toBe(400);
    const array = await register([1, 2]);
    expect(array.status).toBe(400);
    expect((await array.json()).message).toBeString();
  });

  test("registering with ADMIN_EMAIL grants nothing until the operator claims it (docs/product.md#accounts, F4); nobody else is admin", async () => {
    const response = await register({ email: ADMIN.toLowerCase(), username: "Boss", password: STRONG_PASSWORD });
    const admin = await response.json();
    expect(admin.user.isAdmin).toBe(false);
    expect(await claimAdmin({ database, config: { ADMIN_EMAIL: ADMIN.toLowerCase() } }, ADMIN)).toEqual({
      ok: true,
      userId: admin.user.id,
    });
    expect((await (await me(cookiesOf(response))).json()).isAdmin).toBe(true);
    const other = await signUp(request);
    expect(other.user).toMatchObject({ isAdmin: false });
    expect((await (await me(other.cookie)).json()).isAdmin).toBe(false);
  });
});

describe("login and logout", () => {
  test("signs in with the right password: {user} and a new session id (the previous session ends)", async () => {
    const { cookie: registered, email, user } = await signUp(request);
    const response = await login(email.toUpperCase(), STRONG_PASSWORD, { cookie: registered });
    expect(response.status).toBe(200);
    expect((await response.json()).user).toEqual(user);
    const fresh = cookiesOf(response);
    expect(sessionToken(fresh)).toBeDefined();
    expect(sessionToken(fresh)).not.toBe(sessionToken(registered));
    expect((await me(fresh)).status).toBe(200);
    expect((await me(registered)).status).toBe(401);
  });

  test("a wrong password and an unknown e-mail get the same 401 'Invalid email or password', no cookie", async () => {
    const { email } = await signUp(request);
    for (const response of [
      await login(email, "not-the-password"),
      await login(uniqueEmail("nobody"), STRONG_PASSWORD),
    ]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Invalid email or password", errors: {} });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  test("missing fields are 400 with field messages", async () => {
    const response = await login("", "");
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      email: ["Email is required"],
      password: ["Password is required"],
    });
  });

  test("logout deletes the session on the server: the old cookie gets 401 from /api/auth/me", async () => {
    const { cookie } = await signUp(request);
    expect((await me(cookie)).status).toBe(200);
    const response = await logout(cookie);
    expect(response.status).toBe(204);
    const cleared = setCookie(response, SESSION_COOKIE)!;
    expect(cleared).toMatch(/^localscope_session=; /);
    expect(cleared).toContain("Max-Age=0");
    const after = await me(cookie);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: "You are not signed in.", errors: {} });
  });

  test("/api/auth/me is 401 without a cookie or with a forged one, and never cached", async () => {
    expect((await me()).status).toBe(401);
    expect((await me(`${SESSION_COOKIE}=${"A".repeat(43)}`)).status).toBe(401);
    expect((await me(`${SESSION_COOKIE}=garbage`)).status).toBe(401);
    const { cookie } = await signUp(request);
    expect((await me(cookie)).headers.get("cache-control")).toBe("no-store");
  });
});

describe("rate limiting (10 attempts per minute per IP; back-off per e-mail and IP)", () => {
  test("the 11th sign-in attempt from one IP within a minute is 429 with Retry-After", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) {
      expect((await login(uniqueEmail("guess"), "wrong-password", { "x-forwarded-for": ip })).status).toBe(401);
    }
    const refused = await login(uniqueEmail("guess"), "wrong-password", { "x-forwarded-for": ip });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await refused.json()).message).toBe(
      `Too many attempts. Please wait ${retryAfter} second${retryAfter === 1 ? "" : "s"} and try again.`,
    );
    // Even the right password is refused from that IP now; another IP is not affected.
    const { email } = await signUp(request);
    expect((await login(email, STRONG_PASSWORD, { "x-forwarded-for": ip })).status).toBe(429);
    expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
  }, 120_000);

  test("guesses on one e-mail from one address back off; the owner from another address still signs in", async () => {
    const { email } = await signUp(request);
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++)
      expect((await login(email, `wrong-${i}-password`, { "x-forwarded-for": ip })).status).toBe(401);
    // Five failures: the next attempt from that address waits (1 s, then 2 s, 4 s, …), even with the right password.
    const refused = await login(email, STRONG_PASSWORD, { "x-forwarded-for": ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await login(email, STRONG_PASSWORD)).status).toBe(200); // a fresh address: not locked out
  }, 120_000);

  test("registration attempts count too", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await register({ email: uniqueEmail(), username: "R", password: "short" }, { "x-forwarded-for": ip })).status,
      ).toBe(400);
    }
    expect(
      (await register({ email: uniqueEmail(), username: "R", password: STRONG_PASSWORD }, { "x-forwarded-for": ip }))
        .status,
    ).toBe(429);
  });

  test("the window slides: a minute after the first attempts, attempts are allowed again", async () => {
    let now = Date.parse("2020-01-01T00:00:00Z");
    const app = miniApp(() => now);
    const ip = uniqueIp();
    const attempt = () =>
      app.handle(
        new Request(
          "http://localhost/api/auth/login",
          jsonPost({ email: uniqueEmail(), password: "x-x-x-x-x" }, { "x-forwarded-for": ip }),
        ),
      );
    for (let i = 0; i < 10; i++) {
      expect((await attempt()).status).toBe(401);
      now += 1000;
    }
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("50"); // the first attempt leaves the window at +60 s
    now += 50_000;
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(429); // the second attempt (at +1 s) is still in the window
  }, 120_000);
});

/**
 * An app with only the auth module and a clock the test controls. The clock is set in the past so that its
 * rows never look current to the other tests sharing the database.
 */
function miniApp(now: () => number) {
  const services = testServices();
  let app: Elysia | undefined;
  return {
    async handle(req: Request) {
      if (!app) {
        const { database: db } = await services;
        const auth = createAuth({ database: db, config: { ADMIN_EMAIL: undefined }, log: silentLog(), now });
        app = new Elysia()
          .use(trustProxies(parseTrustedProxies("127.0.0.1")))
          .use(errorHandling({ log: silentLog() }))
          .use(auth.module)
          .get("/api/ping", () => ({ ok: true })) as unknown as Elysia;
      }
      return app.handle(req);
    },
  };
}

describe("sessions last 30 days after their last use (sliding)", () => {
  test("using the session moves its expiry and resends the cookie; 30 idle days end it", async () => {
    const start = Date.parse("2020-03-01T00:00:00Z");
    let now = start;
    const app = miniApp(() => now);
    const registered = await app.handle(
      new Request(
        "http://localhost/api/auth/register",
        jsonPost({ email: uniqueEmail(), username: "Slide", password: STRONG_PASSWORD }),
      ),
    );
    const cookie = cookiesOf(registered);
    const get = (path: string) => app.handle(new Request(`http://localhost${path}`, { headers: { cookie } }));

    now = start + 12 * 3600_000; // half a day: no renewal yet, no cookie
    expect((await get("/api/ping")).headers.getSetCookie()).toEqual([]);

    now = start + 20 * 86_400_000; // day 20: renewed to day 50, cookie sent again with 30 days
    const renewed = await get("/api/ping");
    expect(renewed.status).toBe(200);
    const again = setCookie(renewed, SESSION_COOKIE)!;
    expect(again).toContain(`${sessionToken(cookie)};`);
    expect(again).toContain(`Max-Age=${30 * 86_400}`);

    now = start + 45 * 86_400_000; // day 45: past the first 30 days, alive thanks to the renewal
    expect((await get("/api/auth/me")).status).toBe(200);

    now = start + (45 + 31) * 86_400_000; // 31 idle days later
    expect((await get("/api/auth/me")).status).toBe(401);
  });
});

describe("guests (POST /api/auth/auto-login)", () => {
  test("creates a guest account with a long-lived guest cookie and a session", async () => {
    const response = await request("/api/auth/auto-login", {
      method: "POST",
      headers: { "x-forwarded-for": uniqueIp() },
    });
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(user).toMatchObject({ email: null, username: null, isGuest: true, isAdmin: false });
    const guest = setCookie(response, GUEST_COOKIE)!;
    expect(guest.split("; ")).toEqual(
      expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${365 * 86_400}`]),
    );
    const cookie = cookiesOf(response);
    expect(await (await me(cookie)).json()).toEqual(user);
  });

  test("the guest cookie resumes the same guest after sign-out; without it a new guest is made", async () => {
    const first = await continueAsGuest(request);
    expect((await logout(first.cookie)).status).toBe(204);
    const guestOnly = first.cookie.split("; ").find((c) => c.startsWith(`${GUEST_COOKIE}=`))!;
    const resumed = await continueAsGuest(request, guestOnly);
    expect(resumed.user.id).toBe(first.user.id);
    const other = await continueAsGuest(request);
    expect(other.user.id).not.toBe(first.user.id);
  });

  test("auto-login while signed in answers the signed-in user and changes nothing", async () => {
    const { cookie, user } = await signUp(request);
    const response = await request("/api/auth/auto-login", { method: "POST", headers: { cookie } });
    expect(response.status).toBe(200);
    expect((await response.json()).id).toBe(user.id);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test("registering while a guest upgrades that account: same id, favorites kept, guest cookie cleared", async () => {
    const guest = await continueAsGuest(request);
    const saved = await request(
      "/api/favorites",
      jsonPost(
        { itemType: "city", itemId: "boise-id", itemData: '{"name":"Boise","type":"city","location":"Boise, ID"}' },
        { cookie: guest.cookie },
      ),
    );
    expect(saved.status).toBe(201);
    const response = await register(
      { email: uniqueEmail("upgrade"), username: "Former Guest", password: STRONG_PASSWORD },
      { cookie: guest.cookie },
    );
    expect(response.status).toBe(201);
    const { user } = await response.json();
    expect(user).toMatchObject({ id: guest.user.id, isGuest: false, username: "Former Guest" });
    expect(setCookie(response, GUEST_COOKIE)).toContain("Max-Age=0");
    const cookie = cookiesOf(response, guest.cookie);
    expect(sessionToken(cookie)).not.toBe(sessionToken(guest.cookie));
    expect((await me(guest.cookie)).status).toBe(401); // the guest session ended with the fresh id
    const favorites = await (await request("/api/favorites", { headers: { cookie } })).json();
    expect(favorites.map((f: { itemId: string }) => f.itemId)).toEqual(["boise-id"]);
    // The old guest cookie no longer resumes anything: the account is not a guest any more.
    const oldGuest = guest.cookie.split("; ").find((c) => c.startsWith(`${GUEST_COOKIE}=`))!;
    const fresh = await continueAsGuest(request, oldGuest);
    expect(fresh.user.id).not.toBe(user.id);
  });
});

describe("client address for rate limiting (TRUSTED_PROXIES)", () => {
  const server = (address: string) => ({ requestIP: () => ({ address }) });
  const req = (xff?: string) => new Request("http://localhost/", { headers: xff ? { "x-forwarded-for": xff } : {} });
  const none = parseTrustedProxies("");
  const local = parseTrustedProxies("127.0.0.1, ::1, 10.0.0.0/8");

  test("by default no proxy is trusted: the peer is the address, even a private or loopback one (F3)", () => {
    expect(clientAddress(req("1.2.3.4"), server("81.2.69.160"), none)).toBe("81.2.69.160");
    expect(clientAddress(req("6.6.6.6"), server("127.0.0.1"), none)).toBe("127.0.0.1");
    expect(clientAddress(req("6.6.6.6"), server("10.0.0.2"), none)).toBe("10.0.0.2");
  });

  test("behind a trusted proxy, the right-most X-Forwarded-For entry that is not a trusted proxy is the address", () => {
    expect(clientAddress(req("6.6.6.6, 81.2.69.160"), server("127.0.0.1"), local)).toBe("81.2.69.160");
    expect(clientAddress(req("81.2.69.160, 10.0.0.7"), server("::ffff:10.0.0.2"), local)).toBe("81.2.69.160");
    expect(clientAddress(req(), server("127.0.0.1"), local)).toBe("127.0.0.1");
    expect(clientAddress(req("not an address"), server("127.0.0.1"), local)).toBe("127.0.0.1");
    // A public peer not in the list is never a proxy.
    expect(clientAddress(req("6.6.6.6"), server("81.2.69.160"), local)).toBe("81.2.69.160");
  });
});
