// The console's end-to-end tests (`npm run test:console`): Chromium against a real `canopy
// serve`, one file at a time (each drives a browser and a server on two cores). Separate from
// `npm test` because they need Debian's chromium package, which .ci/run installs.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The browser tests; the console's pure code (test/console/units/) runs in `npm test`.
    include: ["test/console/*.test.ts"],
    globalSetup: ["test/helpers/build-dist.ts"],
    pool: "forks",
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A page catches up with a change in its own time; on a busy machine that can take seconds,
    // so a poll gives up only long after a quiet run would have passed (vitest's default is 1 s).
    expect: { poll: { timeout: 30_000 } },
  },
});
