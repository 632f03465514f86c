import { LRUCache } from "lru-cache";
import { createNonce } from "./security";

/**
 * Server-rendered HTML kept for pages whose content depends only on a few request facts (issue 16 item 8):
 * the home page depends on (city, theme, city-from-cookie, viewer kind). The page is rendered once with a
 * placeholder nonce; each answer substitutes a fresh per-request nonce and sends the matching CSP, so the
 * cache never weakens the script policy. `clear()` runs when places change (an import landed).
 */
export const NONCE_PLACEHOLDER = "cAcHeDnOnCePlAcEhOlDeR=="; // 24 characters like a real nonce; never a real one

export interface CachedPage {
  html: string;
  status: number;
}

export function createPageCache(options: { max?: number; ttlMs?: number } = {}) {
  const pages = new LRUCache<string, CachedPage>({ max: options.max ?? 1_000, ttl: options.ttlMs ?? 10 * 60_000 });
  let hits = 0;
  let misses = 0;
  return {
    /** The cached page for `key` as a fresh answer (a new nonce), or null. */
    get(key: string, policy: (nonce: string) => string): Response | null {
      const page = pages.get(key);
      if (!page) {
        misses++;
        return null;
      }
      hits++;
      return answer(page, policy);
    },
    /** Keep a page rendered with NONCE_PLACEHOLDER and answer it with a fresh nonce. */
    async put(key: string, rendered: Response, policy: (nonce: string) => string): Promise<Response> {
      const page = { html: await rendered.text(), status: rendered.status };
      pages.set(key, page);
      return answer(page, policy);
    },
    clear() {
      pages.clear();
    },
    stats: () => ({ size: pages.size, hits, misses }),
  };
}

function answer(page: CachedPage, policy: (nonce: string) => string): Response {
  const nonce = createNonce();
  return new Response(page.html.replaceAll(NONCE_PLACEHOLDER, nonce), {
    status: page.status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "content-security-policy": policy(nonce) },
  });
}

export type PageCache = ReturnType<typeof createPageCache>;
