// Typed tasks: a definition's input is checked when the task starts and when its job runs, and
// the work runs as the task's user in the task's workspace, storing its result in the
// transaction that completes the task.
import { eq, sql } from "drizzle-orm";
import Type from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBalance } from "../../../src/platform/credits/ledger";
import { creditLedger, tasks } from "../../../src/platform/db/schema";
import { withTransaction } from "../../../src/platform/db/transaction";
import type { TaskActor } from "../../../src/platform/tasks/tasks";
import { defineTask } from "../../../src/platform/tasks/define-task";
import { createHarness, type Harness } from "../../helpers/harness";
import { waitForTask } from "../../helpers/owners";

/** What the work saw, by task id: the test reads it after the task completes. */
const seen = new Map<string, { input: unknown; userId: string; workspace: unknown; inTransaction: boolean | undefined }>();

const typedTask = defineTask({
  type: "test_typed",
  queue: "test-typed",
  input: Type.Object({ word: Type.String({ minLength: 1 }), times: Type.Integer({ minimum: 1 }) }),
  retryLimit: 0,
  retryDelaySeconds: 1,
  expireInSeconds: 60,
  async run(ctx, input) {
    seen.set(ctx.task.id, { input, userId: ctx.userId, workspace: ctx.workspace, inTransaction: ctx.inTransaction });
    return input.word.repeat(input.times);
  },
  async commit(ctx, _input, result) {
    // The completing transaction: the task is still `running` to anyone outside it.
    expect(ctx.inTransaction).toBe(true);
    return { result };
  },
});

describe("defineTask", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ extraJobs: [typedTask.job()] });
  });
  afterAll(async () => h.close());

  async function actor(credits: number, teamOf?: boolean): Promise<TaskActor & { userId: string }> {
    const user = await h.createUser();
    if (credits > 0) await h.grant(user, credits);
    const workspaceId = teamOf ? (await h.createTeam(user)).id : user.id;
    return { db: h.testDb.database.db, platform: h.canopy.platform, userId: user.id, workspace: { id: workspaceId } };
  }

  it("runs the work with its checked input as the task's user, in a personal or team workspace", async () => {
    for (const team of [false, true]) {
      const ctx = await actor(3, team);
      const task = await typedTask.start(ctx, { subjectId: ctx.userId, input: { word: "ab", times: 2 }, cost: 2 });
      const done = await waitForTask(h, task.id);
      expect(done.status).toBe("completed");
      expect(done.result).toEqual({ result: "abab" });
      expect(seen.get(task.id)).toEqual({
        input: { word: "ab", times: 2 },
        userId: ctx.userId,
        workspace: { id: ctx.workspace.id, kind: team ? "team" : "personal" },
        inTransaction: undefined,
      });
      expect((await getBalance(h.testDb.database.db, ctx.userId)).total).toBe(1);
    }
  });

  it("refuses to start a task whose input does not match, and writes nothing", async () => {
    const ctx = await actor(5);
    const bad = { word: "", times: 1 };
    await expect(typedTask.start(ctx, { subjectId: ctx.userId, input: bad, cost: 1 })).rejects.toThrow(
      /invalid input for a test_typed task/,
    );
    expect(await h.testDb.database.db.select().from(tasks).where(eq(tasks.userId, ctx.userId))).toEqual([]);
    expect((await getBalance(h.testDb.database.db, ctx.userId)).total).toBe(5);
  });

  it("fails and refunds, once, a task whose stored input no longer matches", async () => {
    const ctx = await actor(4);
    // Its input rewritten before the job can see it (the job is sent in the same transaction),
    // as an older version might have stored it.
    const task = await withTransaction(ctx, async (tx) => {
      const started = await typedTask.start(tx, { subjectId: ctx.userId, input: { word: "x", times: 1 }, cost: 4 });
      await tx.db.execute(sql`update tasks set input = '{"word": 1}'::jsonb where id = ${started.id}`);
      return started;
    });
    const done = await waitForTask(h, task.id);
    expect(done.status).toBe("failed");
    expect(done.error).toBe("The task's stored input is not valid for a test_typed task.");
    expect(seen.has(task.id)).toBe(false);
    const ledger = await h.testDb.database.db.select().from(creditLedger).where(eq(creditLedger.referenceId, task.id));
    expect(ledger.map((row) => row.kind).sort()).toEqual(["charge", "refund"]);
    expect((await getBalance(h.testDb.database.db, ctx.userId)).total).toBe(4);
  });
});
