import { describe, expect, test } from "bun:test";
import { dictionary } from "@zxcvbn-ts/language-common";
import { COMMON_PASSWORD_COUNT, commonPasswords, PASSWORD_MESSAGES, passwordProblem } from "./passwords";

describe("common-password list", () => {
  test("holds exactly the 10,000 most common passwords of the ranked list", () => {
    const ranked = dictionary["passwords-common"];
    expect(ranked.length).toBeGreaterThan(COMMON_PASSWORD_COUNT);
    expect(commonPasswords().size).toBe(COMMON_PASSWORD_COUNT);
    expect(commonPasswords().has(ranked[0]!)).toBe(true); // "123456"
    expect(commonPasswords().has(ranked[COMMON_PASSWORD_COUNT - 1]!)).toBe(true);
    expect(commonPasswords().has(ranked[COMMON_PASSWORD_COUNT]!)).toBe(false);
  });

  test("rules apply in order: required, length, then commonness (case-insensitive)", () => {
    expect(passwordProblem("")).toBe(PASSWORD_MESSAGES.required);
    expect(passwordProblem("abc")).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem("a".repeat(129))).toBe(PASSWORD_MESSAGES.tooLong);
    expect(passwordProblem("Password1")).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem("FOOTBALL")).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem("quiet-otter-ledger-19")).toBeUndefined();
    // Spaces are allowed in a password, but a password of only spaces (or other blanks) is refused.
    expect(passwordProblem(" ".repeat(8))).toBe(PASSWORD_MESSAGES.blank);
    expect(passwordProblem("\u3000".repeat(10))).toBe(PASSWORD_MESSAGES.blank);
    expect(passwordProblem("  two words  ")).toBeUndefined();
  });
});
