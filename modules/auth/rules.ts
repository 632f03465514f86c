/**
 * One job: the rules of accounts and sessions as plain values — lifetimes, limits, messages, the token format
 * and who the admin is. See docs/decisions/007-accounts-and-sessions.md.
 */
import { createHash, randomBytes } from "node:crypto";

export const DAY_MS = 24 * 60 * 60 * 1000;
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
