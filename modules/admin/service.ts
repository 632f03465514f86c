// Admin service: plain functions taking plain values.
import { isAdminEmail } from "../auth";
import { HttpError, type RequestUser } from "../../src/http";

export { isAdminEmail };

import { ACCESS_DENIED } from "../../src/domain/accounts";

export { ACCESS_DENIED };

/**
 * Server-side admin check (DECISIONS 9) for every /api/admin/* route: anonymous → 401, anyone but the
 * account whose e-mail equals ADMIN_EMAIL → 403. `user.isAdmin` is computed by the auth module from that
 * e-mail comparison (isAdminEmail) on every request, never taken from the client.
 */
export function requireAdmin(user: RequestUser | null): RequestUser {
  if (!user) throw new HttpError(401, "Please sign in.");
  if (!user.isAdmin) throw new HttpError(403, ACCESS_DENIED);
  return user;
}
