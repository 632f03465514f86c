// The fields the request log derives from a request: its route template, whether it is logged at all, the
// device, the bot flag and the visitor key (docs/decisions/022-traffic-log.md, privacy).
import { isbot } from "isbot";

/** Route path as logged: no query string, numeric and long opaque segments collapsed to ":id", at most 200 characters. */
export function routePath(pathname: string): string {
  let path = pathname;
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  const segments = path
    .split("/")
    .map((segment) =>
      /^\d+$/.test(segment) ||
      /^[0-9a-f-]{16,}$/i.test(segment) ||
      (segment.length >= 12 && /\d/.test(segment) && /^[\w-]+$/.test(segment))
        ? ":id"
        : segment,
    );
  return segments.join("/").slice(0, 200) || "/";
}

/** The path of a logged path or URL: no origin, no query string. */
export function pathnameOf(text: string): string {
  let start = 0;
  if (!text.startsWith("/")) {
    start = text.indexOf("/", text.indexOf("//") + 2);
    if (start < 0) return "/";
  }
  const query = text.indexOf("?", start);
  return text.slice(start, query < 0 ? undefined : query);
}

/** Requests never logged: static files (/assets/*) and the health check (/healthz); `start` is where the URL's path begins. */
export const isSkippedAt = (url: string, start: number) =>
  url.startsWith("/assets/", start) ||
  (url.startsWith("/healthz", start) && (url.length === start + 8 || url.charCodeAt(start + 8) === 63)) /* ? */;

export const deviceOf = (userAgent: string): "mobile" | "desktop" =>
  /Mobi|Android|iPhone|iPad|iPod|Windows Phone/i.test(userAgent) ? "mobile" : "desktop";

/** isbot's pattern costs ~10 µs a call; user agents repeat, so answers are kept (up to 5,000 agents). */
const botAnswers = new Map<string, boolean>();
export function isBot(userAgent: string): boolean {
  let answer = botAnswers.get(userAgent);
  if (answer === undefined) {
    if (botAnswers.size >= 5_000) botAnswers.clear();
    answer = isbot(userAgent);
    botAnswers.set(userAgent, answer);
  }
  return answer;
}

/** The visitor key: HMAC-SHA256(salt, ip + "\n" + user agent), 32 hex characters. */
export function visitorKey(salt: string, ip: string | undefined, userAgent: string): string {
  const hmac = new Bun.CryptoHasher("sha256", salt);
  hmac.update(`${ip ?? "?"}\n${userAgent}`);
  return hmac.digest("hex").slice(0, 32);
}
