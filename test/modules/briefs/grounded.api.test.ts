// Briefs and drafts written from what ranks, over HTTP, with a fake DataForSEO serving the SERPs of
// the labelled queries and canopy reading our own ranking pages from a local server: without a model
// (the outline from the pages' shared headings and the real questions, a writer's skeleton for each
// section) and with a fake model that shows what reached each prompt (the questions, the pages'
// headings and terms, the analysis before the outline; a section's terms, sourced facts and the
// brand's pages to link). Also: a figure no source gives is flagged, and a second brief on the same
// keyword warns of cannibalisation.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Platform } from "../../../src/platform/context";
import { FAKE_MODEL, fakeModelHarness, type FakeModelHarness } from "../../helpers/fake-model";
import type { Harness, Schemas } from "../../helpers/harness";
import { NO_LIMITS, fundedOwner } from "../../helpers/owners";
import { loadRankingSerp } from "../../helpers/ranking-page-server";
import type { FakeLlmServer } from "../../providers/llm/fake-llm-server";
import { briefPartOf, MODEL_ANSWERS } from "../../providers/llm/model-answers";
import { goodDraft, promptOf } from "../../providers/llm/section-drafts";
import { rankingSlug, startRankingWorld, type RankingWorld } from "../../providers/pages/ranking-world";
import { runArticle } from "../articles/helpers";
import { brandClustering, runClusteringJob, type Owner } from "../clustering/helpers";
import { importTree } from "../research/helpers";
import { runBrief } from "./helpers";

interface Section {
  heading: string;
  subheadings: string[];
  talking_points: string[];
}
interface Competitor {
  url: string;
  position: number;
  word_count: number | null;
  headings: { level: number; text: string }[];
}
interface Grounded {
  header_sections: Section[];
  people_also_ask: string[];
  terms: { term: string; pages: number; min_count: number; max_count: number }[];
  competitor_data: Competitor[] | null;
  pages_read: number;
  pages_unread: { url: string; error: string }[];
}

/** A model's outline for the pet insurance query, in the words of its ranking pages. */
const PET_OUTLINE = {
  title: "Pet Insurance for Older Dogs",
  meta_description: "What pet insurance covers for a senior dog, what it costs, and how pre-existing conditions are treated.",
  header_sections: [
    {
      heading: "Can You Insure an Older Dog?",
      level: "h2",
      subheadings: ["Age limits for new policies"],
      talking_points: ["Enrollment age limits", "Senior dog premiums"],
      word_count_target: 250,
    },
    {
      heading: "Pre-Existing Conditions",
      level: "h2",
      subheadings: ["Waiting periods"],
      talking_points: ["What insurers exclude", "Curable and incurable conditions"],
      word_count_target: 250,
    },
    {
      heading: "How Much Does Pet Insurance Cost for a Senior Dog?",
      level: "h2",
      subheadings: ["Deductibles and reimbursement"],
      talking_points: ["Monthly premium", "Annual limit"],
      word_count_target: 250,
    },
  ],
};

