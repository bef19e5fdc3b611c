// What the lint cannot say about the layering of src/: that no modules use each other in a
// circle, even through their faces (ESLint's import-x/no-cycle sees files, and a circle between
// modules can pass through different files of each). The lint holds the rest: the platform and
// the providers import no module, and a module uses another only through its index.ts.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(__dirname, "../../src");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts")).map((f) => path.join(dir, f));
}

/** Every relative import of a file (static, re-exports and dynamic), resolved to a path under src/ without its extension. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)].map((m) => m[1]!);
  return specs.map((spec) => path.relative(SRC, path.resolve(path.dirname(file), spec)));
}

const moduleOf = (rel: string): string | null => (rel.startsWith(`modules${path.sep}`) ? rel.split(path.sep)[1]! : null);

describe("the layering of src/", () => {
  it("has no modules that import each other in a circle", () => {
    const edges = new Map<string, Set<string>>();
    for (const file of sourceFiles(path.join(SRC, "modules"))) {
      const own = moduleOf(path.relative(SRC, file))!;
      for (const target of importsOf(file)) {
        const other = moduleOf(target);
        if (other === null || other === own) continue;
        if (!edges.has(own)) edges.set(own, new Set());
        edges.get(own)!.add(other);
      }
    }
    // Depth-first: a module met again while still on the path closes a circle.
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
    expect(circles).toEqual([]);
    expect(edges.size).toBeGreaterThan(5);
  });
});
