// The service's log lines as docs/conventions.md §10 has them, read from the real app's logger: one line per
// request (method, route pattern, status, ms, key prefix), one per task start, end and failure
// (task id, type, reason), and no line holding a key, a key's digest, a provider credential or
// the parameters of a failed SQL statement.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import Type from "typebox";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { keyedRoute, withMeta } from "../../../src/platform/http/route";
import { defineJob } from "../../../src/platform/jobs/queue";
import { runTask, TaskFailure } from "../../../src/platform/tasks/runner";
import { getTask, startTask } from "../../../src/platform/tasks/tasks";
import { createHarness, type Harness, type Schemas, type TestKey } from "../../helpers/harness";
import { match } from "../../helpers/matchers";
import { startFakeLlmServer, type FakeLlmServer } from "../../providers/llm/fake-llm-server";
import { createBrand, research } from "../../modules/research/helpers";
import { poll } from "../../helpers/poll";

const QUEUE = "test-log-task";
const PROVIDER_KEY = "sk-test-provider-credential-5f1c9e";
// Parameter values of failed statements: recognisable, and each must appear in no log line.
const SECRET_EMAIL = "param-secret-7d2a@example.com";
const secretDigest = (key: string) => createHash("sha256").update(key).digest("hex");

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

const failingSql = (digest: string) => sql`select ${digest}::text as digest, ${SECRET_EMAIL}::int as email`;

const RAW_QUEUE = "test-log-raw";
/** A job (not a task) whose statement fails: the queue itself reports and records the failure. */
const rawSqlJob = defineJob<{ digest: string }>({
  name: RAW_QUEUE,
  retryLimit: 0,
  async handler(ctx, data) {
    await ctx.db.execute(failingSql(data.digest));
  },
});

const logTaskJob = defineJob<{ taskId: string }>({
  name: QUEUE,
  retryLimit: 1,
  retryDelaySeconds: 1,
  async handler(ctx, data) {
    await runTask(ctx, data.taskId, {
      async run(task) {
        const input = task.input as { mode: string; digest?: string };
        if (input.mode === "sql") await ctx.db.execute(failingSql(input.digest ?? ""));
        if (input.mode === "fail") throw new TaskFailure("the work could not be done");
        if (input.mode === "transient") throw new TaskFailure("the provider is busy", true);
        return { done: true };
      },
      async commit(_tx, _task, result) {
        return result;
      },
    });
  },
});

const failingRoute = keyedRoute({
  method: "GET",
  path: "/api/v1/test-log/failing-sql/:id/",
  tag: "Test",
  summary: "A route whose statement fails, with the digest the test sends as one of its parameters",
  scope: null,
  workspaced: false,
  status: 200,
  schemas: { params: Type.Object({ id: Type.String() }), response: withMeta({}) },
  handler: async ({ ctx, request }) => {
    await ctx.db.execute(failingSql(String(request.headers["x-test-digest"])));
    return {};
  },
});

