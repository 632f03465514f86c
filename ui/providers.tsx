import { createStore, Provider } from "jotai";
import type { ReactNode } from "react";

/**
 * What wraps every island, on the server and in the browser alike, so that hydration sees the same tree.
 * In the browser all islands share one jotai store (so islands can talk to each other); on the server each
 * island gets a fresh one, so nothing leaks between requests. Islands that load data wrap themselves in the
 * query cache (`withQuery` in ui/query-client.tsx).
 */
type Store = ReturnType<typeof createStore>;

let browserStore: Store | undefined;

export function islandStore(): Store {
  if (typeof window === "undefined") return createStore();
  return (browserStore ??= createStore());
}

export function IslandProviders({ children }: { children: ReactNode }) {
  return <Provider store={islandStore()}>{children}</Provider>;
}
