import { Elysia } from "elysia";
import type { Database } from "../../db/client";
import { HttpError, parseOrThrow } from "../../src/http";
import type { AuthGuard } from "../auth";
import * as v from "valibot";
import { FavoriteInput, FavoriteSchema, IdParams, ItemParams, MESSAGES } from "./model";
import { addFavorite, countFavorites, isFavorited, listFavorites, removeById, removeByItem } from "./service";

export { countFavorites } from "./service";
export { ITEM_TYPES, MAX_ITEM_DATA_BYTES } from "./model";
export type { Favorite, ItemType } from "./model";

/** How many favorites one account may keep (a guard against filling the database, not a product limit). */
export const MAX_FAVORITES_PER_USER = 1000;

/**
 * Favorites of the signed-in user (guests included). Anonymous callers get 401; a user only ever sees and
 * deletes their own favorites (another user's id answers 404, exactly like an id that does not exist).
 */
export function favoritesModule(deps: { database: Database; guard: AuthGuard; maxPerUser?: number }) {
  const { db } = deps.database;
  const max = deps.maxPerUser ?? MAX_FAVORITES_PER_USER;

  return (
    new Elysia({ name: "favorites", prefix: "/api/favorites" })
      .use(deps.guard({ signInMessage: MESSAGES.signIn }))
      .onTransform(({ set }) => {
        set.headers["cache-control"] = "no-store";
      })
      // Every route: a signed-in caller (the guard answers 401 before validation, whatever was sent).
      .guard({ auth: "user" })
      .get("/", ({ user }) => listFavorites(db, user.id), { response: v.array(FavoriteSchema) })
      .get("/count", async ({ user }) => ({ count: await countFavorites(db, user.id) }))
      .get(
        "/check/:itemType/:itemId",
        async ({ user, params }) => ({ isFavorited: await isFavorited(db, user.id, params.itemType, params.itemId) }),
        {
          params: ItemParams,
        },
      )
      .post(
        "/",
        async ({ user, body, set }) => {
          const result = await addFavorite(db, user.id, body, { max });
          if ("tooMany" in result) throw new HttpError(409, MESSAGES.tooMany(max));
          // "Saved" holds across a power cut too (docs/decisions/068-durable-accounts-and-favorites.md).
          if (result.created) await deps.database.durable();
          set.status = result.created ? 201 : 200;
          return result.favorite;
        },
        { body: FavoriteInput, response: FavoriteSchema },
      )
      // One path segment is a favorite id, two are {itemType}/{itemId}. (The router needs one parameter name
      // for the first segment of both, so each handler names its fields itself.)
      .delete("/:first/:itemId", async ({ user, params, set }) => {
        const { itemType, itemId } = parseOrThrow(ItemParams, { itemType: params.first, itemId: params.itemId });
        if (!(await removeByItem(db, user.id, itemType, itemId))) throw new HttpError(404, MESSAGES.notFound);
        await deps.database.durable();
        set.status = 204;
        return null;
      })
      .delete("/:first", async ({ user, params, set }) => {
        const { id } = parseOrThrow(IdParams, { id: params.first });
        if (!(await removeById(db, user.id, id))) throw new HttpError(404, MESSAGES.notFound);
        await deps.database.durable();
        set.status = 204;
        return null;
      })
  );
}
