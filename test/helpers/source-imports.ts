// The relative imports of a source file, read as text and resolved to the files they load, for the
// tests that hold the layout (module boundaries, test kinds) without running any of the code.
import fs from "node:fs";
import path from "node:path";

/** The .ts and .tsx files under `dir`. */
export function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !name.includes("node_modules"))
    .map((name) => path.join(dir, name));
}

/** A relative import resolved to the file it loads (a folder to its index.ts); as written if none. */
function resolveImport(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return base;
}

/** Every relative import of a file: static, re-exports, dynamic, and vi.mock. */
export function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:\bfrom|\bimport|vi\.mock)\s*\(?\s*["'](\.[^"']+)["']/g)].map((match) => match[1]!);
  return specs.map((spec) => resolveImport(file, spec));
}
