/**
 * One job: the operator's ownership of the admin account (docs/product.md#accounts): the claim, recorded by the
 * CLI or by redeeming the one-time setup code printed at start.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { adminClaims, adminSetupCodes, users, type UserRow } from "../../db/schema";
import { hashToken, isAdminEmail, normaliseSetupCode, SETUP_CODE_TTL_MS } from "./rules";

export class AdminOwnership {
  constructor(private readonly deps: { database: Database; adminEmail?: string; now?: () => number }) {}

  private get db() {
    return this.deps.database.db;
  }
  private now() {
    return this.deps.now?.() ?? Date.now();
  }

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
    // The claim (and, from the CLI, the password reset and sessions ended before it) survives a power cut.
    await this.deps.database.durable();
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
}
