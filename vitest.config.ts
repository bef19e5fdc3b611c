import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/helpers/build-dist.ts", "test/helpers/global-setup.ts"],
    // The scale-out tests need a PostgreSQL and a Redis server: `npm run test:scaleout`. Files
    // named *.server.test.ts test what only a database server has: they run when CANOPY_TEST_PG
    // names one (the server suite of CI), never skipped silently.
    // The console's browser tests need Chromium: `npm run test:console`.
    exclude: [...configDefaults.exclude, "test/scaleout/**", "test/console/**", ...(process.env.CANOPY_TEST_PG ? [] : ["test/**/*.server.test.ts"])],
    // Two cores: two test files at a time, each with its own database.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
