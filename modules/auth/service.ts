import { and, desc, eq, lt, notInArray } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "../../db/client";
import { sessions, users, type UserRow } from "../../db/schema";
import { HttpError } from "../../src/http";
import type { RateLimitResult } from "../../src/rate-limit";
import { AdminOwnership } from "./admin-claim";
import type { LoginInput, PublicUser, RegisterInput } from "./model";
import { MAX_PASSWORD_LENGTH, passwordLength } from "./passwords";
import {
  hashToken,
  isAdminEmail,
  isTokenShaped,
  MAX_SESSIONS_PER_USER,
  MESSAGES,
  newToken,
  PASSWORD_HASH,
  SESSION_MEMO_MS,
  SESSION_RENEW_AFTER_MS,
  SESSION_TTL_MS,
} from "./rules";
import { SignInLimits } from "./sign-in-limits";

/*
 * One job: accounts and sessions on plain values (the controller, index.ts, deals with cookies and HTTP); the
 * admin claim (admin-claim.ts) and the attempt limits (sign-in-limits.ts) are reached through it.
 * See docs/decisions/007-accounts-and-sessions.md.
 */

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
    this.ownership = new AdminOwnership(deps);
    this.limits = new SignInLimits(deps);
  }

  /** Sessions resolved in the last SESSION_MEMO_MS, by token hash; emptied by every change to sessions or users. */
  private readonly memo: LRUCache<string, { user: UserRow; expiresAt: number }> | null;

  private get db() {
    return this.deps.database.db;
  }
  private now() {
    return this.deps.now?.() ?? Date.now();
  }

  private readonly ownership: AdminOwnership;
  private readonly limits: SignInLimits;

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
  isClaimedAdmin(row: UserRow): Promise<boolean> {
    return this.ownership.isClaimedAdmin(row);
  }

  /** Record the operator's claim for the registered ADMIN_EMAIL account (admin-claim.ts). */
  claimAdmin(email: string, via: "cli" | "setup-code"): ReturnType<AdminOwnership["claimAdmin"]> {
    return this.ownership.claimAdmin(email, via);
  }

  /** A fresh one-time setup code when ADMIN_EMAIL is set but not yet claimed; else null (admin-claim.ts). */
  issueSetupCode(): Promise<string | null> {
    return this.ownership.issueSetupCode();
  }

  /** Redeem a setup code for the signed-in ADMIN_EMAIL account: true when it matched (admin-claim.ts). */
  redeemSetupCode(row: UserRow, code: string): Promise<boolean> {
    return this.ownership.redeemSetupCode(row, code);
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
    await this.deps.database.durable();
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
    // A session signed out stays ended after a power cut (docs/decisions/068-durable-accounts-and-favorites.md).
    await this.deps.database.durable();
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
    if (existing) {
      // A taken address answers after the same work as a new account, its fsync included (F8: the time of the
      // answer must not tell which addresses have accounts).
      await this.deps.database.durable();
      throw duplicate();
    }
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
        if (upgraded) {
          await this.deps.database.durable();
          return { user: upgraded, upgradedGuest: true };
        }
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
      // An account the answer calls created exists after a power cut too (docs/decisions/068-durable-accounts-and-favorites.md).
      await this.deps.database.durable();
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

  // ---- attempt limits and sign-in back-off (sign-in-limits.ts) ----

  /** Count one attempt against every key unless one is at its limit (sign-in-limits.ts). */
  hit(keys: string[]): Promise<RateLimitResult> {
    return this.limits.hit(keys);
  }

  /** Seconds before the next sign-in attempt of this pair may go ahead (0 = go ahead). */
  backoffSeconds(email: string, ip: string | undefined): Promise<number> {
    return this.limits.backoffSeconds(email, ip);
  }

  /** Record a failed (true) or successful (false) sign-in for the pair and the account. */
  recordSignIn(email: string, ip: string | undefined, failed: boolean): Promise<void> {
    return this.limits.recordSignIn(email, ip, failed);
  }
}
