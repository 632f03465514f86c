/**
 * One job: slowing down guessing — the sliding per-minute limit on sign-in and registration attempts, and the
 * sign-in back-off per (e-mail, client) pair and per account. Keys are stored salted (auth_salts).
 */
import { createHmac } from "node:crypto";
import type { Database } from "../../db/client";
import { clientKey } from "../../src/client-key";
import { hitSlidingLog, type RateLimitResult } from "../../src/rate-limit";
import {
  ACCOUNT_FREE_FAILURES,
  AUTH_ATTEMPT_LIMIT,
  AUTH_ATTEMPT_WINDOW_MS,
  BACKOFF_FORGET_MS,
  BACKOFF_FREE_FAILURES,
  BACKOFF_MAX_MS,
  DAY_MS,
  newToken,
} from "./rules";

export class SignInLimits {
  constructor(private readonly deps: { database: Database; now?: () => number; limit?: number; windowMs?: number }) {}

  private now() {
    return this.deps.now?.() ?? Date.now();
  }

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
