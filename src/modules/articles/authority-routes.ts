import { findBrand } from "../brands";
import { keyedRoute, type RouteDef } from "../../platform/http/route";
import { MACHINE_STATE_DESCRIPTION } from "./machine-state";
import { COST_NOTE, RENDER_ALTERNATIVES } from "./routes";
import {
  AuthorityArticleParams,
  AuthorityListQuery,
  AuthorityListSchema,
  AuthorityParams,
  DetailQuery,
  DetailSchema,
  GenerateBody,
  ProgressSchema,
  RegenerateBody,
  StartedSchema,
} from "./schemas";
import { articleDetail, articleStatus, generateArticle, listArticles, regenerate } from "./service";
import { PLACEHOLDER_META_DESCRIPTION } from "./placeholder";
import { AuthorityGenerateArticleExample, RegenerateArticleExample } from "./examples";

const tag = "Authority articles";
const base = "/api/v1/authority/:brand_id/articles";

export const authorityArticleRoutes: RouteDef[] = [
  keyedRoute({
    method: "GET",
    path: `${base}/`,
    tag,
    summary: "List the brand's authority articles",
    metaDescription: "The brand's authority articles.",
    scope: "authority:read",
    workspaced: true,
    resources: { brand_id: "brand" },
    status: 200,
    errors: [400, 404],
    schemas: { params: AuthorityParams, querystring: AuthorityListQuery, response: AuthorityListSchema },
    handler: async ({ ctx, params, query }) => {
      const brand = await findBrand(ctx, params.brand_id);
      return {
        brand_id: brand.id,
        brand_name: brand.brandName,
        results: await listArticles(ctx, { brandId: brand.id, search: query.search, authority: true }),
      };
    },
  }),
  keyedRoute({
    method: "POST",
    path: `${base}/generate/`,
    tag,
    summary: "Create an article from an authority brief and draft it",
    description:
      "The brief must be an authority brief of this brand, COMPLETE or PARTIAL_COMPLETE, with sections (400 otherwise); the article " +
      `inherits its \`topic_node\`. Answers 202 (\`status: generating\`). ${COST_NOTE} ${MACHINE_STATE_DESCRIPTION}`,
    metaDescription: "Drafting accepted; poll the status endpoint.",
    scope: "authority:write",
    workspaced: true,
    idempotent: true,
    resources: { brand_id: "authority_brief_brand" },
    status: 202,
    errors: [400, 402, 404],
    examples: { request: { body: AuthorityGenerateArticleExample } },
    schemas: { params: AuthorityParams, body: GenerateBody, response: StartedSchema },
    handler: async ({ ctx, params, body }) => {
      await findBrand(ctx, params.brand_id);
      return generateArticle(
        ctx,
        body.brief_id,
        { authorityOf: params.brand_id },
        { aiModelId: body.ai_model_id, intent: body.intent, specialists: body.specialists },
      );
    },
  }),
  keyedRoute({
    method: "GET",
    path: `${base}/:id/`,
    tag,
    summary: "An authority article with its sections",
    metaDescription: `An article. ${PLACEHOLDER_META_DESCRIPTION}`,
    scope: "authority:read",
    workspaced: true,
    resources: { brand_id: "brand", id: "authority_article" },
    status: 200,
    errors: [404],
    alternatives: RENDER_ALTERNATIVES,
    schemas: { params: AuthorityArticleParams, querystring: DetailQuery, response: DetailSchema },
    handler: async ({ ctx, params, query }) => articleDetail(ctx, params.id, { brandId: params.brand_id, authority: true }, query.format),
  }),
  keyedRoute({
    method: "GET",
    path: `${base}/:id/status/`,
    tag,
    summary: "An authority article's drafting progress",
    description: MACHINE_STATE_DESCRIPTION,
    metaDescription: `Drafting progress. ${PLACEHOLDER_META_DESCRIPTION}`,
    scope: "authority:read",
    workspaced: true,
    resources: { brand_id: "brand", id: "authority_article" },
    status: 200,
    errors: [404],
    schemas: { params: AuthorityArticleParams, response: ProgressSchema },
    handler: async ({ ctx, params }) => articleStatus(ctx, params.id, { brandId: params.brand_id, authority: true }),
  }),
  keyedRoute({
    method: "POST",
    path: `${base}/:id/generate/`,
    tag,
    summary: "Draft an authority article again",
    description:
      "A new version (the previous one stays readable); an optional `brief_id` must be an authority brief of this brand, and the " +
      `article's \`topic_node\` follows it. 409 while a drafting runs. Answers 202 (\`status: regenerating\`). ${COST_NOTE}`,
    metaDescription: "Drafting accepted; poll the status endpoint.",
    scope: "authority:write",
    workspaced: true,
    idempotent: true,
    resources: { brand_id: "brand", id: "authority_article" },
    status: 202,
    errors: [400, 402, 404, 409],
    examples: { request: { body: RegenerateArticleExample } },
    schemas: { params: AuthorityArticleParams, body: RegenerateBody, response: StartedSchema },
    handler: async ({ ctx, params, body }) =>
      regenerate(ctx, params.id, { brandId: params.brand_id, authority: true }, { authorityOf: params.brand_id }, body.brief_id, {
        aiModelId: body.ai_model_id,
        intent: body.intent,
        specialists: body.specialists,
      }),
  }),
];
