import { defineConfig } from "vitest/config";

// Several API processes against one PostgreSQL and one Redis (CANOPY_TEST_PG and
// CANOPY_TEST_REDIS). Each file starts real `canopy` processes, so one file at a time.
export default defineConfig({
  test: {
    include: ["test/scaleout/**/*.test.ts"],
    globalSetup: ["test/helpers/build-dist.ts"],
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
