/**
 * LocalScope server entry: validate configuration, prepare the database, serve.
 * The client build (scripts/build.ts) must have run: it writes dist/assets.gen.ts.
 */
import { files, manifest } from "../dist/assets.gen";
import { announceAdminSetup } from "../modules/auth";
import { createApp } from "./app";
import { compressPages } from "./page-cache";
import { onShutdown, shutdown } from "./lifecycle";
import { bootServices, StartupError } from "./boot";
import { startRefreshSchedule } from "./refresh-schedule";
import { freshnessLine } from "../modules/admin";
import { warmHome } from "./warm-home";
import { ConfigError, loadConfig, type Config } from "./config";

const log = { info: console.log, warn: console.warn, error: console.error };

let config: Config;
try {
  // The compiled binary has NODE_ENV defined as "production" at build time; elsewhere it comes from the shell.
  config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const { database, cityIndex, places, onPlacesChanged, stopWatching } = await bootServices(config, log, {
  watchDataVersion: true,
  // Imports and splits give way to visitors' requests (docs/decisions/075-a-first-import-on-both-cores.md).
  lowPriorityImports: true,
}).catch((error) => {
  if (!(error instanceof StartupError)) throw error;
  console.error(error.message);
  process.exit(1);
});
// The city search's tables, built before the first visitor searches (modules/cities/city-index.ts).
cityIndex.prepare();
// How old the places a traveller needs open today are, in one line (README "Fresh data").
void freshnessLine(database.client).then(
  (line) => line && log.info(line),
  () => {},
);
// docs/product.md#accounts: an unclaimed ADMIN_EMAIL gets a one-time setup code in the log.
await announceAdminSetup({ database, config, log });
const app = createApp({ config, database, cityIndex, places, assets: { manifest, files }, log, onPlacesChanged });
// Served through the request log's wrapper (docs/decisions/022-traffic-log.md): every request passes through one fetch handler, so
// the log sees each answer with its real status (Elysia's own listen would route matched paths past it).
const server = Bun.serve({
  port: config.PORT,
  hostname: config.HOST,
  maxRequestBodySize: 1024 * 1024,
  idleTimeout: 30,
  development: config.NODE_ENV !== "production",
  // Bun sets SO_REUSEPORT when not in development: a second server started on this port (another database) would
  // then silently take part of the requests. Off, it stops with "Is port … in use?" instead.
  reusePort: false,
  fetch: app.traffic.wrap(compressPages(app.fetch) as typeof app.fetch) as never,
});
app.server = server as never; // what Elysia hands handlers as `server` (requestIP) and what app.stop() stops
app.traffic.log.start();
// Flush the buffered request log when the server shuts down (after requests drain).
onShutdown("traffic log", () => app.traffic.log.stop());
onShutdown("data version poll", stopWatching);
// REFRESH_SCHEDULE=daily|weekly: import:osm -- --all in a child process at nice 19 (off by default).
onShutdown(
  "refresh schedule",
  startRefreshSchedule({ schedule: config.REFRESH_SCHEDULE, client: database.client, log, env: process.env }),
);
// The default city's home lists, ranked now rather than on the first visitor's first page (./warm-home.ts).
void warmHome(database.client, cityIndex, places).catch((error) => log.warn("[places] home lists at start:", error));
const shownHost = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
log.info(
  `LocalScope is running at http://${shownHost}:${server.port} (${config.NODE_ENV}, database ${config.DATABASE_URL.replace(/\/\/[^@]*@/, "//")})`,
);

// Graceful shutdown: /healthz says 503, in-flight requests finish, onShutdown hooks flush, the database closes.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await shutdown({ stop: (force) => app.stop(force), database, log });
    process.exit(0);
  });
}
