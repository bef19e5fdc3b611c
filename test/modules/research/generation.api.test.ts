// POST generate/: credits, 202, task status, 409 while a task is open (for generate and for
// every write), Idempotency-Key, and task status reconciled with the job (a job that is gone or
// failed is not reported as running, and its credits come back). Then generation end to end
// with the offline model.
import { NO_LIMITS, waitForTask } from "../../helpers/owners";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks } from "../../../src/platform/db/schema";
import { getTask } from "../../../src/platform/tasks/tasks";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import {
  balance,
  brandWithTree,
  createBrand,
  keysOf,
  LEVEL_LABELS,
  NODE_WRITES,
  openResearchHarness,
  type Owner,
  research,
  researchDetail,
  storedVersion,
  type WireNode,
} from "./helpers";
import type { FieldsOf, SomeFieldsOf } from "../../helpers/matchers";
import { poll } from "../../helpers/poll";

const GENERATE_KEYS = [
  "_meta",
  "ai_model_id",
  "brand_id",
  "core_topic",
  "credits_charged",
  "message",
  "task_id",
  "task_status",
  "task_type",
];
const RUNNING_KEYS = ["_meta", "error", "has_running_task", "progress", "started_at", "task_id", "task_status", "task_type", "usage"];

/** Every write of the research module, each valid on the sample tree. */
const WRITES: [string, string, unknown][] = [
  ...NODE_WRITES,
  ["POST", "analyze/dedup/", { threshold: 0.5 }],
  ["PUT", "", { research_data: [{ main_topic: "replaced" }] }],
];

