// Research from search demand, over HTTP, against a fake DataForSEO that answers from published
// DataForSEO answers (test/providers/serp/fixtures): with no model, the tree is built from the
// discovered keywords only; with a model (a fake OpenAI-compatible server that records what
// reached its prompts), every keyword it proposes is looked up and marked. The keywords endpoint
// says where each keyword came from and where it sits in the tree.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_MODEL, fakeModelHarness, type FakeModelHarness } from "../../helpers/fake-model";
import type { Harness, Schemas } from "../../helpers/harness";
import { poll } from "../../helpers/poll";
import { NO_LIMITS, waitForTask } from "../../helpers/owners";
import { promptOf } from "../../providers/llm/section-drafts";
import {
  AUTOCOMPLETE_PATH,
  LABS_IDEAS_PATH,
  LABS_RELATED_PATH,
  LABS_SUGGESTIONS_PATH,
  SERP_PATH,
  VOLUME_PATH,
} from "../../providers/serp/fake-dataforseo";
import { startFixtureWorld } from "../../providers/serp/fixture-world";
import { childrenOf, createBrand, research, type Owner, type WireNode } from "./helpers";

type KeywordPage = Schemas["ResearchKeywordPage"];
type Row = KeywordPage["results"][number];

const TOPIC = "conspiracy theories";
const PAA = [
  "what are some of the most popular theories",
  "what are some controversial conspiracy theories",
  "what are some famous conspiracy cases",
  "what are some ancient conspiracy theories",
];

/** Every name and keyword of a wire tree. */
function wordsOfTree(nodes: WireNode[]): string[] {
  return nodes.flatMap((n) => [n.main_topic ?? n.name ?? "", ...n.keywords, ...wordsOfTree(childrenOf(n))]);
}

async function generate(h: Harness, owner: Owner, brandId: string, body: Record<string, unknown>) {
  await h.grant(owner.user, 5);
  const res = await h.request("POST", research(brandId, "generate/"), { key: owner.key, body: { core_topic: TOPIC, ...body } });
  expect(res.statusCode, res.payload).toBe(202);
  const taskId = res.json<Schemas["ResearchGenerationStarted"]>().task_id;
  await poll("the generation to finish", 120_000, async () => {
    const status = await h.request("GET", research(brandId, "task-status/"), { key: owner.key });
    return status.json<Schemas["ResearchTaskStatus"]>().has_running_task ? undefined : true;
  });
  return waitForTask(h, taskId);
}

async function keywords(h: Harness, owner: Owner, brandId: string, query = ""): Promise<KeywordPage> {
  const res = await h.request("GET", research(brandId, `keywords/?page_size=200${query}`), { key: owner.key });
  expect(res.statusCode, res.payload).toBe(200);
  return res.json<KeywordPage>();
}

async function wireTree(h: Harness, owner: Owner, brandId: string): Promise<WireNode[]> {
  return (await h.request("GET", research(brandId), { key: owner.key })).json<Schemas["ResearchTree"]>().research_data as WireNode[];
}

