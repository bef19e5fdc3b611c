// The lint (`npm run lint`): typescript-eslint's strict, type-aware rules over everything the
// project compiles, and the import boundaries that keep src/ layered. Each rule relaxed below
// says why; nothing else is turned off.
// @ts-check
import fs from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const ROOT = import.meta.dirname;
const MODULES = fs.readdirSync(new URL("./src/modules", import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

// The layering of src/ (docs/conventions.md): the platform at the bottom, the providers on it,
// the modules on both; nothing imports upward, and a module uses another only through its
// public face, its index.ts.
const boundaryZones = [
  { target: "./src/platform/**", from: "./src/modules/**", message: "The platform sits below the modules: pass what it needs in, or move the shared piece down into the platform." },
  { target: "./src/platform/**", from: "./src/providers/**", message: "The platform sits below the providers: a provider adds its handle to the Platform by module augmentation (see providers/serp/types.ts)." },
  { target: "./src/providers/**", from: "./src/modules/**", message: "Providers sit below the modules: pass what they need in, or move the shared piece down." },
  ...MODULES.map((name) => ({
    target: `./src/modules/${name}/**`,
    from: [`./src/modules/!(${name})/**`],
    // Matched against the resolved, absolute path of the import (the rule does not resolve
    // glob exceptions itself).
    except: [`${ROOT}/src/modules/*/index.ts`],
    message: "A module uses another only through its public face: import from its index.ts (and export the piece there if it is meant to be shared).",
  })),
];

// Files whose work is index arithmetic over arrays and typed arrays they have just sized: with
// noUncheckedIndexedAccess every read is `T | undefined`, and a `!` states a bound the loop
// already holds. Elsewhere an absent value is handled, not asserted.
const INDEX_ARITHMETIC = [
  "src/modules/clustering/engine*.ts",
  "src/modules/clustering/url-normalize-bytes.ts",
  "src/modules/research/diff.ts",
  "src/modules/research/tree-prefix-join.ts",
  "src/modules/research/dedup.ts",
];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "clients/typescript/dist/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: ROOT } },
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: boundaryZones }],
      "import-x/no-cycle": "error",
      // Numbers in messages and identifiers print as they should; the rule still catches
      // objects, null and undefined in text.
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      // `(x) => void work(x)`-style shorthands in callbacks read plainly; a void value returned
      // from a named function is still an error.
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }],
      // An async function without an await still turns a throw into a rejection: the provider
      // interfaces and Fastify handlers rely on that, and no-floating-promises and
      // no-misused-promises keep the promises themselves honest.
      "@typescript-eslint/require-await": "off",
      // As the compiler's noUnused* flags: a leading underscore marks a deliberately unused name.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: INDEX_ARITHMETIC,
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    // The console: React's rules of hooks and the React Compiler's checks, as React recommends.
    files: ["console/src/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // A test that meets an absent value fails, which is what a `!` in a test is for: it states
    // what the test expects to find, and the suite reports the miss.
    files: ["test/**/*.ts"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    // The plain JavaScript (bin/, the build and install scripts, this file) is outside the
    // TypeScript project, so it gets the untyped rules only.
    files: ["**/*.{js,mjs,cjs}"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
);
