// Every write that names a brand, sent at the same moment as the brand's DELETE, round after
// round with the delete started a little later each time, so that it lands before, during and
// after the write's own statements. Whatever the order, the write answers success or the 404 a
// missing brand gets (never a 5xx), the delete answers 204 (or 409 when the write started the
// brand's research generation or clustering, which the delete waits for), and the credits
// ledger stays whole: a charge only for an accepted job, and every accepted job whose subject
// the delete took refunded when its job runs. Found by probing: the brand was checked outside
// the insert's transaction, so a delete in between made the insert break its foreign key (500).
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { briefs } from "../../../src/modules/briefs";
import { creditLedger, tasks } from "../../../src/platform/db/schema";
import type { TaskRow } from "../../../src/platform/tasks/tasks";
import { createHarness, type Harness } from "../../helpers/harness";
import { match } from "../../helpers/matchers";
import { jobNamed, runJob } from "../../helpers/jobs";
import { completeBrief } from "../articles/helpers";
import { newBrand, SERP } from "../briefs/helpers";
import { brandClustering, type Owner } from "../clustering/helpers";
import { importTree, research } from "../research/helpers";

/**
 * Rounds per write. The first round sends the delete and then the write, the last the write and
 * then the delete, so both orders are seen whatever the machine's pace. Each round between sends
 * the two at once, one of them after a number of statements of the test's own: the write, by
 * ROUNDS/2 statements in the second round and one fewer each round, then the delete, by two more
 * each round (a write runs more statements than the delete). Those rounds land the delete before,
 * among or after the write's statements as the machine's pace has it; any order must hold.
 */
const ROUNDS = 12;
const MAP = {
  keywords: [
    { keyword: "espresso machine", main_topic: "espresso", search_volume: 100 },
    { keyword: "cold brew", main_topic: "brewing" },
  ],
};
const TREE = [{ main_topic: "coffee", keywords: ["cold brew", "espresso machine"] }];

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A write for one brand: `prepare` makes what it needs (untimed), `send` is the request that races the delete. */
interface RacedWrite {
  name: string;
  /** Whether an accepted write starts work the delete refuses to delete under (409). */
  blocksDelete?: boolean;
  prepare(brandId: string): Promise<() => Promise<Answer>>;
}

