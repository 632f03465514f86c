import { describe, expect, test } from "bun:test";
import { HttpError } from "../../src/http";
import { ACCESS_DENIED, isAdminEmail, requireAdmin } from "./service";

const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error as HttpError;
  }
  throw new Error("expected a throw");
};

describe("admin check (server side)", () => {
  test("anonymous → 401, a normal user or guest → 403 with the spec's text, the admin passes", () => {
    expect(thrown(() => requireAdmin(null)).status).toBe(401);
    for (const user of [{ id: 2, isGuest: false, isAdmin: false }, { id: 3, isGuest: true, isAdmin: false }]) {
      const error = thrown(() => requireAdmin(user));
      expect(error).toBeInstanceOf(HttpError);
      expect(error.status).toBe(403);
      expect(error.message).toBe(ACCESS_DENIED);
      expect(ACCESS_DENIED).toBe("Access denied. Admin privileges required.");
    }
    const admin = { id: 1, isGuest: false, isAdmin: true };
    expect(requireAdmin(admin)).toBe(admin);
  });

  test("the admin is the account whose e-mail equals ADMIN_EMAIL, compared case-insensitively; unset means nobody", () => {
    expect(isAdminEmail("Boss@Example.com", "boss@example.com")).toBe(true);
    expect(isAdminEmail("boss@example.com.evil", "boss@example.com")).toBe(false);
    expect(isAdminEmail(null, "boss@example.com")).toBe(false);
    expect(isAdminEmail("boss@example.com", undefined)).toBe(false);
  });
});
