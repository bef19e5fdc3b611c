// Tasks: the charge, the job and the row commit together; failures refund once; a lost job is
// reconciled; Idempotency-Key replays the first answer and charges nothing more.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import Type, { type Static } from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBalance } from "../../../src/platform/credits/ledger";
import { withTransaction } from "../../../src/platform/db/transaction";
import { creditLedger, tasks } from "../../../src/platform/db/schema";
import { NotFound } from "../../../src/platform/errors";
import { canonicalJson } from "../../../src/platform/http/idempotency";
import { keyedRoute, Uuid, withMeta } from "../../../src/platform/http/route";
import { defineJob } from "../../../src/platform/jobs/queue";
import { runTask, TaskFailure } from "../../../src/platform/tasks/runner";
import { getTask, reconcileTask, startTask } from "../../../src/platform/tasks/tasks";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { eq } from "drizzle-orm";
import { poll } from "../../helpers/poll";

const QUEUE = "test-echo";

const echoJob = defineJob<{ taskId: string }>({
  name: QUEUE,
  retryLimit: 1,
  retryDelaySeconds: 1,
  async handler(ctx, data) {
    await runTask(ctx, data.taskId, {
      async run(task, progress) {
        const input = task.input as { mode: string; value?: string };
        if (input.mode === "fail") throw new TaskFailure("the work could not be done");
        if (input.mode === "transient") throw new TaskFailure("the provider is busy", true);
        if (input.mode === "crash") throw new Error("secret internal detail");
        // What a database restart does to a statement of the work, as drizzle reports it.
        const lost = new Error("Failed query: select 1", {
          cause: Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
        });
        if (input.mode === "connection-lost") throw lost;
        if (input.mode === "connection-lost-once" && task.attempts === 1) throw lost;
        await progress.report(1, 1, "done");
        return { echo: input.value ?? null };
      },
      async commit(_tx, task, result) {
        if ((task.input as { mode: string }).mode === "fail-at-commit") throw new TaskFailure("the result has nowhere to go");
        return result;
      },
    });
  },
});

const TaskView = withMeta({ task_id: Uuid, status: Type.String() });
type TaskView = Static<typeof TaskView>;

const routes = [
  keyedRoute({
    method: "POST",
    path: "/api/v1/test-tasks/",
    tag: "Test",
    summary: "Start a test task",
    scope: null,
    workspaced: true,
    idempotent: true,
    status: 202,
    schemas: {
      body: Type.Object({ mode: Type.String(), value: Type.Optional(Type.String()), cost: Type.Integer({ minimum: 0 }) }),
      response: TaskView,
    },
    handler: async ({ ctx, body }) => {
      const task = await startTask(ctx, {
        type: "test_echo",
        queue: QUEUE,
        subjectId: null,
        input: { mode: body.mode, value: body.value },
        cost: body.cost,
        operation: "test_echo",
      });
      return { task_id: task.id, status: task.status };
    },
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/test-tasks/:id/",
    tag: "Test",
    summary: "A test task",
    scope: null,
    workspaced: true,
    status: 200,
    schemas: { params: Type.Object({ id: Uuid }), response: TaskView },
    handler: async ({ ctx, params }) => {
      const task = await getTask(ctx.db, params.id);
      if (!task || task.workspaceId !== ctx.workspace.id) throw new NotFound();
      const current = await reconcileTask(ctx, task);
      return { task_id: current.id, status: current.status };
    },
  }),
];

/** The task once it reaches one of `statuses` (by default: finished). */
async function waitForTask(h: Harness, id: string, statuses = ["completed", "failed"]) {
  return poll(`task ${id} to reach ${statuses.join(" or ")}`, 120_000, async () => {
    const task = await getTask(h.testDb.database.db, id);
    return task && statuses.includes(task.status) ? task : undefined;
  });
}

