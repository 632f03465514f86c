/**
 * The database as the hand-written migrations build it (db/migrations/), one file an area under db/schema/;
 * db/schema.test.ts compares the two.
 */
export * from "./schema/accounts";
export * from "./schema/admin";
export * from "./schema/content";
export * from "./schema/data";
export * from "./schema/traffic";
export * from "./schema/trips";
