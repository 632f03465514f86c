import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { activities, users, type ActivityRow } from "../../db/schema";
import type { Activity, ActivityInput, ActivityType } from "./model";

export const toActivity = (row: ActivityRow): Activity => ({
  id: row.id,
  activityType: row.activityType as ActivityType,
  cityName: row.cityName,
  cityState: row.cityState,
  placeId: row.placeId,
  categoryId: row.categoryId,
  activityData: row.activityData ? (JSON.parse(row.activityData) as Record<string, unknown>) : null,
  createdAt: row.createdAt.toISOString(),
});

export async function recordActivity(
  db: Db,
  userId: number,
  input: ActivityInput,
  now = Date.now(),
): Promise<Activity> {
  const [row] = await db
    .insert(activities)
    .values({ userId, ...input, createdAt: new Date(now) })
    .returning();
  return toActivity(row!);
}

/** Cities explored and discoveries, counted from the user's activity records. */
export async function activityCounts(db: Db, userId: number): Promise<{ citiesExplored: number; discoveries: number }> {
  const [cities] = await db
    .select({
      n: sql<number>`count(DISTINCT lower(${activities.cityName}) || '|' || upper(coalesce(${activities.cityState}, '')))`,
    })
    .from(activities)
    .where(and(eq(activities.userId, userId), sql`${activities.cityName} IS NOT NULL`));
  const [places] = await db
    .select({ n: sql<number>`count(DISTINCT ${activities.placeId})` })
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.activityType, "place_visited")));
  return { citiesExplored: Number(cities?.n ?? 0), discoveries: Number(places?.n ?? 0) };
}

export async function memberSince(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? row.createdAt.toISOString() : null;
}