describe("tasks", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ extraRoutes: routes, extraJobs: [echoJob] });
  });
  afterAll(async () => h.close());

  async function funded(amount: number) {
    const owner = await h.userWithKey(["user:read"]);
    if (amount > 0) await h.grant(owner.user, amount, "payg");
    return owner;
  }

  const balance = (userId: string) => getBalance(h.testDb.database.db, userId).then((b) => b.total);

  it("charges on acceptance and stores the result when the job completes", async () => {
    const { key, user } = await funded(10);
    const res = await h.request("POST", "/api/v1/test-tasks/", { key, body: { mode: "ok", value: "hello", cost: 3 } });
    expect(res.statusCode).toBe(202);
    expect(await balance(user.id)).toBe(7);
    const task = await waitForTask(h, res.json<TaskView>().task_id);
    expect(task.status).toBe("completed");
    expect(task.result).toEqual({ echo: "hello" });
    expect(task.progressCurrent).toBe(1);
    expect(await balance(user.id)).toBe(7);
  });

  it("refunds a task that fails, once", async () => {
    const { key, user } = await funded(10);
    const res = await h.request("POST", "/api/v1/test-tasks/", { key, body: { mode: "fail", cost: 4 } });
    const task = await waitForTask(h, res.json<TaskView>().task_id);
    expect(task.status).toBe("failed");
    expect(task.error).toBe("the work could not be done");
    expect(await balance(user.id)).toBe(10);
    const rows = await h.testDb.database.db.select().from(creditLedger).where(eq(creditLedger.referenceId, task.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(["charge", "refund"]);
  });

  it("fails and refunds a task whose result cannot be stored, at once and without running it again", async () => {
    // As a clustering whose report is deleted while it runs: found by `npm run test:faults`,
    // where such a task's job failed (an error line), ran the whole clustering again, and only
    // then failed the task.
    const { key, user } = await funded(10);
    const res = await h.request("POST", "/api/v1/test-tasks/", { key, body: { mode: "fail-at-commit", cost: 4 } });
    const task = await waitForTask(h, res.json<TaskView>().task_id);
    expect(task).toMatchObject({ status: "failed", error: "the result has nowhere to go", attempts: 1 });
    expect(await balance(user.id)).toBe(10);
  });

  it("retries a transient failure, then fails and refunds after the last try", async () => {
    const { key, user } = await funded(5);
    const res = await h.request("POST", "/api/v1/test-tasks/", { key, body: { mode: "transient", cost: 5 } });
    expect(await balance(user.id)).toBe(0);
    const task = await waitForTask(h, res.json<TaskView>().task_id, ["failed"]);
    expect(task.attempts).toBe(2);
    expect(task.error).toBe("the provider is busy");
    expect(await balance(user.id)).toBe(5);
  });

  it("retries a task whose database connection was lost instead of failing it, and charges it once", async () => {
    const { key, user } = await funded(5);
    const res = await h.request("POST", "/api/v1/test-tasks/", { key, body: { mode: "connection-lost-once", value: "again", cost: 5 } });
    const task = await waitForTask(h, res.json<TaskView>().task_id);
    expect(task).toMatchObject({ status: "completed", attempts: 2, error: null, result: { echo: "again" } });
    expect(await balance(user.id)).toBe(0);
    const rows = await h.testDb.database.db.select().from(creditLedger).where(eq(creditLedger.referenceId, task.id));
    expect(rows.map((r) => r.kind)).toEqual(["charge"]);
  });

  it("fails and refunds a task whose connection is lost on every try, after the last", async () => {
    const { key, user } = await funded(5);
    const res = await h.request("POST", "/api/v1/test-tasks/", { key, body: { mode: "connection-lost", cost: 5 } });
    const task = await waitForTask(h, res.json<TaskView>().task_id, ["failed"]);
    expect(task.attempts).toBe(2);
    expect(task.error).toBe("The task failed because of an internal error.");
    expect(await balance(user.id)).toBe(5);
  });

  it("hides internal errors from the task's error text", async () => {
    const { key } = await funded(1);
    const res = await h.request("POST", "/api/v1/test-tasks/", { key, body: { mode: "crash", cost: 1 } });
    const task = await waitForTask(h, res.json<TaskView>().task_id);
    expect(task.status).toBe("failed");
    expect(task.error).not.toContain("secret");
  });

  it("answers 402 and writes nothing when the balance cannot cover the cost", async () => {
    const { key, user } = await funded(2);
    const res = await h.request("POST", "/api/v1/test-tasks/", { key, body: { mode: "ok", cost: 3 } });
    expect(res.statusCode).toBe(402);
    expect(res.json<Schemas["Error"]>().detail).toMatch(/insufficient credits/i);
    const rows = await h.testDb.database.db.select().from(tasks).where(eq(tasks.userId, user.id));
    expect(rows).toHaveLength(0);
    expect(await balance(user.id)).toBe(2);
  });

  it("fails and refunds a task whose job was lost, when its status is read", async () => {
    const { key, user } = await funded(6);
    const started = await startTask(
      { db: h.testDb.database.db, platform: h.canopy.platform, userId: user.id, workspace: { id: user.id } },
      { type: "test_echo", queue: "platform-retention", subjectId: null, cost: 6, operation: "test_echo" },
    );
    // The job disappears from the queue (as after a manual purge or a lost database row).
    await h.testDb.database.db.execute(sql`delete from pgboss.job where id = ${started.jobId}`);
    const res = await h.request("GET", `/api/v1/test-tasks/${started.id}/`, { key });
    expect(res.json<TaskView>().status).toBe("failed");
    expect(await balance(user.id)).toBe(6);
    // Reading again refunds nothing more.
    await h.request("GET", `/api/v1/test-tasks/${started.id}/`, { key });
    expect(await balance(user.id)).toBe(6);
  });

  it("reads a job's state inside a transaction without waiting on its own connection", async () => {
    const { user } = await funded(1);
    const actor = { db: h.testDb.database.db, platform: h.canopy.platform, userId: user.id, workspace: { id: user.id } };
    const started = await startTask(actor, {
      type: "test_echo",
      queue: QUEUE,
      subjectId: null,
      input: { mode: "ok" },
      cost: 1,
      operation: "test_echo",
    });
    const state = await withTransaction(actor, (tx) => h.canopy.platform.jobs.jobState(QUEUE, started.jobId!, tx));
    expect(["created", "active", "completed"]).toContain(state);
  });

  describe("Idempotency-Key", () => {
    it("replays the first answer and charges once", async () => {
      const { key, user } = await funded(10);
      const headers = { "idempotency-key": "abc-1" };
      const first = await h.request("POST", "/api/v1/test-tasks/", { key, headers, body: { mode: "ok", cost: 2 } });
      const second = await h.request("POST", "/api/v1/test-tasks/", { key, headers, body: { cost: 2, mode: "ok" } });
      expect(first.statusCode).toBe(202);
      expect(second.statusCode).toBe(202);
      expect(second.json<TaskView>()).toEqual(first.json<TaskView>());
      expect(await balance(user.id)).toBe(8);
    });

    it("refuses the same key with a different body", async () => {
      const { key } = await funded(10);
      const headers = { "idempotency-key": "abc-2" };
      await h.request("POST", "/api/v1/test-tasks/", { key, headers, body: { mode: "ok", cost: 1 } });
      const other = await h.request("POST", "/api/v1/test-tasks/", { key, headers, body: { mode: "ok", cost: 2 } });
      expect(other.statusCode).toBe(409);
    });

    it("charges once when identical requests race", async () => {
      const { key, user } = await funded(10);
      const headers = { "idempotency-key": "race-1" };
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => h.request("POST", "/api/v1/test-tasks/", { key, headers, body: { mode: "ok", cost: 3 } })),
      );
      const ids = new Set(answers.map((a) => a.json<TaskView>().task_id));
      expect(answers.every((a) => a.statusCode === 202)).toBe(true);
      expect(ids.size).toBe(1);
      expect(await balance(user.id)).toBe(7);
    });

    it("refuses a body nested 100,000 levels deep with 400, never 500, and charges nothing; the fingerprint takes any depth", async () => {
      const { key, user } = await funded(10);
      const headers = { "idempotency-key": "deep-1", "content-type": "application/json" };
      // Written by hand: JSON.stringify cannot write it either.
      const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
      const body = `{"mode":"ok","cost":1,"junk":${deep}}`;
      for (let i = 0; i < 2; i++) {
        const answer = await h.request("POST", "/api/v1/test-tasks/", { key, headers, body });
        expect(answer.statusCode, answer.payload).toBe(400);
        expect(Object.keys(answer.json<Schemas["FieldErrors"]>())).toEqual(["junk"]);
      }
      expect(await balance(user.id)).toBe(10);
      // Bodies reach the fingerprint after validation, but it must not recurse on any body either.
      expect(canonicalJson(JSON.parse(body))).toBe(`{"cost":1,"junk":${deep},"mode":"ok"}`);
    });

    it("fingerprints bodies as the recursive canonical form did", () => {
      const recursive = (value: unknown): string => {
        if (Array.isArray(value)) return `[${value.map(recursive).join(",")}]`;
        if (value && typeof value === "object") {
          const entries = Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
          return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${recursive(v)}`).join(",")}}`;
        }
        return JSON.stringify(value ?? null);
      };
      fc.assert(
        fc.property(fc.jsonValue(), (value) => canonicalJson(value) === recursive(value)),
        { seed: 3, numRuns: 500 },
      );
      expect(canonicalJson({ b: [1, { d: null, c: undefined }], a: "x" })).toBe('{"a":"x","b":[1,{"d":null}]}');
    });

    it("does not keep a key whose request failed", async () => {
      const { key, user } = await funded(1);
      const headers = { "idempotency-key": "poor-1" };
      const refused = await h.request("POST", "/api/v1/test-tasks/", { key, headers, body: { mode: "ok", cost: 3 } });
      expect(refused.statusCode).toBe(402);
      await h.grant(user, 5);
      const accepted = await h.request("POST", "/api/v1/test-tasks/", { key, headers, body: { mode: "ok", cost: 3 } });
      expect(accepted.statusCode).toBe(202);
      expect(await balance(user.id)).toBe(3);
    });
  });
});
