import type { ReactElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import { Document, type AssetManifest } from "../ui/components/Document";
import { DEFAULT_THEME, THEME_NAMES } from "../ui/themes";
import type { Logger } from "./http";

export type { AssetManifest };

export interface RenderOptions {
  title: string;
  description?: string;
  status?: number;
  theme?: string;
}

/** Server-side rendering: a page element inside the document, streamed as HTML. */
export function createRenderer(deps: { assets: AssetManifest; log: Logger }) {
  return async function render(page: ReactElement, options: RenderOptions): Promise<Response> {
    const theme = options.theme && THEME_NAMES.has(options.theme) ? options.theme : DEFAULT_THEME;
    const stream = await renderToReadableStream(
      <Document title={options.title} description={options.description} theme={theme} assets={deps.assets}>
        {page}
      </Document>,
      {
        onError(error) {
          deps.log.error("[ssr]", error);
        },
      },
    );
    return new Response(stream, {
      status: options.status ?? 200,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
    });
  };
}

export type Render = ReturnType<typeof createRenderer>;
