import { defineConfig } from "drizzle-kit";

// Used only by `npm run db:generate` to write new migrations from db/schema.ts.
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
