/**
 * The query cache (TanStack Query) and the components that use it. Only islands that load data in the
 * browser import this module, so pages whose islands need no query library (home, with its lists rendered
 * on the server) do not ship it until a visitor's action asks for data (decision 014).
 */
import { QueryClient, QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { useContext, useState, type ComponentType, type ReactNode } from "react";
import { islandStore } from "./providers";
import { QUERY_DEFAULTS } from "./queries";
import { selectedCityAtom } from "./state";

/** Fresh 5 min, kept 10 min, the product's retry rules (ui/queries.ts). */
export function makeQueryClient() {
  return new QueryClient({ defaultOptions: QUERY_DEFAULTS });
}

let browserClient: QueryClient | undefined;

/** In the browser one cache for the whole page; a city change marks every cached nearby and local-gems list stale. */
function browserQueryClient(): QueryClient {
  if (browserClient) return browserClient;
  const client = makeQueryClient();
  const store = islandStore();
  let previous = store.get(selectedCityAtom);
  store.sub(selectedCityAtom, () => {
    const city = store.get(selectedCityAtom);
    if (!city || (previous && city.name === previous.name && city.stateCode === previous.stateCode)) return;
    previous = city;
    // The new city's lists load under their own keys; the others go stale (refetched when shown again).
    void client.invalidateQueries({ queryKey: ["places", "nearby"], refetchType: "none" });
    void client.invalidateQueries({ queryKey: ["places", "local-gems"], refetchType: "none" });
  });
  return (browserClient = client);
}

/** On the server a fresh cache per render (nothing leaks between requests); in the browser the page's one cache. */
export function QueryProvider(props: { children: ReactNode }) {
  const [client] = useState(() => (typeof window === "undefined" ? makeQueryClient() : browserQueryClient()));
  return <QueryClientProvider client={client}>{props.children}</QueryClientProvider>;
}

/**
 * A component that uses queries, in the query cache (islands and lazily loaded parts alike); inside one
 * that already has a cache (a dialog opened from a list, a test's own client) it uses that one.
 */
export function withQuery<P extends object>(Component: ComponentType<P>): (props: P) => ReactNode {
  return function WithQuery(props: P) {
    const outer = useContext(QueryClientContext);
    if (outer) return <Component {...props} />;
    return (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
  };
}
