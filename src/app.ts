import { Elysia } from "elysia";
import type { Database } from "../db/client";
import { adminModule } from "../modules/admin";
import { createAuth } from "../modules/auth";
import { activityModule } from "../modules/activity";
import { chatModule } from "../modules/chat";
import { citiesModule, type CityIndex } from "../modules/cities";
import { contentModule, createContentService } from "../modules/content";
import { placesModule, type PlacesService } from "../modules/places";
import { favoritesModule } from "../modules/favorites";
import { trafficModule } from "../modules/traffic";
import { staticAssets } from "./assets";
import { basemap } from "./basemap";
import type { Config } from "./config";
import { errorHandling, type Logger } from "./http";
import { notFoundPage, pages } from "./pages";
import { contentSecurityPolicy, crossSiteProtection, securityHeaders } from "./security";
import { createRenderer, type AssetManifest } from "./ssr";

export interface AppDeps {
  config: Config;
  database: Database;
  cityIndex: CityIndex;
  places: PlacesService;
  assets: { manifest: AssetManifest; files: Record<string, string> };
  log: Logger;
}

/** Compose the whole application from its modules. Tests call `createApp(...).handle(request)`. */
export function createApp(deps: AppDeps) {
  const content = createContentService({ client: deps.database.client, places: deps.places, config: deps.config, log: deps.log });
  const tileOrigin = new URL(deps.config.TILE_URL.replace(/[{}]/g, "")).origin;
  const render = createRenderer({ assets: deps.assets.manifest, log: deps.log, contentSecurityPolicy: (nonce) => contentSecurityPolicy({ tileOrigin, nonce }) });
  // Accounts and sessions; `currentUser` tells modules who is calling (null = anonymous).
  const auth = createAuth({ database: deps.database, config: deps.config, log: deps.log });
  return new Elysia()
    .use(securityHeaders({ tileOrigin }))
    .use(crossSiteProtection())
    .use(errorHandling({ log: deps.log, renderNotFoundPage: notFoundPage(render, auth.publicUser) }))
    .use(staticAssets(deps.assets.files))
    .get("/healthz", () => ({ ok: true }))
    .use(citiesModule({ cityIndex: deps.cityIndex }))
    .use(placesModule({ cityIndex: deps.cityIndex, places: deps.places }))
    .use(contentModule({ cityIndex: deps.cityIndex, content, currentUser: auth.currentUser }))
    .use(auth.module)
    .use(favoritesModule({ database: deps.database, currentUser: auth.currentUser }))
    .use(activityModule({ database: deps.database, currentUser: auth.currentUser }))
    .use(chatModule())
    .use(adminModule())
    .use(trafficModule())
    .use(basemap())
    .use(pages({ render, cityIndex: deps.cityIndex, tileUrl: deps.config.TILE_URL, places: deps.places, viewer: auth.publicUser }));
}

export type App = ReturnType<typeof createApp>;
