import * as v from "valibot";
import { passwordProblem } from "./passwords";

/** The user as every client sees it (login, register, auto-login, me). */
export interface PublicUser {
  id: number;
  /** null for guests. */
  email: string | null;
  /** null for guests (the client shows "Guest Explorer"). */
  username: string | null;
  isAdmin: boolean;
  isGuest: boolean;
  /** ISO 8601: when the account (guest or registered) was created. */
  createdAt: string;
}

export const MAX_EMAIL_LENGTH = 254;
export const MAX_USERNAME_LENGTH = 50;

/** A missing field is checked as "" (so it reads "X is required", not valibot's generic key message). */
const required = <S extends v.GenericSchema<string, unknown>>(schema: S) => v.optional(schema, "");

/** Trimmed, lower-cased e-mail: the one form stored and compared. */
const email = v.pipe(
  v.string("Email is required"),
  v.trim(),
  v.nonEmpty("Email is required"),
  v.maxLength(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters`),
  v.email("Please enter a valid email address"),
  v.toLowerCase(),
);

/** NFKC-normalised (NIST SP 800-63B), never trimmed: spaces are allowed in passwords. */
const normalisedPassword = v.pipe(
  v.string("Password is required"),
  v.nonEmpty("Password is required"),
  v.transform((value) => value.normalize("NFKC")),
);

/** Body of POST /api/auth/register. Every problem is reported, one message per field. */
export const RegisterInput = v.object({
  email: required(email),
  username: required(
    v.pipe(
      v.string("Username is required"),
      v.trim(),
      v.nonEmpty("Username is required"),
      v.maxLength(MAX_USERNAME_LENGTH, `Username must be at most ${MAX_USERNAME_LENGTH} characters`),
      // eslint-disable-next-line no-control-regex
      v.regex(/^[^\u0000-\u001f\u007f]*$/, "Username must not contain control characters"),
    ),
  ),
  password: required(
    v.pipe(
      normalisedPassword,
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const problem = passwordProblem(dataset.value);
        if (problem) addIssue({ message: problem });
      }),
    ),
  ),
});
export type RegisterInput = v.InferOutput<typeof RegisterInput>;

/** Body of POST /api/auth/login. Strength rules are not applied here: a wrong password is just wrong. */
export const LoginInput = v.object({
  email: required(email),
  password: required(normalisedPassword),
});
export type LoginInput = v.InferOutput<typeof LoginInput>;

/**
 * What Elysia checks before the handler: a JSON object. The fields are checked inside the handler,
 * after the rate limiter has counted the attempt (so malformed attempts count too).
 */
export const AnyObject = v.record(v.string(), v.unknown(), "The request body must be a JSON object.");
