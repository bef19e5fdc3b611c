// SERP fetching in batches of 100: the provider is asked batch by batch, progress is recorded
// per batch, and a transient failure keeps what was fetched so that the retried job asks only
// for the rest (the user never pays the provider twice for one SERP).
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTask } from "../../../src/platform/tasks/tasks";
import type { SerpProvider, SerpQuery } from "../../../src/providers/serp/types";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";

import { clustering, createReport, numbered, runClusteringJob, serpRows } from "./helpers";

/** Progress is written at most every 500 ms, so each batch waits a little longer than that. */
const BATCH_DELAY_MS = 600;

interface Recorder {
  provider: SerpProvider;
  /** Keywords of each fetchSerps call, in order. */
  calls: string[][];
  /** The task's stored progress when each call began. */
  progressSeen: [number, number][];
}

function recordingProvider(h: Harness, taskId: () => string, failOnce: string | null = null): Recorder {
  const inner = h.canopy.platform.serp;
  const calls: string[][] = [];
  const progressSeen: [number, number][] = [];
  let failed = false;
  const provider: SerpProvider = {
    name: inner.name,
    async fetchSerps(queries: SerpQuery[]) {
      const task = await getTask(h.testDb.database.db, taskId());
      progressSeen.push([task!.progressCurrent, task!.progressTotal]);
      calls.push(queries.map((q) => q.keyword));
      await new Promise((resolve) => setTimeout(resolve, BATCH_DELAY_MS));
      const outcomes = await inner.fetchSerps(queries);
      return outcomes.map((outcome, i) => {
        const keyword = queries[i]!.keyword;
        if (keyword !== failOnce || failed) return outcome;
        failed = true;
        return { ok: false as const, keyword, error: "provider timed out", transient: true };
      });
    },
    keywordMetrics: (query) => inner.keywordMetrics(query),
    labsKeywords: (endpoint, query) => inner.labsKeywords(endpoint, query),
    autocomplete: (query) => inner.autocomplete(query),
  };
  return { provider, calls, progressSeen };
}

describe("SERP fetching in batches", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ workers: false, env: NO_LIMITS });
  });
  afterAll(async () => h.close());

  it("asks for 100 keywords at a time and records progress after each batch", async () => {
    const owner = await fundedOwner(h, 25);
    const keywords = numbered(250, "batch");
    const created = await createReport(h, owner, { keywords });
    const recorder = recordingProvider(h, () => created.task_id);
    await runClusteringJob(h, created.task_id, { serp: recorder.provider });

    expect(recorder.calls.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(recorder.calls.flat()).toEqual(keywords);
    // Three batches and the clustering step: 4 steps; each batch starts after the previous one's report.
    expect(recorder.progressSeen).toEqual([
      [0, 4],
      [1, 4],
      [2, 4],
    ]);
    const status = (await h.request("GET", clustering(`${created.id}/status/`), { key: owner.key })).json<Schemas["ClusteringStatus"]>();
    expect(status).toMatchObject({ status: "completed", state: "SUCCESS", progress: 100 });
  }, 60_000);

  it("keeps what a failed attempt fetched and asks the retry only for the rest", async () => {
    const owner = await fundedOwner(h, 25);
    const keywords = numbered(250, "resume");
    const created = await createReport(h, owner, { keywords });
    const flaky = keywords[150]!;
    const recorder = recordingProvider(h, () => created.task_id, flaky);

    // First delivery: batch 2 has a transient failure; the job hands the task back to the queue.
    await expect(runClusteringJob(h, created.task_id, { serp: recorder.provider })).rejects.toThrow(/provider timed out/);
    const afterFirst = await getTask(h.testDb.database.db, created.task_id);
    expect(afterFirst).toMatchObject({ status: "queued" });
    expect((await serpRows(h, created.id)).length).toBe(199);

    // The retry asks only for the keyword that failed, then the last batch.
    const before = recorder.calls.length;
    await runClusteringJob(h, created.task_id, { serp: recorder.provider, retryCount: 1 });
    expect(recorder.calls.slice(before)).toEqual([[flaky], keywords.slice(200)]);
    expect((await serpRows(h, created.id)).length).toBe(250);
    expect((await getTask(h.testDb.database.db, created.task_id))!.status).toBe("completed");
  }, 60_000);

  it("lets other work run between batches (on the embedded database the queries alone never return to the event loop)", async () => {
    const owner = await fundedOwner(h, 30);
    const created = await createReport(h, owner, { keywords: numbered(300, "tick") });
    let running = true;
    let turns = 0;
    const turn = () => {
      turns++;
      if (running) setImmediate(turn);
    };
    setImmediate(turn);
    await runClusteringJob(h, created.task_id);
    running = false;
    // One turn at least per progress report: three SERP batches and the clustering step.
    expect(turns).toBeGreaterThanOrEqual(4);
    expect((await getTask(h.testDb.database.db, created.task_id))!.status).toBe("completed");
  }, 60_000);
});
