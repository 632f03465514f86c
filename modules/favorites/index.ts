import { Elysia } from "elysia";

/** Favorites: the controller. Its routes arrive with their own issue; the module is mounted already. */
export function favoritesModule() {
  return new Elysia({ name: "favorites", prefix: "/api/favorites" });
}
