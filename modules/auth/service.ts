import { createHash, createHmac, randomBytes } from "node:crypto";
import { and, desc, eq, lt, notInArray } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "../../db/client";
import { adminClaims, adminSetupCodes, sessions, users, type UserRow } from "../../db/schema";
import { clientKey } from "../../src/client-key";
import { HttpError } from "../../src/http";
import { hitSlidingLog, type RateLimitResult } from "../../src/rate-limit";
import type { LoginInput, PublicUser, RegisterInput } from "./model";
import { MAX_PASSWORD_LENGTH, passwordLength } from "./passwords";

/*
 * Accounts and sessions on plain values. The controller (index.ts) deals with cookies and HTTP.
 * See docs/decisions/007-accounts-and-sessions.md.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sessions live 30 days after their last use (sliding). */
export const SESSION_TTL_MS = 30 * DAY_MS;
/** The expiry moves (one write, a fresh cookie) at most once a day per session. */
export const SESSION_RENEW_AFTER_MS = DAY_MS;
/**
 * How long a resolved session is remembered by this process (decision 033): a page and the API calls it makes
 * share one lookup. Only on an embedded database, where every session change passes through this process and
 * clears the memory; with a libSQL server (several instances) every request asks the database.
 */
export const SESSION_MEMO_MS = 2_000;
/** The guest cookie lets a browser resume its guest account for a year after it was last used. */
export const GUEST_TTL_MS = 365 * DAY_MS;

/** Sign-in, registration: 10 attempts per minute per IP address and per e-mail; the 11th is refused. */
export const AUTH_ATTEMPT_LIMIT = 10;
export const AUTH_ATTEMPT_WINDOW_MS = 60_000;

/** Live sessions one account may hold (browsers, devices); a new sign-in revokes the oldest beyond this. */
export const MAX_SESSIONS_PER_USER = 10;

/**
 * Sign-in back-off per (e-mail, IP) pair: the first FREE failures cost nothing, then each failure doubles the
 * wait (1 s, 2 s, 4 s, … at most BACKOFF_MAX_MS). An hour without failures, or a success, forgets them. The
 * owner signing in from another address is never held up by someone else's guesses.
 */
export const BACKOFF_FREE_FAILURES = 5;
export const BACKOFF_MAX_MS = 15 * 60_000;
export const BACKOFF_FORGET_MS = 60 * 60_000;
/**
 * The same back-off per account, over every address: its first ACCOUNT_FREE_FAILURES failures in an hour cost
 * nothing, then each doubles the wait. Guesses at one account from many addresses (or an IPv6 range) are capped;
 * the owner is held up only after dozens of failures within the hour, and a success forgets them.
 */
export const ACCOUNT_FREE_FAILURES = 20;

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane): about 40–60 ms per hash here,
 * and 19 MiB rather than Bun's default 64 MiB per concurrent sign-in on a small self-hosted machine.
 * verify() reads the parameters from the stored hash, so raising them later keeps old hashes working.
 */
export const PASSWORD_HASH = { algorithm: "argon2id", memoryCost: 19_456, timeCost: 2 } as const;

export const MESSAGES = {
  invalidLogin: "Invalid email or password",
  /** The same answer whether or not the e-mail is taken (no account discovery, docs/decisions/019-request-hardening.md F8). */
  registrationRefused: "Registration failed. Check your details, or sign in if you already have an account.",
  notSignedIn: "You are not signed in.",
  tooMany: (seconds: number) =>
    `Too many attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`,
} as const;

/** A random 256-bit token, base64url (43 characters): session ids and guest tokens. */
export const newToken = () => randomBytes(32).toString("base64url");
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const isTokenShaped = (value: string | undefined): value is string =>
  value !== undefined && TOKEN_PATTERN.test(value);
/** Only the SHA-256 of a token is stored: a leaked database does not hand out live sessions. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The admin is the account whose e-mail equals ADMIN_EMAIL (docs/product.md#accounts); guests never are. */
export function isAdminEmail(email: string | null | undefined, adminEmail: string | undefined): boolean {
  if (!email || !adminEmail) return false;
  return email.trim().toLowerCase() === adminEmail.trim().toLowerCase();
}

