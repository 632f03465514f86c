import { startTransition, useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandProviders } from "./providers";

/**
 * React's part of the island runtime (ui/client.tsx): a chunk of its own, so a page whose islands wait for the
 * visitor (docs/decisions/077-islands-on-first-use.md) loads no React until then.
 */

/** Calls `onHydrated` once React has hydrated the island (an effect runs only after that). */
function Hydrated(props: { onHydrated: () => void; children: ReactNode }) {
  useEffect(props.onHydrated, []);
  return props.children;
}

/**
 * Hydrates one island. In a transition React hydrates in slices of a few milliseconds, yielding to the browser
 * between them, so a page's islands never hold the main thread for one long task (a tap in between is still
 * handled first).
 */
export function hydrate(
  element: HTMLElement,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  onHydrated: () => void,
) {
  startTransition(() => {
    hydrateRoot(
      element,
      <Hydrated onHydrated={onHydrated}>
        <IslandProviders>
          <Component {...props} />
        </IslandProviders>
      </Hydrated>,
    );
  });
}