describe("research from discovered keywords, no model", () => {
  let world: Awaited<ReturnType<typeof startFixtureWorld>>;
  let h: Harness;
  let owner: Owner;
  let brandId: string;

  beforeAll(async () => {
    world = await startFixtureWorld();
    const models = await fakeModelHarness({ env: { ...NO_LIMITS, ...world.env }, workers: true });
    h = models.h;
    closeModels = () => models.close();
    owner = await h.userWithKey();
    brandId = await createBrand(h, owner, "Skeptic Weekly");
    const task = await generate(h, owner, brandId, { ai_model_id: "offline" });
    expect(task.status, task.error ?? "").toBe("completed");
  });
  let closeModels: () => Promise<void>;
  afterAll(async () => {
    await closeModels();
    await world.fake.close();
  });

  it("asks every discovery source once, in the documented shapes", () => {
    expect(world.fake.shapeErrors).toEqual([]);
    const paths = world.fake.requests.map((r) => r.path);
    for (const path of [LABS_IDEAS_PATH, LABS_SUGGESTIONS_PATH, LABS_RELATED_PATH, AUTOCOMPLETE_PATH, VOLUME_PATH]) {
      expect(
        paths.filter((p) => p === path),
        path,
      ).toHaveLength(1);
    }
    // The core topic's SERP, then the grouping SERPs of the searched keywords.
    expect(paths.filter((p) => p === SERP_PATH).length).toBeGreaterThan(1);
  });

  it("builds the tree from discovered keywords only, headed by the core topic", async () => {
    const detail = (await h.request("GET", research(brandId), { key: owner.key })).json<Schemas["ResearchTree"]>();
    expect(detail._meta.data_source).toBe("dataforseo");
    const tree = await wireTree(h, owner, brandId);
    expect(tree[0]?.main_topic).toBe(TOPIC);
    const universe = new Set((await keywords(h, owner, brandId)).results.filter((r) => r.source !== "user").map((r) => r.keyword));
    for (const word of wordsOfTree(tree)) expect(universe, word).toContain(word);
    // The real related keywords with demand are in the tree.
    const inTree = new Set(wordsOfTree(tree));
    for (const keyword of ["conspiracy theories", "conspiracy theory movie", "conspiracy theories meaning"])
      expect(inTree).toContain(keyword);
  });

  it("lists where each keyword came from, its metrics and its node", async () => {
    const page = await keywords(h, owner, brandId);
    expect(page._meta.data_source).toBe("dataforseo");
    const byKeyword = new Map(page.results.map((r) => [r.keyword, r]));
    expect(byKeyword.get("conspiracy theories")).toMatchObject({
      source: "related",
      search_volume: 90500,
      intent: "informational",
      node: { path: [TOPIC], level: "MT" },
      no_demand: false,
    });
    // People Also Ask, each once; the fixture world knows no volume for them: flagged, not hidden.
    const asked = page.results.filter((r) => r.sources.includes("paa"));
    expect(asked.map((r) => r.keyword).sort()).toEqual([...PAA].sort());
    for (const row of asked) expect(row).toMatchObject({ search_volume: 0, no_demand: true });
    expect(page.results.some((r) => r.source === "related_search")).toBe(true);
    expect(page.results.every((r) => r.source !== "user")).toBe(true);
    expect(page.count).toBe(page.results.length);
  });

  it("filters by source, attachment, text and demand, and pages", async () => {
    const asked = await keywords(h, owner, brandId, "&source=paa");
    expect(asked.results.every((r: Row) => r.sources.includes("paa"))).toBe(true);
    const loose = await keywords(h, owner, brandId, "&attached=false");
    expect(loose.results.every((r: Row) => r.node === null)).toBe(true);
    const searched = await keywords(h, owner, brandId, "&min_volume=10000&ordering=keyword");
    expect(searched.results.map((r: Row) => r.keyword)).toEqual([...searched.results.map((r: Row) => r.keyword)].sort());
    expect(searched.results.every((r: Row) => (r.search_volume ?? 0) >= 10000)).toBe(true);
    const first = await h.request("GET", research(brandId, "keywords/?page_size=2"), { key: owner.key });
    expect(first.json<KeywordPage>().results).toHaveLength(2);
    expect(first.json<KeywordPage>().next).toContain("page=2");
    expect((await h.request("GET", research(brandId, "keywords/?source=nowhere"), { key: owner.key })).statusCode).toBe(400);
    expect((await h.request("GET", research(brandId, "keywords/?page=999"), { key: owner.key })).statusCode).toBe(404);
  });

  it("follows the tree's edits: a keyword attached to a node is listed on it", async () => {
    const [loose] = (await keywords(h, owner, brandId, "&attached=false")).results;
    expect(loose).toBeDefined();
    const attach = await h.request("PATCH", research(brandId, "nodes/keywords/"), {
      key: owner.key,
      body: { path: [TOPIC], add: [loose!.keyword] },
    });
    expect(attach.statusCode, attach.payload).toBe(200);
    const after = (await keywords(h, owner, brandId, `&search=${encodeURIComponent(loose!.keyword)}`)).results;
    expect(after.find((r) => r.keyword === loose!.keyword)?.node).toEqual({ path: [TOPIC], level: "MT" });
  });

  it("keeps a brand's keywords to its workspace", async () => {
    const stranger = await h.userWithKey();
    expect((await h.request("GET", research(brandId, "keywords/"), { key: stranger.key })).statusCode).toBe(404);
  });
});

