import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/helpers/build-dist.ts", "test/helpers/global-setup.ts"],
    // The scale-out tests need a PostgreSQL and a Redis server: `npm run test:scaleout`.
    exclude: [...configDefaults.exclude, "test/scaleout/**"],
    // Two cores: two test files at a time, each with its own database.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
