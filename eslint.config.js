// The lint (`npm run lint`): typescript-eslint's strict, type-aware rules over src/, on a
// TypeScript program of src/ alone (tsconfig.lint.json); its strict rules that need no types over
// everything else the project compiles (the tests, benchmarks, scripts, console and config files,
// which `npm run typecheck` type-checks); and the import boundaries that keep src/ layered. Each
// rule relaxed below says why; nothing else is turned off.
// @ts-check
import fs from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const ROOT = import.meta.dirname;
const MODULES = fs
  .readdirSync(new URL("./src/modules", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The layering of src/ (docs/conventions.md): the platform at the bottom, the providers on it,
// the modules on both; nothing imports upward, and a module uses another only through its
// public face, its index.ts. Circles, between modules and between files, are
// test/app/module-boundaries.test.ts's.
const boundaryZones = [
  {
    target: "./src/platform/**",
    from: "./src/modules/**",
    message: "The platform sits below the modules: pass what it needs in, or move the shared piece down into the platform.",
  },
  {
    target: "./src/platform/**",
    from: "./src/providers/**",
    message:
      "The platform sits below the providers: a provider adds its handle to the Platform by module augmentation (see providers/serp/types.ts).",
  },
  {
    target: "./src/providers/**",
    from: "./src/modules/**",
    message: "Providers sit below the modules: pass what they need in, or move the shared piece down.",
  },
  {
    target: ["./src/platform/**", "./src/providers/**", "./src/modules/**"],
    from: ["./src/app/**", "./src/operator/**", "./src/mcp/**"],
    message: "The entry points, the operator command line and the MCP server sit on top: nothing below imports them.",
  },
  // Outside the modules (the entry points, the operator, the MCP server), a module is used only
  // through its face, or through the face of one of its sub-domains (clustering/engine, research/tree).
  {
    target: ["./src/app/**", "./src/operator/**", "./src/mcp/**"],
    from: "./src/modules/**",
    except: [`${ROOT}/src/modules/*/index.ts`, `${ROOT}/src/modules/*/*/index.ts`],
    message: "Use a module through its face (its index.ts, or a sub-domain's index.ts): export the piece there.",
  },
  ...MODULES.map((name) => ({
    target: `./src/modules/${name}/**`,
    from: [`./src/modules/!(${name})/**`],
    // Matched against the resolved, absolute path of the import (the rule does not resolve
    // glob exceptions itself).
    except: [`${ROOT}/src/modules/*/index.ts`],
    message:
      "A module uses another only through its public face: import from its index.ts (and export the piece there if it is meant to be shared).",
  })),
];

// Files whose work is index arithmetic over arrays and typed arrays they have just sized: with
// noUncheckedIndexedAccess every read is `T | undefined`, and a `!` states a bound the loop
// already holds. Elsewhere an absent value is handled, not asserted.
const INDEX_ARITHMETIC = [
  "src/modules/clustering/engine/cluster.ts",
  "src/modules/clustering/engine/intern.ts",
  "src/modules/clustering/engine/order.ts",
  "src/modules/clustering/engine/serp-index.ts",
  "src/modules/clustering/engine/url-normalize-bytes.ts",
  "src/modules/research/tree/dedup.ts",
  "src/modules/research/tree/diff.ts",
  "src/modules/research/tree/prefix-join.ts",
];

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "clients/typescript/dist/**",
      "coverage/**",
      // Generated from the OpenAPI document (`npm run client:generate`) and left as generated.
      "clients/typescript/src/schema.d.ts",
    ],
  },
  // Everywhere: ESLint's recommended rules and typescript-eslint's strict rules that need no types.
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      // As the compiler's noUnused* flags: a leading underscore marks a deliberately unused name.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    // src/: the strict rules with types as well, and the boundaries between its layers and modules.
    files: ["src/**/*.ts"],
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: { parserOptions: { project: "./tsconfig.lint.json", tsconfigRootDir: ROOT } },
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: boundaryZones }],
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
    },
  },
  {
    files: INDEX_ARITHMETIC,
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    // The console: React's rules of hooks and of effect dependencies, the checks that catch its
    // bugs. Not the React Compiler's checks of the plugin's recommended set: the console is not
    // built with the compiler, and they cost about 9 s of CPU, a seventh of the whole lint.
    files: ["console/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // A test that meets an absent value fails, which is what a `!` in a test is for: it states
    // what the test expects to find, and the suite reports the miss.
    files: ["test/**/*.ts"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    // The plain JavaScript (bin/, the build and install scripts, this file) runs on Node.
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: globals.node },
  },
);
