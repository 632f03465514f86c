import { deflateRawSync, constants } from "node:zlib";
import { LRUCache } from "lru-cache";
import { createNonce } from "./security";

/**
 * Server-rendered HTML kept for pages whose content depends only on a few request facts (docs/decisions/019-request-hardening.md item 7):
 * the home page depends on (city, theme, city-from-cookie, viewer kind). The page is rendered once with a
 * placeholder nonce; each answer carries a fresh per-request nonce and the matching CSP, so the cache never
 * weakens the script policy.
 *
 * Sending a cached page costs one copy of its bytes (decision 033): the page is kept encoded, with the byte
 * offsets of the placeholder, and the answer is the bytes around them with the fresh nonce (always 24 ASCII
 * characters, like the placeholder) in their place. A browser that accepts `deflate` gets a precompressed copy: each stretch between two
 * nonces is compressed once, ending on a byte boundary, and every nonce goes in an uncompressed (stored)
 * deflate block of its own; only the Adler-32 checksum is worked out per answer, from the stretches' own.
 * The nonce is never compressed together with anything, so compression reveals nothing about it.
 * `clear()` runs when places change (an import landed).
 */
export const NONCE_PLACEHOLDER = "cAcHeDnOnCePlAcEhOlDeR=="; // 24 characters like a real nonce; never a real one
const NONCE_LENGTH = NONCE_PLACEHOLDER.length;

interface Encoded {
  /** The body with the placeholder at `at`. */
  bytes: Uint8Array;
  at: number[];
}

export interface CachedPage {
  status: number;
  plain: Encoded;
  /** zlib-wrapped deflate (Content-Encoding: deflate); its last 4 bytes are the checksum, written per answer. */
  deflate: Encoded & { stretches: Array<{ a: number; b: number; length: number }> };
}

const encoder = new TextEncoder();
const ADLER = 65521;

/** Adler-32 of `bytes` as its two sums (a, b), starting from (a, b). */
function adler(bytes: Uint8Array, a = 1, b = 0): { a: number; b: number } {
  for (let i = 0; i < bytes.length; i++) {
    a = (a + bytes[i]!) % ADLER;
    b = (b + a) % ADLER;
  }
  return { a, b };
}

