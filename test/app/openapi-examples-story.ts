// The story the document's examples tell, as the examples test (openapi-examples.test.ts) plays
// it: every operation once, in an order where its example request must succeed. Each step names
// the operation; `before` points the example ids at the resources the step acts on (a fresh one
// when the step would spoil a shared one, as a node operation does to the tree), and `after`
// records what the answer made and runs the background job it started, as a worker would.
import type { EXAMPLE_IDS } from "../../src/platform/openapi/examples";
import type { Harness } from "../helpers/harness";
import { runJob } from "../helpers/jobs";
import { runArticle } from "../modules/articles/helpers";
import { runBrief } from "../modules/briefs/helpers";
import type { Owner } from "../modules/clustering/helpers";
import { ImportResearchExample } from "../../src/modules/research";
import { CreateBrandExample } from "../../src/modules/brands";
import { StandaloneBriefExample } from "../../src/modules/briefs";

/** An example id, or one more brief the story keeps (a draft). */
export type ExampleId = keyof typeof EXAMPLE_IDS | "briefDraft";

export interface World {
  h: Harness;
  owner: Owner;
  /** The real id each example id stands for now. */
  ids: Partial<Record<ExampleId, string>>;
}

/** An answer of any step, read for the ids it names. */
export type Body = Record<string, unknown> & { id?: string; task_id?: string };

export interface Step {
  op: string;
  before?: (w: World) => Promise<Partial<Record<ExampleId, string>>>;
  after?: (w: World, body: Body) => Promise<void>;
}