describe("briefs and drafts grounded in the pages that rank", () => {
  let world: RankingWorld;
  let fake: FakeModelHarness;
  let h: Harness;
  let server: FakeLlmServer;
  let quick: Platform;
  let owner: Owner;

  beforeAll(async () => {
    world = await startRankingWorld();
    fake = await fakeModelHarness({ env: { ...NO_LIMITS, ...world.env }, timeoutMs: 5000 });
    ({ h, server, quick } = fake);
    owner = await fundedOwner(h, 500);
  });
  afterAll(async () => {
    await fake.close();
    await world.close();
  });
  beforeEach(() => fake.reset());

  async function newBrand(body: Record<string, unknown>): Promise<string> {
    const res = await h.request("POST", "/api/v1/brands/", { key: owner.key, body });
    expect(res.statusCode, res.payload).toBe(201);
    return res.json<Schemas["Brand"]>().id;
  }

  /** The query's SERP fetched for the brand, then a brief of it written to its end. */
  async function brief(brandId: string, query: string, model: string): Promise<Schemas["Brief"]> {
    const serp = await h.request("POST", "/api/v1/briefs/serp-data/", { key: owner.key, body: { brand_id: brandId, query_text: query } });
    expect(serp.statusCode, serp.payload).toBe(200);
    const res = await h.request("POST", "/api/v1/briefs/generate/", {
      key: owner.key,
      body: { brand_id: brandId, query_text: query, ai_model_id: model },
    });
    expect(res.statusCode, res.payload).toBe(202);
    const { id } = res.json<Schemas["BriefGenerationStarted"]>();
    await runBrief(h, id, { platform: quick });
    return (await h.request("GET", `/api/v1/briefs/${id}/`, { key: owner.key })).json<Schemas["Brief"]>();
  }

  async function article(briefId: string, model: string): Promise<Schemas["Article"]> {
    const res = await h.request("POST", "/api/v1/content/articles/generate/", {
      key: owner.key,
      body: { brief_id: briefId, ai_model_id: model },
    });
    expect(res.statusCode, res.payload).toBe(202);
    const { id } = res.json<Schemas["ArticleDraftingStarted"]>();
    await runArticle(h, id, { platform: quick });
    return (await h.request("GET", `/api/v1/content/articles/${id}/`, { key: owner.key })).json<Schemas["Article"]>();
  }

  const draftText = (body: Record<string, unknown>): string => {
    const step = goodDraft(body) as { text?: string };
    return step.text ?? "";
  };
  const outlineLines = (sections: Section[]) => sections.flatMap((s) => [s.heading, ...s.subheadings, ...s.talking_points]);

  it("without a model, outlines from the headings the pages share and asks the real questions", async () => {
    const query = "how to make kombucha";
    const serp = loadRankingSerp(rankingSlug(query));
    const done = await brief(await newBrand({ brand_name: "Brew Crew" }), query, "offline");
    expect(done.status).toBe("COMPLETE");
    expect(done._meta.data_source).toBe("dataforseo");
    const result = done.result_json as unknown as Grounded;

    expect(result.people_also_ask).toEqual(serp.people_also_ask);
    // Every question searchers ask is in the outline, word for word; the FAQ asks only real ones.
    const lines = outlineLines(result.header_sections);
    for (const question of serp.people_also_ask) expect(lines).toContain(question);
    const faq = result.header_sections.at(-1)!;
    expect(faq.heading).toMatch(/frequently asked questions/i);
    for (const question of faq.subheadings) expect(serp.people_also_ask).toContain(question);

    // The sections are headings the ranking pages use, not a template's.
    const competitors = result.competitor_data!;
    const pageHeadings = new Set(competitors.flatMap((c) => c.headings.map((hd) => hd.text.toLowerCase())));
    const named = result.header_sections.filter((s) => s !== faq);
    expect(named.length).toBeGreaterThanOrEqual(3);
    for (const section of named)
      expect([...pageHeadings].some((heading) => heading.includes(section.heading.toLowerCase().split(" ")[0]!))).toBe(true);

    // Read pages carry their headings and lengths; a result with no page says why it was not read.
    const read = competitors.filter((c) => c.word_count !== null);
    expect(read.length).toBe(result.pages_read);
    expect(result.pages_read).toBeGreaterThanOrEqual(5);
    for (const c of read) {
      expect(c.word_count).toBeGreaterThan(300);
      expect(c.headings.length).toBeGreaterThan(2);
    }
    expect(result.pages_unread.every((page) => /404/.test(page.error))).toBe(true);

    // The terms are shared by two pages or more, each with a count range for the draft.
    expect(result.terms.map((t) => t.term)).toContain("scoby");
    for (const term of result.terms) {
      expect(term.pages).toBeGreaterThanOrEqual(2);
      expect(term.min_count).toBeLessThanOrEqual(term.max_count);
    }

    // Drafted without a model: a writer's skeleton, with the section's sources and terms.
    const skeleton = await article(done.id, "offline");
    expect(skeleton.draft_kind).toBe("skeleton");
    const text = skeleton.sections.map((s) => s.ai_draft ?? "").join("\n");
    expect(text).toContain(world.pages.url);
    expect(text).toMatch(/\*\*Terms to use:\*\*/);
  });

  it("with a model, writes the analysis first and grounds the outline, the parts and each section in what ranks", async () => {
    const query = "pet insurance for older dogs";
    const serp = loadRankingSerp(rankingSlug(query));
    server.respond((body) => {
      const part = briefPartOf(body);
      return { json: part === "brief_outline" ? PET_OUTLINE : MODEL_ANSWERS[part] };
    });
    const brandId = await newBrand({ brand_name: "Old Paws Cover", description: "Insurance broker for senior dogs in Ohio." });
    const done = await brief(brandId, query, FAKE_MODEL);
    expect(done.status).toBe("COMPLETE");
    const result = done.result_json as unknown as Grounded;

    const parts = server.seen.map((s) => briefPartOf(s.body));
    expect(parts.indexOf("serp_analysis")).toBeLessThan(parts.indexOf("brief_outline"));
    const promptFor = (part: string) => promptOf(server.seen.find((s) => briefPartOf(s.body) === part)!.body);
    const outline = promptFor("brief_outline");
    // The questions, a ranking page's headings, the shared terms, the analysis and the brand's profile.
    expect(outline).toContain(serp.people_also_ask[0]!);
    const pageHeading = result.competitor_data![0]!.headings.find((hd) => hd.level === 2)!.text;
    expect(outline).toContain(pageHeading);
    expect(outline).toContain(result.terms[0]!.term);
    expect(outline).toContain("Guides dominate.");
    expect(outline).toContain("Insurance broker for senior dogs in Ohio.");
    expect(outline).toMatch(/frequently asked questions whose subheadings are People Also Ask questions/);
    expect(promptFor("competitor_data")).toContain(pageHeading);
    expect(promptFor("keyword_recommendations")).toContain(serp.related_searches[0]!);
    // What was measured is canopy's own, beside what the model wrote.
    expect(result.people_also_ask).toEqual(serp.people_also_ask);
    expect(result.competitor_data![0]!.word_count).toBeGreaterThan(300);
    expect(done.warnings.map((w) => w.code)).toContain("sensitive_topic");

    fake.reset();
    // A draft that passes every check but one: it gives a figure none of the pages gives.
    server.respond((body) => ({ text: `${draftText(body)} In 2031, 73.5% of owners agreed.` }));
    const drafted = await article(done.id, FAKE_MODEL);
    const sectionPrompts = server.seen.map((s) => promptOf(s.body)).filter((p) => p.includes("Write the section"));
    expect(sectionPrompts.length).toBe(drafted.sections.length);
    // Some section got facts with their sources; every one was told the rules on figures and the field.
    expect(sectionPrompts.some((p) => p.includes("Facts from the ranking pages") && p.includes(world.pages.url))).toBe(true);
    for (const p of sectionPrompts) {
      expect(p).toContain("Invent no figures");
      expect(p).toContain("This is a finance topic");
    }
    // The invented figure is flagged in every section.
    for (const section of drafted.sections) {
      expect(section.status).toBe("needs_attention");
      expect(section.problems.join(" ")).toMatch(/none of the sources: .*"73\.5%"/);
    }
    expect(drafted.warnings.map((w) => w.code)).toContain("sensitive_topic");
  });

  it("warns when a second brief targets a keyword another brief already targets", async () => {
    const brandId = await newBrand({ brand_name: "Kayak Co" });
    const first = await brief(brandId, "sea kayaking for beginners", "offline");
    expect(first.warnings).toEqual([]);
    const second = await brief(brandId, "Sea kayaking for beginners", "offline");
    expect(second.warnings).toEqual([
      expect.objectContaining({
        code: "cannibalisation",
        keyword: "sea kayaking for beginners",
        targeted_by: [{ type: "brief", id: first.id, name: "sea kayaking for beginners" }],
      }),
    ]);
    // The first now warns too: the two compete, whichever came first.
    const again = (await h.request("GET", `/api/v1/briefs/${first.id}/`, { key: owner.key })).json<Schemas["Brief"]>();
    expect(again.warnings.map((w) => w.code)).toEqual(["cannibalisation"]);
  });

  it("links a node's article to its parent, its children and its published siblings, and warns a brief that competes with the node", async () => {
    const brandId = await newBrand({ brand_name: "Paddle Shop", website_url: "https://paddle.example" });
    await importTree(h, owner, brandId, [
      {
        main_topic: "Kayaking",
        keywords: ["kayaking"],
        subtopic_2: [
          { name: "Sea Kayaking", keywords: ["sea kayaking"], subtopic_3: [{ name: "Kayak Rolls", keywords: ["kayak roll"] }] },
          { name: "River Kayaking", keywords: ["river kayaking"], subtopic_3: [] },
          { name: "Kayak Fishing", keywords: ["kayak fishing"], subtopic_3: [] },
        ],
      },
    ]);
    const clustering = await h.request("POST", brandClustering(brandId, "start/"), { key: owner.key, body: {} });
    await runClusteringJob(h, clustering.json<Schemas["BrandClusteringStarted"]>().task_id);
    const hierarchy = (await h.request("GET", `/api/v1/authority/${brandId}/`, { key: owner.key })).json<Schemas["AuthorityHierarchy"]>()
      .hierarchy;
    const node = (name: string) => {
      const found = hierarchy.find((n) => n.name === name.toLowerCase());
      if (!found) throw new Error(`no node "${name}" in ${JSON.stringify(hierarchy.map((n) => n.name))}`);
      return found;
    };
    const published = await h.request("PATCH", `/api/v1/authority/${brandId}/nodes/${node("River Kayaking").node_id}/published/`, {
      key: owner.key,
      body: { published: true },
    });
    expect(published.statusCode, published.payload).toBe(200);
    const started = await h.request("POST", `/api/v1/authority/${brandId}/briefs/generate/`, {
      key: owner.key,
      body: { node_id: node("Sea Kayaking").node_id, ai_model_id: "offline" },
    });
    expect(started.statusCode, started.payload).toBe(202);
    const briefId = started.json<Schemas["BriefGenerationStarted"]>().id;
    await runBrief(h, briefId, { platform: quick });

    server.respond(goodDraft);
    await article(briefId, FAKE_MODEL);
    const prompt = server.seen.map((s) => promptOf(s.body)).find((p) => p.includes("Write the section"))!;
    expect(prompt).toContain(`https://paddle.example/${node("Kayaking").url_slug}`);
    expect(prompt).toContain(`https://paddle.example/${node("Kayak Rolls").url_slug}`);
    expect(prompt).toContain(`https://paddle.example/${node("River Kayaking").url_slug}`);
    // An unpublished sibling has no page yet to link to.
    expect(prompt).not.toContain(`https://paddle.example/${node("Kayak Fishing").url_slug}`);

    // A standalone brief on the node's keyword competes with the page the map plans for it.
    const standalone = await brief(brandId, "sea kayaking", "offline");
    expect(standalone.warnings).toEqual([
      expect.objectContaining({
        code: "cannibalisation",
        keyword: "sea kayaking",
        targeted_by: [
          { type: "brief", id: briefId, name: "sea kayaking" },
          { type: "node", id: node("Sea Kayaking").node_id, name: "sea kayaking" },
        ],
      }),
    ]);
    // The authority brief's own node is not its rival; the standalone brief is.
    const authority = (await h.request("GET", `/api/v1/briefs/${briefId}/`, { key: owner.key })).json<Schemas["Brief"]>();
    expect(authority.warnings).toEqual([
      expect.objectContaining({ code: "cannibalisation", targeted_by: [{ type: "brief", id: standalone.id, name: "sea kayaking" }] }),
    ]);
  });
});
