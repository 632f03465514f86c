import { Elysia } from "elysia";
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import type { Config } from "../../src/config";
import { clientAddress, HttpError, jsonError, parseOrThrow, type CurrentUser, type Logger, type RequestUser } from "../../src/http";
import { addSetCookie, cookieHeader, GUEST_COOKIE, readCookie, SESSION_COOKIE } from "./cookies";
import { createGuard } from "./guard";
import { AnyObject, LoginInput, RegisterInput, type PublicUser } from "./model";
import { AuthService, GUEST_TTL_MS, MESSAGES, type ResolvedSession } from "./service";

export { isAdminEmail, SESSION_TTL_MS, AUTH_ATTEMPT_LIMIT, AUTH_ATTEMPT_WINDOW_MS } from "./service";
export { SESSION_COOKIE, GUEST_COOKIE } from "./cookies";
export { PASSWORD_MESSAGES, MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH } from "./passwords";
export type { PublicUser } from "./model";
export { ACCESS_DENIED, SIGN_IN_REQUIRED, createGuard, type AuthGuard, type AuthRole, type GuardOptions } from "./guard";

type Server = { requestIP(request: Request): { address: string } | null } | null;

export interface AuthOptions {
  database: Database;
  config: Pick<Config, "ADMIN_EMAIL">;
  log: Logger;
  /** For tests: the clock, and the attempt limit per window (defaults 10 per minute). */
  now?: () => number;
  limit?: number;
  windowMs?: number;
}

/**
 * Accounts: register, sign in and out, guests, "who am I". Returns the Elysia module and `currentUser`,
 * the seam through which other modules learn who is calling (see src/http.ts).
 */
