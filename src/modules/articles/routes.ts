import { keyedRoute, type RouteDef } from "../../platform/http/route";
import { MACHINE_STATE_DESCRIPTION } from "./machine-state";
import { PLACEHOLDER_META_DESCRIPTION } from "./placeholder";
import {
  ArticleParams,
  DetailQuery,
  DetailSchema,
  EditBody,
  EditSectionsBody,
  FromBriefBody,
  GenerateBody,
  ListQuery,
  ListSchema,
  ProgressSchema,
  RegenerateBody,
  StartedSchema,
  VersionListSchema,
  VersionParams,
  VersionSchema,
} from "./schemas";
import {
  articleDetail,
  articleFromBrief,
  articleStatus,
  editArticle,
  editSections,
  generateArticle,
  listArticles,
  listVersions,
  regenerate,
  versionDetail,
} from "./service";
import {
  ArticleListExampleQuery,
  EditArticleExample,
  EditSectionsExample,
  FromBriefExample,
  GenerateArticleExample,
  RegenerateArticleExample,
} from "./examples";

const tag = "Articles";
const base = "/api/v1/content/articles";
export const COST_NOTE =
  "Costs 10 credits plus 2 per specialist that applies to the article's type (the rest are dropped and named in `message`), " +
  "charged when accepted (402 when the balance cannot cover it) and refunded if the drafting fails for good. Specialists: " +
  "`web_research`, `fact_check` and `intro_key_takeaways` apply to resource pages (posts, guides); `conversion_coach` to local " +
  "and landing pages, where it is always on. Accepts `Idempotency-Key`.";
export const RENDER_ALTERNATIVES = [
  {
    mediaType: "text/markdown",
    description: "`?format=markdown`: the article as Markdown, its title and headings with each section's draft.",
  },
  {
    mediaType: "text/html",
    description:
      "`?format=html`: the article as a small HTML document (text escaped, no scripts), under a Content-Security-Policy that lets it load nothing and run nothing but its own inline style.",
  },
];

