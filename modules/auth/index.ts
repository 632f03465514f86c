import { Elysia } from "elysia";
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import type { Config } from "../../src/config";
import {
  clientAddress,
  HttpError,
  jsonError,
  parseOrThrow,
  type CurrentUser,
  type Logger,
  type RequestUser,
} from "../../src/http";
import { addSetCookie, cookieHeader, GUEST_COOKIE, readCookie, SESSION_COOKIE } from "./cookies";
import { createGuard } from "./guard";
import { AnyObject, LoginInput, RegisterInput, type PublicUser } from "./model";
import { clientKey } from "../../src/client-key";
import { AuthService, type ResolvedSession } from "./service";
import { GUEST_TTL_MS, isAdminEmail, MESSAGES } from "./rules";

export {
  isAdminEmail,
  SESSION_TTL_MS,
  AUTH_ATTEMPT_LIMIT,
  AUTH_ATTEMPT_WINDOW_MS,
  MAX_SESSIONS_PER_USER,
  BACKOFF_FREE_FAILURES,
  MESSAGES as AUTH_MESSAGES,
} from "./rules";
export { SESSION_COOKIE, GUEST_COOKIE } from "./cookies";
export { PASSWORD_MESSAGES, MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH } from "./passwords";
export type { PublicUser } from "./model";
export {
  ACCESS_DENIED,
  SIGN_IN_REQUIRED,
  createGuard,
  type AuthGuard,
  type AuthRole,
  type GuardOptions,
} from "./guard";

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

  // The public user of a request, isAdmin decided once (docs/product.md#accounts: the claim is read from the database).
  const viewers = new WeakMap<Request, Promise<PublicUser | null>>();
  const publicUser = (request: Request): Promise<PublicUser | null> => {
    let pending = viewers.get(request);
    if (!pending) {
      pending = resolve(request).then((session) => (session ? service.publicUser(session.user) : null));
      viewers.set(request, pending);
    }
    return pending;
  };

  const currentUser: CurrentUser = async (request) => {
    const pub = await publicUser(request);
    return pub ? { id: pub.id, isGuest: pub.isGuest, isAdmin: pub.isAdmin } : null;
  };

  const startSession = async (request: Request, set: { headers: Record<string, unknown> }, user: UserRow) => {
    // A fresh id at every sign-in: the session the request came with (if any) is ended first.
    await service.deleteSession(readCookie(request, SESSION_COOKIE));
    const { token, expiresAt } = await service.createSession(user.id);
    addSetCookie(set, cookieHeader(request, SESSION_COOKIE, token, expiresAt, now()));
  };

  /** 429 with Retry-After once the IP address or the e-mail has used up its attempts, else null. */
  const limitAttempts = async (
    request: Request,
    server: Server,
    email: unknown,
    scope = "auth",
  ): Promise<Response | null> => {
    const keys: string[] = [];
    const ip = clientAddress(request, server);
    if (ip) keys.push(`${scope}:ip:${clientKey(ip)}`);
    if (typeof email === "string" && email.trim()) keys.push(`${scope}:email:${email.trim().toLowerCase()}`);
    const result = await service.hit(keys);
    if (result.allowed) return null;
    const message = MESSAGES.tooMany(result.retryAfterSeconds);
    return jsonError(
      429,
      message,
      {},
      { "retry-after": String(result.retryAfterSeconds), "cache-control": "no-store" },
    );
  };

  const userBody = async (user: UserRow): Promise<{ user: PublicUser }> => ({ user: await service.publicUser(user) });

  const module = new Elysia({ name: "auth", prefix: "/api/auth" })
    // Sliding expiry: when a request moved the session's expiry, send the cookie again with the new one.
    .onRequest(async ({ request, set }) => {
      if (!readCookie(request, SESSION_COOKIE)) return;
      const path = new URL(request.url).pathname;
      // Sign-in, sign-up, sign-out and auto-login set the session cookie themselves.
      if (path.startsWith("/assets/") || (request.method === "POST" && path.startsWith("/api/auth/"))) return;
      const session = await resolve(request);
      if (session?.renewedUntil)
        addSetCookie(
          set,
          cookieHeader(request, SESSION_COOKIE, readCookie(request, SESSION_COOKIE)!, session.renewedUntil, now()),
        );
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
        return await userBody(user);
      },
      { body: AnyObject },
    )
    .post(
      "/login",
      async ({ body, request, server, set }) => {
        // Per IP here; per e-mail only as the (e-mail, IP) back-off below, so guesses cannot lock the owner out.
        const limited = await limitAttempts(request, server, undefined);
        if (limited) return limited;
        const input = parseOrThrow(LoginInput, body);
        // Back-off per (e-mail, IP): someone guessing slows down; the owner elsewhere is not locked out.
        const ip = clientAddress(request, server);
        const wait = await service.backoffSeconds(input.email, ip);
        if (wait > 0)
          return jsonError(
            429,
            MESSAGES.tooMany(wait),
            {},
            { "retry-after": String(wait), "cache-control": "no-store" },
          );
        const user = await service.verifyLogin(input);
        await service.recordSignIn(input.email, ip, !user);
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
      return service.publicUser(session.user);
    })
    .post("/auto-login", async ({ request, server, set }) => {
      // Already signed in (guest or account): nothing changes.
      const session = await resolve(request);
      if (session) return service.publicUser(session.user);
      const guestToken = readCookie(request, GUEST_COOKIE);
      let user = await service.findGuest(guestToken);
      let token = guestToken;
      // A guest cookie is one browser: resuming it replaces that guest's session instead of adding one (F2).
      if (user) await service.deleteSessionsOf(user.id);
      else {
        const limited = await limitAttempts(request, server, undefined, "guest");
        if (limited) return limited;
        ({ user, token } = await service.createGuest());
        options.log.info(`[auth] guest created #${user.id}`);
      }
      // (Re)send the guest cookie so it lives a year from the last visit.
      addSetCookie(set, cookieHeader(request, GUEST_COOKIE, token!, now() + GUEST_TTL_MS, now()));
      await startSession(request, set, user);
      return service.publicUser(user);
    })
    // The one-time admin setup code from the server log, entered once by the ADMIN_EMAIL account (docs/product.md#accounts).
    .post(
      "/admin-claim",
      async ({ body, request, server }) => {
        const session = await resolve(request);
        if (!session) throw new HttpError(401, MESSAGES.notSignedIn);
        const limited = await limitAttempts(request, server, session.user.email ?? undefined, "admin-claim");
        if (limited) return limited;
        const code = typeof body.code === "string" ? body.code.slice(0, 64) : "";
        if (!code.trim()) throw new HttpError(400, "Enter the setup code.", { code: ["Enter the setup code."] });
        if (!(await service.redeemSetupCode(session.user, code))) throw new HttpError(403, ADMIN_CLAIM_REFUSED);
        options.log.info(`[auth] admin claimed with the setup code by account #${session.user.id}`);
        return userBody(session.user);
      },
      { body: AnyObject },
    );

  /** The auth guard macro (`auth: "user" | "admin"`) for every module and the admin pages (./guard.ts). */
  const guard = createGuard(currentUser);

  /** True for the signed-in ADMIN_EMAIL account while nobody has claimed it (the profile shows the setup-code form). */
  const adminClaimable = async (request: Request): Promise<boolean> => {
    const session = await resolve(request);
    if (!session || session.user.isGuest || !isAdminEmail(session.user.email, options.config.ADMIN_EMAIL)) return false;
    return !(await service.isClaimedAdmin(session.user));
  };

  return { module, currentUser, publicUser, service, guard, adminClaimable };
}