describe("research from discovered keywords, with a model", () => {
  let world: Awaited<ReturnType<typeof startFixtureWorld>>;
  let models: FakeModelHarness;
  let owner: Owner;
  let brandId: string;

  const PLAN = {
    pillars: [
      {
        name: TOPIC,
        keywords: [TOPIC, "conspiracy theories meaning"],
        hubs: [{ name: "conspiracy theories examples", keywords: ["conspiracy theories examples", "conspiracy theory examples"] }],
      },
      { name: "moon landing conspiracy", keywords: ["moon landing conspiracy"], hubs: [] },
    ],
  };
  const BRANCHES = {
    hubs: [
      {
        name: "conspiracy theories examples",
        branches: [{ name: "historical conspiracy theories", keywords: ["historical conspiracy theories"], resources: [] }],
      },
    ],
  };

  beforeAll(async () => {
    world = await startFixtureWorld();
    models = await fakeModelHarness({ env: { ...NO_LIMITS, ...world.env }, workers: true });
    models.server.respond((body) => ({ json: promptOf(body).includes("Plan a topical map") ? PLAN : BRANCHES }));
    owner = await models.h.userWithKey();
    const created = await models.h.request("POST", "/api/v1/brands/", {
      key: owner.key,
      body: {
        brand_name: "Skeptic Weekly",
        unique_selling_proposition: "Every claim traced to its primary source",
        key_competitors: "Snopes, Skeptical Inquirer",
        tagline: "Question everything, calmly",
        country_code: "US",
      },
    });
    expect(created.statusCode, created.payload).toBe(201);
    brandId = created.json<Schemas["Brand"]>().id;
    const task = await generate(models.h, owner, brandId, { ai_model_id: FAKE_MODEL });
    expect(task.status, task.error ?? "").toBe("completed");
  });
  afterAll(async () => {
    await models.close();
    await world.fake.close();
  });

  it("gives the model the discovered demand, the questions and the brand's profile, and asks in parts", () => {
    const prompts = models.server.seen.map((s) => promptOf(s.body));
    expect(prompts).toHaveLength(2);
    const [plan, branches] = prompts;
    for (const expected of [
      "conspiracy theory movie (22200/month",
      "What are some famous conspiracy cases?",
      "Every claim traced to its primary source",
      "Snopes, Skeptical Inquirer",
      "Question everything, calmly",
    ]) {
      expect(plan).toContain(expected);
    }
    expect(branches).toContain("Under the pillar");
  });

  it("looks up every keyword the model proposed and marks it", async () => {
    const volumeAsks = world.fake.requests
      .filter((r) => r.path === VOLUME_PATH)
      .flatMap((r) => (r.body as { keywords: string[] }[])[0]!.keywords);
    expect(volumeAsks).toContain("moon landing conspiracy");
    const rows = (await keywords(models.h, owner, brandId)).results;
    expect(rows.find((r) => r.keyword === "moon landing conspiracy")).toMatchObject({
      source: "proposed",
      search_volume: 0,
      no_demand: true,
      node: { path: ["moon landing conspiracy"], level: "MT" },
    });
    // A discovered keyword the model placed keeps its discovery source.
    expect(rows.find((r) => r.keyword === "historical conspiracy theories")?.source).toBe("related_search");
    expect(rows.filter((r) => r.source === "user")).toEqual([]);
  });
});
