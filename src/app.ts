import { Elysia } from "elysia";
import type { Database } from "../db/client";
import { adminModule } from "../modules/admin";
import { createAuth } from "../modules/auth";
import { activityModule } from "../modules/activity";
import { chatModule } from "../modules/chat";
import { createContentService, discoveryModule, type CityIndex, type PlacesService } from "../modules/discovery";
import { favoritesModule } from "../modules/favorites";
import { createTraffic, trafficModule } from "../modules/traffic";
import { staticAssets } from "./assets";
import { basemap } from "./basemap";
import type { Config } from "./config";
import { errorHandling, type Logger } from "./http";
import { notFoundPage, pages } from "./pages";
import { health } from "./lifecycle";
import { createPageCache } from "./page-cache";
import { requestLimits, writeLimits } from "./limits";
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
  onPlacesChanged?: (listener: () => void) => void;
}

/** Compose the whole application from its modules. Tests call `createApp(...).handle(request)`. */
export function createApp(deps: AppDeps) {
  const content = createContentService({ client: deps.database.client, places: deps.places, config: deps.config, log: deps.log });
  const tileOrigin = new URL(deps.config.TILE_URL.replace(/[{}]/g, "")).origin;
  const render = createRenderer({ assets: deps.assets.manifest, log: deps.log, contentSecurityPolicy: (nonce) => contentSecurityPolicy({ tileOrigin, nonce }) });
  // Accounts and sessions; `currentUser` tells modules who is calling (null = anonymous).
  const auth = createAuth({ database: deps.database, config: deps.config, log: deps.log });
  // Server-rendered home pages, keyed by what they depend on (issue 16 item 8); emptied when places change.
  const homeCache = createPageCache();
  deps.onPlacesChanged?.(() => homeCache.clear());
  // The request log (issue 15): src/server.ts wraps the whole fetch handler with `app.traffic.wrap`, outside every hook.
  const traffic = createTraffic({ database: deps.database, config: deps.config, currentUser: auth.currentUser, log: deps.log });
  const app = new Elysia()
    // First: who connected, and whether its X-Forwarded-* headers count (TRUSTED_PROXIES).
    .use(trustProxies(deps.config.TRUSTED_PROXIES))
    .use(securityHeaders({ tileOrigin }))
    .use(requestLimits())
    .use(writeLimits({ perMinute: deps.config.RATE_LIMIT_WRITES_PER_MINUTE, authPerMinute: deps.config.RATE_LIMIT_AUTH_PER_MINUTE }))
    .use(crossSiteProtection())
    .use(errorHandling({ log: deps.log, renderNotFoundPage: notFoundPage(render, auth.publicUser) }))
    .use(staticAssets(deps.assets.files))
    .use(health({ database: deps.database }))
    .use(discoveryModule({ cityIndex: deps.cityIndex, places: deps.places, content, currentUser: auth.currentUser }))
    .use(auth.module)
    .use(favoritesModule({ database: deps.database, guard: auth.guard }))
    .use(activityModule({ database: deps.database, guard: auth.guard }))
    .use(chatModule())
    .use(adminModule())
    .use(trafficModule({ database: deps.database, guard: auth.guard }))
    .use(basemap())
    .use(pages({ render, cityIndex: deps.cityIndex, tileUrl: deps.config.TILE_URL, places: deps.places, viewer: auth.publicUser, guard: auth.guard, adminClaimable: auth.adminClaimable, homeCache }));
  return Object.assign(app, { traffic });
}

export type App = ReturnType<typeof createApp>;
