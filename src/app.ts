import { Elysia } from "elysia";
import type { Database } from "../db/client";
import { adminModule } from "../modules/admin";
import { createAuth } from "../modules/auth";
import { activityModule } from "../modules/activity";
import { chatModule } from "../modules/chat";
import { citiesModule, resolveLocation, type CityIndex } from "../modules/cities";
import { contentModule, createContentService, type ContentService } from "../modules/content";
import { type Affected, placesModule, type PlacesService } from "../modules/places";
import { favoritesModule } from "../modules/favorites";
import { createTripsService, tripsModule } from "../modules/trips";
import { createTraffic, performanceFigures, trafficModule } from "../modules/traffic";
import { createLlm } from "../modules/llm";
import { staticAssets } from "./assets";
import { basemap } from "./basemap";
import type { Config } from "./config";
import { errorHandling, type Logger } from "./http";
import { notFoundPage, pages } from "./pages";
import { tripMapPage, tripPages } from "./trip-pages";
import { chatTripsOf } from "./chat-trips";
import { offline } from "./offline";
import { health } from "./lifecycle";
import { createPageCache } from "./page-cache";
import { clientLimits, requestLimits } from "./limits";
import { trustProxies } from "./proxies";
import { contentSecurityPolicy, crossSiteProtection, securityHeaders } from "./security";
import { createRenderer, type AssetManifest } from "./ssr";

export interface AppDeps {
  config: Config;
  database: Database;
  cityIndex: CityIndex;
  places: PlacesService;
  assets: { manifest: AssetManifest; files: Record<string, string> };
  log: Logger;
  /** Called with a listener that must run whenever places change (src/boot.ts); clears the home page cache. */
  onPlacesChanged?: (listener: (affected?: Affected) => void) => void;
}

