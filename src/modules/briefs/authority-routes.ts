import { keyedRoute, type RouteDef } from "../../platform/http/route";
import {
  createAuthorityDraft,
  authorityBriefDetail,
  authorityBriefStatus,
  generateAuthority,
  listAuthorityBriefs,
} from "./authority-service";
import {
  AuthorityBriefBody,
  AuthorityBriefListQuery,
  AuthorityBriefListSchema,
  AuthorityBriefParams,
  AuthorityParams,
  BriefDetailSchema,
  BriefStartSchema,
  BriefStatusSchema,
} from "./schemas";
import { TRANSITIONS_DESCRIPTION } from "./status";
import { AuthorityBriefExample } from "./examples";

const tag = "Authority briefs";
const base = "/api/v1/authority/:brand_id/briefs";
const NODE_NOTE =
  "`node_id` names a node of the brand's current authority hierarchy (404 when it is not in it, or the brand has no map): the brief " +
  "targets the node's keyword of most search volume (its name without keywords), with the node's place and keywords as context. " +
  "`selected_serp_data` (at most 15, each with a `url`) defaults to the node's stored SERP data; without either the request answers 400.";

export const authorityBriefRoutes: RouteDef[] = [
  keyedRoute({
    method: "GET",
    path: `${base}/`,
    tag,
    summary: "List the brand's authority briefs",
    description: `Newest first. ${TRANSITIONS_DESCRIPTION}`,
    metaDescription: "The brand's authority briefs.",
    scope: "authority:read",
    workspaced: true,
    resources: { brand_id: "brand" },
    status: 200,
    errors: [400, 404],
    schemas: { params: AuthorityParams, querystring: AuthorityBriefListQuery, response: AuthorityBriefListSchema },
    handler: async ({ ctx, params, query }) => listAuthorityBriefs(ctx, params.brand_id, { status: query.status, search: query.search }),
  }),
  keyedRoute({
    method: "POST",
    path: `${base}/generate/`,
    tag,
    summary: "Generate a brief for a hierarchy node",
    description:
      `Answers 202 at once (PENDING). ${NODE_NOTE} \`interactive: true\` stops at AWAITING_OUTLINE_REVIEW (continue with ` +
      "POST /api/v1/briefs/{id}/resume/). Costs 5 credits (402), refunded if the brief ends FAILED. Accepts `Idempotency-Key`.",
    metaDescription: "Brief generation accepted; poll the status endpoint.",
    scope: "authority:write",
    workspaced: true,
    idempotent: true,
    resources: { brand_id: "map" },
    status: 202,
    errors: [400, 402, 404],
    examples: { request: { body: AuthorityBriefExample } },
    schemas: { params: AuthorityParams, body: AuthorityBriefBody, response: BriefStartSchema },
    handler: async ({ ctx, params, body }) => generateAuthority(ctx, params.brand_id, body),
  }),
  keyedRoute({
    method: "POST",
    path: `${base}/`,
    tag,
    summary: "Create a draft brief for a hierarchy node",
    description: `The same body as generate; stored as DRAFT, nothing charged; POST /api/v1/briefs/{id}/generate/ starts it. ${NODE_NOTE}`,
    metaDescription: "A draft brief.",
    scope: "authority:write",
    workspaced: true,
    resources: { brand_id: "map" },
    status: 201,
    errors: [400, 404],
    examples: { request: { body: { node_id: AuthorityBriefExample.node_id } } },
    schemas: { params: AuthorityParams, body: AuthorityBriefBody, response: BriefDetailSchema },
    handler: async ({ ctx, params, body }) => createAuthorityDraft(ctx, params.brand_id, body),
  }),
  keyedRoute({
    method: "GET",
    path: `${base}/:id/`,
    tag,
    summary: "An authority brief",
    metaDescription:
      "A brief; `_meta.data_source` says where its SERP results came from: `selected` (the request's own), `dataforseo`, or `offline` (simulated by the built-in provider, not real results).",
    scope: "authority:read",
    workspaced: true,
    resources: { brand_id: "brand", id: "authority_brief" },
    status: 200,
    errors: [404],
    schemas: { params: AuthorityBriefParams, response: BriefDetailSchema },
    handler: async ({ ctx, params }) => authorityBriefDetail(ctx, params.brand_id, params.id),
  }),
  keyedRoute({
    method: "GET",
    path: `${base}/:id/status/`,
    tag,
    summary: "An authority brief's status",
    description: TRANSITIONS_DESCRIPTION,
    metaDescription: "A brief's status.",
    scope: "authority:read",
    workspaced: true,
    resources: { brand_id: "brand", id: "authority_brief" },
    status: 200,
    errors: [404],
    schemas: { params: AuthorityBriefParams, response: BriefStatusSchema },
    handler: async ({ ctx, params }) => authorityBriefStatus(ctx, params.brand_id, params.id),
  }),
];