async function call(w: World, method: string, url: string, body: unknown, status: number): Promise<Body> {
  const res = await w.h.request(method, url, { key: w.owner.key, body });
  if (res.statusCode !== status) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.payload}`);
  return res.json<Body>();
}

/** A new brand of the example, with the example research tree. */
async function brandWithTree(w: World): Promise<{ brand: string }> {
  const brand = (await call(w, "POST", "/api/v1/brands/", CreateBrandExample, 201)).id!;
  await call(w, "PUT", `/api/v1/research/${brand}/`, ImportResearchExample, 200);
  return { brand };
}

const freshTree = (w: World) => brandWithTree(w);
const freshBrand = async (w: World) => ({ brand: (await call(w, "POST", "/api/v1/brands/", CreateBrandExample, 201)).id! });
const runClustering = (w: World, body: Body) => runJob(w.h, "clustering-run", body.task_id!);
const record = (id: ExampleId) => async (w: World, body: Body) => {
  w.ids[id] = body.id!;
};

/** A brief of the example stopped at its outline review (interactive). */
async function briefInReview(w: World): Promise<{ briefInReview: string }> {
  const id = (
    await call(w, "POST", "/api/v1/briefs/generate/", { ...StandaloneBriefExample, brand_id: w.ids.brand, interactive: true }, 202)
  ).id!;
  await runBrief(w.h, id);
  return { briefInReview: id };
}

const research = "/api/v1/research/{brand_id}";
const brandClustering = "/api/v1/authority/{brand_id}/clustering";
const articles = "/api/v1/content/articles";
const authorityBriefs = "/api/v1/authority/{brand_id}/briefs";
const authorityArticles = "/api/v1/authority/{brand_id}/articles";

export const STORY: Step[] = [
  ...["/", "/api/v1/", "/healthz", "/readyz", "/api/v1/schema/", "/api/v1/docs/", "/api/v1/redoc/", "/llms.txt", "/llms-full.txt"].map(
    (path) => ({ op: `GET ${path}` }),
  ),
  ...["profile", "credits", "teams", "audit-logs"].map((name) => ({ op: `GET /api/v1/me/${name}/` })),
  { op: "GET /api/v1/models/" },
  ...["signups", "active-users", "subscriptions", "credits", "model-usage"].map((name) => ({ op: `GET /api/v1/analytics/${name}/` })),
  { op: "GET /api/v1/keys/scopes/" },
  { op: "GET /api/v1/keys/current/" },
  { op: "POST /api/v1/keys/", after: record("apiKey") },
  { op: "GET /api/v1/keys/" },
  // Rotating revokes the example key: the replacement is the one revoked next.
  { op: "POST /api/v1/keys/{id}/rotate/", after: record("apiKey") },
  { op: "POST /api/v1/keys/{id}/revoke/" },

  { op: "POST /api/v1/brands/", after: record("brand") },
  { op: "GET /api/v1/brands/" },
  { op: "GET /api/v1/brands/{id}/" },
  { op: "PATCH /api/v1/brands/{id}/" },

  { op: `PUT ${research}/` },
  { op: "GET /api/v1/research/" },
  { op: `GET ${research}/` },
  { op: `GET ${research}/stats/` },
  { op: `GET ${research}/task-status/` },
  { op: `GET ${research}/keywords/` },
  { op: `POST ${research}/diff/` },
  { op: `POST ${research}/analyze/dedup/` },
  ...["rename", "keywords"].map((name) => ({ op: `PATCH ${research}/nodes/${name}/`, before: freshTree })),
  ...["add", "delete", "move", "merge", "bulk"].map((name) => ({ op: `POST ${research}/nodes/${name}/`, before: freshTree })),
  { op: `POST ${research}/generate/`, before: freshBrand },

  { op: `POST ${brandClustering}/start/`, after: runClustering },
  { op: `GET ${brandClustering}/status/` },
  { op: `GET ${brandClustering}/` },
  { op: `GET ${brandClustering}/serp-data/` },
  { op: `POST ${brandClustering}/recluster/`, after: runClustering },

  { op: "GET /api/v1/maps/" },
  { op: "GET /api/v1/maps/{brand_id}/" },
  { op: "PUT /api/v1/maps/{brand_id}/", before: freshBrand },
  { op: "GET /api/v1/authority/" },
  {
    op: "GET /api/v1/authority/{brand_id}/",
    after: async (w, body) => {
      w.ids.node = (body.hierarchy as Array<{ node_id: string }>)[0]!.node_id;
    },
  },
  { op: "GET /api/v1/authority/{brand_id}/serp-data/{node_id}/" },
  { op: "PATCH /api/v1/authority/{brand_id}/nodes/{node_id}/published/" },

  {
    op: "POST /api/v1/clustering/",
    after: async (w, body) => {
      w.ids.report = body.id!;
      await runClustering(w, body);
    },
  },
  { op: "GET /api/v1/clustering/" },
  { op: "GET /api/v1/clustering/{id}/" },
  { op: "GET /api/v1/clustering/{id}/status/" },
  { op: "GET /api/v1/clustering/{id}/serp-data/" },
  { op: "POST /api/v1/clustering/{id}/recluster/", after: runClustering },
  { op: "DELETE /api/v1/clustering/{id}/" },

  { op: "POST /api/v1/briefs/serp-data/" },
  {
    op: "POST /api/v1/briefs/generate/",
    after: async (w, body) => {
      w.ids.brief = body.id!;
      await runBrief(w.h, body.id!);
    },
  },
  { op: "GET /api/v1/briefs/" },
  { op: "GET /api/v1/briefs/{id}/" },
  { op: "GET /api/v1/briefs/{id}/status/" },
  { op: "PATCH /api/v1/briefs/{id}/", before: briefInReview },
  // A draft, then the draft generated: the complete brief stays the example's.
  {
    op: "POST /api/v1/briefs/",
    after: async (w, body) => {
      w.ids.briefDraft = body.id!;
    },
  },
  { op: "POST /api/v1/briefs/{id}/generate/", before: async (w) => ({ brief: w.ids.briefDraft! }) },
  { op: "POST /api/v1/briefs/{id}/resume/", before: briefInReview },

  {
    op: `POST ${authorityBriefs}/generate/`,
    after: async (w, body) => {
      w.ids.authorityBrief = body.id!;
      await runBrief(w.h, body.id!);
    },
  },
  { op: `POST ${authorityBriefs}/` },
  { op: `GET ${authorityBriefs}/` },
  { op: `GET ${authorityBriefs}/{id}/` },
  { op: `GET ${authorityBriefs}/{id}/status/` },

  {
    op: `POST ${articles}/generate/`,
    after: async (w, body) => {
      w.ids.article = body.id!;
      await runArticle(w.h, body.id!);
    },
  },
  { op: `POST ${articles}/create-from-brief/` },
  { op: `GET ${articles}/` },
  { op: `GET ${articles}/{id}/` },
  { op: `GET ${articles}/{id}/status/` },
  { op: `POST ${articles}/{id}/generate/`, after: async (w) => runArticle(w.h, w.ids.article!) },
  { op: `PATCH ${articles}/{id}/` },
  {
    op: `PATCH ${articles}/{id}/sections/`,
    // The example edits a section of the article's current version: its first one.
    before: async (w) => {
      const article = await call(w, "GET", `/api/v1/content/articles/${w.ids.article}/`, undefined, 200);
      return { section: (article.sections as { id: string }[])[0]!.id };
    },
  },
  { op: `GET ${articles}/{id}/versions/` },
  { op: `GET ${articles}/{id}/versions/{n}/` },

  {
    op: `POST ${authorityArticles}/generate/`,
    after: async (w, body) => {
      w.ids.authorityArticle = body.id!;
      await runArticle(w.h, body.id!);
    },
  },
  { op: `GET ${authorityArticles}/` },
  { op: `GET ${authorityArticles}/{id}/` },
  { op: `GET ${authorityArticles}/{id}/status/` },
  { op: `POST ${authorityArticles}/{id}/generate/` },

  // Last: the brand goes with everything of it.
  { op: "DELETE /api/v1/brands/{id}/" },
];
