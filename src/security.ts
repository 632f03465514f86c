import { Elysia } from "elysia";

/** Security headers on every answer (OWASP ASVS L2): CSP, nosniff, referrer policy, no framing. */
export function securityHeaders(options: { tileOrigin?: string } = {}) {
  const img = ["'self'", "data:", "blob:", options.tileOrigin].filter(Boolean).join(" ");
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
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
  return new Elysia({ name: "security-headers" }).onRequest(({ set }) => {
    set.headers["content-security-policy"] = csp;
    set.headers["x-content-type-options"] = "nosniff";
    set.headers["referrer-policy"] = "strict-origin-when-cross-origin";
    set.headers["x-frame-options"] = "DENY";
  });
}