describe("research generation with the job left queued", () => {
  let h: Harness;
  beforeAll(async () => {
    // No workers: a generation job stays queued, so its task stays open as long as a test needs.
    h = await createHarness({ workers: false, env: NO_LIMITS });
  });
  afterAll(async () => h.close());

  async function funded(credits: number): Promise<Owner> {
    const owner = await h.userWithKey();
    if (credits > 0) await h.grant(owner.user, credits);
    return owner;
  }
  const generate = (owner: Owner, brandId: string, body: unknown = {}, headers?: Record<string, string>) =>
    h.request("POST", research(brandId, "generate/"), { key: owner.key, body, headers });
  const taskStatus = (owner: Owner, brandId: string) => h.request("GET", research(brandId, "task-status/"), { key: owner.key });

  it("charges 5 credits and answers 202 with the task; task-status reports it pending", async () => {
    const owner = await funded(7);
    const brandId = await createBrand(h, owner, "Espresso Lab");
    const res = await generate(owner, brandId);
    expect(res.statusCode, res.payload).toBe(202);
    const body = res.json<Schemas["ResearchGenerationStarted"]>();
    expect(keysOf(body)).toEqual(GENERATE_KEYS);
    expect(body._meta.description).toEqual(expect.any(String));
    expect(body._meta.level_labels).toEqual(LEVEL_LABELS);
    expect(body).toMatchObject<SomeFieldsOf<Schemas["ResearchGenerationStarted"]>>({
      brand_id: brandId,
      task_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      task_type: "research_generation",
      task_status: "pending",
      core_topic: "Espresso Lab",
      ai_model_id: "offline",
      credits_charged: 5,
    });
    expect(await balance(h, owner.user.id)).toBe(2);

    const status = await taskStatus(owner, brandId);
    expect(status.statusCode).toBe(200);
    const open = status.json<Schemas["ResearchTaskStatus"]>();
    expect(keysOf(open)).toEqual(RUNNING_KEYS);
    type Running = Schemas["ResearchTaskStatus"];
    expect(open).toMatchObject<SomeFieldsOf<Running> & { progress: SomeFieldsOf<NonNullable<Running["progress"]>> }>({
      has_running_task: true,
      task_id: body.task_id,
      task_type: "research_generation",
      task_status: "pending",
      progress: { current: 0, total: 3, message: expect.any(String) },
      error: null,
    });
    expect(new Date(open.started_at!).toISOString()).toBe(open.started_at);
  });

  it("uses the given core_topic and model", async () => {
    const owner = await funded(5);
    const brandId = await createBrand(h, owner, "Brand Name");
    const res = await generate(owner, brandId, { core_topic: "Cold Brew", ai_model_id: "offline" });
    expect(res.statusCode).toBe(202);
    expect(res.json<Schemas["ResearchGenerationStarted"]>()).toMatchObject({ core_topic: "Cold Brew", ai_model_id: "offline" });
    const task = await getTask(h.testDb.database.db, res.json<Schemas["ResearchGenerationStarted"]>().task_id);
    expect(task?.input).toEqual({ core_topic: "Cold Brew", ai_model_id: "offline" });
  });

  it("answers 409 to a second generate while the first is open, and charges nothing more", async () => {
    const owner = await funded(20);
    const brandId = await createBrand(h, owner, "Twice");
    expect((await generate(owner, brandId)).statusCode).toBe(202);
    const second = await generate(owner, brandId, { core_topic: "other" });
    expect(second.statusCode).toBe(409);
    expect(second.json<Schemas["Error"]>()).toEqual<FieldsOf<Schemas["Error"]>>({ detail: expect.stringMatching(/running/i) });
    expect(await balance(h, owner.user.id)).toBe(15);
  });

  it("answers 409 to every write while a task is open, and changes nothing", async () => {
    const owner = await funded(5);
    const brandId = await brandWithTree(h, owner);
    const before = await researchDetail(h, owner, brandId);
    const version = await storedVersion(h, brandId);
    expect((await generate(owner, brandId)).statusCode).toBe(202);

    for (const [method, rest, body] of WRITES) {
      const res = await h.request(method, research(brandId, rest), { key: owner.key, body });
      expect(res.statusCode, `${method} ${rest}: ${res.payload}`).toBe(409);
      expect(res.json<Schemas["Error"]>()).toEqual<FieldsOf<Schemas["Error"]>>({ detail: expect.stringMatching(/generation task/i) });
    }
    const after = await researchDetail(h, owner, brandId);
    expect(after.research_data).toEqual(before.research_data);
    expect(after.updated_at).toBe(before.updated_at);
    expect(after.generation_status).toEqual({ has_running_task: true });
    expect(
      (await h.request("GET", research(brandId, "stats/"), { key: owner.key })).json<Schemas["ResearchStats"]>().generation_status,
    ).toEqual({ has_running_task: true });
    expect(await storedVersion(h, brandId)).toBe(version);
    // Reads still work, the diff included.
    expect((await h.request("POST", research(brandId, "diff/"), { key: owner.key, body: { before: [], after: [] } })).statusCode).toBe(200);
  });

  it("reconciles a task whose job is gone: not running, credits refunded once, writes allowed again", async () => {
    const owner = await funded(5);
    const brandId = await brandWithTree(h, owner);
    const started = await generate(owner, brandId);
    expect(started.statusCode).toBe(202);
    expect(await balance(h, owner.user.id)).toBe(0);
    const task = await getTask(h.testDb.database.db, started.json<Schemas["ResearchGenerationStarted"]>().task_id);
    await h.testDb.database.db.execute(sql`delete from pgboss.job where id = ${task!.jobId}`);

    const status = await taskStatus(owner, brandId);
    expect(status.statusCode).toBe(200);
    expect(keysOf(status.json<Schemas["ResearchTaskStatus"]>())).toEqual([
      "_meta",
      "has_running_task",
      "last_failure",
      "last_generation_usage",
    ]);
    expect(status.json<Schemas["ResearchTaskStatus"]>().has_running_task).toBe(false);
    expect(status.json<Schemas["ResearchTaskStatus"]>().last_failure?.error).toBe("The task's job was lost.");
    expect(await balance(h, owner.user.id)).toBe(5);
    const failed = await getTask(h.testDb.database.db, task!.id);
    expect(failed?.status).toBe("failed");
    expect(failed?.error).toEqual(expect.any(String));

    expect((await taskStatus(owner, brandId)).json<Schemas["ResearchTaskStatus"]>().has_running_task).toBe(false);
    expect(await balance(h, owner.user.id)).toBe(5);
    const write = await h.request("POST", research(brandId, "nodes/add/"), { key: owner.key, body: { parent_path: [], name: "after" } });
    expect(write.statusCode).toBe(200);
    // A new generation may start again.
    expect((await generate(owner, brandId)).statusCode).toBe(202);
  });

  it("reconciles a task whose job failed, on any read that asks whether a task runs", async () => {
    const owner = await funded(5);
    const brandId = await brandWithTree(h, owner);
    const started = await generate(owner, brandId);
    const task = await getTask(h.testDb.database.db, started.json<Schemas["ResearchGenerationStarted"]>().task_id);
    await h.testDb.database.db.execute(sql`update pgboss.job set state = 'failed' where id = ${task!.jobId}`);

    const tree = await researchDetail(h, owner, brandId);
    expect(tree.generation_status).toEqual({ has_running_task: false });
    expect(await balance(h, owner.user.id)).toBe(5);
    // Not running, and the caller is told why the newest generation ended.
    expect((await taskStatus(owner, brandId)).json<Schemas["ResearchTaskStatus"]>()).toEqual<FieldsOf<Schemas["ResearchTaskStatus"]>>({
      _meta: expect.any(Object),
      has_running_task: false,
      last_failure: { task_id: task!.id, error: "The task's job ended (failed) before the task finished.", failed_at: expect.any(String) },
      // Its job never ran: no model was called.
      last_generation_usage: { calls: 0, prompt_tokens: 0, completion_tokens: 0, by_model: [] },
    });
    // A generation started afterwards is what the status is about.
    const again = await generate(owner, brandId);
    expect(again.statusCode, again.payload).toBe(202);
    expect(Object.keys((await taskStatus(owner, brandId)).json<Schemas["ResearchTaskStatus"]>()).sort()).toEqual(RUNNING_KEYS);
  });

  it("lets a write through once the task's job is gone, without a task-status read first", async () => {
    const owner = await funded(10);
    const brandId = await brandWithTree(h, owner);
    const first = await generate(owner, brandId);
    const task = await getTask(h.testDb.database.db, first.json<Schemas["ResearchGenerationStarted"]>().task_id);
    await h.testDb.database.db.execute(sql`delete from pgboss.job where id = ${task!.jobId}`);
    const write = await h.request("PATCH", research(brandId, "nodes/keywords/"), {
      key: owner.key,
      body: { path: ["seo"], add: ["fresh"] },
    });
    expect(write.statusCode, write.payload).toBe(200);
    expect(await balance(h, owner.user.id)).toBe(10);

    const second = await generate(owner, brandId);
    const secondTask = await getTask(h.testDb.database.db, second.json<Schemas["ResearchGenerationStarted"]>().task_id);
    await h.testDb.database.db.execute(sql`delete from pgboss.job where id = ${secondTask!.jobId}`);
    expect((await generate(owner, brandId)).statusCode).toBe(202);
    expect(await balance(h, owner.user.id)).toBe(5);
  });

  it("answers 402 with too few credits, and writes nothing", async () => {
    const owner = await funded(4);
    const brandId = await createBrand(h, owner, "Poor");
    const res = await generate(owner, brandId);
    expect(res.statusCode).toBe(402);
    expect(res.json<Schemas["Error"]>()).toEqual({
      detail:
        "Insufficient credits to perform this operation. It costs 5 credits and the balance is 4 credits. " +
        "The server's operator adds credits with `canopy credits grant --email <your email> --amount <credits>`.",
    });
    expect(await balance(h, owner.user.id)).toBe(4);
    expect((await taskStatus(owner, brandId)).json<Schemas["ResearchTaskStatus"]>().has_running_task).toBe(false);
    const rows = await h.testDb.database.db.select().from(tasks).where(eq(tasks.userId, owner.user.id));
    expect(rows).toEqual([]);
  });

  it("answers 400 for an unknown ai_model_id or a bad core_topic, and 404 for a brand it cannot see", async () => {
    const owner = await funded(5);
    const brandId = await createBrand(h, owner, "Strict");
    const unknown = await generate(owner, brandId, { ai_model_id: "no-such-model" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Schemas["FieldErrors"]>()).toEqual<FieldsOf<Schemas["FieldErrors"]>>({
      ai_model_id: [expect.stringContaining("no-such-model")],
    });
    const blank = await generate(owner, brandId, { core_topic: "" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<Schemas["FieldErrors"]>()).toHaveProperty("core_topic");
    const stranger = await funded(5);
    expect((await generate(stranger, brandId)).statusCode).toBe(404);
    expect((await generate(owner, "not-a-uuid")).statusCode).toBe(404);
    expect((await generate(owner, crypto.randomUUID())).statusCode).toBe(404);
    expect(await balance(h, owner.user.id)).toBe(5);
    expect(await balance(h, stranger.user.id)).toBe(5);
  });

  it("replays the first answer for a repeated Idempotency-Key and charges once", async () => {
    const owner = await funded(10);
    const brandId = await createBrand(h, owner, "Replay");
    const headers = { "idempotency-key": "research-gen-1" };
    const first = await generate(owner, brandId, { core_topic: "tea" }, headers);
    const again = await generate(owner, brandId, { core_topic: "tea" }, headers);
    expect(first.statusCode).toBe(202);
    expect(again.statusCode).toBe(202);
    expect(again.json<Schemas["ResearchGenerationStarted"]>()).toEqual(first.json<Schemas["ResearchGenerationStarted"]>());
    expect(await balance(h, owner.user.id)).toBe(5);
    const other = await generate(owner, brandId, { core_topic: "coffee" }, headers);
    expect(other.statusCode).toBe(409);
    expect(await balance(h, owner.user.id)).toBe(5);
  });

  it("charges once when the same generate races with itself", async () => {
    const owner = await funded(20);
    const brandId = await createBrand(h, owner, "Race");
    const answers = await Promise.all(Array.from({ length: 4 }, () => generate(owner, brandId)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([202, 409, 409, 409]);
    expect(await balance(h, owner.user.id)).toBe(15);
  });
});

describe("research generation end to end (offline model)", () => {
  let h: Harness;
  let owner: Owner;
  beforeAll(async () => {
    ({ h, owner } = await openResearchHarness());
  });
  afterAll(async () => h.close());

  /** Polls task-status until the task no longer runs. */
  async function untilDone(brandId: string) {
    await poll("the generation task to finish", 120_000, async () => {
      const res = await h.request("GET", research(brandId, "task-status/"), { key: owner.key });
      expect(res.statusCode).toBe(200);
      return res.json<Schemas["ResearchTaskStatus"]>().has_running_task ? undefined : true;
    });
  }

  /** Counts from the wire tree, to hold the stats against. */
  function countWire(data: WireNode[]) {
    const byDepth = [0, 0, 0, 0];
    let keywords = 0;
    let bare = 0;
    const visit = (nodes: WireNode[], depth: number) => {
      for (const node of nodes) {
        byDepth[depth] = (byDepth[depth] ?? 0) + 1;
        keywords += node.keywords.length;
        const children = [node.subtopic_2, node.subtopic_3, node.subtopic_4][depth] ?? [];
        if (children.length === 0 && node.keywords.length === 0) bare += 1;
        visit(children, depth + 1);
      }
    };
    visit(data, 0);
    return {
      main_topic_count: byDepth[0],
      st2_count: byDepth[1],
      st3_count: byDepth[2],
      st4_count: byDepth[3],
      keyword_count: keywords,
      leaf_nodes_without_keywords: bare,
      total_nodes: byDepth.reduce((a, b) => a + b, 0),
    };
  }

  it("builds a 4-level tree, keeps the charge, and the stats match the tree", async () => {
    await h.grant(owner.user, 5);
    const brandId = await createBrand(h, owner, "Home Espresso");
    const res = await h.request("POST", research(brandId, "generate/"), { key: owner.key, body: { core_topic: "Home Espresso" } });
    expect(res.statusCode, res.payload).toBe(202);
    expect(await balance(h, owner.user.id)).toBe(0);
    await untilDone(brandId);

    const task = await waitForTask(h, res.json<Schemas["ResearchGenerationStarted"]>().task_id);
    expect(task.status, task.error ?? "").toBe("completed");
    expect(await balance(h, owner.user.id)).toBe(0);

    const tree = await h.request("GET", research(brandId), { key: owner.key });
    expect(tree.statusCode).toBe(200);
    const body = tree.json<Schemas["ResearchTree"]>();
    expect(body).toMatchObject({ brand_id: brandId, core_topic: "Home Espresso", generation_status: { has_running_task: false } });
    const data: WireNode[] = body.research_data;
    expect(data.length).toBeGreaterThan(0);
    const counts = countWire(data);
    expect(body.stats).toEqual(counts);
    // Built from the simulator's discovery, and marked so.
    expect(body._meta.data_source).toBe("offline");
    // The core topic heads the tree, below it what the offline simulator's demand supports.
    expect(data[0]?.main_topic).toBe("home espresso");
    expect(counts.st2_count).toBeGreaterThan(0);
    // Lowercase names, unique among siblings, the always-empty arrays empty.
    const check = (nodes: WireNode[], depth: number) => {
      const names = nodes.map((n) => n.main_topic ?? n.name ?? "");
      expect(new Set(names).size).toBe(names.length);
      for (const node of nodes) {
        const name = node.main_topic ?? node.name ?? "";
        expect(name).toBe(name.toLowerCase());
        if (depth === 0) expect([node.subtopic_3, node.subtopic_4]).toEqual([[], []]);
        if (depth === 1) expect(node.subtopic_4).toEqual([]);
        check([node.subtopic_2, node.subtopic_3, node.subtopic_4][depth] ?? [], depth + 1);
      }
    };
    check(data, 0);

    const stats = (await h.request("GET", research(brandId, "stats/"), { key: owner.key })).json<Schemas["ResearchStats"]>();
    expect(stats).toMatchObject(counts);
    expect(stats.main_topics.map((t: { name: string }) => t.name)).toEqual(data.map((t) => t.main_topic));
    const list = (await h.request("GET", "/api/v1/research/", { key: owner.key })).json<Schemas["ResearchList"]>();
    expect(list).toContainEqual(expect.objectContaining({ brand_id: brandId, core_topic: "Home Espresso", brand_name: "Home Espresso" }));

    // The generated tree is editable like an imported one.
    const rename = await h.request("PATCH", research(brandId, "nodes/rename/"), {
      key: owner.key,
      body: { path: [data[0]!.main_topic!], new_name: "renamed pillar" },
    });
    expect(rename.statusCode, rename.payload).toBe(200);
  });

  it("replaces an imported tree", async () => {
    await h.grant(owner.user, 5);
    const brandId = await brandWithTree(h, owner, [{ main_topic: "placeholder" }], "Tea House");
    const res = await h.request("POST", research(brandId, "generate/"), { key: owner.key, body: {} });
    expect(res.statusCode).toBe(202);
    await untilDone(brandId);
    const body = await researchDetail(h, owner, brandId);
    expect(body.core_topic).toBe("Tea House");
    expect(body.research_data.map((t: WireNode) => t.main_topic)).not.toContain("placeholder");
    expect(body.research_data[0]?.main_topic).toBe("tea house");
  });
});