/** Keep a page: its bytes, where the placeholder sits, and the deflate copy built around it. */
export function encodePage(html: string, status: number): CachedPage {
  const texts = html.split(NONCE_PLACEHOLDER);
  const stretches = texts.map((text) => encoder.encode(text));
  const plain: Encoded = { bytes: encoder.encode(html), at: [] };
  let offset = 0;
  for (const stretch of stretches.slice(0, -1)) {
    offset += stretch.length;
    plain.at.push(offset);
    offset += NONCE_LENGTH;
  }
  // zlib header (deflate, 32 KB window, no preset dictionary; 0x7801 % 31 = 0), then per stretch its own raw
  // deflate blocks ending in a sync flush (byte-aligned, not final), and per nonce a stored block:
  // 0x00 (BFINAL 0, BTYPE 00), LEN, ~LEN (little-endian), the 24 bytes. Last: an empty final stored block
  // and the Adler-32 checksum (big-endian), filled in per answer.
  const parts: Uint8Array[] = [Uint8Array.of(0x78, 0x01)];
  const at: number[] = [];
  let length = 2;
  stretches.forEach((stretch, i) => {
    const packed = deflateRawSync(stretch, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
    parts.push(packed);
    length += packed.length;
    if (i < stretches.length - 1) {
      const block = Uint8Array.of(0x00, NONCE_LENGTH, 0x00, ~NONCE_LENGTH & 0xff, 0xff);
      parts.push(block, new Uint8Array(NONCE_LENGTH));
      at.push(length + block.length);
      length += block.length + NONCE_LENGTH;
    }
  });
  parts.push(Uint8Array.of(0x01, 0x00, 0x00, 0xff, 0xff), new Uint8Array(4));
  const bytes = new Uint8Array(length + 9);
  let o = 0;
  for (const part of parts) {
    bytes.set(part, o);
    o += part.length;
  }
  return {
    status,
    plain,
    deflate: { bytes, at, stretches: stretches.map((s) => ({ ...adler(s), length: s.length })) },
  };
}

export const acceptsDeflate = (acceptEncoding: string | null | undefined) => accepts("deflate", acceptEncoding);

/** Accept-Encoding names `encoding` (and does not refuse it with q=0). */
export function accepts(encoding: string, acceptEncoding: string | null | undefined): boolean {
  for (const item of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = item.split(";").map((p) => p.trim().toLowerCase());
    if (name !== encoding) continue;
    const q = params.find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/** The page with `nonce` written in (for deflate also its checksum), as parts: views of the kept bytes, never copied. */
export function pageBody(page: CachedPage, nonce: string, deflate: boolean): Uint8Array[] {
  const nonceBytes = encoder.encode(nonce);
  if (nonceBytes.length !== NONCE_LENGTH) throw new Error("a nonce has the placeholder's length");
  const source = deflate ? page.deflate : page.plain;
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const at of source.at) {
    parts.push(source.bytes.subarray(from, at), nonceBytes);
    from = at + NONCE_LENGTH;
  }
  if (!deflate) {
    parts.push(source.bytes.subarray(from));
    return parts;
  }
  parts.push(source.bytes.subarray(from, source.bytes.length - 4));
  // Adler-32 of the stretches and nonces in order: a stretch of n bytes whose own sums are (a2, b2),
  // appended to (a, b), gives (a + a2 - 1, b + b2 + n·(a - 1)).
  let a = 1;
  let b = 0;
  page.deflate.stretches.forEach((s, i) => {
    b = (b + s.b + s.length * ((a + ADLER - 1) % ADLER)) % ADLER;
    a = (a + s.a + ADLER - 1) % ADLER;
    if (i < page.deflate.stretches.length - 1) ({ a, b } = adler(nonceBytes, a, b));
  });
  const sum = new Uint8Array(4);
  new DataView(sum.buffer).setUint32(0, ((b << 16) | a) >>> 0);
  parts.push(sum);
  return parts;
}

/** Bytes of cached pages kept at most (a home page is about 60–90 KB, plain and deflated). */
const PAGE_CACHE_BYTES = 8 * 1024 * 1024;

export function createPageCache(options: { max?: number; maxBytes?: number; ttlMs?: number } = {}) {
  const pages = new LRUCache<string, CachedPage>({
    max: options.max ?? 1_000,
    maxSize: options.maxBytes ?? PAGE_CACHE_BYTES,
    sizeCalculation: (page, key) => page.plain.bytes.byteLength + page.deflate.bytes.byteLength + 2 * key.length,
    ttl: options.ttlMs ?? 10 * 60_000,
  });
  let hits = 0;
  let misses = 0;
  return {
    /** The cached page for `key` as a fresh answer (a new nonce; deflated when the client accepts it), or null. */
    get(key: string, policy: (nonce: string) => string, acceptEncoding?: string | null): Response | null {
      const page = pages.get(key);
      if (!page) {
        misses++;
        return null;
      }
      hits++;
      return answer(page, policy, acceptEncoding);
    },
    /** Keep a page rendered with NONCE_PLACEHOLDER and answer it with a fresh nonce. */
    async put(
      key: string,
      rendered: Response,
      policy: (nonce: string) => string,
      acceptEncoding?: string | null,
    ): Promise<Response> {
      const page = encodePage(await rendered.text(), rendered.status);
      pages.set(key, page);
      return answer(page, policy, acceptEncoding);
    },
    clear() {
      pages.clear();
    },
    /** Drop the pages whose key `pick` picks (a state's places changed: the pages of the cities they reach). */
    drop(pick: (key: string) => boolean) {
      for (const key of [...pages.keys()]) if (pick(key)) pages.delete(key);
    },
    stats: () => ({ size: pages.size, hits, misses }),
  };
}

function answer(page: CachedPage, policy: (nonce: string) => string, acceptEncoding?: string | null): Response {
  const nonce = createNonce();
  const deflate = acceptsDeflate(acceptEncoding);
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": policy(nonce),
    vary: "accept-encoding",
  };
  if (deflate) headers["content-encoding"] = "deflate";
  return new Response(new Blob(pageBody(page, nonce, deflate) as BlobPart[]), { status: page.status, headers });
}

export type PageCache = ReturnType<typeof createPageCache>;

type Fetch = (request: Request, server?: unknown) => Response | Promise<Response>;

/**
 * Server-rendered pages that are not cached (everything but a cached home page, which comes precompressed)
 * go out gzipped, streamed, to a browser that accepts gzip (decision 033): Lighthouse measured 9–37 KB of
 * HTML sent as is. JSON, files and answers already encoded pass untouched.
 */
export function compressPages(fetch: Fetch): Fetch {
  // Not an async function: an answer that is already a Response passes without a promise and an await.
  return (request, server) => {
    const answer = fetch(request, server);
    return answer instanceof Response
      ? gzipPage(request, answer)
      : answer.then((response) => gzipPage(request, response));
  };
}

/**
 * The answer gzipped when it is an HTML page and the client accepts gzip. The cheap checks go first: the
 * request's own headers, then the answer's headers; the answer's `body` is touched last, only for an HTML page
 * to compress (reading `response.body` makes Bun build a stream for it: ~1.75 µs an answer, measured on an
 * 8.7 KB JSON answer in a bare Bun.serve; reading its headers ~0.75 µs).
 */
function gzipPage(request: Request, response: Response): Response {
  if (request.method === "HEAD" || !accepts("gzip", request.headers.get("accept-encoding"))) return response;
  if (
    !response.headers.get("content-type")?.startsWith("text/html") ||
    response.headers.has("content-encoding") ||
    !response.body
  )
    return response;
  const headers = new Headers(response.headers);
  headers.set("content-encoding", "gzip");
  headers.append("vary", "accept-encoding");
  headers.delete("content-length");
  return new Response(response.body.pipeThrough(new CompressionStream("gzip")), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
