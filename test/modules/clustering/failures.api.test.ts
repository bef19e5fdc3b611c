// Clustering that fails: a SERP provider that rejects the credentials (a local DataForSEO
// stand-in answering 401, which is never retried), a job that is gone, and a report deleted
// while its job waits or runs. Each ends `failed` / FAILURE with a readable message, and its credits
// come back exactly once.
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_BRAND_RESULTS } from "../../../src/modules/clustering/brand-service";
import { KEYWORD_NOT_FETCHED } from "../../../src/modules/clustering/reports";
import { NO_STORED_SERPS } from "../../../src/modules/clustering/runs";
import { REPORT_DELETED } from "../../../src/modules/clustering/serp-fetch";
import { topicalMaps } from "../../../src/modules/maps";
import { getTask } from "../../../src/platform/tasks/tasks";
import type { SerpProvider } from "../../../src/providers/serp/types";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { match } from "../../helpers/matchers";
import { balance, brandWithTree, keysOf } from "../research/helpers";
import {
  brandClustering,
  clustering,
  createReport,
  ledgerOf,
  rejectingDataForSeo,
  reportRow,
  runClusteringJob,
  serpRows,
  STATUS_KEYS,
  waitForReport,
  WITH_WORKERS_MS,
  type Owner,
} from "./helpers";

describe("clustering with a SERP provider that rejects the credentials", () => {
  let h: Harness;
  let provider: Awaited<ReturnType<typeof rejectingDataForSeo>>;
  beforeAll(async () => {
    provider = await rejectingDataForSeo();
    h = await createHarness({ workers: true, env: { ...NO_LIMITS, ...provider.env } });
  });
  afterAll(async () => {
    await h.close();
    await provider.close();
  });

  const status = (owner: Owner, reportId: string) => h.request("GET", clustering(`${reportId}/status/`), { key: owner.key });

  it(
    "fails a standalone report at once with the provider's reason, and refunds it exactly once",
    async () => {
      const owner = await fundedOwner(h, 5);
      const created = await createReport(h, owner);
      expect(created.credits_charged).toBe(1);
      expect(await balance(h, owner.user.id)).toBe(4);

      const task = await waitForReport(h, created.id);
      expect(task.status).toBe("failed");
      // Wrong credentials are not worth retrying: one attempt.
      expect(task.attempts).toBe(1);
      expect(provider.calls()).toBeGreaterThan(0);

      const res = await status(owner, created.id);
      expect(keysOf(res.json<Schemas["ClusteringStatus"]>())).toEqual(STATUS_KEYS);
      expect(res.json<Schemas["ClusteringStatus"]>()).toMatchObject({
        id: created.id,
        status: "failed",
        state: "FAILURE",
        message: match.stringMatching(/SERP provider error: DataForSEO rejected the credentials.*HTTP 401/),
      });
      expect(res.json<Schemas["ClusteringStatus"]>().progress).toBeGreaterThanOrEqual(0);
      expect(res.json<Schemas["ClusteringStatus"]>().progress).toBeLessThan(100);
      // The credentials never appear in what the user reads.
      expect(res.payload).not.toContain("test-password");

      const detail = (await h.request("GET", clustering(`${created.id}/`), { key: owner.key })).json<Schemas["ClusteringReport"]>();
      expect(detail).toMatchObject({
        _meta: { data_source: "dataforseo" },
        data_source: "dataforseo",
        status: "failed",
        state: "FAILURE",
        message: res.json<Schemas["ClusteringStatus"]>().message,
        clusters: [],
        cluster_count: null,
        clustered_at: null,
      });
      const listed = (await h.request("GET", clustering(), { key: owner.key })).json<Schemas["ClusteringReportList"]>();
      expect(listed).toEqual([expect.objectContaining({ id: created.id, status: "failed" })]);

      expect(await balance(h, owner.user.id)).toBe(5);
      expect(await ledgerOf(h, created.task_id)).toEqual([
        { kind: "charge", delta: -1 },
        { kind: "refund", delta: 1 },
      ]);
      // Reading again reconciles nothing more.
      await status(owner, created.id);
      expect(await ledgerOf(h, created.task_id)).toHaveLength(2);
      expect(await balance(h, owner.user.id)).toBe(5);

      // Nothing was stored, so there is nothing to show or re-cluster.
      expect(await serpRows(h, created.id)).toEqual([]);
      const serp = await h.request("GET", clustering(`${created.id}/serp-data/`), {
        key: owner.key,
        query: { keyword: "espresso machine" },
      });
      expect(serp.json<Schemas["Error"]>()).toEqual({ detail: KEYWORD_NOT_FETCHED });
      const recluster = await h.request("POST", clustering(`${created.id}/recluster/`), {
        key: owner.key,
        body: { overlap_percentage: 0.5 },
      });
      expect(recluster.statusCode).toBe(409);
      expect(recluster.json<Schemas["Error"]>()).toEqual({ detail: NO_STORED_SERPS });
      expect(await balance(h, owner.user.id)).toBe(5);
    },
    WITH_WORKERS_MS,
  );

  it(
    "fails a brand clustering the same way: refunded once, no results, no map, and a new start is allowed",
    async () => {
      const owner = await fundedOwner(h, 5);
      const brandId = await brandWithTree(h, owner);
      const started = await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {} });
      expect(started.statusCode, started.payload).toBe(202);
      const { report_id: reportId, task_id: taskId } = started.json<Schemas["BrandClusteringStarted"]>();
      expect((await waitForReport(h, reportId)).status).toBe("failed");

      const res = await h.request("GET", brandClustering(brandId, "status/"), { key: owner.key });
      expect(res.json<Schemas["BrandClusteringStatus"]>()).toMatchObject({
        brand_id: brandId,
        report_id: reportId,
        status: "failed",
        state: "FAILURE",
        message: match.stringMatching(/HTTP 401/),
      });
      expect(await balance(h, owner.user.id)).toBe(5);
      expect(await ledgerOf(h, taskId)).toEqual([
        { kind: "charge", delta: -1 },
        { kind: "refund", delta: 1 },
      ]);

      expect((await h.request("GET", brandClustering(brandId), { key: owner.key })).json<Schemas["Error"]>()).toEqual({
        detail: NO_BRAND_RESULTS,
      });
      const recluster = await h.request("POST", brandClustering(brandId, "recluster/"), {
        key: owner.key,
        body: { overlap_percentage: 0.5 },
      });
      expect(recluster.statusCode).toBe(404);
      expect(await h.testDb.database.db.select().from(topicalMaps)).toEqual([]);
      expect((await h.request("GET", `/api/v1/brands/${brandId}/`, { key: owner.key })).json<Schemas["Brand"]>().stage).not.toBe(
        "completed",
      );

      const again = await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {} });
      expect(again.statusCode, again.payload).toBe(202);
      expect((await waitForReport(h, again.json<Schemas["BrandClusteringStarted"]>().report_id)).status).toBe("failed");
      expect(await balance(h, owner.user.id)).toBe(5);
    },
    WITH_WORKERS_MS,
  );
});

