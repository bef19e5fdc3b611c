// What every stored research tree must satisfy; a list of violations, empty when valid.
import { TreeOpError, type Tree } from "../../../../src/modules/research/tree/types";

export function violations(tree: Tree): string[] {
  const found: string[] = [];
  const ids = new Set<string>();
  const visit = (nodes: Tree, above: string[]): void => {
    const names = new Set<string>();
    for (const node of nodes) {
      const path = [...above, node.name];
      const where = path.join(" > ");
      if (path.length > 4) found.push(`${where}: deeper than 4 levels`);
      if (names.has(node.name)) found.push(`${where}: sibling name repeated`);
      names.add(node.name);
      if (node.name !== node.name.trim().toLowerCase() || node.name.length === 0) found.push(`${where}: name not normalized`);
      if (ids.has(node.id)) found.push(`${where}: id ${node.id} repeated`);
      ids.add(node.id);
      if (new Set(node.keywords).size !== node.keywords.length) found.push(`${where}: keyword repeated`);
      if (node.keywords.some((k) => k !== k.trim().toLowerCase() || k.length === 0)) found.push(`${where}: keyword not normalized`);
      visit(node.children, path);
    }
  };
  visit(tree, []);
  return found;
}

/** id -> path of every node. */
export function idPaths(tree: Tree): Map<string, string[]> {
  const map = new Map<string, string[]>();
  const visit = (nodes: Tree, above: string[]): void => {
    for (const node of nodes) {
      map.set(node.id, [...above, node.name]);
      visit(node.children, [...above, node.name]);
    }
  };
  visit(tree, []);
  return map;
}

/** The TreeOpError that `run` throws; anything else thrown passes through, and no error is a failure. */
export function failure(run: () => unknown): TreeOpError {
  try {
    run();
  } catch (error) {
    if (error instanceof TreeOpError) return error;
    throw error;
  }
  throw new Error("expected a TreeOpError");
}
