import { randomBytes } from "node:crypto";
import { Elysia } from "elysia";
import { isHttps, jsonError, requestHost, syncRequestHooks } from "./http";

export interface SecurityOptions {
  /** Origin of the map tiles (img-src). */
  tileOrigin?: string;
}

/** A fresh CSP nonce (128 random bits, base64) for one rendered page. */
export const createNonce = () => randomBytes(16).toString("base64");

/**
 * The Content-Security-Policy. Pages rendered by src/ssr.tsx pass their nonce: only scripts carrying it
 * run, and 'strict-dynamic' lets those load the island chunks they import ('self' stays as the fallback
 * for browsers without CSP3). Other answers (JSON, files) get the same policy with scripts from 'self'.
 */
export function contentSecurityPolicy(options: SecurityOptions & { nonce?: string } = {}): string {
  // Places' photos come from their sources' own servers (the National Park Service, state registers), over https:
  // without it every place photo was refused and the card fell back to its illustration.
  const img = ["'self'", "data:", "blob:", "https:", options.tileOrigin].filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    options.nonce ? `script-src 'nonce-${options.nonce}' 'strict-dynamic' 'self'` : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img}`,
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Security headers on every answer (OWASP ASVS L2): CSP, nosniff, referrer policy, no framing, HSTS on https. */
export function securityHeaders(options: SecurityOptions = {}) {
  const csp = contentSecurityPolicy(options);
  return syncRequestHooks(
    new Elysia({ name: "security-headers" }).onRequest(({ request, set }) => {
      set.headers["content-security-policy"] = csp;
      set.headers["x-content-type-options"] = "nosniff";
      set.headers["referrer-policy"] = "strict-origin-when-cross-origin";
      set.headers["x-frame-options"] = "DENY";
      set.headers["cross-origin-opener-policy"] = "same-origin";
      set.headers["permissions-policy"] = "camera=(), microphone=(), payment=(), geolocation=(self)";
      if (isHttps(request)) set.headers["strict-transport-security"] = "max-age=31536000";
    }),
  );
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a browser tells us the request comes from another site or origin: Sec-Fetch-Site says
 * cross-site or same-site, or Origin names another host (or is "null": sandboxed frames, data: URLs).
 * Requests without either header (curl, server-to-server) are not browser CSRF and pass.
 */
export function isCrossOrigin(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site")?.toLowerCase();
  if (site === "cross-site" || site === "same-site") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).host.toLowerCase() !== requestHost(request);
  } catch {
    return true;
  }
}

export const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed.";

/** CSRF defence: every state-changing request (POST, PUT, PATCH, DELETE, …) from another site → 403. */
export function crossSiteProtection() {
  return syncRequestHooks(
    new Elysia({ name: "cross-site-protection" }).onRequest(({ request }) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (isCrossOrigin(request)) return jsonError(403, CROSS_SITE_MESSAGE);
    }),
  );
}
