import { configDefaults, defineConfig } from "vitest/config";

// `npm test`: three projects, told apart by the test file's name, each setting up only what its
// tests need (docs/development.md). Nothing is isolated per file: a worker imports the app and
// its dependencies once and runs file after file on them, which spared about half of the
// suite's import time. Tests share no module state to make that unsafe; a test that must mock a
// module (vi.mock) names itself *.isolated.*.test.ts and gets a fresh module graph of its own.
//  - unit  (*.test.ts): pure code, and stores on an embedded database they migrate themselves.
//  - api   (*.api.test.ts, *.db.test.ts): the app through the harness, or the platform's stores, each
//          file on a fresh database copied from one migrated template (global-setup.ts).
//  - cli   (*.cli.test.ts): the compiled `canopy` in child processes; only these build dist/.
// The server leg of CI (CANOPY_TEST_PG) also runs *.server.test.ts, which need a PostgreSQL server,
// and gives every api file a new database on it. The scale-out tests (`npm run test:scaleout`) and
// the console's browser tests (`npm run test:console`) have configs of their own.
const SERVER_ONLY = "test/**/*.server.test.ts";
const API = ["test/**/*.api.test.ts", "test/**/*.db.test.ts"];
const CLI = "test/**/*.cli.test.ts";
const ISOLATED = "test/**/*.isolated.*.test.ts";
const ELSEWHERE = [...configDefaults.exclude, "test/scaleout/**", "test/console/*.test.ts"];
const onServer = Boolean(process.env.CANOPY_TEST_PG);

export default defineConfig({
  test: {
    // Three test files at a time on two cores: the cli files spend most of their time waiting on
    // the processes they start (a killed server's job is retried after its heartbeat lapses), and
    // a third file uses that wait.
    pool: "forks",
    maxWorkers: 3,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    exclude: ELSEWHERE,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["test/**/*.test.ts"], exclude: [...ELSEWHERE, ...API, CLI, SERVER_ONLY] },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: [...API, ...(onServer ? [SERVER_ONLY] : [])],
          exclude: [...ELSEWHERE, ISOLATED],
          globalSetup: ["test/helpers/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "api-isolated",
          include: [ISOLATED],
          exclude: ELSEWHERE,
          isolate: true,
          globalSetup: ["test/helpers/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: { name: "cli", include: [CLI], globalSetup: ["test/helpers/build-dist.ts", "test/helpers/global-setup.ts"] },
      },
    ],
  },
});