export const articleRoutes: RouteDef[] = [
  keyedRoute({
    method: "GET",
    path: `${base}/`,
    tag,
    summary: "List articles",
    description: "The articles of the selected workspace, standalone and authority (those carry `topic_node`), newest first.",
    scope: "content:read",
    workspaced: true,
    status: 200,
    errors: [400],
    examples: { request: { query: ArticleListExampleQuery } },
    schemas: { querystring: ListQuery, response: ListSchema },
    handler: async ({ ctx, query }) => listArticles(ctx, { brandId: query.brand_id, search: query.search }),
  }),
  keyedRoute({
    method: "POST",
    path: `${base}/generate/`,
    tag,
    summary: "Create an article from a brief and draft it",
    description:
      "The brief must be COMPLETE or PARTIAL_COMPLETE and have sections (its curated outline when it has one, else its generated " +
      `one); each section is drafted in turn. Answers 202 (\`status: generating\`); poll the status endpoint. ${COST_NOTE} ${MACHINE_STATE_DESCRIPTION}`,
    metaDescription: "Drafting accepted; poll the status endpoint.",
    scope: "content:write",
    workspaced: true,
    idempotent: true,
    status: 202,
    errors: [400, 402, 404],
    examples: { request: { body: GenerateArticleExample } },
    schemas: { body: GenerateBody, response: StartedSchema },
    handler: async ({ ctx, body }) =>
      generateArticle(ctx, body.brief_id, {}, { aiModelId: body.ai_model_id, intent: body.intent, specialists: body.specialists }),
  }),
  keyedRoute({
    method: "POST",
    path: `${base}/create-from-brief/`,
    tag,
    summary: "Create an article from a brief without drafting it",
    description:
      "201 with the article (`machine_state: ready`, its sections not started); nothing is charged. Draft it with POST .../{id}/generate/. " +
      "The read-only fields of an article (`id`, `sections`, `created_at`, ...) are accepted and ignored; any other field answers 400.",
    metaDescription: "An article, ready to draft.",
    scope: "content:write",
    workspaced: true,
    status: 201,
    errors: [400, 404],
    examples: { request: { body: FromBriefExample } },
    schemas: { body: FromBriefBody, response: DetailSchema },
    readOnlyFrom: DetailSchema,
    handler: async ({ ctx, body }) => articleFromBrief(ctx, body.brief_id),
  }),
  keyedRoute({
    method: "GET",
    path: `${base}/:id/`,
    tag,
    summary: "An article with its sections",
    description: "Any article of the workspace, with the sections of its current version and its specialists' results.",
    metaDescription: `An article. ${PLACEHOLDER_META_DESCRIPTION}`,
    scope: "content:read",
    workspaced: true,
    resources: { id: "article" },
    status: 200,
    errors: [404],
    alternatives: RENDER_ALTERNATIVES,
    schemas: { params: ArticleParams, querystring: DetailQuery, response: DetailSchema },
    handler: async ({ ctx, params, query }) => articleDetail(ctx, params.id, {}, query.format),
  }),
  keyedRoute({
    method: "GET",
    path: `${base}/:id/status/`,
    tag,
    summary: "Drafting progress",
    description: `Counts of the current version's sections by status. ${MACHINE_STATE_DESCRIPTION}`,
    metaDescription: `Drafting progress. ${PLACEHOLDER_META_DESCRIPTION}`,
    scope: "content:read",
    workspaced: true,
    resources: { id: "article" },
    status: 200,
    errors: [404],
    schemas: { params: ArticleParams, response: ProgressSchema },
    handler: async ({ ctx, params }) => articleStatus(ctx, params.id),
  }),
  keyedRoute({
    method: "POST",
    path: `${base}/:id/generate/`,
    tag,
    summary: "Draft an article again",
    description:
      "A new version of the article, its sections taken again from the brief (`brief_id` switches to another brief) and reset; the " +
      `previous version stays readable under .../versions/. 409 while a drafting runs. Answers 202 (\`status: regenerating\`). ${COST_NOTE}`,
    metaDescription: "Drafting accepted; poll the status endpoint.",
    scope: "content:write",
    workspaced: true,
    idempotent: true,
    resources: { id: "article" },
    status: 202,
    errors: [400, 402, 404, 409],
    examples: { request: { body: RegenerateArticleExample } },
    schemas: { params: ArticleParams, body: RegenerateBody, response: StartedSchema },
    handler: async ({ ctx, params, body }) =>
      regenerate(ctx, params.id, {}, {}, body.brief_id, {
        aiModelId: body.ai_model_id,
        intent: body.intent,
        specialists: body.specialists,
      }),
  }),
  keyedRoute({
    method: "PATCH",
    path: `${base}/:id/`,
    tag,
    summary: "Edit an article",
    description:
      "`editorial_state` (`draft`, `in_review`, `approved`, `published`), `title` and `additional_directions` (used by the next drafting). " +
      "The read-only fields of an article (`id`, `sections`, `created_at`, ...) are accepted and ignored; any other field answers 400.",
    metaDescription: `The article. ${PLACEHOLDER_META_DESCRIPTION}`,
    scope: "content:write",
    workspaced: true,
    resources: { id: "article" },
    status: 200,
    errors: [400, 404],
    examples: { request: { body: EditArticleExample } },
    schemas: { params: ArticleParams, body: EditBody, response: DetailSchema },
    readOnlyFrom: DetailSchema,
    handler: async ({ ctx, params, body }) => editArticle(ctx, params.id, body),
  }),
  keyedRoute({
    method: "PATCH",
    path: `${base}/:id/sections/`,
    tag,
    summary: "Edit the text of an article's sections",
    description:
      "Replaces the `ai_draft` of the sections named by `id` (of the article's current version) with the writer's text. Each " +
      "edited section is checked again as a drafted one is (`approved` or `needs_attention` with its `problems`), and the " +
      "article reads `draft_done` once every section is approved, else `incomplete`. Answers the article, its " +
      "`content_score` scored on the new text. 409 while a drafting runs; 400 for a section that is not the current version's.",
    metaDescription: `The article. ${PLACEHOLDER_META_DESCRIPTION}`,
    scope: "content:write",
    workspaced: true,
    resources: { id: "article" },
    status: 200,
    errors: [400, 404, 409],
    examples: { request: { body: EditSectionsExample } },
    schemas: { params: ArticleParams, body: EditSectionsBody, response: DetailSchema },
    handler: async ({ ctx, params, body }) => editSections(ctx, params.id, body.sections),
  }),
  keyedRoute({
    method: "GET",
    path: `${base}/:id/versions/`,
    tag,
    summary: "An article's versions",
    description: "Every drafting of the article, newest first, each with its sections, brief, model and specialists.",
    scope: "content:read",
    workspaced: true,
    resources: { id: "article" },
    status: 200,
    errors: [404],
    schemas: { params: ArticleParams, response: VersionListSchema },
    handler: async ({ ctx, params }) => listVersions(ctx, params.id),
  }),
  keyedRoute({
    method: "GET",
    path: `${base}/:id/versions/:n/`,
    tag,
    summary: "One version of an article",
    metaDescription: "A version of the article.",
    scope: "content:read",
    workspaced: true,
    resources: { id: "article", n: "article_version" },
    status: 200,
    errors: [404],
    schemas: { params: VersionParams, response: VersionSchema },
    handler: async ({ ctx, params }) => versionDetail(ctx, params.id, params.n),
  }),
];
