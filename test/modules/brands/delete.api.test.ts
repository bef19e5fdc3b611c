// Deleting a brand over HTTP: everything that is the brand's goes with it in one transaction
// (research tree and its changes, map and keywords, published toggles, brand clusterings and
// their SERP data), standalone reports and task history stay; 409 while the brand's research
// generation or clustering runs, but not for a task whose job has died; 404 for a brand of
// another workspace or none.
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorityPublished } from "../../../src/modules/authority";
import { BRAND_WORK_RUNNING } from "../../../src/modules/brands/delete";
import { clusteringReports, clusteringSerpData } from "../../../src/modules/clustering";
import { topicalMapKeywords, topicalMaps } from "../../../src/modules/maps";
import { researchTreeChanges, researchTrees } from "../../../src/modules/research";
import { tasks } from "../../../src/platform/db/schema";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { match } from "../../helpers/matchers";
import { brandClustering, createReport, finishByHand, runClusteringJob, type Owner } from "../clustering/helpers";
import { createBrand, importTree, research } from "../research/helpers";

describe("DELETE /api/v1/brands/{id}/", () => {
  let h: Harness;
  let owner: Owner;
  const db = () => h.testDb.database.db;
  const del = (id: string, key = owner.key, teamId?: string) => h.request("DELETE", `/api/v1/brands/${id}/`, { key, teamId });

  /** How many rows each table holds for the brand (and its reports). */
  async function rowsOf(brandId: string, reportIds: string[]) {
    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    return {
      research: await count(db().select().from(researchTrees).where(eq(researchTrees.brandId, brandId))),
      changes: await count(db().select().from(researchTreeChanges).where(eq(researchTreeChanges.brandId, brandId))),
      map: await count(db().select().from(topicalMaps).where(eq(topicalMaps.brandId, brandId))),
      keywords: await count(db().select().from(topicalMapKeywords).where(eq(topicalMapKeywords.brandId, brandId))),
      published: await count(db().select().from(authorityPublished).where(eq(authorityPublished.brandId, brandId))),
      reports: await count(db().select().from(clusteringReports).where(inArray(clusteringReports.id, reportIds))),
      serps: await count(db().select().from(clusteringSerpData).where(inArray(clusteringSerpData.reportId, reportIds))),
    };
  }

  beforeAll(async () => {
    h = await createHarness({ workers: false, env: NO_LIMITS });
    owner = await fundedOwner(h, 100);
  });
  afterAll(async () => h.close());

  it("takes the brand's research, map, published flags and clusterings with it; standalone reports and tasks stay", async () => {
    const brandId = await createBrand(h, owner, "Doomed");
    // Enough nodes that a small edit is stored as a change row beside the tree's base.
    const pages = Array.from({ length: 30 }, (_, i) => ({ name: `page ${i}`, keywords: [] }));
    await importTree(h, owner, brandId, [{ main_topic: "coffee", keywords: ["cold brew", "espresso machine"], subtopic_2: pages }]);
    expect(
      (await h.request("POST", research(brandId, "nodes/add/"), { key: owner.key, body: { parent_path: ["coffee"], name: "tea" } }))
        .statusCode,
    ).toBe(200);
    const started = await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {} });
    const { report_id: reportId, task_id: taskId } = started.json<Schemas["BrandClusteringStarted"]>();
    await runClusteringJob(h, taskId);
    const nodeId = (await h.request("GET", `/api/v1/authority/${brandId}/`, { key: owner.key })).json<Schemas["AuthorityHierarchy"]>()
      .hierarchy[0]!.node_id;
    await h.request("PATCH", `/api/v1/authority/${brandId}/nodes/${nodeId}/published/`, { key: owner.key, body: { published: true } });
    const standalone = await createReport(h, owner);
    await finishByHand(db(), standalone.id);

    const before = await rowsOf(brandId, [reportId]);
    expect(
      Object.values(before).every((n) => n > 0),
      JSON.stringify(before),
    ).toBe(true);
    const res = await del(brandId);
    expect([res.statusCode, res.payload]).toEqual([204, ""]);

    expect(await rowsOf(brandId, [reportId])).toEqual({ research: 0, changes: 0, map: 0, keywords: 0, published: 0, reports: 0, serps: 0 });
    for (const url of [
      `/api/v1/brands/${brandId}/`,
      `/api/v1/maps/${brandId}/`,
      `/api/v1/authority/${brandId}/`,
      research(brandId),
      brandClustering(brandId),
    ]) {
      expect((await h.request("GET", url, { key: owner.key })).statusCode, url).toBe(404);
    }
    expect((await h.request("GET", `/api/v1/clustering/${standalone.id}/`, { key: owner.key })).statusCode).toBe(200);
    expect(await db().select().from(tasks).where(eq(tasks.id, taskId))).toHaveLength(1);
    expect((await del(brandId)).statusCode).toBe(404);
  });

  it("answers 409 while the brand's clustering or research generation is open, and deletes once it is not", async () => {
    const brandId = await createBrand(h, owner, "Busy");
    await importTree(h, owner, brandId, [{ main_topic: "coffee", keywords: ["cold brew"] }]);
    // No workers: the started clustering stays queued, its job alive in the queue.
    const started = await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {} });
    expect(started.statusCode).toBe(202);
    const busy = await del(brandId);
    expect([busy.statusCode, busy.json<Schemas["Error"]>()]).toEqual([409, { detail: BRAND_WORK_RUNNING }]);
    await runClusteringJob(h, started.json<Schemas["BrandClusteringStarted"]>().task_id);

    const generating = await h.request("POST", research(brandId, "generate/"), { key: owner.key, body: { core_topic: "coffee" } });
    expect(generating.statusCode, generating.payload).toBe(202);
    expect((await del(brandId)).statusCode).toBe(409);
    // The generation's job dies (as when its worker is killed): reconciled, it no longer blocks.
    const [task] = await db().select().from(tasks).where(eq(tasks.id, generating.json<Schemas["ResearchGenerationStarted"]>().task_id));
    await db().execute(sql`update pgboss.job set state = 'failed' where id = ${task!.jobId}`);
    expect((await del(brandId)).statusCode).toBe(204);
    const [failed] = await db().select().from(tasks).where(eq(tasks.id, task!.id));
    expect(failed!.status).toBe("failed");
  });

  it("answers 404 for a brand of another user or workspace, or none, and deletes nothing", async () => {
    const brandId = await createBrand(h, owner, "Kept");
    const stranger = await h.userWithKey();
    expect((await del(brandId, stranger.key)).json<Schemas["Error"]>()).toEqual({ detail: match.any(String) });
    const team = await h.createTeam(owner.user);
    expect((await del(brandId, owner.key, team.id)).statusCode).toBe(404);
    expect((await del(randomUUID())).statusCode).toBe(404);
    expect((await h.request("GET", `/api/v1/brands/${brandId}/`, { key: owner.key })).statusCode).toBe(200);
  });
});
