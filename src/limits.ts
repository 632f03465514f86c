import { Elysia } from "elysia";
import { LRUCache } from "lru-cache";
import { clientAddress, HttpError, jsonError, pathOf, syncRequestHooks } from "./http";
import { clientKey } from "./client-key";

/**
 * Limits on what a request may carry, checked before routing and before any schema validation (docs/decisions/019-request-hardening.md
 * item 1). Elysia's validation error builds its message with JSON.stringify of the whole value, and valibot
 * walks it recursively: a 50,000-level body blocked the event loop for seconds and overflowed the stack. So
 * every JSON body is capped in size (413) and in nesting depth (400) here, with a linear scan that never
 * recurses, and only then parsed.
 */

/** Bytes a JSON body may have: sign-in and registration bodies are small; everything else ≤ 64 KB. */
export const BODY_LIMITS = { auth: 16 * 1024, default: 64 * 1024 } as const;
/** Arrays and objects nested deeper than this are refused (the app's deepest real body is 2 levels). */
export const MAX_JSON_DEPTH = 32;

export const MESSAGES = {
  tooLarge: (limit: number) => `The request body is too large (at most ${Math.round(limit / 1024)} KB).`,
  tooDeep: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
  badHost: "The Host header is missing or not valid.",
  notJson: "The request body is not valid JSON.",
} as const;

export const bodyLimitFor = (path: string) => (path.startsWith("/api/auth/") ? BODY_LIMITS.auth : BODY_LIMITS.default);

/** A host name or address with an optional port, as the Host header must carry it. */
const HOST =
  /^(?:\[[0-9a-f:.]{2,45}\]|[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*\.?)(?::\d{1,5})?$/i;

let lastValidHost: string | undefined;
/** True when the request names a host we can build a URL from (a missing or garbled Host makes request.url unparseable). */
export function hasValidHost(request: Request): boolean {
  const host = request.headers.get("host");
  // The same Host arrives on nearly every request: the last one found valid skips the pattern.
  if (host !== null && host !== lastValidHost) {
    if (host.length > 255 || !HOST.test(host)) return false;
    lastValidHost = host;
  }
  // app.handle(new Request(url)) in tests carries no Host header but a full URL; a socket request always has one.
  return URL.canParse(request.url) && (host !== null || !request.url.startsWith("/"));
}

/** Deepest nesting of arrays/objects in JSON text, stopping as soon as `max` is passed. Strings are skipped. */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

const isJson = (contentType: string | null) =>
  contentType !== null && /^application\/(?:[\w.+-]*\+)?json\b/i.test(contentType.trim());

async function readCapped(request: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readCappedBytes(request, limit));
}

async function readCappedBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > limit) throw new HttpError(413, MESSAGES.tooLarge(limit));
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new HttpError(413, MESSAGES.tooLarge(limit));
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Size and depth checks before any route sees a body; a bad Host is refused before anything else reads the URL. */
export function requestLimits() {
  return syncRequestHooks(
    new Elysia({ name: "request-limits" }).onRequest(({ request }) => {
      if (!hasValidHost(request)) return jsonError(400, MESSAGES.badHost, { host: [MESSAGES.badHost] });
      const declared = Number(request.headers.get("content-length") ?? 0);
      if (declared > 0) {
        const limit = bodyLimitFor(pathOf(request));
        if (declared > limit) return jsonError(413, MESSAGES.tooLarge(limit));
      }
    }),
  ).onParse({ as: "global" }, async ({ request, contentType }) => {
    // Every body is read under the route's cap, declared length or not (a chunked form body of a megabyte was
    // read whole and parsed: up to 0.6 s each). Forms and text are parsed here from the capped bytes.
    if (!isJson(contentType)) {
      if (!request.body) return;
      const limit = bodyLimitFor(pathOf(request));
      const type = (contentType ?? "").toLowerCase();
      if (type.startsWith("multipart/form-data")) {
        const bytes = await readCappedBytes(request, limit);
        const form = await new Response(bytes as unknown as BodyInit, {
          headers: { "content-type": contentType! },
        }).formData();
        return Object.fromEntries(form);
      }
      const text = new TextDecoder().decode(await readCappedBytes(request, limit));
      if (type.startsWith("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
      return text;
    }
    const text = await readCapped(request, bodyLimitFor(pathOf(request)));
    if (text.trim() === "") return {};
    if (jsonDepthExceeds(text)) throw new HttpError(400, MESSAGES.tooDeep, { body: [MESSAGES.tooDeep] });
    try {
      return JSON.parse(text);
    } catch {
      throw new HttpError(400, MESSAGES.notJson, { body: [MESSAGES.notJson] });
    }
  });
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const WINDOW_MS = 60_000;
/** GET routes whose answer costs a database search: counted per client apart from the cheap reads. */
const EXPENSIVE_GETS = ["/api/places/search"];

/**
 * Limits per client (after the Epic Stack's defaults), one limiter for every kind: each POST, PUT, PATCH and
 * DELETE counts, `perMinute` of them a minute, and `authPerMinute` for /api/auth/* (on top of the sign-in limits
 * kept in the database); each expensive GET (place search) counts `searchesPerMinute`. Fixed one-minute windows
 * in memory, per instance: cheap enough for every request (no database write), bounded (at most 50,000 clients
 * remembered). A client is its address, an IPv6 client its /64. Past a limit: 429 with Retry-After. A request
 * whose address is unknown (in-process calls) is not counted.
 */
export function clientLimits(options: {
  perMinute: number;
  authPerMinute: number;
  searchesPerMinute: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const windows = new LRUCache<string, { start: number; count: number }>({ max: 50_000, ttl: WINDOW_MS });
  const take = (key: string, limit: number): number => {
    const at = now();
    let window = windows.get(key);
    if (!window || at - window.start >= WINDOW_MS) {
      window = { start: at, count: 0 };
      windows.set(key, window);
    }
    if (window.count >= limit) return Math.max(1, Math.ceil((window.start + WINDOW_MS - at) / 1000));
    window.count++;
    return 0;
  };
  const waitFor = (request: Request, address: string): number => {
    if (request.method === "GET") {
      const path = pathOf(request);
      return EXPENSIVE_GETS.includes(path) ? take(`search:${clientKey(address)}`, options.searchesPerMinute) : 0;
    }
    if (!WRITE_METHODS.has(request.method)) return 0;
    const client = clientKey(address);
    return pathOf(request).startsWith("/api/auth/")
      ? take(`auth:${client}`, options.authPerMinute) || take(`write:${client}`, options.perMinute)
      : take(`write:${client}`, options.perMinute);
  };
  return syncRequestHooks(
    new Elysia({ name: "client-limits", seed: options }).onRequest(({ request, server }) => {
      if (request.method !== "GET" && !WRITE_METHODS.has(request.method)) return;
      const address = clientAddress(request, server);
      if (!address) return;
      const wait = waitFor(request, address);
      if (wait > 0) {
        return jsonError(
          429,
          `Too many requests. Please wait ${wait} second${wait === 1 ? "" : "s"} and try again.`,
          {},
          { "retry-after": String(wait), "cache-control": "no-store" },
        );
      }
    }),
  );
}
