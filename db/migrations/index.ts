// Every migration, in order. `npm run db:generate` writes a new NNNN_name.sql from db/schema.ts;
// add it here too (static imports embed the SQL in the single binary).
import m0000 from "./0000_init.sql" with { type: "text" };

export const migrations: ReadonlyArray<{ tag: string; sql: string }> = [{ tag: "0000_init", sql: m0000 }];
