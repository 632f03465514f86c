import { and, count, desc, eq, inArray, like } from "drizzle-orm";
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

/** Newest first (docs/product.md#favorites). */
export async function listFavorites(db: Db, userId: number): Promise<Favorite[]> {
  const rows = await db
    .select()
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.id));
  return rows.map(toFavorite);
}

export async function countFavorites(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId));
  return row?.n ?? 0;
}

/** Item types that are one place of the places store (docs/product.md#favorites): one favorite per place, whatever the type. */
export const PLACE_ITEM_TYPES: readonly string[] = ["place", "restaurant", "activity", "store"];

/**
 * The place a place-like favorite is about: the `id` of its data when given, else the number its item id ends
 * with (every place item id is "{title}-{place id}", docs/product.md). Null for other items.
 */
export function placeIdOf(itemType: string, itemId: string, itemData?: string): number | null {
  if (!PLACE_ITEM_TYPES.includes(itemType)) return null;
  if (itemData) {
    try {
      const id = (JSON.parse(itemData) as { id?: unknown } | null)?.id;
      const n = typeof id === "number" ? id : typeof id === "string" && /^\d{1,12}$/.test(id) ? Number(id) : NaN;
      if (Number.isSafeInteger(n) && n > 0) return n;
    } catch {
      // Not JSON: the item id decides.
    }
  }
  const match = /-(\d{1,12})$/.exec(itemId);
  return match ? Number(match[1]) : null;
}

/** The user's favorites of one place under any place-like type (item ids ending in "-{id}"). */
async function findSamePlace(db: Db, userId: number, placeId: number): Promise<FavoriteRow[]> {
  return db
    .select()
    .from(favorites)
    .where(
      and(
        eq(favorites.userId, userId),
        inArray(favorites.itemType, [...PLACE_ITEM_TYPES]),
        like(favorites.itemId, `%-${placeId}`),
      ),
    )
    .orderBy(favorites.id);
}

async function findByItem(db: Db, userId: number, itemType: string, itemId: string): Promise<FavoriteRow | undefined> {
  const placeId = placeIdOf(itemType, itemId);
  if (placeId !== null) {
    const [same] = await findSamePlace(db, userId, placeId);
    if (same) return same;
  }
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
  // The same place saved before, from another screen under another type, is that favorite (docs/product.md#favorites).
  const placeId = placeIdOf(input.itemType, input.itemId, input.itemData);
  const [samePlace] = placeId === null ? [] : await findSamePlace(db, userId, placeId);
  const existing = samePlace ?? (await findByItem(db, userId, input.itemType, input.itemId));
  if (existing) return { favorite: toFavorite(existing), created: false };
  if ((await countFavorites(db, userId)) >= options.max) return { tooMany: true };
  const [inserted] = await db
    .insert(favorites)
    .values({
      userId,
      itemType: input.itemType,
      itemId: input.itemId,
      itemData: input.itemData,
      createdAt: new Date(options.now ?? Date.now()),
    })
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

/** True when one of the user's favorites was deleted. A place-like item removes that place's favorite under any type. */
export async function removeByItem(db: Db, userId: number, itemType: string, itemId: string): Promise<boolean> {
  const placeId = placeIdOf(itemType, itemId);
  if (placeId !== null) {
    const same = await findSamePlace(db, userId, placeId);
    if (same.length) {
      const gone = await db
        .delete(favorites)
        .where(
          and(
            eq(favorites.userId, userId),
            inArray(
              favorites.id,
              same.map((f) => f.id),
            ),
          ),
        )
        .returning({ id: favorites.id });
      return gone.length > 0;
    }
  }
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
