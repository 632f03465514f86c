import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { favorites, type FavoriteRow } from "../../db/schema";
import type { Favorite, FavoriteInput, ItemType } from "./model";

/** Favorites on plain values. Every query is scoped to one user: nobody reaches another's favorites. */

export const toFavorite = (row: FavoriteRow): Favorite => ({
  id: row.id,
  itemType: row.itemType as ItemType,
  itemId: row.itemId,
  itemData: row.itemData,
  createdAt: row.createdAt.toISOString(),
});

/** Newest first (DECISIONS 12). */
export async function listFavorites(db: Db, userId: number): Promise<Favorite[]> {
  const rows = await db.select().from(favorites).where(eq(favorites.userId, userId)).orderBy(desc(favorites.createdAt), desc(favorites.id));
  return rows.map(toFavorite);
}

export async function countFavorites(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId));
  return row?.n ?? 0;
}

async function findByItem(db: Db, userId: number, itemType: string, itemId: string): Promise<FavoriteRow | undefined> {
  const [row] = await db
    .select()
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.itemType, itemType), eq(favorites.itemId, itemId)))
    .limit(1);
  return row;
}

/**
 * Save an item. The same item saved again is not duplicated: the existing favorite comes back unchanged
 * (`created: false`). `tooMany` when the user already has `max` favorites.
 */
export async function addFavorite(
  db: Db,
  userId: number,
  input: FavoriteInput,
  options: { max: number; now?: number },
): Promise<{ favorite: Favorite; created: boolean } | { tooMany: true }> {
  const existing = await findByItem(db, userId, input.itemType, input.itemId);
  if (existing) return { favorite: toFavorite(existing), created: false };
  if ((await countFavorites(db, userId)) >= options.max) return { tooMany: true };
  const [inserted] = await db
    .insert(favorites)
    .values({ userId, itemType: input.itemType, itemId: input.itemId, itemData: input.itemData, createdAt: new Date(options.now ?? Date.now()) })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { favorite: toFavorite(inserted), created: true };
  // Saved by a concurrent request between the look-up and the insert.
  const raced = await findByItem(db, userId, input.itemType, input.itemId);
  return { favorite: toFavorite(raced!), created: false };
}

export async function isFavorited(db: Db, userId: number, itemType: string, itemId: string): Promise<boolean> {
  return (await findByItem(db, userId, itemType, itemId)) !== undefined;
}

/** True when one of the user's favorites was deleted. */
export async function removeByItem(db: Db, userId: number, itemType: string, itemId: string): Promise<boolean> {
  const deleted = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.itemType, itemType), eq(favorites.itemId, itemId)))
    .returning({ id: favorites.id });
  return deleted.length > 0;
}

/** True when the favorite existed and was the user's; another user's id deletes nothing. */
export async function removeById(db: Db, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.id, id)))
    .returning({ id: favorites.id });
  return deleted.length > 0;
}
