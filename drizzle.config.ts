import { defineConfig } from "drizzle-kit";

// Every table of the service: the platform's own, and each module's table.ts. Migrations are made
// from them all (`npm run db:generate`); nothing gathers them by hand.
export default defineConfig({
  dialect: "postgresql",
  schema: ["./src/platform/db/schema.ts", "./src/modules/*/table.ts"],
  out: "./drizzle",
});
