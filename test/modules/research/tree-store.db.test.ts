// Research trees in the database: a base plus the changes of later writes, a new base once the
// changes outweigh it, and this process's cached tree never used once another process has
// written (simulated here by writing rows the way another process's store would).
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { applyBulk } from "../../../src/modules/research/tree/bulk";
import { researchTreeChanges, researchTrees } from "../../../src/modules/research/table";
import { freezeTree } from "../../../src/modules/research/tree/cache";
import { changeBetween, encodeChange } from "../../../src/modules/research/tree/changes";
import { loadWhole, readResearch, replaceTree, storeEdit } from "../../../src/modules/research/tree-store";
import type { Tree } from "../../../src/modules/research/tree/types";
import { brands } from "../../../src/modules/brands";
import type { Db } from "../../../src/platform/db/client";
import { workspaces } from "../../../src/platform/db/schema";
import { withTransaction } from "../../../src/platform/db/transaction";
import { useMigratedDatabase } from "../../helpers/database";
import { counterIds, withIds, type RawNode } from "./tree/arbitraries";

const migrated = useMigratedDatabase();
let db: Db;
let workspaceId: string;

beforeAll(async () => {
  db = migrated.db;
  workspaceId = randomUUID();
  await db.insert(workspaces).values({ id: workspaceId, kind: "user" });
});

/** A tree of `width` x `width` x `width` nodes with a keyword each. */
function tree(width: number): Tree {
  const level = (depth: number, above: string): RawNode[] =>
    depth > 3
      ? []
      : Array.from({ length: width }, (_, i) => ({
          name: `${above}${i}`,
          keywords: [`kw ${above}${i}`],
          children: level(depth + 1, `${above}${i}.`),
        }));
  return withIds(level(1, "n"));
}

async function newResearch(initial: Tree): Promise<string> {
  const [brand] = await db.insert(brands).values({ workspaceId, brandName: "acme" }).returning({ id: brands.id });
  await replaceTree({ db }, { brandId: brand!.id, workspaceId, coreTopic: "acme", tree: initial });
  return brand!.id;
}

const byBrand = (brandId: string) => eq(researchTrees.brandId, brandId);

async function read(brandId: string) {
  const found = await readResearch({ db }, byBrand(brandId));
  if (!found) throw new Error("no research");
  return found;
}

/** Applies bulk operations through the store, as the service does. */
async function edit(brandId: string, operations: unknown[]): Promise<Tree> {
  return withTransaction({ db }, async (tx) => {
    const found = await readResearch(tx, byBrand(brandId), { lock: true });
    const outcome = applyBulk(found!.tree, operations, counterIds(`v${found!.record.version}-`));
    if (!outcome.ok) throw new Error(outcome.error);
    await storeEdit(tx, found!.record, found!.tree, outcome.tree);
    return outcome.tree;
  });
}

async function row(brandId: string) {
  const [stored] = await db
    .select({ version: researchTrees.version, baseVersion: researchTrees.baseVersion, changeBytes: researchTrees.changeBytes })
    .from(researchTrees)
    .where(byBrand(brandId));
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(researchTreeChanges)
    .where(eq(researchTreeChanges.brandId, brandId));
  return { ...stored!, changeRows: n };
}

const rename = (path: string[], newName: string) => ({ action: "rename", path, new_name: newName });

describe("research tree storage", () => {
  it("stores a write's changed nodes, rebuilding the same tree from the database", async () => {
    const brandId = await newResearch(tree(4));
    const after = await edit(brandId, [rename(["n0", "n0.1"], "renamed"), { action: "add", parent_path: ["n2"], name: "new" }]);
    expect(await row(brandId)).toMatchObject({ version: 2, baseVersion: 1, changeRows: 1 });
    expect((await loadWhole({ db }, brandId))!.tree).toEqual(after);
    expect((await read(brandId)).tree).toEqual(after);
  });

  it("stores a new base once the changes since the last one outweigh it", async () => {
    const brandId = await newResearch(tree(2));
    let latest: Tree = [];
    for (let i = 0; i < 12; i++) {
      latest = await edit(brandId, [
        { action: "update_keywords", path: ["n0"], add: [`keyword ${i}`] },
        { action: "add", parent_path: ["n1"], name: `leaf ${i}` },
      ]);
    }
    const stored = await row(brandId);
    expect(stored.version).toBe(13);
    expect(stored.baseVersion).toBeGreaterThan(1);
    expect(stored.changeRows).toBe(stored.version - stored.baseVersion);
    expect((await loadWhole({ db }, brandId))!.tree).toEqual(latest);
  });

  it("hands out frozen trees", async () => {
    const brandId = await newResearch(tree(2));
    const { tree: shared } = await read(brandId);
    expect(Object.isFrozen(shared)).toBe(true);
    expect(Object.isFrozen(shared[0]!.children[0]!.keywords)).toBe(true);
  });

  it("catches up with the changes another process stored since its cached tree", async () => {
    const brandId = await newResearch(tree(3));
    const { tree: cached, record } = await read(brandId);
    const outcome = applyBulk(cached, [rename(["n1", "n1.2"], "elsewhere")], counterIds("other-"));
    if (!outcome.ok) throw new Error(outcome.error);
    const change = encodeChange(changeBetween(cached, outcome.tree));
    await db.insert(researchTreeChanges).values({ brandId, version: record.version + 1, nodes: change });
    await db
      .update(researchTrees)
      .set({ version: record.version + 1 })
      .where(byBrand(brandId));
    const seen = await read(brandId);
    expect(seen.record.version).toBe(record.version + 1);
    expect(seen.tree).toEqual(outcome.tree);
  });

  it("reads the whole tree when another process stored a new base since its cached tree", async () => {
    const brandId = await newResearch(tree(3));
    const { record } = await read(brandId);
    const replaced = freezeTree(tree(2));
    await db
      .update(researchTrees)
      .set({ tree: JSON.stringify(replaced), version: record.version + 1, baseVersion: record.version + 1 })
      .where(byBrand(brandId));
    expect((await read(brandId)).tree).toEqual(replaced);
  });

  it("goes on counting versions when a tree is replaced, and drops the old changes", async () => {
    const brandId = await newResearch(tree(2));
    await edit(brandId, [rename(["n0"], "first")]);
    const replacement = tree(3);
    const record = await replaceTree({ db }, { brandId, workspaceId, coreTopic: "acme", tree: replacement });
    expect(record.version).toBe(3);
    expect(await row(brandId)).toMatchObject({ version: 3, baseVersion: 3, changeBytes: 0, changeRows: 0 });
    expect((await read(brandId)).tree).toEqual(replacement);
  });

  it("keeps the cached tree when the write's transaction rolls back", async () => {
    const brandId = await newResearch(tree(2));
    const before = (await read(brandId)).tree;
    await expect(
      withTransaction({ db }, async (tx) => {
        const found = await readResearch(tx, byBrand(brandId), { lock: true });
        const outcome = applyBulk(found!.tree, [rename(["n0"], "never")], counterIds());
        if (!outcome.ok) throw new Error(outcome.error);
        await storeEdit(tx, found!.record, found!.tree, outcome.tree);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const after = await read(brandId);
    expect(after.record.version).toBe(1);
    expect(after.tree).toBe(before);
  });
});
