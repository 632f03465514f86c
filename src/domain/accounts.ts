/** Accounts vocabulary shared by the server and the client (docs/product.md#accounts–10). Pure data. */

/** The item types a favorite can have. */
export const FAVORITE_ITEM_TYPES = ["place", "city", "fact", "store", "activity", "restaurant"] as const;
export type FavoriteItemType = (typeof FAVORITE_ITEM_TYPES)[number];

/** What a user's activity log records. */
export const ACTIVITY_TYPES = ["city_discovered", "category_explored", "place_visited", "search_performed"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Password length limits (characters after NFKC normalisation); the server also refuses common passwords. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** The product's answer to a signed-in visitor who is not the admin (API 403 and the /admin pages). */
export const ACCESS_DENIED = "Access denied. Admin privileges required.";
