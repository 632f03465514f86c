import { Elysia } from "elysia";
import type { Database } from "../../db/client";
import type { AuthGuard } from "../auth";
import {
  ActivitiesQuery,
  UsersQuery,
  type AdminActivityRow,
  type AdminAnalytics,
  type AdminUserRow,
  type RequestLogStats,
} from "./model";
import { analytics, dailySeries, dataHealth, listActivities, listUsers } from "./service";

export { refreshStateHealth } from "./service";
export { freshnessLine } from "./freshness";
export type {
  AdminActivityRow,
  AdminAnalytics,
  AdminUserRow,
  DailySeries,
  DataHealth,
  RequestLogStats,
  StateHealth,
} from "./model";
export { USER_SORTS, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from "./model";

export interface AdminDeps {
  database: Database;
  guard: AuthGuard;
  now?: () => number;
  /**
   * The seam for the traffic module's request log (decision 021 "Performance"): when given, average response
   * time, error rate and peak hours come from it; until then they are null / computed from activities.
   */
  requestLog?: RequestLogStats;
}

/**
 * The admin API (docs/product.md "Admin panel", docs/product.md#accounts/22). Every route is for the admin only
 * (the auth guard macro: anonymous 401, everyone else 403 'Access denied. Admin privileges required.'),
 * checked before the query is validated. Lists answer the product's arrays; paging totals ride in headers
 * (X-Total-Count, and X-Registered-Count / X-Guest-Count on users).
 */
export function adminModule(deps: AdminDeps) {
  const { client } = deps.database;
  const now = () => deps.now?.() ?? Date.now();
  return new Elysia({ name: "admin", prefix: "/api/admin" })
    .use(deps.guard())
    .onTransform(({ set }) => {
      set.headers["cache-control"] = "no-store";
    })
    .guard({ auth: "admin" })
    .get("/analytics", (): Promise<AdminAnalytics> => analytics(client, now(), deps.requestLog))
    .get("/daily", () => dailySeries(client, now()))
    .get("/data-health", () => dataHealth(client, now()))
    .get(
      "/users",
      async ({ query, set }): Promise<AdminUserRow[]> => {
        const page = await listUsers(client, query);
        set.headers["x-total-count"] = String(page.total);
        set.headers["x-registered-count"] = String(page.registered);
        set.headers["x-guest-count"] = String(page.guests);
        return page.users;
      },
      { query: UsersQuery },
    )
    .get(
      "/user-activities",
      async ({ query, set }): Promise<AdminActivityRow[]> => {
        const page = await listActivities(client, query);
        set.headers["x-total-count"] = String(page.total);
        return page.activities;
      },
      { query: ActivitiesQuery },
    );
}