/** Compose the whole application from its modules. Tests call `createApp(...).handle(request)`. */
export function createApp(deps: AppDeps) {
  // One model seam for every caller, so they share its breaker (decision 017); null = no model configured.
  const llm = deps.config.llm
    ? createLlm(deps.config.llm, {
        onFailure: (e) => deps.log.warn(`LLM: ${e.message}; the model is skipped for 60 s.`),
      })
    : null;
  const content = createContentService({ client: deps.database.client, places: deps.places, llm, log: deps.log });
  const tileOrigin = new URL(deps.config.TILE_URL.replace(/[{}]/g, "")).origin;
  const render = createRenderer({
    assets: deps.assets.manifest,
    log: deps.log,
    contentSecurityPolicy: (nonce) => contentSecurityPolicy({ tileOrigin, nonce }),
    retryBaseMs: deps.config.TEST_RETRY_BASE_MS,
  });
  // Accounts and sessions; `currentUser` tells modules who is calling (null = anonymous).
  const auth = createAuth({ database: deps.database, config: deps.config, log: deps.log });
  const chatSources = chatSourcesOf(deps, content);
  const trips = createTripsService(deps);
  // Server-rendered home pages, keyed by what they depend on (docs/decisions/019-request-hardening.md item 7); emptied when places change.
  const homeCache = createPageCache();
  // A page is keyed "city|state|…": only the pages of the cities the changed places reach are dropped.
  deps.onPlacesChanged?.((affected) => {
    if (!affected) return homeCache.clear();
    homeCache.drop((key) => {
      const [name = "", stateCode = ""] = key.split("|");
      const city = deps.cityIndex.find(name, stateCode);
      return !city || affected(city);
    });
  });
  // The request log (docs/decisions/022-traffic-log.md): src/server.ts wraps the whole fetch handler with `app.traffic.wrap`, outside every hook.
  const traffic = createTraffic({
    database: deps.database,
    config: deps.config,
    currentUser: auth.currentUser,
    log: deps.log,
  });
  // The admin's performance figures come from the request log's hourly rollups (decisions 021, 022).
  const requestLog = {
    async performance(range: { since: number; until: number }) {
      const figures = await performanceFigures(deps.database, {
        hours: Math.max(1, Math.ceil((range.until - range.since) / 3_600_000)),
        now: range.until,
      });
      const measured = figures.requests > 0;
      return {
        avgResponseTime: measured ? figures.avgResponseTime : null,
        errorRate: measured ? figures.errorRate : null,
        peakUsageHours: figures.peakUsageHours,
      };
    },
  };
  const app = new Elysia()
    // First: who connected, and whether its X-Forwarded-* headers count (TRUSTED_PROXIES).
    .use(trustProxies(deps.config.TRUSTED_PROXIES))
    .use(securityHeaders({ tileOrigin }))
    .use(requestLimits())
    .use(
      clientLimits({
        perMinute: deps.config.RATE_LIMIT_WRITES_PER_MINUTE,
        authPerMinute: deps.config.RATE_LIMIT_AUTH_PER_MINUTE,
        searchesPerMinute: deps.config.RATE_LIMIT_SEARCHES_PER_MINUTE,
      }),
    )
    .use(crossSiteProtection())
    .use(
      errorHandling({
        log: deps.log,
        renderNotFoundPage: notFoundPage(render, auth.publicUser, deps.cityIndex.size),
        routes: (): ReadonlyArray<{ method: string; path: string }> => app.routes,
      }),
    )
    .use(staticAssets(deps.assets.files))
    .use(offline())
    .use(health({ database: deps.database }))
    .use(citiesModule({ cityIndex: deps.cityIndex }))
    .use(placesModule({ cityIndex: deps.cityIndex, places: deps.places }))
    .use(contentModule({ cityIndex: deps.cityIndex, content, guard: auth.guard }))
    .use(auth.module)
    .use(favoritesModule({ database: deps.database, guard: auth.guard }))
    .use(activityModule({ database: deps.database, guard: auth.guard }))
    .use(tripsModule({ database: deps.database, guard: auth.guard, service: trips }))
    .use(
      chatModule({
        client: deps.database.client,
        guard: auth.guard,
        sources: chatSources,
        llm,
        log: deps.log,
        limit: deps.config.CHAT_MESSAGES_PER_MINUTE,
        trips: chatTripsOf(trips),
      }),
    )
    .use(adminModule({ database: deps.database, guard: auth.guard, requestLog }))
    .use(trafficModule({ database: deps.database, guard: auth.guard }))
    .use(basemap())
    .use(
      tripPages({
        render,
        viewer: auth.publicUser,
        trips,
        cityCount: deps.cityIndex.size,
        tileUrl: deps.config.TILE_URL,
      }),
    )
    .use(
      pages({
        render,
        cityIndex: deps.cityIndex,
        tileUrl: deps.config.TILE_URL,
        places: deps.places,
        viewer: auth.publicUser,
        guard: auth.guard,
        adminClaimable: auth.adminClaimable,
        homeCache,
        tripMap: tripMapPage({ trips, tileUrl: deps.config.TILE_URL }),
      }),
    );
  return Object.assign(app, { traffic });
}

export type App = ReturnType<typeof createApp>;

/** What chat grounds its answers in, through the other modules' public services (decision 018). */
export function chatSourcesOf(deps: Pick<AppDeps, "cityIndex" | "places">, content: ContentService) {
  type City = NonNullable<ReturnType<CityIndex["find"]>>;
  return {
    resolve: (location: string) => {
      const found = resolveLocation(deps.cityIndex, location);
      return found ? deps.cityIndex.find(found.name, found.stateCode) : undefined;
    },
    list: (city: City, list: "nearby" | "featured" | number, count: number) =>
      deps.places.page(city, typeof list === "number" ? `category-${list}` : list, count, 0),
    search: (city: City, q: string, limit: number) => deps.places.search(q, city, limit),
    searchAll: (q: string, limit: number) => deps.places.search(q, undefined, limit),
    mentioning: (city: City, phrase: string, limit: number) => deps.places.mentioning(phrase, city, 25, limit),
    near: (city: City, point: { latitude: number; longitude: number }, lists: number[] | null, count: number) =>
      deps.places.nearPoint(city, point, lists, count),
    cities: (q: string, limit: number) => deps.cityIndex.search(q, limit),
    history: (city: City) => content.batch("history", city, 8, { more: false }),
    facts: (city: City) => content.batch("facts", city, 4, { more: false }),
  };
}
