import { describe, expect, it } from "vitest";
import { batchCount, inBatches, reportState } from "../../../src/modules/clustering/report-state";

const task = (status: string, progressCurrent = 0, progressTotal = 0, message = "", error: string | null = null) => ({
  status,
  progressCurrent,
  progressTotal,
  message,
  error,
});

describe("SERP batches", () => {
  it("counts started batches of 100", () => {
    expect([1, 99, 100, 101, 250, 10_000].map(batchCount)).toEqual([1, 1, 1, 2, 3, 100]);
  });

  it("splits in order, the last batch holding the rest", () => {
    const items = Array.from({ length: 250 }, (_, i) => i);
    const batches = inBatches(items);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(batches.flat()).toEqual(items);
    expect(inBatches([])).toEqual([]);
  });
});

describe("a report's state from its task", () => {
  it("reads a queued task as in_progress / PENDING with its progress", () => {
    expect(reportState(task("queued", 0, 4, "Queued"))).toEqual({
      status: "in_progress",
      state: "PENDING",
      progress: 0,
      message: "Queued",
    });
  });

  it("reads a running task as in_progress / STARTED with a one-decimal percent", () => {
    expect(reportState(task("running", 1, 3, "Fetched SERP data: batch 1 of 2."))).toEqual({
      status: "in_progress",
      state: "STARTED",
      progress: 33.3,
      message: "Fetched SERP data: batch 1 of 2.",
    });
  });

  it("reads a completed task as 100 percent whatever its counters say", () => {
    expect(reportState(task("completed", 2, 5, "Completed"))).toMatchObject({ status: "completed", state: "SUCCESS", progress: 100 });
  });

  it("reads a failed task as failed / FAILURE with its error as the message", () => {
    expect(reportState(task("failed", 2, 4, "Failed", "SERP provider error: unauthorized"))).toEqual({
      status: "failed",
      state: "FAILURE",
      progress: 50,
      message: "SERP provider error: unauthorized",
    });
  });

  it("never reports progress outside 0..100, and 0 when there is no total", () => {
    expect(reportState(task("running", 9, 4)).progress).toBe(100);
    expect(reportState(task("running", -1, 4)).progress).toBe(0);
    expect(reportState(task("running", 3, 0)).progress).toBe(0);
  });

  it("reads an unknown task status as failed rather than running forever", () => {
    expect(reportState(task("cancelled")).status).toBe("failed");
  });
});