describe("a write naming a brand, racing the brand's delete", () => {
  let h: Harness | undefined;
  let owner: Owner;
  let template: typeof briefs.$inferSelect;
  const db = () => h!.testDb.database.db;
  const model = () => h!.canopy.platform.models.defaultId;

  const send = (method: string, url: string, body?: unknown) => async (): Promise<Answer> => {
    const res = await h!.request(method, url, { key: owner.key, body });
    return { status: res.statusCode, body: res.payload === "" ? {} : res.json<Record<string, unknown>>() };
  };

  /** A COMPLETE brief of the brand, copied from the template (a node's when `topicNode` is given). */
  async function briefOf(brandId: string, topicNode: string | null = null): Promise<string> {
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = template;
    const [row] = await db()
      .insert(briefs)
      .values({ ...fields, brandId, topicNode, taskId: null })
      .returning({ id: briefs.id });
    return row!.id;
  }

  async function uploadMap(brandId: string): Promise<string> {
    const uploaded = await send("PUT", `/api/v1/maps/${brandId}/`, MAP)();
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const view = await send("GET", `/api/v1/authority/${brandId}/`)();
    return (view.body.hierarchy as { node_id: string }[])[0]!.node_id;
  }

  const WRITES: RacedWrite[] = [
    {
      name: "POST /briefs/generate/",
      prepare: async (brandId) =>
        send("POST", "/api/v1/briefs/generate/", { brand_id: brandId, query_text: "cold brew", selected_serp_data: SERP }),
    },
    {
      name: "POST /briefs/ (draft)",
      prepare: async (brandId) => send("POST", "/api/v1/briefs/", { brand_id: brandId, query_text: "cold brew", selected_serp_data: SERP }),
    },
    {
      name: "POST /authority/{brand}/briefs/generate/",
      prepare: async (brandId) =>
        send("POST", `/api/v1/authority/${brandId}/briefs/generate/`, { node_id: await uploadMap(brandId), selected_serp_data: SERP }),
    },
    {
      name: "PATCH /authority/{brand}/nodes/{node}/published/",
      prepare: async (brandId) =>
        send("PATCH", `/api/v1/authority/${brandId}/nodes/${await uploadMap(brandId)}/published/`, { published: true }),
    },
    {
      name: "POST /content/articles/create-from-brief/",
      prepare: async (brandId) => send("POST", "/api/v1/content/articles/create-from-brief/", { brief_id: await briefOf(brandId) }),
    },
    {
      name: "POST /content/articles/generate/",
      prepare: async (brandId) =>
        send("POST", "/api/v1/content/articles/generate/", { brief_id: await briefOf(brandId), ai_model_id: model() }),
    },
    {
      name: "POST /authority/{brand}/articles/generate/",
      prepare: async (brandId) =>
        send("POST", `/api/v1/authority/${brandId}/articles/generate/`, {
          brief_id: await briefOf(brandId, randomUUID()),
          ai_model_id: model(),
        }),
    },
    {
      name: "POST /briefs/{id}/generate/ (a draft)",
      prepare: async (brandId) => {
        const draft = await send("POST", "/api/v1/briefs/", { brand_id: brandId, query_text: "cold brew", selected_serp_data: SERP })();
        return send("POST", `/api/v1/briefs/${draft.body.id as string}/generate/`);
      },
    },
    {
      name: "POST /content/articles/{id}/generate/ (a regeneration)",
      prepare: async (brandId) => {
        const article = await send("POST", "/api/v1/content/articles/create-from-brief/", { brief_id: await briefOf(brandId) })();
        return send("POST", `/api/v1/content/articles/${article.body.id as string}/generate/`, { ai_model_id: model() });
      },
    },
    {
      name: "PUT /maps/{brand}/ (an upload)",
      prepare: async (brandId) => send("PUT", `/api/v1/maps/${brandId}/`, MAP),
    },
    {
      name: "PUT /research/{brand}/",
      prepare: async (brandId) => send("PUT", research(brandId), { research_data: TREE }),
    },
    {
      name: "POST /research/{brand}/generate/",
      blocksDelete: true,
      prepare: async (brandId) => send("POST", research(brandId, "generate/"), { core_topic: "coffee" }),
    },
    {
      name: "POST /authority/{brand}/clustering/start/",
      blocksDelete: true,
      prepare: async (brandId) => {
        await importTree(h!, owner, brandId, TREE);
        return send("POST", brandClustering(brandId, "start/"), {});
      },
    },
  ];

  beforeAll(async () => {
    h = await createHarness({ workers: false, env: NO_LIMITS });
    owner = await fundedOwner(h, 100_000);
    const kept = await newBrand(h, owner, "Template");
    const [row] = await db()
      .select()
      .from(briefs)
      .where(eq(briefs.id, await completeBrief(h, owner, kept, "cold brew")));
    template = row!;
  });
  afterAll(async () => h?.close());

  /** `request` sent after `statements` statements of the test's own (none when not positive). */
  async function afterStatements(statements: number, request: () => Promise<Answer>): Promise<Answer> {
    for (let i = 0; i < statements; i++) await db().execute(sql`select 1`);
    return request();
  }

  /**
   * The write's and the delete's answers: the delete first in round 0, the write first in the last
   * round, and in the rounds between both at once, the one that `lead` holds back started after
   * that many statements.
   */
  async function inOrder(
    round: number,
    write: () => Promise<Answer>,
    remove: () => Promise<Answer>,
    lead: number,
  ): Promise<[Answer, Answer]> {
    if (round === 0) {
      const deleted = await remove();
      return [await write(), deleted];
    }
    if (round === ROUNDS - 1) {
      const created = await write();
      return [created, await remove()];
    }
    return Promise.all([afterStatements(-lead, write), afterStatements(2 * lead, remove)]);
  }

  async function charges(): Promise<Map<string, number>> {
    const rows = await db().select().from(creditLedger).where(eq(creditLedger.userId, owner.userId));
    const byTask = new Map<string, number>();
    for (const row of rows) {
      if (row.kind !== "charge" && row.kind !== "refund") continue;
      const key = `${row.kind}:${row.referenceId}`;
      byTask.set(key, (byTask.get(key) ?? 0) - (row.freeDelta + row.monthlyDelta + row.paygDelta));
    }
    return byTask;
  }

  it.each(WRITES)("$name answers success or 404, never 5xx; the ledger charges only what it accepted", async (write) => {
    const before = await charges();
    /** What each accepted write answered: the ids it names (its own, its task's) and what it charged. */
    const accepted: { ids: unknown[]; charged: unknown }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const brandId = await newBrand(h!, owner, `Raced ${round}`);
      const request = await write.prepare(brandId);
      const remove = send("DELETE", `/api/v1/brands/${brandId}/`);
      const lead = round - ROUNDS / 2;
      const [created, deleted] = await inOrder(round, request, remove, lead);
      const context = `${write.name}, round ${round}: write ${created.status} ${JSON.stringify(created.body)}, delete ${deleted.status} ${JSON.stringify(deleted.body)}`;
      if (round === 0) expect(created.status, `after the delete: ${context}`).toBe(404);
      if (round === ROUNDS - 1) expect(created.status, `before the delete: ${context}`).not.toBe(404);

      if (created.status === 404) {
        expect(created.body, context).toEqual({ detail: match.any(String) });
        expect(deleted.status, context).toBe(204);
        continue;
      }
      expect([200, 201, 202], context).toContain(created.status);
      expect(deleted.status, context).toBe(write.blocksDelete ? 409 : 204);
      accepted.push({ ids: [created.body.id, created.body.task_id], charged: created.body.credits_charged ?? 0 });
    }
    // A charge for every accepted write that said it charged, of what it said, and none for a 404:
    // each new charge is a task of an accepted write (the task itself, or its brief or article).
    const newCharges = [...(await charges())].filter(([key]) => key.startsWith("charge:") && !before.has(key));
    expect(newCharges).toHaveLength(accepted.filter((a) => a.charged !== 0).length);
    const charged: TaskRow[] = [];
    for (const [key, amount] of newCharges) {
      const [task] = await db()
        .select()
        .from(tasks)
        .where(eq(tasks.id, key.slice("charge:".length)));
      expect(task, key).toBeDefined();
      const answer = accepted.find((a) => a.ids.includes(task!.id) || a.ids.includes(task!.subjectId));
      expect(answer?.charged, `${key} is no accepted write's charge`).toBe(amount);
      charged.push(task!);
    }

    // A brief's or an article's job whose subject went with its brand fails and refunds.
    const jobs = new Map([
      ["brief_generation", jobNamed("brief-generate")],
      ["article_draft", jobNamed("article-draft")],
    ]);
    for (const task of charged) {
      const job = jobs.get(task.type);
      if (!job) continue;
      await runJob(h!, job, task.id);
      const [done] = await db().select({ status: tasks.status }).from(tasks).where(eq(tasks.id, task.id));
      expect(done!.status, task.id).toBe("failed");
      const ledger = await charges();
      expect(ledger.get(`refund:${task.id}`), task.id).toBe(-ledger.get(`charge:${task.id}`)!);
    }
  });
});
