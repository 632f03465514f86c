import type { ComponentType } from "react";

/**
 * The island runtime: every island's code is its own chunk, loaded only when its marker is on the page; React
 * itself is one more (ui/hydrate.tsx), loaded with the first island that hydrates. This file holds no React, so
 * a page whose islands all wait for the visitor runs almost no JavaScript at start
 * (docs/decisions/077-islands-on-first-use.md).
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
 * per island) and replayed once the island is live. The browser's implicit submission (Enter in a form's field)
 * is a click on the form's button too, so a form does not submit itself without its island either.
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
function hydrated(element: HTMLElement) {
  element.dataset.hydrated = "true";
  delete element.dataset.waiting;
  const held = heldClicks.get(element);
  heldClicks.delete(element);
  if (held?.isConnected && !held.disabled) held.click();
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
  reactLoading();
  const props = script.textContent ? JSON.parse(script.textContent) : {};
  const [{ default: Component }, runtime] = await Promise.all([load(), import("./hydrate")]);
  runtime.hydrate(element, Component, props, () => hydrated(element));
}

const whenIdle = (run: () => void) =>
  "requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200);

/**
 * When an island hydrates (`data-hydrate` on its marker, from ui/island.tsx):
 * - at once (no attribute): what the visitor came for;
 * - "interaction": at the visitor's first pointer, touch, key or focus inside it, or at once when the browser is
 *   offline (the page is then the device's copy, which the island refreshes from the kept data). Until then
 *   it is its server-rendered HTML; a tap on its buttons is held and replayed (above);
 * - "idle": when the browser is idle once another island has brought React in (the toast region: only an
 *   island can raise a toast, so without one it has nothing to show).
 */
const idleIslands: HTMLElement[] = [];
let reactWanted = false;
function hydrateIdleIslands() {
  if (reactWanted && idleIslands.length)
    whenIdle(() => {
      for (const element of idleIslands.splice(0)) void hydrateIsland(element);
    });
}
function reactLoading() {
  if (reactWanted) return;
  reactWanted = true;
  hydrateIdleIslands();
}

function wakeOnFirstUse(event: Event) {
  const island = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-island]") : null;
  if (island?.dataset.hydrate === "interaction") void hydrateIsland(island);
}

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
  for (const type of ["pointerdown", "touchstart", "keydown", "focusin"])
    document.addEventListener(type, wakeOnFirstUse, { capture: true, passive: true });
  const seen = new WeakSet<HTMLElement>();
  const hydrateAll = () => {
    for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
      const when = element.dataset.hydrate;
      if (when === "interaction" && navigator.onLine) element.dataset.waiting = "visitor";
      else if (when === "idle" && !seen.has(element)) {
        seen.add(element);
        idleIslands.push(element);
        element.dataset.waiting = "idle";
      } else if (when !== "idle") void hydrateIsland(element);
    }
    hydrateIdleIslands();
  };
  hydrateAll();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", hydrateAll, { once: true });
  // Signed-in pages: the session and theme watch (no React), when the browser is idle.
  const watch = document.querySelector<HTMLElement>("[data-session-watch]");
  if (watch) whenIdle(() => void import("./session-watch").then((m) => m.watchSession(watch)));
  // Offline trips (docs/decisions/055-trips-offline.md): the service worker keeps the pages a traveller opened.
  // It is registered once the page has loaded and the browser is idle: its first install fetches pages to keep
  // them, which must not compete with the page being opened.
  const registerWorker = () => void navigator.serviceWorker?.register("/sw.js").catch(() => undefined);
  if (document.readyState === "complete") whenIdle(registerWorker);
  else window.addEventListener("load", () => whenIdle(registerWorker), { once: true });
}