describe("clustering jobs that are gone or find their report deleted", () => {
  let h: Harness;
  beforeAll(async () => {
    // No workers: the jobs wait in the queue until a test removes or runs them.
    h = await createHarness({ workers: false, env: NO_LIMITS });
  });
  afterAll(async () => h.close());

  it("reads a report whose job is gone as failed, refunded once, and not re-clusterable", async () => {
    const owner = await fundedOwner(h, 3);
    const created = await createReport(h, owner);
    expect(await balance(h, owner.user.id)).toBe(2);
    const task = await getTask(h.testDb.database.db, created.task_id);
    await h.testDb.database.db.execute(sql`delete from pgboss.job where id = ${task!.jobId}`);

    const res = await h.request("GET", clustering(`${created.id}/status/`), { key: owner.key });
    expect(res.json<Schemas["ClusteringStatus"]>()).toMatchObject({
      id: created.id,
      status: "failed",
      state: "FAILURE",
      message: match.any(String),
    });
    expect(await balance(h, owner.user.id)).toBe(3);
    expect((await h.request("GET", clustering(`${created.id}/`), { key: owner.key })).json<Schemas["ClusteringReport"]>()).toMatchObject({
      status: "failed",
      state: "FAILURE",
    });
    expect(await ledgerOf(h, created.task_id)).toEqual([
      { kind: "charge", delta: -1 },
      { kind: "refund", delta: 1 },
    ]);
    const recluster = await h.request("POST", clustering(`${created.id}/recluster/`), {
      key: owner.key,
      body: { overlap_percentage: 0.5 },
    });
    expect(recluster.json<Schemas["Error"]>()).toEqual({ detail: NO_STORED_SERPS });
  });

  it("lets a brand start again once the job of its running clustering is gone", async () => {
    const owner = await fundedOwner(h, 1);
    const brandId = await brandWithTree(h, owner);
    const first = (await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {} })).json<
      Schemas["BrandClusteringStarted"]
    >();
    expect(await balance(h, owner.user.id)).toBe(0);
    const task = await getTask(h.testDb.database.db, first.task_id);
    await h.testDb.database.db.execute(sql`delete from pgboss.job where id = ${task!.jobId}`);

    // The start reconciles the dead job first: refunded, so the balance covers the new start.
    const again = await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {} });
    expect(again.statusCode, again.payload).toBe(202);
    expect(await balance(h, owner.user.id)).toBe(0);
    expect(await ledgerOf(h, first.task_id)).toEqual([
      { kind: "charge", delta: -1 },
      { kind: "refund", delta: 1 },
    ]);
  });

  it("reconciles a dead job inside an idempotent start too: the start with an Idempotency-Key is accepted", async () => {
    const owner = await fundedOwner(h, 1);
    const brandId = await brandWithTree(h, owner);
    const first = (await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {} })).json<
      Schemas["BrandClusteringStarted"]
    >();
    const task = await getTask(h.testDb.database.db, first.task_id);
    await h.testDb.database.db.execute(sql`delete from pgboss.job where id = ${task!.jobId}`);

    const headers = { "Idempotency-Key": `again-${brandId}` };
    const again = await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {}, headers });
    expect(again.statusCode, again.payload).toBe(202);
    expect(await balance(h, owner.user.id)).toBe(0);
    const replay = await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {}, headers });
    expect(replay.json<Schemas["BrandClusteringStarted"]>()).toEqual(again.json<Schemas["BrandClusteringStarted"]>());
    expect(await balance(h, owner.user.id)).toBe(0);
  });

  it("fails a job whose report was deleted while it waited, with the deleted message, and refunds it once", async () => {
    const owner = await fundedOwner(h, 1);
    const created = await createReport(h, owner);
    expect(await balance(h, owner.user.id)).toBe(0);
    expect((await h.request("DELETE", clustering(`${created.id}/`), { key: owner.key })).statusCode).toBe(204);
    expect(await reportRow(h, created.id)).toBeNull();
    // Deleting does not touch the queued task; the job finds the report gone when it runs.
    expect((await getTask(h.testDb.database.db, created.task_id))?.status).toBe("queued");

    await runClusteringJob(h, created.task_id);
    const task = await getTask(h.testDb.database.db, created.task_id);
    expect(task).toMatchObject({ status: "failed", error: REPORT_DELETED });
    expect(await balance(h, owner.user.id)).toBe(1);
    expect(await ledgerOf(h, created.task_id)).toEqual([
      { kind: "charge", delta: -1 },
      { kind: "refund", delta: 1 },
    ]);

    // A second delivery of the same job finds the task finished and changes nothing.
    await runClusteringJob(h, created.task_id);
    expect(await ledgerOf(h, created.task_id)).toHaveLength(2);
    expect(await balance(h, owner.user.id)).toBe(1);
  });

  it("fails a job whose report is deleted while it fetches SERPs with the deleted message, not an internal error", async () => {
    const owner = await fundedOwner(h, 1);
    const created = await createReport(h, owner);
    const serp = h.canopy.platform.serp;
    // Deleted between the job's check that the report exists and the insert of the batch's
    // SERPs, as a user's DELETE can land (found by the fault run: "internal error", a foreign key).
    const deletingMidFetch: SerpProvider = {
      name: serp.name,
      async fetchSerps(queries, options) {
        await h.request("DELETE", clustering(`${created.id}/`), { key: owner.key });
        return serp.fetchSerps(queries, options);
      },
      keywordMetrics: (query, options) => serp.keywordMetrics(query, options),
      labsKeywords: (endpoint, query, options) => serp.labsKeywords(endpoint, query, options),
      autocomplete: (query, options) => serp.autocomplete(query, options),
    };
    await runClusteringJob(h, created.task_id, { serp: deletingMidFetch });
    expect(await reportRow(h, created.id)).toBeNull();
    expect(await getTask(h.testDb.database.db, created.task_id)).toMatchObject({ status: "failed", error: REPORT_DELETED });
    expect(await balance(h, owner.user.id)).toBe(1);
    expect(await ledgerOf(h, created.task_id)).toEqual([
      { kind: "charge", delta: -1 },
      { kind: "refund", delta: 1 },
    ]);
  });
});
