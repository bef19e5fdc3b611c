// The checkout's root, for every test that reads its files or runs its commands. It builds
// nothing, so importing it does not make a test a cli test (test-kinds.test.ts).
import path from "node:path";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
