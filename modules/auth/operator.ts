// The operator's admin claim (`npm run admin -- claim EMAIL`, docs/decisions/051-admin-claim-proves-ownership.md).
// Whoever registered ADMIN_EMAIL first may not be the operator: claiming shows the account, and on the
// operator's confirmation resets its password (printed once) and ends its sessions, so a squatter loses it.
// With no account of that e-mail, the command creates the admin account itself.
import { randomBytes } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { AuthService } from "./service";
import { PASSWORD_HASH, isAdminEmail } from "./rules";

export interface ClaimCandidate {
  email: string;
  /** The registered account with that e-mail, with what the operator needs to recognise it; null when none. */
  account: { id: number; username: string | null; createdAt: Date; liveSessions: number } | null;
}

/** A password the operator is given once: 24 random characters (base64url, ~143 bits). */
const newPassword = () => randomBytes(18).toString("base64url");

/** What a claim of `email` would take over (the CLI shows it before asking); a reason when it cannot be claimed. */
export async function claimCandidate(
  database: Database,
  adminEmail: string | undefined,
  email: string,
): Promise<ClaimCandidate | { refused: string }> {
  const wanted = email.trim().toLowerCase();
  if (!adminEmail) return { refused: "ADMIN_EMAIL is not set (set it in the same environment as the server)." };
  if (!isAdminEmail(wanted, adminEmail)) return { refused: `${wanted} is not ADMIN_EMAIL (${adminEmail}).` };
  const [row] = await database.db
    .select()
    .from(users)
    .where(and(eq(users.email, wanted), eq(users.isGuest, false)))
    .limit(1);
  if (!row) return { email: wanted, account: null };
  const [live] = await database.db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, row.id)));
  return {
    email: wanted,
    account: { id: row.id, username: row.username, createdAt: row.createdAt, liveSessions: live?.n ?? 0 },
  };
}

/**
 * Claim ADMIN_EMAIL for the operator: the existing account gets a new password and loses every session, or the
 * account is created (username `username`). Returns the account and its new password, shown once.
 */
export async function claimAsOperator(
  database: Database,
  adminEmail: string | undefined,
  email: string,
  username = "admin",
  now = Date.now(),
): Promise<{ ok: true; userId: number; password: string; created: boolean } | { ok: false; reason: string }> {
  const candidate = await claimCandidate(database, adminEmail, email);
  if ("refused" in candidate) return { ok: false, reason: candidate.refused };
  const password = newPassword();
  const passwordHash = await Bun.password.hash(password, PASSWORD_HASH);
  let userId: number;
  if (candidate.account) {
    userId = candidate.account.id;
    await database.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await database.db.delete(sessions).where(eq(sessions.userId, userId));
  } else {
    const [row] = await database.db
      .insert(users)
      .values({
        email: candidate.email,
        username,
        passwordHash,
        isGuest: false,
        createdAt: new Date(now),
        registeredAt: new Date(now),
      })
      .returning({ id: users.id });
    userId = row!.id;
  }
  const claimed = await new AuthService({ database, adminEmail, now: () => now }).claimAdmin(candidate.email, "cli");
  if (!claimed.ok) return claimed;
  return { ok: true, userId, password, created: !candidate.account };
}
