import { isHttps } from "../../src/http";

export const SESSION_COOKIE = "localscope_session";
export const GUEST_COOKIE = "localscope_guest";

export { readCookie } from "../../src/cookies";

/**
 * A Set-Cookie value: HttpOnly, SameSite=Lax, Path=/ always; Secure when the request came over https
 * (directly or per X-Forwarded-Proto). `expiresAt` null clears the cookie.
 */
export function cookieHeader(
  request: Request,
  name: string,
  value: string,
  expiresAt: number | null,
  now = Date.now(),
): string {
  const parts = [`${name}=${expiresAt === null ? "" : value}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (expiresAt === null) parts.push("Max-Age=0", "Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  else
    parts.push(
      `Max-Age=${Math.max(0, Math.round((expiresAt - now) / 1000))}`,
      `Expires=${new Date(expiresAt).toUTCString()}`,
    );
  if (isHttps(request)) parts.push("Secure");
  return parts.join("; ");
}

type HeaderSet = { headers: Record<string, unknown> };

/** Add a Set-Cookie header to the answer, keeping any set before. */
export function addSetCookie(set: HeaderSet, cookie: string): void {
  const existing = set.headers["set-cookie"];
  const list = existing === undefined ? [] : Array.isArray(existing) ? (existing as string[]) : [String(existing)];
  set.headers["set-cookie"] = list.length === 0 ? cookie : [...list, cookie];
}
