// Every migration, in order. `npm run db:generate` writes a new NNNN_name.sql from db/schema.ts;
// add it here too (static imports embed the SQL in the single binary).
import m0000 from "./0000_init.sql" with { type: "text" };
import m0001 from "./0001_places.sql" with { type: "text" };
import m0002 from "./0002_content.sql" with { type: "text" };
import m0003 from "./0003_accounts.sql" with { type: "text" };
import m0004 from "./0004_security.sql" with { type: "text" };
import m0005 from "./0005_traffic.sql" with { type: "text" };

export const migrations: ReadonlyArray<{ tag: string; sql: string }> = [
  { tag: "0000_init", sql: m0000 },
  // 0001 also creates the places R*Tree and its triggers (hand-written below the generated SQL).
  { tag: "0001_places", sql: m0001 },
  { tag: "0002_content", sql: m0002 },
  // 0003: users, sessions, favorites, activities and the sign-in rate-limit log.
  { tag: "0003_accounts", sql: m0003 },
  // 0004: admin claims and setup codes (DECISIONS 22), sign-in back-off, the /healthz write probe.
  { tag: "0004_security", sql: m0004 },
  // 0005: the traffic log, its hourly rollups, daily visitor keys and salts (issue 15).
  { tag: "0005_traffic", sql: m0005 },
];
