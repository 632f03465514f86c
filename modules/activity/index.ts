import { Elysia } from "elysia";
import type { Database } from "../../db/client";
import type { AuthGuard } from "../auth";
import { countFavorites } from "../favorites";
import { ActivityInput, type ProfileStats, ProfileStatsSchema } from "./model";
import { activityCounts, memberSince, recordActivity } from "./service";

export { ACTIVITY_TYPES } from "./model";
export type { Activity, ActivityType, ProfileStats } from "./model";

/**
 * Activity tracking and the profile's stats. POST /api/activities stores the record for a signed-in user
 * (201 with the record); an anonymous caller gets 204 and nothing is stored — the client tracks while
 * browsing signed out too and swallows failures, so there is nothing to refuse. Bad input is 400 for
 * everyone. (GET /api/activities/{city}/{state} is a different route: discovery's activity places.)
 */
export function activityModule(deps: { database: Database; guard: AuthGuard }) {
  const { db } = deps.database;
  return new Elysia({ name: "activity", prefix: "/api" })
    .use(deps.guard({ signInMessage: "Please sign in to see your profile." }))
    .post(
      "/activities",
      async ({ user, body, set }) => {
        if (!user) {
          set.status = 204;
          return null;
        }
        set.status = 201;
        return recordActivity(db, user.id, body);
      },
      { body: ActivityInput, optionalAuth: true },
    )
    .get(
      "/profile/stats",
      async ({ user, set }): Promise<ProfileStats> => {
        set.headers["cache-control"] = "no-store";
        const [counts, favorites, since] = await Promise.all([
          activityCounts(db, user.id),
          countFavorites(db, user.id),
          memberSince(db, user.id),
        ]);
        return { ...counts, favorites, memberSince: since ?? new Date().toISOString() };
      },
      { auth: "user", response: ProfileStatsSchema },
    );
}
