// Standalone briefs over HTTP with the offline generator, jobs run in this process when the test
// says: generation (PENDING -> COMPLETE, charged once, what the brief holds), the list and its
// filters, interactive review and resume, drafts, edits, refused transitions (409 naming the
// status), a dead job read as FAILED and refunded, and every 400/402/404 of generate.
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_SERP_DATA } from "../../../src/modules/briefs/serp-input";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { brandClustering, runClusteringJob, type Owner } from "../clustering/helpers";
import { credits, generate, newBrand, resultOf, runBrief, SERP, statusOf, taskOf } from "./helpers";
import { listIn } from "../../helpers/json";
import { importTree } from "../research/helpers";

const SECTION_KEYS = ["heading", "level", "subheadings", "talking_points", "word_count_target"];

describe("standalone briefs", () => {
  let h: Harness;
  let owner: Owner;
  let brandId: string;
  const get = (url: string, query?: Record<string, string>) => h.request("GET", url, { key: owner.key, query });

  beforeAll(async () => {
    h = await createHarness({ workers: false, env: NO_LIMITS });
    owner = await fundedOwner(h, 200);
    brandId = await newBrand(h, owner);
  });
  afterAll(async () => h.close());

  it("charges 5 when accepted and completes with the outline and every optional part", async () => {
    const before = await credits(h, owner);
    const started = await generate(h, owner, {
      query_text: "  How to brew   coffee ",
      brand_id: brandId,
      user_provided_keywords: ["french press"],
    });
    expect(started).toMatchObject({ status: "PENDING", query_text: "How to brew coffee", brand_name: "Bean Co", credits_charged: 5 });
    expect(await credits(h, owner)).toBe(before - 5);
    expect(await statusOf(h, owner, started.id)).toBe("PENDING");

    await runBrief(h, started.id);
    const detail = (await get(`/api/v1/briefs/${started.id}/`)).json<Schemas["Brief"]>();
    expect(detail).toMatchObject({ status: "COMPLETE", curated_brief_json: null, brand_name: "Bean Co" });
    expect(detail).not.toHaveProperty("topic_node");
    const result = resultOf(detail);
    expect(result.agent_version).toBe("canopy-offline-1");
    expect(result.header_sections.length).toBeGreaterThan(2);
    for (const section of result.header_sections) {
      expect(Object.keys(section).sort()).toEqual(SECTION_KEYS);
      expect(section.word_count_target).toBeGreaterThan(0);
    }
    expect(result.serp_analysis).toMatchObject({ result_count: 3 });
    expect(result.competitor_data!.map((c) => c.url)).toEqual(SERP.map((r) => r.url));
    expect(result.keyword_recommendations!.map((k) => k.keyword)).toContain("french press");
    expect(detail.generated_title.length).toBeGreaterThan(0);
    expect(detail.generated_meta_description.length).toBeGreaterThan(0);
    expect(detail.generated_meta_description.length).toBeLessThanOrEqual(160);
    expect(detail.input_params).toMatchObject({
      query_text: "How to brew coffee",
      brand_id: brandId,
      selected_serp_data: SERP,
      serp_source: "request",
    });
    expect(detail._meta.data_source).toBe("selected");
    expect(await credits(h, owner)).toBe(before - 5);
  });

  it("takes back SERP results as canopy's own serp-data answers give them, position and domain included", async () => {
    // The shape of a result in GET /api/v1/clustering/{id}/serp-data/ (SerpResult).
    const given: Schemas["SerpResult"][] = SERP.map((r, i) => ({
      position: i + 1,
      url: r.url,
      title: r.title,
      snippet: r.snippet,
      domain: new URL(r.url).hostname.replace(/^www\./, ""),
    }));
    const started = await generate(h, owner, { query_text: "pour over ratio", brand_id: brandId, selected_serp_data: given });
    const detail = (await get(`/api/v1/briefs/${started.id}/`)).json<Schemas["Brief"]>();
    // The rank is kept with each entry; the domain is read from the address, not stored twice.
    expect(detail.input_params.selected_serp_data).toEqual(given.map(({ domain: _domain, ...entry }) => entry));
    const bad = await h.request("POST", "/api/v1/briefs/generate/", {
      key: owner.key,
      body: { query_text: "pour over ratio", brand_id: brandId, selected_serp_data: [{ ...given[0], position: 0 }] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("lists briefs, filtered by status (with the IN_PROGRESS and ERROR aliases), brand and search", async () => {
    const other = await newBrand(h, owner, "Leaf Co");
    const queued = await generate(h, owner, { query_text: "green tea benefits", brand_id: other });
    const list = async (query: Record<string, string>) => {
      const res = await get("/api/v1/briefs/", query);
      expect(res.statusCode, res.payload).toBe(200);
      return res.json<Schemas["BriefList"]>().map((b) => b.id);
    };
    expect(await list({ status: "PENDING" })).toContain(queued.id);
    expect(await list({ status: "IN_PROGRESS" })).not.toContain(queued.id);
    expect(await list({ status: "COMPLETE" })).not.toContain(queued.id);
    expect(await list({ brand_id: other })).toEqual([queued.id]);
    expect(await list({ search: "GREEN TEA" })).toEqual([queued.id]);
    await runBrief(h, queued.id);
    expect(await list({ status: "COMPLETE", brand_id: other })).toEqual([queued.id]);
    // The generated title is searched too.
    const title = (await get(`/api/v1/briefs/${queued.id}/`)).json<Schemas["Brief"]>().generated_title;
    expect(await list({ search: title.split(":")[0]!.toLowerCase(), brand_id: other })).toEqual([queued.id]);
    expect(await list({ status: "ERROR", brand_id: other })).toEqual([]);
    const bogus = await get("/api/v1/briefs/", { status: "BOGUS" });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json<Schemas["FieldErrors"]>()).toHaveProperty("status");
    const item = (await get("/api/v1/briefs/", { brand_id: other })).json<Schemas["BriefList"]>()[0]!;
    expect(Object.keys(item).sort()).toEqual(
      ["brand_name", "created_at", "generated_meta_description", "generated_title", "id", "query_text", "status", "updated_at"].sort(),
    );
  });

  it("stops an interactive brief for review, stores an edit, and resumes from the reviewed outline", async () => {
    const started = await generate(h, owner, { query_text: "cold brew at home", brand_id: brandId, interactive: true });
    await runBrief(h, started.id);
    const review = (await get(`/api/v1/briefs/${started.id}/`)).json<Schemas["Brief"]>();
    expect(review.status).toBe("AWAITING_OUTLINE_REVIEW");
    expect(resultOf(review).header_sections.length).toBeGreaterThan(0);
    expect(review.result_json).toMatchObject({ serp_analysis: null, competitor_data: null, keyword_recommendations: null });

    const edited = [
      {
        heading: "Cold Brew, Step by Step",
        level: "h2",
        subheadings: ["Ratio"],
        talking_points: ["Steep 12 hours."],
        word_count_target: 600,
      },
    ];
    const curated = await h.request("PATCH", `/api/v1/briefs/${started.id}/`, {
      key: owner.key,
      body: { curated_brief_json: { header_sections: edited, note: "mine" } },
    });
    expect(curated.statusCode, curated.payload).toBe(200);
    expect(curated.json<Schemas["Brief"]>().curated_brief_json).toEqual({ header_sections: edited, note: "mine" });

    const resumed = await h.request("POST", `/api/v1/briefs/${started.id}/resume/`, { key: owner.key, body: { header_sections: edited } });
    expect(resumed.statusCode, resumed.payload).toBe(202);
    expect(resumed.json<Schemas["BriefStatus"]>()).toMatchObject({ id: started.id, status: "RESUMING_PROCESSING" });
    await runBrief(h, started.id);
    const done = (await get(`/api/v1/briefs/${started.id}/`)).json<Schemas["Brief"]>();
    expect(done.status).toBe("COMPLETE");
    expect(resultOf(done).header_sections).toEqual(edited);
    expect(resultOf(done).serp_analysis).not.toBeNull();

    const again = await h.request("POST", `/api/v1/briefs/${started.id}/resume/`, { key: owner.key, body: {} });
    expect([again.statusCode, again.json<Schemas["Error"]>().detail]).toEqual([409, expect.stringContaining("COMPLETE")]);
  });

  it("keeps a draft uncharged until it is generated, and refuses what a draft cannot do", async () => {
    const before = await credits(h, owner);
    const draft = await h.request("POST", "/api/v1/briefs/", {
      key: owner.key,
      body: { query_text: "espresso grind", brand_id: brandId, selected_serp_data: SERP },
    });
    expect(draft.statusCode, draft.payload).toBe(201);
    const id = draft.json<Schemas["Brief"]>().id;
    expect(draft.json<Schemas["Brief"]>()).toMatchObject({ status: "DRAFT", result_json: null });
    expect(await credits(h, owner)).toBe(before);
    const resume = await h.request("POST", `/api/v1/briefs/${id}/resume/`, { key: owner.key, body: {} });
    expect([resume.statusCode, resume.json<Schemas["Error"]>().detail]).toEqual([409, expect.stringContaining("DRAFT")]);
    const edit = await h.request("PATCH", `/api/v1/briefs/${id}/`, {
      key: owner.key,
      body: { curated_brief_json: { header_sections: [] } },
    });
    expect(edit.statusCode).toBe(400);

    const started = await h.request("POST", `/api/v1/briefs/${id}/generate/`, { key: owner.key });
    expect(started.statusCode, started.payload).toBe(202);
    expect(started.json<Schemas["BriefGenerationStarted"]>()).toMatchObject({ id, status: "PENDING", credits_charged: 5 });
    expect(await credits(h, owner)).toBe(before - 5);
    const twice = await h.request("POST", `/api/v1/briefs/${id}/generate/`, { key: owner.key });
    expect([twice.statusCode, twice.json<Schemas["Error"]>().detail]).toEqual([409, expect.stringContaining("PENDING")]);
    const early = await h.request("PATCH", `/api/v1/briefs/${id}/`, {
      key: owner.key,
      body: {
        curated_brief_json: {
          header_sections: [{ heading: "A", level: "h2", subheadings: [], talking_points: [], word_count_target: 100 }],
        },
      },
    });
    expect([early.statusCode, early.json<Schemas["Error"]>().detail]).toEqual([409, expect.stringContaining("PENDING")]);
  });

  it("reads a brief whose job is gone as FAILED, with its credits back", async () => {
    const before = await credits(h, owner);
    const started = await generate(h, owner, { query_text: "moka pot", brand_id: brandId });
    expect(await credits(h, owner)).toBe(before - 5);
    const task = await taskOf(h, started.id);
    await h.testDb.database.db.execute(sql`delete from pgboss.job where id = (select job_id::uuid from tasks where id = ${task})`);
    expect(await statusOf(h, owner, started.id)).toBe("FAILED");
    expect(await credits(h, owner)).toBe(before);
    expect((await get("/api/v1/briefs/", { status: "ERROR" })).json<Schemas["BriefList"]>().map((b) => b.id)).toContain(started.id);
  });

  it("replays an Idempotency-Key's first answer and charges once", async () => {
    const before = await credits(h, owner);
    const headers = { "idempotency-key": randomUUID() };
    const first = await generate(h, owner, { query_text: "latte art", brand_id: brandId }, headers);
    const second = await generate(h, owner, { query_text: "latte art", brand_id: brandId }, headers);
    expect(second.id).toBe(first.id);
    expect(await credits(h, owner)).toBe(before - 5);
  });

  it("answers generate's errors", async () => {
    const send = (body: Record<string, unknown>, key = owner.key) => h.request("POST", "/api/v1/briefs/generate/", { key, body });
    const missing = await send({ brand_id: brandId, selected_serp_data: SERP });
    expect([missing.statusCode, Object.keys(missing.json<Schemas["FieldErrors"]>())]).toEqual([400, ["query_text"]]);
    const noUrl = await send({ query_text: "x", brand_id: brandId, selected_serp_data: [SERP[0], { title: "no url" }] });
    expect([noUrl.statusCode, noUrl.json<Schemas["Error"]>().detail]).toEqual([400, expect.stringContaining("selected_serp_data[1]")]);
    const tooMany = await send({
      query_text: "x",
      brand_id: brandId,
      selected_serp_data: Array.from({ length: 16 }, (_, i) => ({ url: `https://e.example/${i}` })),
    });
    expect([tooMany.statusCode, Object.keys(tooMany.json<Schemas["FieldErrors"]>())]).toEqual([400, ["selected_serp_data"]]);
    const noSerp = await send({ query_text: "nothing stored", brand_id: brandId });
    expect([noSerp.statusCode, noSerp.json<Schemas["Error"]>()]).toEqual([400, { detail: NO_SERP_DATA }]);
    const model = await send({ query_text: "x", brand_id: brandId, selected_serp_data: SERP, ai_model_id: "nope" });
    expect([model.statusCode, Object.keys(model.json<Schemas["FieldErrors"]>())]).toEqual([400, ["ai_model_id"]]);
    const foreign = await send({ query_text: "x", brand_id: randomUUID(), selected_serp_data: SERP });
    expect(foreign.statusCode).toBe(404);
    const poor = await h.userWithKey();
    const poorBrand = await newBrand(h, poor);
    const refused = await send({ query_text: "x", brand_id: poorBrand, selected_serp_data: SERP }, poor.key);
    expect(refused.statusCode).toBe(402);
    expect((await h.request("GET", "/api/v1/briefs/", { key: poor.key })).json<Schemas["BriefList"]>()).toEqual([]);
  });

  it("takes the keyword's stored SERP data from the brand's map when none is selected", async () => {
    const mapped = await newBrand(h, owner, "Mapped Co");
    await importTree(h, owner, mapped, [{ main_topic: "coffee", keywords: ["burr grinder"] }]);
    const started = await h.request("POST", brandClustering(mapped, "start/"), { key: owner.key, body: {} });
    await runClusteringJob(h, started.json<Schemas["BrandClusteringStarted"]>().task_id);
    const res = await h.request("POST", "/api/v1/briefs/generate/", {
      key: owner.key,
      body: { query_text: "Burr Grinder", brand_id: mapped },
    });
    expect(res.statusCode, res.payload).toBe(202);
    const detail = (await get(`/api/v1/briefs/${res.json<Schemas["BriefGenerationStarted"]>().id}/`)).json<Schemas["Brief"]>();
    expect(detail.input_params.serp_source).toBe("stored");
    // The map's SERP was the offline simulator's: the brief says so, for the console to mark it.
    expect(detail._meta.data_source).toBe("offline");
    expect(listIn(detail.input_params, "selected_serp_data").length).toBeGreaterThan(0);
  });
});
