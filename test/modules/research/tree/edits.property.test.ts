// Properties of the tree operations over random trees and random operation sequences.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyBulk } from "../../../../src/modules/research/tree/bulk";
import { mergeNodes, moveNode, renameNode } from "../../../../src/modules/research/tree/edits";
import { TreeOpError, type Tree } from "../../../../src/modules/research/tree/types";
import { allPaths, counterIds, deepFreeze, nameArb, siblingPairs, treeArb, treeWithOpsArb } from "./arbitraries";
import { idPaths, violations } from "./invariants";

/** Applies each operation on its own, skipping failures; returns every intermediate tree. */
function run(tree: Tree, operations: unknown[]): Tree[] {
  const ids = counterIds();
  const states = [deepFreeze(tree)];
  let current = states[0]!;
  for (const op of operations) {
    const outcome = applyBulk(current, [op], ids);
    if (outcome.ok) {
      current = deepFreeze(outcome.tree);
      states.push(current);
    }
  }
  return states;
}

function pick<T>(list: readonly T[]): fc.Arbitrary<T> {
  return fc.constantFrom(...list);
}

describe("tree operations, over random trees and operations", () => {
  it("keep sibling names unique, depth within 4 levels, ids unique, and never touch their input", () => {
    fc.assert(
      fc.property(treeWithOpsArb, ({ tree, operations }) => {
        // deepFreeze makes any mutation of an input throw inside run().
        for (const state of run(tree, operations)) expect(violations(state)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("only ever fail with a TreeOpError and a 400, 404 or 409", () => {
    fc.assert(
      fc.property(treeWithOpsArb, ({ tree, operations }) => {
        const outcome = applyBulk(deepFreeze(tree), operations, counterIds());
        if (!outcome.ok) expect([400, 404, 409]).toContain(outcome.status);
      }),
      { numRuns: 300 },
    );
  });
});

/** Runs `operation`; a refusal must be a TreeOpError (nothing more to check), a success goes to `check`. */
function unlessRefused<T>(operation: () => T, check: (outcome: T) => void): void {
  let outcome: T;
  try {
    outcome = operation();
  } catch (error) {
    expect(error).toBeInstanceOf(TreeOpError);
    return;
  }
  check(outcome);
}

/** Every id survives: those at or under `path` now at `relocated(oldPath)`, all others where they were. */
function expectIdsRelocated(before: Tree, after: Tree, path: string[], relocated: (oldPath: string[]) => string[]): void {
  const beforeIds = idPaths(before);
  const afterIds = idPaths(after);
  expect([...afterIds.keys()].sort()).toEqual([...beforeIds.keys()].sort());
  for (const [id, oldPath] of beforeIds) {
    const inside = path.every((part, i) => oldPath[i] === part);
    expect(afterIds.get(id)).toEqual(inside ? relocated(oldPath) : oldPath);
  }
}

describe("node ids survive", () => {
  it("a rename: the same id at the new path, every other id where it was (below the node, under the new name)", () => {
    const arb = treeArb.filter((tree) => tree.length > 0).chain((tree) => fc.tuple(fc.constant(tree), pick(allPaths(tree)), nameArb));
    fc.assert(
      fc.property(arb, ([tree, path, name]) =>
        unlessRefused(
          () => renameNode(deepFreeze(tree), path, name),
          (outcome) => {
            const depth = path.length - 1;
            expectIdsRelocated(tree, outcome.tree, path, (oldPath) => [
              ...oldPath.slice(0, depth),
              outcome.result.new_name,
              ...oldPath.slice(depth + 1),
            ]);
          },
        ),
      ),
      { numRuns: 200 },
    );
  });

  it("a move: the whole subtree keeps its ids under the new path", () => {
    const arb = treeArb
      .filter((tree) => tree.length > 0)
      .chain((tree) => fc.tuple(fc.constant(tree), pick(allPaths(tree)), pick([[], ...allPaths(tree).filter((p) => p.length < 4)])));
    fc.assert(
      fc.property(arb, ([tree, source, target]) =>
        unlessRefused(
          () => moveNode(deepFreeze(tree), source, target, null),
          (outcome) => {
            expectIdsRelocated(tree, outcome.tree, source, (oldPath) => [...target, ...oldPath.slice(source.length - 1)]);
            expect(violations(outcome.tree)).toEqual([]);
          },
        ),
      ),
      { numRuns: 200 },
    );
  });

  it("a merge: the kept node's id stays, nothing outside the two nodes changes, merged ids live on or are absorbed by a namesake", () => {
    const arb = treeArb
      .filter((tree) => siblingPairs(tree).length > 0)
      .chain((tree) => fc.tuple(fc.constant(tree), pick(siblingPairs(tree))));
    fc.assert(
      fc.property(arb, ([tree, [keep, merge]]) => {
        const { tree: next } = mergeNodes(deepFreeze(tree), keep, merge);
        const before = idPaths(tree);
        const after = idPaths(next);
        const under = (path: string[], prefix: string[]) => prefix.every((part, i) => path[i] === part);
        const keepId = [...before].find(([, path]) => path.join("\0") === keep.join("\0"))![0];
        expect(after.get(keepId)).toEqual(keep);
        const pathsAfter = new Set([...after.values()].map((path) => path.join("\0")));
        for (const [id, oldPath] of before) {
          if (under(oldPath, merge)) {
            // Either moved under the kept node with its id, or merged into the namesake there.
            const moved = [...keep, ...oldPath.slice(merge.length)];
            if (oldPath.length === merge.length) expect(after.has(id)).toBe(false);
            else if (after.has(id)) expect(after.get(id)).toEqual(moved);
            else expect(pathsAfter.has(moved.join("\0"))).toBe(true);
          } else {
            expect(after.get(id)).toEqual(oldPath);
          }
        }
        expect(violations(next)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
