import { keyedRoute, type RouteDef } from "../../platform/http/route";
import { fetchQuerySerp } from "./query-serp";
import type { HeaderSection } from "../../providers/generation/types";
import {
  BriefDetailSchema,
  BriefListQuery,
  BriefListSchema,
  BriefParams,
  BriefStartSchema,
  BriefStatusSchema,
  CuratedBody,
  QuerySerpBody,
  QuerySerpSchema,
  ResumeBody,
  StandaloneBriefBody,
} from "./schemas";
import { briefDetail, briefStatus, createStandaloneDraft, curate, generateDraft, generateStandalone, listBriefs, resume } from "./service";
import { TRANSITIONS_DESCRIPTION } from "./status";
import { BriefListExampleQuery, CurateExample, QuerySerpRequestExample, ResumeExample, StandaloneBriefExample } from "./examples";

const tag = "Briefs";
const SERP_NOTE =
  "`selected_serp_data` (at most 15, each with a `url`) is what the brief is written from; when omitted, the stored SERP data of " +
  "`query_text` in the brand's topical map is used, and without either the request answers 400.";
const COST_NOTE = "Costs 5 credits, charged when accepted (402 when the balance cannot cover it) and refunded if the brief ends FAILED.";

export const briefRoutes: RouteDef[] = [
  keyedRoute({
    method: "GET",
    path: "/api/v1/briefs/",
    tag,
    summary: "List briefs",
    description:
      "The briefs of the selected workspace, standalone and authority (those carry `topic_node`), newest first. `status` takes a status " +
      `or IN_PROGRESS or ERROR (anything else answers 400). ${TRANSITIONS_DESCRIPTION}`,
    scope: "briefs:read",
    workspaced: true,
    status: 200,
    errors: [400],
    examples: { request: { query: BriefListExampleQuery } },
    schemas: { querystring: BriefListQuery, response: BriefListSchema },
    handler: async ({ ctx, query }) => listBriefs(ctx, { brandId: query.brand_id, status: query.status, search: query.search }),
  }),
  keyedRoute({
    method: "POST",
    path: "/api/v1/briefs/generate/",
    tag,
    summary: "Generate a standalone brief",
    description:
      `Answers 202 at once (PENDING); poll the status endpoint. ${SERP_NOTE} With \`interactive: true\` the brief stops at ` +
      `AWAITING_OUTLINE_REVIEW after its outline (continue with POST /briefs/{id}/resume/). ${COST_NOTE} Accepts \`Idempotency-Key\`.`,
    metaDescription: "Brief generation accepted; poll the status endpoint.",
    scope: "briefs:write",
    workspaced: true,
    idempotent: true,
    status: 202,
    errors: [400, 402, 404],
    examples: { request: { body: StandaloneBriefExample } },
    schemas: { body: StandaloneBriefBody, response: BriefStartSchema },
    handler: async ({ ctx, body }) => generateStandalone(ctx, body),
  }),
  keyedRoute({
    method: "POST",
    path: "/api/v1/briefs/serp-data/",
    tag,
    summary: "Fetch a query's search results for a brand",
    description:
      "The step before a standalone brief on a query outside the brand's topical map: fetches the query's SERP in the brand's " +
      "country and language (its organic results, People Also Ask, related searches and AI Overview) and keeps it with the " +
      "brand, where a brief on the query then finds it. Asked again within 24 hours, it answers from what it kept " +
      "(`from_cache: true`) without a new call. Free of credits. 503 when the SERP provider cannot answer.",
    metaDescription: "The query's search results, kept for the brand.",
    scope: "briefs:write",
    workspaced: true,
    status: 200,
    errors: [400, 404, 503],
    examples: { request: { body: QuerySerpRequestExample } },
    schemas: { body: QuerySerpBody, response: QuerySerpSchema },
    handler: async ({ ctx, body }) => fetchQuerySerp(ctx, body),
  }),
  keyedRoute({
    method: "POST",
    path: "/api/v1/briefs/",
    tag,
    summary: "Create a draft brief",
    description:
      `The same body as generate; the brief is stored as DRAFT, nothing is charged, and POST /briefs/{id}/generate/ starts it. ${SERP_NOTE} ` +
      "The read-only fields of a brief (`id`, `status`, `created_at`, ...) are accepted and ignored, so a brief read back can be sent as a new one; any other field answers 400.",
    metaDescription: "A draft brief.",
    scope: "briefs:write",
    workspaced: true,
    status: 201,
    errors: [400, 404],
    examples: { request: { body: StandaloneBriefExample } },
    schemas: { body: StandaloneBriefBody, response: BriefDetailSchema },
    readOnlyFrom: BriefDetailSchema,
    handler: async ({ ctx, body }) => createStandaloneDraft(ctx, body),
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/briefs/:id/",
    tag,
    summary: "A brief",
    description: "Any brief of the workspace, standalone or authority (authority briefs carry `topic_node`).",
    metaDescription:
      "A brief; `_meta.data_source` says where its SERP results came from: `selected` (the request's own), `dataforseo`, or `offline` (simulated by the built-in provider, not real results).",
    scope: "briefs:read",
    workspaced: true,
    resources: { id: "brief" },
    status: 200,
    errors: [404],
    schemas: { params: BriefParams, response: BriefDetailSchema },
    handler: async ({ ctx, params }) => briefDetail(ctx, params.id),
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/briefs/:id/status/",
    tag,
    summary: "A brief's status",
    description: `A brief whose job died is reported FAILED (and refunded), never in progress. ${TRANSITIONS_DESCRIPTION}`,
    metaDescription: "A brief's status.",
    scope: "briefs:read",
    workspaced: true,
    resources: { id: "brief" },
    status: 200,
    errors: [404],
    schemas: { params: BriefParams, response: BriefStatusSchema },
    handler: async ({ ctx, params }) => briefStatus(ctx, params.id),
  }),
  keyedRoute({
    method: "PATCH",
    path: "/api/v1/briefs/:id/",
    tag,
    summary: "Store the user's edit of a brief",
    description:
      "Body `curated_brief_json`: the edited brief, the same structure as result_json, with a `header_sections` array. Allowed in " +
      "AWAITING_OUTLINE_REVIEW, COMPLETE and PARTIAL_COMPLETE; 409 otherwise. Articles are drafted from the curated outline when there is one. " +
      "The read-only fields of a brief (`id`, `status`, `result_json`, ...) are accepted and ignored; any other field answers 400.",
    metaDescription: "The brief with its edit.",
    scope: "briefs:write",
    workspaced: true,
    resources: { id: "brief_in_review" },
    status: 200,
    errors: [400, 404, 409],
    examples: { request: { body: CurateExample } },
    schemas: { params: BriefParams, body: CuratedBody, response: BriefDetailSchema },
    readOnlyFrom: BriefDetailSchema,
    handler: async ({ ctx, params, body }) => curate(ctx, params.id, body.curated_brief_json),
  }),
  keyedRoute({
    method: "POST",
    path: "/api/v1/briefs/:id/generate/",
    tag,
    summary: "Generate a draft brief",
    description: `Starts a DRAFT brief (409 in any other status). ${COST_NOTE} Accepts \`Idempotency-Key\`.`,
    metaDescription: "Brief generation accepted; poll the status endpoint.",
    scope: "briefs:write",
    workspaced: true,
    idempotent: true,
    resources: { id: "brief" },
    status: 202,
    errors: [402, 404, 409],
    schemas: { params: BriefParams, response: BriefStartSchema },
    handler: async ({ ctx, params }) => generateDraft(ctx, params.id),
  }),
  keyedRoute({
    method: "POST",
    path: "/api/v1/briefs/:id/resume/",
    tag,
    summary: "Continue a brief after its outline review",
    description:
      "For a brief in AWAITING_OUTLINE_REVIEW (409 otherwise): the optional `header_sections` replace the generated outline, and the " +
      "brief goes on through RESUMING_PROCESSING to COMPLETE or PARTIAL_COMPLETE. Free; if it ends FAILED the brief's credits are refunded.",
    metaDescription: "The brief, continuing.",
    scope: "briefs:write",
    workspaced: true,
    resources: { id: "brief_in_review" },
    status: 202,
    errors: [400, 404, 409],
    examples: { request: { body: ResumeExample } },
    schemas: { params: BriefParams, body: ResumeBody, response: BriefStatusSchema },
    handler: async ({ ctx, params, body }) => resume(ctx, params.id, body.header_sections as HeaderSection[] | undefined),
  }),
];