export type Auth = ReturnType<typeof createAuth>;

export const ADMIN_CLAIM_REFUSED = "That setup code is not valid for this account.";

/**
 * At start: when ADMIN_EMAIL is set and nobody has claimed it, print a one-time setup code (docs/product.md#accounts).
 * The account with that e-mail enters it once in its profile; `npm run admin -- claim EMAIL` does the same.
 */
export async function announceAdminSetup(deps: {
  database: Database;
  config: Pick<Config, "ADMIN_EMAIL">;
  log: Logger;
}): Promise<string | null> {
  const service = new AuthService({ database: deps.database, adminEmail: deps.config.ADMIN_EMAIL });
  const code = await service.issueSetupCode();
  if (code) {
    deps.log.info(
      `[admin] ADMIN_EMAIL (${deps.config.ADMIN_EMAIL}) has not been claimed. Sign in with that account and enter this one-time setup code in your profile: ${code}\n` +
        `        (or run: npm run admin -- claim ${deps.config.ADMIN_EMAIL})`,
    );
  }
  return code;
}

export { claimAsOperator, claimCandidate } from "./operator";

/** Claim the ADMIN_EMAIL account as it is (tests; the operator's CLI uses `claimAsOperator`). */
export async function claimAdmin(deps: { database: Database; config: Pick<Config, "ADMIN_EMAIL"> }, email: string) {
  return new AuthService({ database: deps.database, adminEmail: deps.config.ADMIN_EMAIL }).claimAdmin(email, "cli");
}
