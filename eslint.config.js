// The lint's second half (`npm run lint`, after Biome's rules over every file, biome.jsonc):
// typescript-eslint's strict rules that need TypeScript's types, over src/ on a TypeScript program
// of src/ alone (tsconfig.lint.json), and the import boundaries that keep src/ layered. The tests,
// benchmarks, scripts and console have Biome's rules and `npm run typecheck`. Each rule relaxed
// below says why; nothing else is turned off.
// @ts-check
import fs from "node:fs";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
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

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**"] },
  {
    files: ["src/**/*.ts"],
    extends: [tseslint.configs.strictTypeCheckedOnly],
    languageOptions: { parserOptions: { project: "./tsconfig.lint.json", tsconfigRootDir: ROOT } },
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: boundaryZones }],
      // A rethrown error keeps the one it caught as its cause, so that the log shows the first
      // failure (ESLint's own rule: Biome has none like it).
      "preserve-caught-error": "error",
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
      // The project has no enums (Biome's noEnum keeps it so), so this rule has nothing to find,
      // and it relates the types of every assignment to look: about a twelfth of the lint's CPU.
      "@typescript-eslint/no-unsafe-enum-assignment": "off",
    },
  },
);