export function createAuth(options: AuthOptions) {
  const service = new AuthService({
    database: options.database,
    adminEmail: options.config.ADMIN_EMAIL,
    now: options.now,
    limit: options.limit,
    windowMs: options.windowMs,
  });
  const now = () => options.now?.() ?? Date.now();

  // One session lookup per request, shared by the renewal hook, currentUser and the handlers.
  const resolved = new WeakMap<Request, Promise<ResolvedSession | null>>();
  const resolve = (request: Request) => {
    let pending = resolved.get(request);
    if (!pending) {
      pending = service.resolveSession(readCookie(request, SESSION_COOKIE));
      resolved.set(request, pending);
    }
    return pending;
  };

  const toRequestUser = (user: UserRow): RequestUser => {
    const pub = service.toPublicUser(user);
    return { id: pub.id, isGuest: pub.isGuest, isAdmin: pub.isAdmin };
  };

  const currentUser: CurrentUser = async (request) => {
    const session = await resolve(request);
    return session ? toRequestUser(session.user) : null;
  };

  const startSession = async (request: Request, set: { headers: Record<string, unknown> }, user: UserRow) => {
    // A fresh id at every sign-in: the session the request came with (if any) is ended first.
    await service.deleteSession(readCookie(request, SESSION_COOKIE));
    const { token, expiresAt } = await service.createSession(user.id);
    addSetCookie(set, cookieHeader(request, SESSION_COOKIE, token, expiresAt, now()));
  };

  /** 429 with Retry-After once the IP address or the e-mail has used up its attempts, else null. */
  const limitAttempts = async (request: Request, server: Server, email: unknown, scope = "auth"): Promise<Response | null> => {
    const keys: string[] = [];
    const ip = clientAddress(request, server);
    if (ip) keys.push(`${scope}:ip:${ip}`);
    if (typeof email === "string" && email.trim()) keys.push(`${scope}:email:${email.trim().toLowerCase()}`);
    const result = await service.hit(keys);
    if (result.allowed) return null;
    const message = MESSAGES.tooMany(result.retryAfterSeconds);
    return jsonError(429, message, {}, { "retry-after": String(result.retryAfterSeconds), "cache-control": "no-store" });
  };

  const userBody = (user: UserRow): { user: PublicUser } => ({ user: service.toPublicUser(user) });

  const module = new Elysia({ name: "auth", prefix: "/api/auth" })
    // Sliding expiry: when a request moved the session's expiry, send the cookie again with the new one.
    .onRequest(async ({ request, set }) => {
      if (!readCookie(request, SESSION_COOKIE)) return;
      const path = new URL(request.url).pathname;
      // Sign-in, sign-up, sign-out and auto-login set the session cookie themselves.
      if (path.startsWith("/assets/") || (request.method === "POST" && path.startsWith("/api/auth/"))) return;
      const session = await resolve(request);
      if (session?.renewedUntil) addSetCookie(set, cookieHeader(request, SESSION_COOKIE, readCookie(request, SESSION_COOKIE)!, session.renewedUntil, now()));
    })
    .onBeforeHandle(({ set }) => {
      set.headers["cache-control"] = "no-store";
    })
    .post(
      "/register",
      async ({ body, request, server, set }) => {
        const limited = await limitAttempts(request, server, body.email);
        if (limited) return limited;
        const input = parseOrThrow(RegisterInput, body);
        const session = await resolve(request);
        const { user, upgradedGuest } = await service.register(input, session?.user ?? null);
        await startSession(request, set, user);
        if (upgradedGuest) addSetCookie(set, cookieHeader(request, GUEST_COOKIE, "", null));
        options.log.info(`[auth] ${upgradedGuest ? "guest upgraded to account" : "account created"} #${user.id}`);
        set.status = 201;
        return userBody(user);
      },
      { body: AnyObject },
    )
    .post(
      "/login",
      async ({ body, request, server, set }) => {
        const limited = await limitAttempts(request, server, body.email);
        if (limited) return limited;
        const input = parseOrThrow(LoginInput, body);
        const user = await service.verifyLogin(input);
        if (!user) throw new HttpError(401, MESSAGES.invalidLogin);
        await service.deleteExpiredSessions();
        await startSession(request, set, user);
        return userBody(user);
      },
      { body: AnyObject },
    )
    .post("/logout", async ({ request, set }) => {
      await service.deleteSession(readCookie(request, SESSION_COOKIE));
      addSetCookie(set, cookieHeader(request, SESSION_COOKIE, "", null));
      set.status = 204;
      return null;
    })
    .get("/me", async ({ request }) => {
      const session = await resolve(request);
      if (!session) throw new HttpError(401, MESSAGES.notSignedIn);
      return service.toPublicUser(session.user);
    })
    .post("/auto-login", async ({ request, server, set }) => {
      // Already signed in (guest or account): nothing changes.
      const session = await resolve(request);
      if (session) return service.toPublicUser(session.user);
      const guestToken = readCookie(request, GUEST_COOKIE);
      let user = await service.findGuest(guestToken);
      let token = guestToken;
      if (!user) {
        const limited = await limitAttempts(request, server, undefined, "guest");
        if (limited) return limited;
        ({ user, token } = await service.createGuest());
        options.log.info(`[auth] guest created #${user.id}`);
      }
      // (Re)send the guest cookie so it lives a year from the last visit.
      addSetCookie(set, cookieHeader(request, GUEST_COOKIE, token!, now() + GUEST_TTL_MS, now()));
      await startSession(request, set, user);
      return service.toPublicUser(user);
    });

  /** The signed-in user as clients see it (null = anonymous), for server-rendered pages (issue 5's shell). */
  const publicUser = async (request: Request): Promise<PublicUser | null> => {
    const session = await resolve(request);
    return session ? service.toPublicUser(session.user) : null;
  };

  /** The auth guard macro (`auth: "user" | "admin"`) for every module and the admin pages (./guard.ts). */
  const guard = createGuard(currentUser);

  return { module, currentUser, publicUser, service, guard };
}

export type Auth = ReturnType<typeof createAuth>;
