import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` writes a new SQL migration into migrations/ after a schema change;
// wrangler applies them (`npm run db:migrate`) and the Worker tests apply the same files.
export default defineConfig({
  dialect: "sqlite",
  schema: "./workers/db/schema.ts",
  out: "./migrations",
});
