/**
 * Pure rules of the account screens (docs/product.md sections 2, 5, 8; docs/product.md#accounts, 10, 11): the auth
 * dialog's checks and error texts, the profile form's validation, dates. No React, no DOM.
 */
import * as v from "valibot";
import { ApiError } from "../api";

// ---------------------------------------------------------------------------------------------------------
// Auth dialog

export type AuthMode = "signin" | "register";
export interface AuthForm {
  email: string;
  password: string;
  username: string;
  terms: boolean;
}
export const EMPTY_AUTH_FORM: AuthForm = { email: "", password: "", username: "", terms: false };

/** Passwords: 8–128 characters for new accounts (docs/product.md#accounts; the server checks the rest). */
export { MIN_PASSWORD_LENGTH as MIN_PASSWORD } from "../../src/domain/accounts";
import { MIN_PASSWORD_LENGTH as MIN_PASSWORD } from "../../src/domain/accounts";

export const AUTH_MESSAGES = {
  emailRequired: "Email is required",
  passwordRequired: "Password is required",
  passwordShort: `Password must be at least ${MIN_PASSWORD} characters`,
  usernameRequired: "Username is required",
  terms: "You must agree to the Terms of Service and Privacy Policy",
  signInFailed: "Invalid email or password",
  registerFailed: "Registration failed. Please try again.",
  exception: "An error occurred. Please try again.",
} as const;

/** The first problem of the form before anything is sent, or null. */
export function checkAuthForm(mode: AuthMode, form: AuthForm): string | null {
  if (!form.email.trim()) return AUTH_MESSAGES.emailRequired;
  if (!form.password) return AUTH_MESSAGES.passwordRequired;
  if (mode === "register") {
    if (!form.username.trim()) return AUTH_MESSAGES.usernameRequired;
    if ([...form.password.normalize("NFKC")].length < MIN_PASSWORD) return AUTH_MESSAGES.passwordShort;
    if (!form.terms) return AUTH_MESSAGES.terms;
  }
  return null;
}

/**
 * What the dialog shows when the call failed. A wrong sign-in is 'Invalid email or password'; the server's
 * own message is shown when it has one (rate limit, e-mail taken, a common password); otherwise the
 * product's fallbacks; a network failure is 'An error occurred. Please try again.'
 */
export function authErrorMessage(mode: AuthMode, error: unknown): string {
  if (!(error instanceof ApiError)) return AUTH_MESSAGES.exception;
  if (mode === "signin" && error.status === 401) return AUTH_MESSAGES.signInFailed;
  const fromServer = error.message && !/^HTTP \d+/.test(error.message) ? error.message : "";
  if (error.status >= 500) return mode === "signin" ? AUTH_MESSAGES.exception : AUTH_MESSAGES.registerFailed;
  return fromServer || (mode === "signin" ? AUTH_MESSAGES.signInFailed : AUTH_MESSAGES.registerFailed);
}

// ---------------------------------------------------------------------------------------------------------
// Profile (kept on the device under `userProfile`)

export const PROFILE_KEY = "userProfile";
export const BIO_MAX = 200;

export interface Profile {
  name: string;
  location: string;
  email: string;
  bio: string;
}

export const PROFILE_MESSAGES = {
  required: "Required",
  name: "Name must be at least 2 characters",
  location: "Location must be at least 2 characters",
  email: "Please enter a valid email address",
  bio: `Bio must be less than ${BIO_MAX} characters`,
} as const;

const emailShape = v.pipe(v.string(), v.email());
const text = (schema: v.GenericSchema<string, string>) => v.pipe(v.string(PROFILE_MESSAGES.required), v.trim(), schema);
export const ProfileSchema = v.object({
  name: text(v.pipe(v.string(), v.minLength(2, PROFILE_MESSAGES.name))),
  location: text(v.pipe(v.string(), v.minLength(2, PROFILE_MESSAGES.location))),
  email: v.optional(
    text(
      v.pipe(
        v.string(),
        v.check((value) => value === "" || v.is(emailShape, value), PROFILE_MESSAGES.email),
      ),
    ),
    "",
  ),
  bio: v.optional(
    text(
      v.pipe(
        v.string(),
        v.check((value) => [...value].length <= BIO_MAX, PROFILE_MESSAGES.bio),
      ),
    ),
    "",
  ),
});

export type ProfileErrors = Partial<Record<keyof Profile, string>>;

/** The saved profile (trimmed), or one message per failing field. */
export function validateProfile(input: unknown): { ok: true; profile: Profile } | { ok: false; errors: ProfileErrors } {
  // A missing name or location is checked as undefined, so that it reads 'Required'.
  const fields = input && typeof input === "object" ? { name: undefined, location: undefined, ...input } : input;
  const result = v.safeParse(ProfileSchema, fields, { abortPipeEarly: true });
  if (result.success) return { ok: true, profile: result.output };
  const errors: ProfileErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key as keyof Profile | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

/** A stored profile, or null when nothing valid-looking is stored. Unknown fields are dropped. */
export function parseStoredProfile(raw: string | null | undefined): Partial<Profile> | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(raw);
    if (!data || typeof data !== "object") return null;
    const out: Partial<Profile> = {};
    for (const key of ["name", "location", "email", "bio"] as const)
      if (typeof data[key] === "string") out[key] = data[key];
    return out;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Dates and labels

/** "January 5, 2025" (en-US). Pass a time zone for a result that does not depend on the machine. */
export function formatMemberSince(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "today";
  return date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone });
}

/** The Sign Out row's subtitle: 'Signed in as {email}', or 'Guest'. */
export const signedInAs = (user: { email: string | null; isGuest: boolean }) =>
  user.isGuest || !user.email ? "Guest" : `Signed in as ${user.email}`;

/** "3 saved items" / "1 saved item" (My Favorites subtitle). */
export const savedItems = (count: number) => `${count.toLocaleString("en-US")} saved item${count === 1 ? "" : "s"}`;
