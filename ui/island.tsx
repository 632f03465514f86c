import { useContext, type ComponentType } from "react";
import type { IslandName } from "./client";
import { PageAssets } from "./components/Document";
import { IslandProviders } from "./providers";

/** JSON that is safe inside a <script> element: no "<", ">", "&", U+2028 or U+2029 left raw. */
export function serialiseProps(value: unknown): string {
  return JSON.stringify(value ?? {})
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Props must survive JSON: no functions, no class instances. */
export type Serialisable =
  | string
  | number
  | boolean
  | null
  | Serialisable[]
  | { [key: string]: Serialisable | undefined };

let nextId = 0;

/**
 * Server side of an island: the component rendered to HTML inside a marked container, and its props as
 * JSON beside it. `ui/client.tsx` finds the container by `data-island` and hydrates the same component: at
 * once, or later when `hydrate` says so (its rules are in ui/client.tsx). An island that hydrates at once has
 * React's chunks preloaded in the page's head (the page's own islands need them at once; a page whose islands
 * wait does not download them).
 */
export function Island<P extends Record<string, unknown>>(props: {
  /** A name the client runtime can load (`islandLoaders` in ui/client.tsx); a typo fails the type check. */
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  as?: "div" | "span";
  className?: string;
  /** "interaction": at the visitor's first use of it; "idle": once another island has brought React in. */
  hydrate?: "interaction" | "idle";
}) {
  // The first island that hydrates at once writes React's preload links (React puts them in the head, after
  // the stylesheet, so they never hold the stylesheet back); the page's other islands find them written.
  const page = useContext(PageAssets);
  const preload = page && !props.hydrate && !page.preloaded.done ? page.runtime : [];
  if (preload.length) page!.preloaded.done = true;
  const id = `i${(nextId = (nextId + 1) % 1_000_000_000)}`;
  const Tag = props.as ?? "div";
  const Component = props.component;
  return (
    <>
      {preload.map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={page!.nonce} />
      ))}
      <Tag data-island={props.name} data-island-id={id} data-hydrate={props.hydrate} className={props.className}>
        <IslandProviders>
          <Component {...props.props} />
        </IslandProviders>
      </Tag>
      <script
        type="application/json"
        data-island-props={id}
        dangerouslySetInnerHTML={{ __html: serialiseProps(props.props) }}
      />
    </>
  );
}
