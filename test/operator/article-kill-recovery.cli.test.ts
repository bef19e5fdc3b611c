// A hard kill in the middle of an article's drafting (docs/conventions.md §10): `canopy serve` drafts with a
// model behind a fake OpenAI-compatible server in this process, which answers the first two
// sections and holds the third; once the third is asked for, the server is SIGKILLed and started
// again on the same database. The drafting must resume at the section that was in flight: the
// two stored sections are never asked for again, the article ends `draft_done`, and its one
// charge stands (no refund, no second charge). On the embedded database, or on PostgreSQL when
// the suite runs against one.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { creditLedger } from "../../src/platform/db/schema";
import { cliUserWithKey, startServe, type ServeProcess } from "../helpers/cli";
import { TEST_PG_URL } from "../helpers/database";
import { poll } from "../helpers/poll";
import { serveStorage, type ServeStorage } from "../helpers/serve-storage";
import { SERP } from "../modules/briefs/helpers";
import { startFakeLlmServer, type FakeLlmServer } from "../providers/llm/fake-llm-server";
import { goodDraft, headingOf } from "../providers/llm/section-drafts";

const GRANTED = 100;
const BRIEF_COST = 5;
const ARTICLE_COST = 10;
// What docs/conventions.md §10 allows a restarted server to end a job that died with its process (the
// job's heartbeat of 20 s, the monitor's 15 s and the retry delay fit well inside).
const RECOVERY_DEADLINE_MS = 120_000;
const HELD = 2; // the third section (0-based) is in flight when the server dies

describe(`an article whose server was killed mid-drafting (${TEST_PG_URL ? "PostgreSQL" : "embedded database"})`, () => {
  let fake: FakeLlmServer;
  let store: ServeStorage;
  let server: ServeProcess | null = null;
  let releaseHeld: () => void = () => undefined;

  beforeAll(async () => {
    fake = await startFakeLlmServer();
  });
  afterAll(async () => fake.close());
  beforeEach(async () => {
    store = await serveStorage();
  });
  afterEach(async () => {
    releaseHeld();
    await server?.stop("SIGKILL");
    await store.cleanup();
  });

  it("resumes at the section in flight, draft_done, charged once", { timeout: 300_000 }, async () => {
    const env = { ...store.env, OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODELS: "test-model" };
    server = await startServe({ env });
    const scopes = "user:read,brands:read,brands:write,briefs:read,briefs:write,content:read,content:write";
    const key = await cliUserWithKey(env, "writer@example.com", { credits: GRANTED, scopes });
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server!.baseUrl}${path}`, {
        method,
        headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    // The brief by the offline generator: only the article's drafting goes to the fake model.
    const brand = await api("POST", "/api/v1/brands/", { brand_name: "Bean Co", target_audience: "home baristas" });
    expect(brand.status, JSON.stringify(brand.body)).toBe(201);
    const brief = await api("POST", "/api/v1/briefs/generate/", {
      query_text: "how to brew coffee at home",
      brand_id: brand.body.id,
      selected_serp_data: SERP,
    });
    expect(brief.status, JSON.stringify(brief.body)).toBe(202);
    await poll("the brief to complete", 60_000, async () => {
      const { body } = await api("GET", `/api/v1/briefs/${String(brief.body.id)}/status/`);
      if (body.status === "FAILED") throw new Error(`the brief failed: ${JSON.stringify(body)}`);
      return body.status === "COMPLETE" ? true : undefined;
    });

    // Five sections of the brief's outline, as its editor left them: one in flight, two either side.
    const sections = ["Grind Size", "Water Temperature", "Brew Ratio", "Brewing Time", "Cleaning Up"].map((heading) => ({
      heading,
      level: "h2",
      subheadings: [],
      talking_points: [],
      word_count_target: 120,
    }));
    const curated = await api("PATCH", `/api/v1/briefs/${String(brief.body.id)}/`, { curated_brief_json: { header_sections: sections } });
    expect(curated.status, JSON.stringify(curated.body)).toBe(200);

    // The first two sections are answered; the third is held until the server is gone.
    const order: string[] = [];
    let killed = false;
    let thirdAsked: () => void = () => undefined;
    const third = new Promise<void>((resolve) => (thirdAsked = resolve));
    const held = new Promise<void>((resolve) => (releaseHeld = resolve));
    fake.respond((body) => {
      const heading = headingOf(body);
      if (heading === undefined) return { status: 400, body: JSON.stringify({ error: { message: "not a section draft" } }) };
      if (!order.includes(heading)) order.push(heading);
      if (!killed && order.indexOf(heading) === HELD) {
        thirdAsked();
        // Never answered: the process that asked is dead by the time this settles.
        return { waitFor: held, then: { status: 503, body: "{}" } };
      }
      return goodDraft(body);
    });

    const started = await api("POST", "/api/v1/content/articles/generate/", { brief_id: brief.body.id, ai_model_id: "openai:test-model" });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.credits_charged).toBe(ARTICLE_COST);
    const id = String(started.body.id);
    const taskId = String(started.body.task_id);

    await third;
    const midway = (await api("GET", `/api/v1/content/articles/${id}/status/`)).body;
    expect(midway).toMatchObject({ machine_state: "in_progress", sections_approved: HELD, sections_drafting: 1 });
    expect(midway.sections_total).toBeGreaterThan(HELD + 1);
    await server.stop("SIGKILL");
    killed = true;
    releaseHeld();

    server = await startServe({ env });
    const ended = await poll("the article to end after the restart", RECOVERY_DEADLINE_MS, async () => {
      const { body } = await api("GET", `/api/v1/content/articles/${id}/status/`);
      return body.machine_state === "in_progress" ? undefined : body;
    });
    expect(ended).toMatchObject({ machine_state: "draft_done", completion_percentage: 100 });

    const article = (await api("GET", `/api/v1/content/articles/${id}/`)).body;
    const headings = (article.sections as { heading: string; status: string }[]).map((s) => s.heading);
    expect((article.sections as { status: string }[]).every((s) => s.status === "approved")).toBe(true);
    // Each section asked for once, except the one in flight at the kill: once more after it.
    const asked = fake.seen.map((s) => headingOf(s.body));
    expect(headings.map((heading) => asked.filter((a) => a === heading).length)).toEqual(headings.map((_, i) => (i === HELD ? 2 : 1)));
    expect((await api("GET", "/api/v1/me/credits/")).body.total_credits).toBe(GRANTED - BRIEF_COST - ARTICLE_COST);

    // The ledger, read once the server is stopped (the embedded database has one owner at a time).
    expect((await server.stop("SIGTERM")).code).toBe(0);
    const database = await store.open();
    try {
      const rows = await database.db
        .select({ kind: creditLedger.kind })
        .from(creditLedger)
        .where(eq(creditLedger.referenceId, taskId))
        .orderBy(creditLedger.id);
      expect(rows.map((r) => r.kind)).toEqual(["charge"]);
    } finally {
      await database.close();
    }
  });
});