describe("log lines", () => {
  let h: Harness | undefined;
  let llm: FakeLlmServer | undefined;
  let owner: TestKey & { user: Awaited<ReturnType<Harness["createUser"]>> };
  let lines: string[] = [];
  const parsed = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);
  const requestLines = () => parsed().filter((line) => line.msg === "request");

  /** No line holds the key, its digest, the provider's credential or a failed statement's parameters. */
  function expectNoSecrets(...more: string[]): void {
    const secrets = [owner.key, secretDigest(owner.key), PROVIDER_KEY, SECRET_EMAIL, ...more];
    for (const line of lines) for (const secret of secrets) expect(line, `a log line holds ${secret}`).not.toContain(secret);
  }

  const waitFor = <T>(find: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> =>
    poll(what, 60_000, async () => find());

  beforeAll(async () => {
    llm = await startFakeLlmServer();
    h = await createHarness({
      env: { LOG_LEVEL: "info", OPENAI_BASE_URL: llm.baseUrl, OPENAI_API_KEY: PROVIDER_KEY, OPENAI_MODELS: "test-model" },
      extraRoutes: [failingRoute],
      extraJobs: [logTaskJob, rawSqlJob],
      logStream: { write: (line) => void lines.push(line) },
    });
    owner = await h.userWithKey();
  });
  afterAll(async () => {
    await h?.close();
    await llm?.close();
  });
  beforeEach(() => {
    lines = [];
  });

  it("one info line per request: method, route pattern, status, ms and key prefix, never the key", async () => {
    const brandId = await createBrand(h!, owner, "Logged");
    lines = [];
    expect((await h!.request("GET", `/api/v1/brands/${brandId}/`, { key: owner.key })).statusCode).toBe(200);
    const [line, ...others] = requestLines();
    expect(others).toEqual([]);
    expect(line).toMatchObject({ level: 30, method: "GET", route: "/api/v1/brands/:id/", status: 200, key_prefix: owner.prefix });
    expect(line!.ms).toEqual(expect.any(Number));
    expect(line!.reqId).toEqual(expect.any(String));
    // Fastify's own pair of lines is gone: the request made this one line and nothing else.
    expect(parsed().map((l) => l.msg)).toEqual(["request"]);
    expectNoSecrets();
  });

  it("names a refused key by its prefix, a path that is no route by null, and nothing that is not a key", async () => {
    const unknownKey = `cnpy_live_${"ab".repeat(16)}`;
    const garbage = "not-a-canopy-key-but-some-other-secret";
    await h!.request("GET", "/api/v1/me/profile/", { key: unknownKey });
    await h!.request("GET", "/api/v1/no-such-thing/", { key: owner.key });
    await h!.request("GET", "/api/v1/me/profile/", { key: garbage });
    await h!.request("GET", "/healthz");
    await h!.request("HEAD", "/healthz");
    await h!.request("DELETE", "/api/v1/me/profile/", { key: owner.key });
    expect(requestLines().map(({ method, route, status, key_prefix }) => ({ method, route, status, key_prefix }))).toEqual([
      { method: "GET", route: "/api/v1/me/profile/", status: 401, key_prefix: unknownKey.slice(0, 12) },
      { method: "GET", route: null, status: 404, key_prefix: owner.prefix },
      { method: "GET", route: "/api/v1/me/profile/", status: 401, key_prefix: undefined },
      { method: "GET", route: "/healthz", status: 200, key_prefix: undefined },
      { method: "HEAD", route: "/healthz", status: 200, key_prefix: undefined },
      { method: "DELETE", route: "/api/v1/me/profile/", status: 405, key_prefix: owner.prefix },
    ]);
    expectNoSecrets(unknownKey, secretDigest(unknownKey), garbage);
  });

  it("a 500's cause keeps the SQL text and PostgreSQL's code, never the statement's parameters", async () => {
    const res = await h!.request("GET", "/api/v1/test-log/failing-sql/1/", {
      key: owner.key,
      headers: { "x-test-digest": secretDigest(owner.key) },
    });
    expect(res.statusCode).toBe(500);
    const failed = parsed().find((line) => line.msg === "request failed");
    const err = failed?.err as { message: string; query: string; cause?: { code: string; message: string } } | undefined;
    expect(err?.query).toMatch(/^select \$1::text as digest, \$2::int as email$/);
    expect(err?.message).toMatch(/^Failed query: select/);
    expect(err?.cause).toMatchObject({ code: "22P02", message: match.stringContaining("invalid input syntax for type integer") });
    expect(requestLines()).toMatchObject([{ route: "/api/v1/test-log/failing-sql/:id/", status: 500 }]);
    expectNoSecrets();
  });

  async function startLogTask(mode: string, digest?: string) {
    const actor = { db: h!.testDb.database.db, platform: h!.canopy.platform, userId: owner.user.id, workspace: { id: owner.user.id } };
    const task = await startTask(actor, {
      type: "test_log",
      queue: QUEUE,
      subjectId: null,
      input: { mode, digest },
      cost: 0,
      operation: "test_log",
    });
    const finished = await waitFor(async () => {
      const row = await getTask(h!.testDb.database.db, task.id);
      return row && (row.status === "completed" || row.status === "failed") ? row : undefined;
    }, `task ${task.id}`);
    const mine = () => parsed().filter((line) => line.task_id === task.id);
    // The end line follows the status change by a moment.
    await waitFor(
      () => (mine().some((l) => l.msg === "task completed" || (l.msg === "task failed" && l.retrying === false)) ? true : undefined),
      "the end line",
    );
    return { finished, lines: mine() };
  }

  it("a task logs its start and its end with task id and type", async () => {
    const { finished, lines: mine } = await startLogTask("ok");
    expect(finished.status).toBe("completed");
    expect(mine.map((l) => [l.msg, l.level])).toEqual([
      ["task started", 30],
      ["task completed", 30],
    ]);
    for (const line of mine) expect(line).toMatchObject({ task_id: finished.id, task_type: "test_log", queue: QUEUE, job: finished.jobId });
  });

  it("a failed task logs its reason once; a retried one logs each failure, and task status keeps the reason", async () => {
    const failed = await startLogTask("fail");
    expect(failed.lines.filter((l) => l.msg === "task failed")).toEqual([
      expect.objectContaining({
        level: 40,
        task_id: failed.finished.id,
        task_type: "test_log",
        reason: "the work could not be done",
        retrying: false,
      }),
    ]);
    const retried = await startLogTask("transient");
    expect(retried.finished.error).toBe("the provider is busy");
    expect(retried.lines.filter((l) => l.msg === "task failed").map((l) => [l.reason, l.retrying])).toEqual([
      ["the provider is busy", true],
      ["the provider is busy", false],
    ]);
    // The queue does not add a line of its own for the failure the task already logged.
    expect(retried.lines.concat(parsed().filter((l) => l.msg === "job failed"))).not.toContainEqual(
      expect.objectContaining({ msg: "job failed" }),
    );
  });

  it("a task that fails on a statement logs the SQL and its error, never the parameters", async () => {
    const digest = secretDigest(owner.key);
    const { finished, lines: mine } = await startLogTask("sql", digest);
    expect(finished.status).toBe("failed");
    expect(finished.error).toBe("The task failed because of an internal error.");
    const failure = mine.find((l) => l.msg === "task failed");
    expect(failure).toMatchObject({
      level: 50,
      task_type: "test_log",
      retrying: false,
      reason: match.stringMatching(/^Failed query: select \$1::text/),
    });
    expect((failure!.err as { cause: { code: string } }).cause.code).toBe("22P02");
    expectNoSecrets(digest);
  });

  it("a job that fails on a statement leaves no parameter in the queue's own table either", async () => {
    const digest = secretDigest(owner.key);
    const jobId = await h!.canopy.queue.enqueue({ db: h!.testDb.database.db }, RAW_QUEUE, { digest });
    const output = await waitFor(async () => {
      // Both drivers answer { rows }; Drizzle's shared type does not say so.
      const result = (await h!.testDb.database.db.execute(
        sql`select output::text as output from pgboss.job where id = ${jobId} and state = 'failed'`,
      )) as {
        rows: { output: string }[];
      };
      return result.rows[0]?.output;
    }, "the failed job");
    expect(output).toContain("Failed query: select $1::text");
    expect(output).not.toContain(digest);
    expect(output).not.toContain(SECRET_EMAIL);
    expectNoSecrets(digest);
  });

  it("a research generation that fails at its provider keeps why on its task and in the log", async () => {
    // The provider refuses and echoes the credential it was sent; neither reaches a log line.
    llm!.script({ status: 400, body: JSON.stringify({ error: { message: `bad request from key ${PROVIDER_KEY}` } }) });
    await h!.grant(owner.user, 5);
    const brandId = await createBrand(h!, owner, "Failing Provider");
    const started = await h!.request("POST", research(brandId, "generate/"), {
      key: owner.key,
      body: { ai_model_id: "openai:test-model" },
    });
    expect(started.statusCode, started.payload).toBe(202);
    const taskId = started.json<Schemas["ResearchGenerationStarted"]>().task_id;
    const status = await waitFor(async () => {
      const body = (await h!.request("GET", research(brandId, "task-status/"), { key: owner.key })).json<Schemas["ResearchTaskStatus"]>();
      return body.has_running_task ? undefined : body;
    }, "the generation to end");
    const task = await getTask(h!.testDb.database.db, taskId);
    expect(task).toMatchObject({
      status: "failed",
      error: match.stringMatching(
        /^The model could not generate the tree: openai:test-model: provider answered 400.* The provider refused/,
      ),
    });
    // Nothing runs, and the caller reads why the newest generation failed, and when.
    expect(status).toEqual({
      _meta: match.any(Object),
      has_running_task: false,
      last_failure: { task_id: taskId, error: task!.error, failed_at: task!.finishedAt!.toISOString() },
      // A refusal reports no tokens.
      last_generation_usage: { calls: 0, prompt_tokens: 0, completion_tokens: 0, by_model: [] },
    });
    expect(task!.error).not.toContain(PROVIDER_KEY);
    const failure = await waitFor(() => parsed().find((l) => l.msg === "task failed" && l.task_id === taskId), "the failure line");
    expect(failure).toMatchObject({ task_type: "research_generation", reason: task!.error, retrying: false });
    expectNoSecrets();
  });
});
