import { Elysia } from "elysia";
import type { Database } from "../../db/client";
import type { Config } from "../../src/config";
import { clientAddress, parseOrThrow, type CurrentUser, type Logger } from "../../src/http";
import type { AuthGuard } from "../auth";
import { loadCountryTable, type CountryTable } from "./geo";
import { AnalyticsQuery, LogsQuery } from "./model";
import { isSkippedAt } from "./request-fields";
import { TrafficLog } from "./request-log";
import { trafficAnalytics, trafficLogs, trafficPerformance } from "./service";
import { threadWriter } from "./writer-thread";

export { DBIP_ATTRIBUTION, UNKNOWN_COUNTRY } from "./geo";
export { LIVE_LOGS, RANGES, type Range } from "./model";
export { RECENT_VISITORS, TOP_HOURS, type TrafficAnalytics, type TrafficLogEntry } from "./service";

type Server = { requestIP(request: Request): { address: string } | null } | null | undefined;
export type FetchHandler = (request: Request, server?: Server) => Response | Promise<Response>;

let countryTable: Promise<CountryTable> | undefined;
/** The DB-IP country table, loaded once per process (about 60 ms, ~9 MB of typed arrays). */
export const countries = () => (countryTable ??= loadCountryTable());

/**
 * The request log (docs/decisions/022-traffic-log.md). `wrap` wraps the server's fetch handler, the outermost layer, so every answer
 * is seen with its real status — static files and the cross-site 403 (answered in onRequest) and 500s from
 * the error handler included. It records after the answer is ready and never awaits the database.
 */
export function createTraffic(deps: {
  database: Database;
  config: Pick<Config, "TRAFFIC_LOG" | "TRAFFIC_HASH_IPS" | "TRAFFIC_INCLUDE_ADMIN" | "TRAFFIC_RETENTION_DAYS"> &
    Partial<Pick<Config, "DATABASE_URL" | "DATABASE_AUTH_TOKEN">>;
  currentUser: CurrentUser;
  log: Logger;
  now?: () => number;
}) {
  const { DATABASE_URL: url, DATABASE_AUTH_TOKEN: authToken } = deps.config;
  const log = new TrafficLog({
    client: deps.database.client,
    // Loaded only where batches are written in this thread (tests, or the fallback): the writer thread has its own.
    countries,
    currentUser: deps.currentUser,
    hashIps: deps.config.TRAFFIC_HASH_IPS,
    includeAdmin: deps.config.TRAFFIC_INCLUDE_ADMIN,
    retentionDays: deps.config.TRAFFIC_RETENTION_DAYS,
    log: deps.log,
    now: deps.now,
    // start() (the server) writes batches in a writer thread on its own connection; an in-memory database
    // cannot be shared with another connection, so it is written here.
    thread:
      deps.config.TRAFFIC_LOG && url && url !== "file::memory:" && !deps.now
        ? (lost) =>
            threadWriter(
              {
                url,
                authToken,
                hashIps: deps.config.TRAFFIC_HASH_IPS,
                retentionDays: deps.config.TRAFFIC_RETENTION_DAYS,
              },
              lost,
            )
        : undefined,
  });
  const now = deps.now ?? Date.now;
  const wrap = (fetch: FetchHandler): FetchHandler => {
    if (!deps.config.TRAFFIC_LOG) return fetch;
    // Not an async function: a handler's answer that is already a Response is logged and returned as it is,
    // a promise gets one `then` (an async wrapper with try/finally added a promise and an await per request).
    return (request, server) => {
      const started = performance.now();
      // The URL is logged as it is (the writer thread takes its path): a slice of it per request cost more at
      // the flush, where rows are compared with the row before, than the rest of the row (decision 022).
      const url = request.url;
      const start = url.indexOf("/", url.indexOf("//") + 2);
      if (start >= 0 && isSkippedAt(url, start)) return fetch(request, server);
      const done = (status: number) =>
        log.push(
          now(),
          request.method,
          url,
          status,
          performance.now() - started,
          request.headers.get("user-agent") ?? "",
          clientAddress(request, server ?? undefined),
          request,
        );
      let answer: Response | Promise<Response>;
      try {
        answer = fetch(request, server);
      } catch (error) {
        done(500);
        throw error;
      }
      if (answer instanceof Response) {
        done(answer.status);
        return answer;
      }
      return answer.then(
        (response) => {
          done(response.status);
          return response;
        },
        (error) => {
          done(500);
          throw error;
        },
      );
    };
  };
  return { log, wrap };
}
export type Traffic = ReturnType<typeof createTraffic>;

/** The seam for the admin analytics' performance figures (avgResponseTime s, errorRate %, peakUsageHours). */
export const performanceFigures = (database: Database, options?: Parameters<typeof trafficPerformance>[1]) =>
  trafficPerformance(database.client, options);

/** Traffic: the controller, under the admin guard. GET /api/admin/traffic-analytics and /api/admin/traffic-logs. */
export function trafficModule(deps: { database: Database; guard: AuthGuard }) {
  const { client } = deps.database;
  return new Elysia({ name: "traffic", prefix: "/api/admin" })
    .use(deps.guard())
    .onTransform(({ set }) => {
      set.headers["cache-control"] = "no-store";
    })
    .get("/traffic-analytics", ({ query }) => trafficAnalytics(client, parseOrThrow(AnalyticsQuery, query).range), {
      auth: "admin",
    })
    .get("/traffic-logs", ({ query }) => trafficLogs(client, parseOrThrow(LogsQuery, query)), { auth: "admin" });
}
