// The layering of src/ that the lint cannot say, and the faces everywhere the lint does not look.
// - No modules use each other in a circle, even through their faces (a circle between modules can
//   pass through different files of each), and no files of src/ import each other in a circle.
// - Every module has a face (index.ts), and the manifest mounts every module.
// - Nothing outside a module reaches past its face: not the rest of src/, the benchmarks, the
//   scripts, nor the tests of other parts. Code outside the modules may also use a sub-domain's
//   own face (src/modules/<name>/<sub-domain>/index.ts: the clustering engine, the research tree);
//   a module's own tests (test/modules/<name>/) may reach any file of it.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, sourceFiles } from "../helpers/source-imports";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SRC = path.join(ROOT, "src");
const MODULES = path.join(SRC, "modules");
const moduleNames = fs
  .readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const inside = (file: string, dir: string): boolean => file.startsWith(dir + path.sep);
const moduleOf = (file: string): string | null => (inside(file, MODULES) ? path.relative(MODULES, file).split(path.sep)[0]! : null);

/** Whether `file` may import `target`, a file of module `name`. */
function reachesThroughFace(file: string, target: string, name: string): boolean {
  const folder = path.join(MODULES, name);
  if (inside(file, folder) || inside(file, path.join(ROOT, "test", "modules", name))) return true;
  if (target === path.join(folder, "index.ts")) return true;
  const subDomainFace = path.basename(target) === "index.ts" && path.dirname(path.dirname(target)) === folder;
  return subDomainFace && moduleOf(file) === null;
}

/** The circles of a directed graph, each as the path that closes it (depth-first: a node met again while still on the path). */
function circlesOf(edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const circles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (node: string, trail: string[]) => {
    state.set(node, "open");
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === "open") circles.push([...trail.slice(trail.indexOf(next)), node, next].join(" -> "));
      else if (!state.has(next)) visit(next, [...trail, node]);
    }
    state.set(node, "done");
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node, []);
  return circles;
}

function addEdge(edges: Map<string, Set<string>>, from: string, to: string): void {
  if (!edges.has(from)) edges.set(from, new Set());
  edges.get(from)!.add(to);
}

describe("the layering of src/", () => {
  it("has no modules that import each other in a circle", () => {
    const edges = new Map<string, Set<string>>();
    for (const file of sourceFiles(MODULES)) {
      const own = moduleOf(file)!;
      for (const target of importsOf(file)) {
        const other = moduleOf(target);
        if (other !== null && other !== own) addEdge(edges, own, other);
      }
    }
    expect(circlesOf(edges)).toEqual([]);
    expect(edges.size).toBeGreaterThan(5);
  });

  it("has no files that import each other in a circle", () => {
    const edges = new Map<string, Set<string>>();
    for (const file of sourceFiles(SRC)) {
      for (const target of importsOf(file))
        if (target.startsWith(SRC + path.sep)) addEdge(edges, path.relative(SRC, file), path.relative(SRC, target));
    }
    expect(circlesOf(edges)).toEqual([]);
    expect(edges.size).toBeGreaterThan(200);
  });

  it("gives every module a face, and the manifest mounts each one", () => {
    expect(moduleNames.filter((name) => !fs.existsSync(path.join(MODULES, name, "index.ts")))).toEqual([]);
    const manifest = fs.readFileSync(path.join(SRC, "app", "modules.ts"), "utf8");
    const mounted = [...manifest.matchAll(/^import \{ (\w+) \} from "\.\.\/modules\/([\w-]+)";$/gm)].filter(([, , name]) => {
      const face = fs.readFileSync(path.join(MODULES, name!, "index.ts"), "utf8");
      return face.includes(`defineModule`);
    });
    expect(mounted.map(([, , name]) => name).sort()).toEqual([...moduleNames].sort());
    for (const [, binding] of mounted) expect(manifest).toMatch(new RegExp(`mount\\(${binding}\\b`));
  });

  it("lets nothing outside a module reach past its face", () => {
    const files = ["src", "bench", "scripts", "test"].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
    const reaches: string[] = [];
    for (const file of files) {
      for (const target of importsOf(file)) {
        const name = moduleOf(target);
        if (name !== null && !reachesThroughFace(file, target, name))
          reaches.push(`${path.relative(ROOT, file)} -> ${path.relative(ROOT, target)}`);
      }
    }
    expect(reaches).toEqual([]);
    // The check sees the imports it is about: the manifest's of every module.
    expect(importsOf(path.join(SRC, "app", "modules.ts")).filter((target) => moduleOf(target) !== null)).toHaveLength(moduleNames.length);
  });
});
