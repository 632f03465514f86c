import { Elysia } from "elysia";
import type { Database } from "../../db/client";
import { HttpError, type CurrentUser } from "../../src/http";
import { countFavorites } from "../favorites";
import { ActivityInput, type ProfileStats } from "./model";
import { activityCounts, memberSince, recordActivity } from "./service";

export { ACTIVITY_TYPES } from "./model";
export type { Activity, ActivityType, ProfileStats } from "./model";

/**
 * Activity tracking and the profile's stats. POST /api/activities stores the record for a signed-in user
 * (201 with the record); an anonymous caller gets 204 and nothing is stored — the client tracks while
 * browsing signed out too and swallows failures, so there is nothing to refuse. Bad input is 400 for
 * everyone. (GET /api/activities/{city}/{state} is a different route: discovery's activity places.)
 */
export function activityModule(deps: { database: Database; currentUser: CurrentUser }) {
  const { db } = deps.database;
  return new Elysia({ name: "activity", prefix: "/api" })
    .post(
      "/activities",
      async ({ request, body, set }) => {
        const user = await deps.currentUser(request);
        if (!user) {
          set.status = 204;
          return null;
        }
        set.status = 201;
        return recordActivity(db, user.id, body);
      },
      { body: ActivityInput },
    )
    .get("/profile/stats", async ({ request, set }): Promise<ProfileStats> => {
      set.headers["cache-control"] = "no-store";
      const user = await deps.currentUser(request);
      if (!user) throw new HttpError(401, "Please sign in to see your profile.");
      const [counts, favorites, since] = await Promise.all([activityCounts(db, user.id), countFavorites(db, user.id), memberSince(db, user.id)]);
      return { ...counts, favorites, memberSince: since ?? new Date().toISOString() };
    });
}
