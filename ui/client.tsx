import { startTransition, useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandProviders } from "./providers";

/**
 * The island runtime: every island's code is its own chunk, loaded only when its marker is on the page.
 * Add an island here when you add one to ui/islands/ (the unit test checks that every island is listed).
 */
export const islandLoaders = {
  CityPicker: () => import("./islands/CityPicker"),
  CityBanner: () => import("./islands/CityBanner"),
  Toaster: () => import("./islands/Toaster"),
  // Accounts, landing page, profile and favorites (docs/decisions/013-signed-in-shell.md).
  AuthButton: () => import("./islands/AuthButton"),
  AuthDialog: () => import("./islands/AuthDialog"),
  GuestButton: () => import("./islands/GuestButton"),
  LegalLinks: () => import("./islands/LegalLinks"),
  ProfileView: () => import("./islands/ProfileView"),
  FavoritesView: () => import("./islands/FavoritesView"),
  TripList: () => import("./islands/TripList"),
  TripEditor: () => import("./islands/TripEditor"),
  SessionWatch: () => import("./islands/SessionWatch"),
  // Discovery screens (docs/decisions/010-discovery-screens.md).
  CityFavorite: () => import("./islands/CityFavorite"),
  HomeNearby: () => import("./islands/HomeNearby"),
  HomeLocalGems: () => import("./islands/HomeLocalGems"),
  NearbyList: () => import("./islands/NearbyList"),
  LocalGemsList: () => import("./islands/LocalGemsList"),
  FeaturedList: () => import("./islands/FeaturedList"),
  LodgingList: () => import("./islands/LodgingList"),
  CategoryFacts: () => import("./islands/CategoryFacts"),
  CategoryHistory: () => import("./islands/CategoryHistory"),
  CategoryPlaces: () => import("./islands/CategoryPlaces"),
  PlaceView: () => import("./islands/PlaceView"),
  // The map screen; maplibre-gl is a further lazy chunk inside it (ui/map/engine.ts).
  MapExplorer: () => import("./islands/MapExplorer"),
  // A trip's day on the map (numbered stops joined by a line), on /map?trip=… and a share link's map.
  TripDayMap: () => import("./islands/TripDayMap"),
  // The traffic screen (docs/decisions/022-traffic-log.md); its uPlot chart is a further lazy chunk (ui/components/TrafficChart.tsx).
  TrafficView: () => import("./islands/TrafficView"),
  // The admin panel (docs/decisions/021-admin-metrics.md); uPlot is a further lazy chunk inside it (ui/components/admin-charts.tsx).
  AdminPanel: () => import("./islands/AdminPanel"),
  // The AI travel assistant (docs/decisions/018-chat.md), only on /chat.
  ChatView: () => import("./islands/ChatView"),
} satisfies Record<string, () => Promise<{ default: ComponentType<any> }>>;

/** The names `<Island name=…>` accepts (ui/island.tsx). */
export type IslandName = keyof typeof islandLoaders;

/**
 * A tap on a server-rendered button before its island is hydrated would be lost: it is held (the last one
 * per island) and replayed once the island is live.
 */
const heldClicks = new WeakMap<HTMLElement, HTMLButtonElement>();
function holdEarlyClick(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  const island = button?.closest<HTMLElement>("[data-island]");
  if (!button || !island || island.dataset.hydrated) return;
  event.preventDefault();
  event.stopPropagation();
  heldClicks.set(island, button);
}

/** Marks the island element once React has hydrated it (`data-hydrated`, for tests and debugging) and replays a held tap. */
function Hydrated(props: { element: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    props.element.dataset.hydrated = "true";
    const held = heldClicks.get(props.element);
    heldClicks.delete(props.element);
    if (held?.isConnected && !held.disabled) held.click();
  }, [props.element]);
  return props.children;
}

const started = new WeakSet<HTMLElement>();

/**
 * Hydrate the island once its props are on the page. The page's script is `async`, so it can run while the
 * HTML is still arriving: an island whose props script (written right after it) is not wholly parsed yet
 * waits for the rest of the document; hydrating it with no props broke it.
 */
async function hydrateIsland(element: HTMLElement) {
  if (started.has(element)) return;
  const name = element.dataset.island!;
  const id = element.dataset.islandId!;
  const load = (islandLoaders as Record<string, () => Promise<{ default: ComponentType<any> }>>)[name];
  if (!load) {
    console.warn(`LocalScope: no island named ${name}`);
    return;
  }
  const script = document.querySelector(`script[data-island-props="${id}"]`);
  // Parsed to its end once something follows it (or the whole document is in).
  if (!script || (!script.nextSibling && document.readyState === "loading")) return;
  started.add(element);
  const props = script.textContent ? JSON.parse(script.textContent) : {};
  const { default: Component } = await load();
  // In a transition React hydrates in slices of a few milliseconds, yielding to the browser between them, so
  // a page's islands never hold the main thread for one long task (a tap in between is still handled first).
  startTransition(() => {
    hydrateRoot(
      element,
      <Hydrated element={element}>
        <IslandProviders>
          <Component {...props} />
        </IslandProviders>
      </Hydrated>,
    );
  });
}

/**
 * The shell's own islands (the toast region, the session watch) are not what the visitor came for: they hydrate
 * once the browser is idle, after the page's islands. A toast raised before then shows when the region hydrates.
 */
const WHEN_IDLE = new Set<string>(["Toaster", "SessionWatch"]);
const whenIdle = (run: () => void) =>
  "requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200);

/**
 * Tooltips (ui/tooltip.ts) are only for hover and keyboard focus: their code loads at the first hover or focus
 * on the page (not with the page's JavaScript) and takes that first one over.
 */
function installTooltipsOnFirstUse() {
  const first = (event: Event) => {
    document.removeEventListener("pointerover", first, true);
    document.removeEventListener("focusin", first, true);
    void import("./tooltip").then((tooltip) => tooltip.installTooltips(document, event));
  };
  document.addEventListener("pointerover", first, true);
  document.addEventListener("focusin", first, true);
}

if (typeof document !== "undefined") {
  installTooltipsOnFirstUse();
  document.addEventListener("click", holdEarlyClick, true);
  const hydrateAll = () => {
    for (const element of document.querySelectorAll<HTMLElement>("[data-island]"))
      if (WHEN_IDLE.has(element.dataset.island!)) whenIdle(() => void hydrateIsland(element));
      else void hydrateIsland(element);
  };
  hydrateAll();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", hydrateAll, { once: true });
  // Offline trips (docs/decisions/055-trips-offline.md): the service worker keeps the pages a traveller opened.
  // It is registered once the page has loaded and the browser is idle: its first install fetches pages to keep
  // them, which must not compete with the page being opened.
  const registerWorker = () => void navigator.serviceWorker?.register("/sw.js").catch(() => undefined);
  if (document.readyState === "complete") whenIdle(registerWorker);
  else window.addEventListener("load", () => whenIdle(registerWorker), { once: true });
}
