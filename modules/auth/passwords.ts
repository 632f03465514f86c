import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * Password rules (docs/product.md#accounts): 8–128 characters, not one of the 10,000 most common passwords.
 * The list is the head of zxcvbn-ts's frequency-ranked common-password dictionary (MIT); see
 * docs/decisions/008-common-password-list.md for its source and licence.
 */
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../src/domain/accounts";

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };
export const COMMON_PASSWORD_COUNT = 10_000;

export const PASSWORD_MESSAGES = {
  required: "Password is required",
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  blank: "Password must not be only spaces",
  common: "This password is one of the most common passwords and is easy to guess. Please choose a different one.",
} as const;

let common: Set<string> | undefined;

/** The 10,000 most common passwords, lower-cased (the list itself is lower-case). Loaded on first use. */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return common;
}

/** Length in characters as people count them (code points, so an emoji is one, not two). */
export const passwordLength = (password: string) => [...password].length;

/** The first rule an (already NFKC-normalised) password breaks, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  const length = passwordLength(password);
  if (length === 0) return PASSWORD_MESSAGES.required;
  if (length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (password.trim() === "") return PASSWORD_MESSAGES.blank;
  if (commonPasswords().has(password.toLowerCase())) return PASSWORD_MESSAGES.common;
  return undefined;
}
