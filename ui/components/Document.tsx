import { createContext, type ReactNode } from "react";
import { THEMES } from "../themes";

export interface AssetManifest {
  /** URL of the island runtime entry. */
  entry: string;
  /** URLs of the chunks the entry imports statically (modulepreload). */
  preload: string[];
  /** URL of the generated stylesheet. */
  css: string;
  /** URLs of React's part of the runtime (ui/hydrate.tsx) and what it imports: preloaded by islands that hydrate at once. */
  runtime?: string[];
}

/** The page's assets and script nonce, for islands (ui/island.tsx) to preload what they need; none outside a page. */
export const PageAssets = createContext<{
  runtime: string[];
  nonce?: string;
  /** Whether an island has written the runtime's preload links (once a page). */
  preloaded: { done: boolean };
} | null>(null);

/**
 * The HTML document around every page. `nonce` is the page's CSP script nonce (src/ssr.tsx). `retryBaseMs`
 * (browser tests only, TEST_RETRY_BASE_MS) replaces the client's 1 s first retry delay (ui/queries.ts).
 */
export function Document(props: {
  title: string;
  description?: string;
  theme: string;
  assets: AssetManifest;
  nonce?: string;
  retryBaseMs?: number;
  children: ReactNode;
}) {
  return (
    <html lang="en" data-theme={props.theme} data-retry-ms={props.retryBaseMs}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <title>{props.title}</title>
        <meta
          name="description"
          content={props.description ?? "LocalScope — Travel Enlightened. Discover real places in any US city."}
        />
        <meta name="theme-color" content={THEMES.find((t) => t.name === props.theme)?.primary ?? "#15803d"} />
        {/* A PNG: an SVG icon costs the page a document of its own on the main thread while it loads. */}
        <link rel="icon" href="/favicon-48.png" type="image/png" sizes="48x48" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {/* With a precedence React writes the stylesheet first in the head, before the scripts and preload links:
            what the first paint waits for is asked for first. */}
        <link rel="stylesheet" href={props.assets.css} precedence="default" />
        {props.assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} nonce={props.nonce} />
        ))}
        <script type="module" src={props.assets.entry} async nonce={props.nonce} />
      </head>
      <body>
        <PageAssets.Provider
          value={{ runtime: props.assets.runtime ?? [], nonce: props.nonce, preloaded: { done: false } }}
        >
          {props.children}
        </PageAssets.Provider>
      </body>
    </html>
  );
}
