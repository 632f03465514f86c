import * as v from "valibot";
import { textOrNumber } from "../../src/http";

/** The item types a favorite can have (docs/product.md). */
import { FAVORITE_ITEM_TYPES, type FavoriteItemType } from "../../src/domain/accounts";

export const ITEM_TYPES = FAVORITE_ITEM_TYPES;
export type ItemType = FavoriteItemType;

export const MAX_ITEM_DATA_BYTES = 8 * 1024;
export const MAX_ITEM_ID_LENGTH = 300;

export const MESSAGES = {
  itemTypeRequired: "itemType is required",
  itemType: `itemType must be one of ${ITEM_TYPES.join(", ")}`,
  itemIdRequired: "itemId is required",
  itemIdTooLong: `itemId must be at most ${MAX_ITEM_ID_LENGTH} characters`,
  itemDataRequired: "itemData is required",
  itemDataNotString: "itemData must be a JSON string",
  itemDataTooBig: `itemData must be at most 8 KB (${MAX_ITEM_DATA_BYTES} bytes)`,
  itemDataNotJson: "itemData must be valid JSON",
  idNotNumber: "id must be a whole number",
  signIn: "Please sign in to use favorites.",
  notFound: "Favorite not found",
  tooMany: (max: number) => `You can save at most ${max.toLocaleString("en-US")} favorites. Remove some to save more.`,
} as const;

const isItemType = (value: unknown): value is ItemType =>
  typeof value === "string" && (ITEM_TYPES as readonly string[]).includes(value);

export const itemTypeSchema = v.pipe(
  v.unknown(),
  v.rawCheck(({ dataset, addIssue }) => {
    const value = dataset.value;
    if (value === undefined || value === null || value === "") addIssue({ message: MESSAGES.itemTypeRequired });
    else if (!isItemType(value)) addIssue({ message: MESSAGES.itemType });
  }),
  v.transform((value) => value as ItemType),
);

/** Text or a number (some clients send place ids as numbers); stored as trimmed text. */
export const itemIdSchema = v.pipe(
  textOrNumber(),
  v.rawCheck(({ dataset, addIssue }) => {
    const value = dataset.value;
    if (typeof value !== "string" || value === "") addIssue({ message: MESSAGES.itemIdRequired });
    else if ([...value].length > MAX_ITEM_ID_LENGTH) addIssue({ message: MESSAGES.itemIdTooLong });
  }),
  v.transform((value) => value as string),
);

export const itemDataSchema = v.pipe(
  v.unknown(),
  v.rawCheck(({ dataset, addIssue }) => {
    const value = dataset.value;
    if (value === undefined || value === null || value === "") return addIssue({ message: MESSAGES.itemDataRequired });
    if (typeof value !== "string") return addIssue({ message: MESSAGES.itemDataNotString });
    if (Buffer.byteLength(value, "utf8") > MAX_ITEM_DATA_BYTES) return addIssue({ message: MESSAGES.itemDataTooBig });
    try {
      JSON.parse(value);
    } catch {
      addIssue({ message: MESSAGES.itemDataNotJson });
    }
  }),
  v.transform((value) => value as string),
);

/** POST /api/favorites */
export const FavoriteInput = v.object(
  // A missing field is checked as "" so that it reads "X is required".
  {
    itemType: v.optional(itemTypeSchema, ""),
    itemId: v.optional(itemIdSchema, ""),
    itemData: v.optional(itemDataSchema, ""),
  },
  "The request body must be a JSON object.",
);
export type FavoriteInput = v.InferOutput<typeof FavoriteInput>;

/** DELETE /api/favorites/{itemType}/{itemId}, GET /api/favorites/check/{itemType}/{itemId} */
export const ItemParams = v.object({ itemType: itemTypeSchema, itemId: itemIdSchema });

/** DELETE /api/favorites/{id} */
export const IdParams = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,15}$/, MESSAGES.idNotNumber), v.transform(Number)),
});

/** A favorite as clients see it: the routes' response schema and the client's type. */
export const FavoriteSchema = v.object({
  id: v.number(),
  itemType: v.picklist(FAVORITE_ITEM_TYPES),
  itemId: v.string(),
  /** The JSON string the client saved, unchanged. */
  itemData: v.string(),
  createdAt: v.string(),
});
export type Favorite = v.InferOutput<typeof FavoriteSchema>;
