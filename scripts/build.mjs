// Compiles the service to dist/ with esbuild: one ES module per command path. Dependencies stay
// in node_modules (`packages: "external"`) and every dynamic import() in src/ becomes its own
// chunk (`splitting`), so `canopy --help` or an operator command loads only the code it runs.
// Type checking is `npm run typecheck`; esbuild only strips the types.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function sameContent(file, contents) {
  try {
    return readFileSync(file).equals(contents);
  } catch {
    return false;
  }
}

/**
 * Builds dist/ from the sources. The test suite calls it too (so spawned `canopy` processes run
 * the current code), possibly while another run's processes are reading dist/: a file that did
 * not change is left alone, a changed one is replaced whole by a rename, and only then are the
 * files of earlier builds (chunk names carry content hashes) removed.
 */
export async function buildDist() {
  const outdir = path.join(root, "dist");
  const result = await build({
    absWorkingDir: root,
    entryPoints: ["src/main.ts"],
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
    write: false,
  });
  mkdirSync(outdir, { recursive: true, mode: 0o755 });
  const written = new Set();
  for (const file of result.outputFiles) {
    written.add(path.basename(file.path));
    if (sameContent(file.path, file.contents)) continue;
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  for (const name of readdirSync(outdir)) {
    if (!written.has(name) && !name.endsWith(".tmp")) rmSync(path.join(outdir, name), { force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildDist();
