// The checkout's root, for tests that read its files (package.json, the lockfile, dist/) without
// running the command line: importing it does not make a test a cli test (test-kinds.test.ts).
import path from "node:path";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
