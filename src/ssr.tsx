import type { ReactElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import { Document, type AssetManifest } from "../ui/components/Document";
import { DEFAULT_THEME, THEME_NAMES } from "../ui/themes";
import type { Logger } from "./http";
import { contentSecurityPolicy, createNonce } from "./security";

export type { AssetManifest };

export interface RenderOptions {
  title: string;
  description?: string;
  status?: number;
  theme?: string;
  /** Render with this nonce instead of a fresh one (the page cache renders with a placeholder, src/page-cache.ts). */
  nonce?: string;
}

/**
 * Server-side rendering: a page element inside the document, streamed as HTML. Every page gets a fresh
 * CSP nonce: the document's script tags (and any inline script React streams) carry it, and the answer's
 * Content-Security-Policy (from `contentSecurityPolicy`, see src/security.ts) allows only scripts with it.
 */
export function createRenderer(deps: {
  assets: AssetManifest;
  log: Logger;
  contentSecurityPolicy?: (nonce: string) => string;
  retryBaseMs?: number;
}) {
  const policy = deps.contentSecurityPolicy ?? ((nonce: string) => contentSecurityPolicy({ nonce }));
  const render = async function render(page: ReactElement, options: RenderOptions): Promise<Response> {
    const theme = options.theme && THEME_NAMES.has(options.theme) ? options.theme : DEFAULT_THEME;
    const nonce = options.nonce ?? createNonce();
    const stream = await renderToReadableStream(
      <Document
        title={options.title}
        description={options.description}
        theme={theme}
        assets={deps.assets}
        nonce={nonce}
        retryBaseMs={deps.retryBaseMs}
      >
        {page}
      </Document>,
      {
        nonce,
        onError(error) {
          deps.log.error("[ssr]", error);
        },
      },
    );
    return new Response(stream, {
      status: options.status ?? 200,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        "content-security-policy": policy(nonce),
      },
    });
  };
  /** The CSP header value for a nonce (what a cached page is sent with). */
  return Object.assign(render, { policy });
}

export type Render = ReturnType<typeof createRenderer>;
