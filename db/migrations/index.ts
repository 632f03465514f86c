// Every migration, in order. `npm run db:generate` writes a new NNNN_name.sql from db/schema.ts;
// add it here too (static imports embed the SQL in the single binary).
import m0000 from "./0000_init.sql" with { type: "text" };
import m0001 from "./0001_places.sql" with { type: "text" };
import m0002 from "./0002_content.sql" with { type: "text" };
import m0003 from "./0003_accounts.sql" with { type: "text" };
import m0008 from "./0008_city_texts.sql" with { type: "text" };

export const migrations: ReadonlyArray<{ tag: string; sql: string }> = [
  { tag: "0000_init", sql: m0000 },
  // 0001 also creates the places R*Tree and its triggers (hand-written below the generated SQL).
  { tag: "0001_places", sql: m0001 },
  { tag: "0002_content", sql: m0002 },
  // 0003: users, sessions, favorites, activities and the sign-in rate-limit log.
  { tag: "0003_accounts", sql: m0003 },
  // 0008: per-city text (Wikipedia titles, Wikivoyage bylines, WordNet glosses, associated people).
  { tag: "0008_city_texts", sql: m0008 },
];