/** A setup code is valid for a day after the start that printed it (a restart prints a new one). */
export const SETUP_CODE_TTL_MS = DAY_MS;

/** Setup codes are compared without dashes, spaces or case. */
export const normaliseSetupCode = (code: string) => code.replace(/[^a-z0-9]/gi, "").toUpperCase();

export interface ResolvedSession {
  user: UserRow;
  /** Set when this request moved the sliding expiry: the cookie should be sent again with this expiry. */
  renewedUntil?: number;
}

export type { RateLimitResult };

const isUniqueEmailViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (/UNIQUE constraint failed: users\.email/.test(String((e as Error).message ?? e))) return true;
  }
  return false;
};

export class AuthService {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly deps: {
      database: Database;
      adminEmail?: string;
      now?: () => number;
      limit?: number;
      windowMs?: number;
    },
  ) {
    this.memo = deps.database.client.protocol === "file" ? new LRUCache({ max: 10_000, ttl: SESSION_MEMO_MS }) : null;
  }

  /** Sessions resolved in the last SESSION_MEMO_MS, by token hash; emptied by every change to sessions or users. */
  private readonly memo: LRUCache<string, { user: UserRow; expiresAt: number }> | null;

  private get db() {
    return this.deps.database.db;
  }
  private now() {
    return this.deps.now?.() ?? Date.now();
  }

  /**
   * The user as clients see it. `isAdmin` needs the operator's claim (docs/product.md#accounts): pass what
   * `isClaimedAdmin` said; without it nobody is admin.
   */
  toPublicUser(row: UserRow, claimedAdmin = false): PublicUser {
    return {
      id: row.id,
      email: row.email,
      username: row.username,
      isAdmin: claimedAdmin && !row.isGuest && isAdminEmail(row.email, this.deps.adminEmail),
      isGuest: row.isGuest,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The user with `isAdmin` decided (one lookup, only for the ADMIN_EMAIL account). */
  async publicUser(row: UserRow): Promise<PublicUser> {
    return this.toPublicUser(row, await this.isClaimedAdmin(row));
  }

  // ---- admin ownership (docs/product.md#accounts) ----

  /** True when this account has ADMIN_EMAIL and the operator claimed it (CLI or setup code). */
  async isClaimedAdmin(row: UserRow): Promise<boolean> {
    if (row.isGuest || !isAdminEmail(row.email, this.deps.adminEmail)) return false;
    const [claim] = await this.db
      .select({ email: adminClaims.email })
      .from(adminClaims)
      .where(eq(adminClaims.userId, row.id))
      .limit(1);
    return claim !== undefined && isAdminEmail(claim.email, row.email ?? undefined);
  }

  /**
   * Record the operator's claim for the registered account with this e-mail, which must equal ADMIN_EMAIL.
   * Returns what happened, for the CLI to print.
   */
  async claimAdmin(
    email: string,
    via: "cli" | "setup-code",
  ): Promise<{ ok: true; userId: number } | { ok: false; reason: string }> {
    const wanted = email.trim().toLowerCase();
    if (!this.deps.adminEmail) return { ok: false, reason: "ADMIN_EMAIL is not set." };
    if (!isAdminEmail(wanted, this.deps.adminEmail))
      return { ok: false, reason: `${wanted} is not ADMIN_EMAIL (${this.deps.adminEmail}).` };
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.email, wanted), eq(users.isGuest, false)))
      .limit(1);
    if (!row)
      return { ok: false, reason: `No registered account has the e-mail ${wanted}. Register it first, then claim it.` };
    await this.db
      .insert(adminClaims)
      .values({ userId: row.id, email: wanted, claimedAt: new Date(this.now()), via })
      .onConflictDoUpdate({ target: adminClaims.userId, set: { email: wanted, claimedAt: new Date(this.now()), via } });
    await this.db.delete(adminSetupCodes);
    return { ok: true, userId: row.id };
  }

  /** A fresh one-time setup code (printed in the server log at start) when ADMIN_EMAIL is set but not yet claimed; else null. */
  async issueSetupCode(): Promise<string | null> {
    if (!this.deps.adminEmail) return null;
    const [claimed] = await this.db
      .select({ userId: adminClaims.userId })
      .from(adminClaims)
      .innerJoin(users, eq(users.id, adminClaims.userId))
      .where(eq(users.email, this.deps.adminEmail))
      .limit(1);
    if (claimed) return null;
    // One code valid at a time: a new start's code replaces the one before.
    await this.db.delete(adminSetupCodes);
    const code = randomBytes(12).toString("base64url").replace(/[-_]/g, "x").slice(0, 16).toUpperCase();
    const shown = code.match(/.{4}/g)!.join("-");
    await this.db
      .insert(adminSetupCodes)
      .values({ codeHash: hashToken(normaliseSetupCode(shown)), createdAt: new Date(this.now()) });
    return shown;
  }

  /** Redeem a setup code for the signed-in ADMIN_EMAIL account: true when it matched (and is now used up). */
  async redeemSetupCode(row: UserRow, code: string): Promise<boolean> {
    if (row.isGuest || !isAdminEmail(row.email, this.deps.adminEmail)) return false;
    const [found] = await this.db
      .select()
      .from(adminSetupCodes)
      .where(eq(adminSetupCodes.codeHash, hashToken(normaliseSetupCode(code))))
      .limit(1);
    if (!found || this.now() - found.createdAt.getTime() > SETUP_CODE_TTL_MS) return false;
    const result = await this.claimAdmin(row.email!, "setup-code");
    return result.ok;
  }

  // ---- sessions ----

  /**
   * A new session for the user; returns the raw token for the cookie (never stored). The account keeps at most
   * MAX_SESSIONS_PER_USER sessions: the oldest beyond that are revoked.
   */
  async createSession(userId: number): Promise<{ token: string; expiresAt: number }> {
    const token = newToken();
    const now = this.now();
    const expiresAt = now + SESSION_TTL_MS;
    await this.db
      .insert(sessions)
      .values({ idHash: hashToken(token), userId, createdAt: new Date(now), expiresAt: new Date(expiresAt) });
    const keep = this.db
      .select({ idHash: sessions.idHash })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt), desc(sessions.expiresAt))
      .limit(MAX_SESSIONS_PER_USER);
    await this.db.delete(sessions).where(and(eq(sessions.userId, userId), notInArray(sessions.idHash, keep)));
    this.forget(userId); // the cap may have revoked one of this account's sessions; other accounts keep theirs
    return { token, expiresAt };
  }

  /** End every session of an account (a guest resumed by its cookie: one browser, one session). */
  async deleteSessionsOf(userId: number): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
    this.forget(userId);
  }

  /** Forget the remembered sessions of one account (after a change to it or to its sessions). */
  private forget(userId: number) {
    if (!this.memo) return;
    for (const [idHash, { user }] of this.memo.entries()) if (user.id === userId) this.memo.delete(idHash);
  }

  /** The live session behind a cookie value, moving its sliding expiry when a day has passed. */
  async resolveSession(token: string | undefined): Promise<ResolvedSession | null> {
    if (!isTokenShaped(token)) return null;
    const idHash = hashToken(token);
    const remembered = this.memo?.get(idHash);
    // Still valid and not due for renewal: no need to ask the database again (the renewal and expiry go there).
    if (remembered && remembered.expiresAt - this.now() > SESSION_TTL_MS - SESSION_RENEW_AFTER_MS)
      return { user: remembered.user };
    const [row] = await this.db
      .select({ user: users, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.idHash, idHash))
      .limit(1);
    if (!row) return null;
    const now = this.now();
    const expiresAt = row.expiresAt.getTime();
    if (expiresAt <= now) {
      this.memo?.delete(idHash);
      await this.db.delete(sessions).where(eq(sessions.idHash, idHash));
      return null;
    }
    if (expiresAt - now <= SESSION_TTL_MS - SESSION_RENEW_AFTER_MS) {
      const renewedUntil = now + SESSION_TTL_MS;
      try {
        await this.db
          .update(sessions)
          .set({ expiresAt: new Date(renewedUntil) })
          .where(eq(sessions.idHash, idHash));
        this.memo?.set(idHash, { user: row.user, expiresAt: renewedUntil });
      } catch {
        // A read-only or full disk must not turn reads into errors: the session just is not renewed this time.
        return { user: row.user };
      }
      return { user: row.user, renewedUntil };
    }
    this.memo?.set(idHash, { user: row.user, expiresAt });
    return { user: row.user };
  }

  async deleteSession(token: string | undefined): Promise<void> {
    if (!isTokenShaped(token)) return;
    const idHash = hashToken(token);
    await this.db.delete(sessions).where(eq(sessions.idHash, idHash));
    this.memo?.delete(idHash);
  }

  /** Housekeeping: drop sessions that expired (called at sign-in, so the table never grows unbounded). */
  async deleteExpiredSessions(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date(this.now())));
  }

  // ---- accounts ----

  /**
   * Create an account, or — when the caller is signed in as a guest — turn that guest into the account,
   * keeping its id and so its favorites and activity. A taken e-mail is a generic 400, after the same argon2
   * work as a new account (no account discovery by answer or timing).
   */
  async register(
    input: RegisterInput,
    sessionUser: UserRow | null,
  ): Promise<{ user: UserRow; upgradedGuest: boolean }> {
    const duplicate = () => new HttpError(400, MESSAGES.registrationRefused);
    const passwordHash = await Bun.password.hash(input.password, PASSWORD_HASH);
    const [existing] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    if (existing) throw duplicate();
    const now = new Date(this.now());
    try {
      if (sessionUser?.isGuest) {
        const [upgraded] = await this.db
          .update(users)
          .set({
            email: input.email,
            username: input.username,
            passwordHash,
            isGuest: false,
            guestTokenHash: null,
            registeredAt: now,
          })
          .where(and(eq(users.id, sessionUser.id), eq(users.isGuest, true)))
          .returning();
        if (upgraded) return { user: upgraded, upgradedGuest: true };
      }
      const [created] = await this.db
        .insert(users)
        .values({
          email: input.email,
          username: input.username,
          passwordHash,
          isGuest: false,
          createdAt: now,
          registeredAt: now,
        })
        .returning();
      return { user: created!, upgradedGuest: false };
    } catch (error) {
      if (isUniqueEmailViolation(error)) throw duplicate();
      throw error;
    } finally {
      // After the write: a request resolved meanwhile must not bring the guest row back for 2 s.
      if (sessionUser) this.forget(sessionUser.id);
    }
  }

  /**
   * The account for these credentials, or null. Unknown e-mails are checked against a dummy hash so that
   * the answer takes as long as for a known e-mail (no account discovery by timing).
   */
  async verifyLogin(input: LoginInput): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.email, input.email)).limit(1);
    this.dummyHash ??= Bun.password.hash(newToken(), PASSWORD_HASH);
    const hash = row?.passwordHash ?? (await this.dummyHash);
    // A password longer than any we accept at registration cannot match; do not hash megabytes for it
    // (but still spend the same time on a short stand-in).
    const tooLong = passwordLength(input.password) > MAX_PASSWORD_LENGTH;
    const ok = await Bun.password.verify(tooLong ? newToken() : input.password, hash).catch(() => false);
    return ok && !tooLong && row?.passwordHash && !row.isGuest ? row : null;
  }

  /** A new guest account and the token for its long-lived guest cookie. */
  async createGuest(): Promise<{ user: UserRow; token: string }> {
    const token = newToken();
    const [user] = await this.db
      .insert(users)
      .values({ isGuest: true, guestTokenHash: hashToken(token), createdAt: new Date(this.now()) })
      .returning();
    return { user: user!, token };
  }

  /** The guest account behind a guest cookie (null once it registered, or for a bad token). */
  async findGuest(token: string | undefined): Promise<UserRow | null> {
    if (!isTokenShaped(token)) return null;
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.guestTokenHash, hashToken(token)), eq(users.isGuest, true)))
      .limit(1);
    return row ?? null;
  }

  // ---- rate limiting ----

  private salts = new Map<number, string>();
  /**
   * A limit key as stored: HMAC-SHA256 with the day's salt (`auth_salts`, shared by every instance through the
   * database; today's and yesterday's kept). An unsalted hash of an address is reversed by hashing every address.
   */
  private async keyHash(key: string): Promise<string> {
    const day = Math.floor(this.now() / DAY_MS);
    let salt = this.salts.get(day);
    if (!salt) {
      const client = this.deps.database.client;
      await client.batch(
        [
          { sql: "INSERT OR IGNORE INTO auth_salts (day, salt) VALUES (?, ?)", args: [day, newToken()] },
          { sql: "DELETE FROM auth_salts WHERE day < ?", args: [day - 1] },
        ],
        "write",
      );
      const { rows } = await client.execute({ sql: "SELECT salt FROM auth_salts WHERE day = ?", args: [day] });
      salt = String(rows[0]!.salt);
      this.salts.clear();
      this.salts.set(day, salt);
    }
    return createHmac("sha256", salt).update(key).digest("hex");
  }

  /**
   * Count one attempt against every key, unless any key already has `limit` attempts in the window; then
   * nothing is counted and the answer says how long until the oldest counted attempt leaves the window.
   * The log is auth_attempts, shared by every server instance (src/rate-limit.ts).
   */
  async hit(keys: string[]): Promise<RateLimitResult> {
    return hitSlidingLog(
      this.deps.database.client,
      {
        table: "auth_attempts",
        keyColumn: "key",
        limit: this.deps.limit ?? AUTH_ATTEMPT_LIMIT,
        windowMs: this.deps.windowMs ?? AUTH_ATTEMPT_WINDOW_MS,
      },
      await Promise.all(keys.map((key) => this.keyHash(key))),
      this.now(),
    );
  }

  // ---- sign-in back-off per (e-mail, IP) ----

  /** The (e-mail, client) pair's key and the account's; an IPv6 client is its /64. */
  private async backoffKeys(email: string, ip: string | undefined) {
    const account = email.trim().toLowerCase();
    return {
      pair: await this.keyHash(`pair:${account}|${ip ? clientKey(ip) : "unknown"}`),
      account: await this.keyHash(`account:${account}`),
    };
  }

  /** Seconds before the next sign-in attempt of this pair may go ahead (0 = go ahead): its own back-off or the account's. */
  async backoffSeconds(email: string, ip: string | undefined): Promise<number> {
    const keys = await this.backoffKeys(email, ip);
    const { rows } = await this.deps.database.client.execute({
      sql: "SELECT pair_hash, failures, last_at FROM sign_in_failures WHERE pair_hash IN (?, ?)",
      args: [keys.pair, keys.account],
    });
    const now = this.now();
    let longest = 0;
    for (const row of rows) {
      const free = row.pair_hash === keys.account ? ACCOUNT_FREE_FAILURES : BACKOFF_FREE_FAILURES;
      const failures = Number(row.failures);
      const lastAt = Number(row.last_at);
      if (now - lastAt > BACKOFF_FORGET_MS || failures < free) continue;
      const wait = Math.min(BACKOFF_MAX_MS, 1000 * 2 ** (failures - free));
      longest = Math.max(longest, Math.ceil((lastAt + wait - now) / 1000));
    }
    return longest;
  }

  /** Record a failed (true) or successful (false) sign-in for the pair and the account. */
  async recordSignIn(email: string, ip: string | undefined, failed: boolean): Promise<void> {
    const keys = await this.backoffKeys(email, ip);
    if (!failed) {
      await this.deps.database.client.execute({
        sql: "DELETE FROM sign_in_failures WHERE pair_hash IN (?, ?)",
        args: [keys.pair, keys.account],
      });
      return;
    }
    const now = this.now();
    for (const key of [keys.pair, keys.account])
      await this.deps.database.client.execute({
        sql: `INSERT INTO sign_in_failures (pair_hash, failures, last_at) VALUES (?, 1, ?)
              ON CONFLICT(pair_hash) DO UPDATE SET
                failures = CASE WHEN ? - last_at > ? THEN 1 ELSE failures + 1 END,
                last_at = excluded.last_at`,
        args: [key, now, now, BACKOFF_FORGET_MS],
      });
    // Housekeeping: pairs idle for more than the forget window.
    await this.deps.database.client.execute({
      sql: "DELETE FROM sign_in_failures WHERE last_at < ?",
      args: [now - BACKOFF_FORGET_MS],
    });
  }
}
