import { csvAlternative, FormatQuery, wantsCsv } from "../../platform/http/formats";
import { keyedRoute, type RouteDef } from "../../platform/http/route";
import { brandClusteringResults, brandClusteringStatus, brandSerpData, reclusterBrand, startBrandClustering } from "./brand-service";
import {
  BrandParams,
  BrandResultsSchema,
  BrandStartBody,
  BrandStartSchema,
  BrandStatusSchema,
  CreateReportBody,
  KeywordQuery,
  ReclusterBody,
  ReportDetailSchema,
  ReportListSchema,
  ReportParams,
  ReportStatusSchema,
  SerpDataSchema,
  StartReportSchema,
} from "./schemas";
import { createReport, deleteReport, listReports, reclusterReport, reportDetail, reportSerpData, reportStatus } from "./service";
import { BrandKeywordQuery, BrandStartExample, CreateReportExample, ReclusterExample, ReportKeywordQuery } from "./examples";

const tag = "Clustering";
const brandTag = "Brand clustering";
const brandBase = "/api/v1/authority/:brand_id/clustering";
// Every route under `brandBase` acts on the brand's clustering (start makes its next run),
// reached through the brand in the selected workspace.
const onBrandClustering = { brand_id: "brand_clustering" } as const;
const ALGORITHM =
  "Keywords are ordered by search volume (ties by keyword); each keyword not yet clustered becomes a centroid and every later " +
  "unclustered keyword whose top 10 organic URLs share at least ceil(overlap_percentage x 10) normalized URLs with the centroid's joins it.";
const STATE_NOTE =
  "`status` is `in_progress`, `completed` or `failed`; `state` is `PENDING`, `STARTED`, `SUCCESS` or `FAILURE`; `progress` is a percent " +
  "(SERP batches of 100 keywords, then the clustering step).";
const SERP_NOTE =
  "Stored SERP results for one keyword (trimmed, lowercased); no live fetching. 404 when the keyword is not part of the clustering or has no stored data yet.";

export const clusteringRoutes: RouteDef[] = [
  keyedRoute({
    method: "GET",
    path: "/api/v1/clustering/",
    tag,
    summary: "List clustering reports",
    description: "The standalone reports of the selected workspace, newest first.",
    scope: "clustering:read",
    workspaced: true,
    status: 200,
    schemas: { response: ReportListSchema },
    handler: async ({ ctx }) => listReports(ctx),
  }),
  keyedRoute({
    method: "POST",
    path: "/api/v1/clustering/",
    tag,
    summary: "Create a report and start clustering",
    description:
      "Keywords are trimmed, lowercased and de-duplicated: none left, or more than 10,000 left, answers 400. Costs 1 credit per started " +
      "10 keywords, charged when accepted (402 when the balance cannot cover it) and refunded if the clustering fails. SERP data is " +
      `fetched in batches of 100 keywords (\`total_batches\`). ${ALGORITHM} Accepts \`Idempotency-Key\`.`,
    metaDescription: "Clustering accepted; poll the status endpoint.",
    scope: "clustering:write",
    workspaced: true,
    idempotent: true,
    status: 202,
    errors: [400, 402],
    examples: { request: { body: CreateReportExample } },
    schemas: { body: CreateReportBody, response: StartReportSchema },
    handler: async ({ ctx, body }) => createReport(ctx, body),
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/clustering/:id/",
    resources: { id: "report" },
    tag,
    summary: "A report with its clusters, keyword metrics and SERP fetch times",
    description:
      "Clusters in centroid order (largest search volume first); each keyword with its metrics, whether SERP results were stored, and when " +
      `they were fetched. \`clusters\` is empty until the first clustering completes. \`?format=csv\` (or \`Accept: text/csv\`) ` +
      `answers CSV instead. ${STATE_NOTE}`,
    metaDescription: "A clustering report; `_meta.data_source` says where its SERP data comes from.",
    scope: "clustering:read",
    workspaced: true,
    status: 200,
    errors: [404],
    alternatives: [
      csvAlternative(
        "One row per keyword, in cluster order: `cluster` (the cluster's id), `centroid`, `keyword`, `sort_order`, `search_volume`, `cpc`, " +
          `\`competition\`, \`has_serp_data\`, \`serp_fetched_at\`; no rows before the first clustering completes. It can be uploaded as a topical map.`,
      ),
    ],
    schemas: { params: ReportParams, querystring: FormatQuery, response: ReportDetailSchema },
    handler: async ({ ctx, params, query, request }) => reportDetail(ctx, params.id, wantsCsv(query.format, request.headers.accept)),
  }),
  keyedRoute({
    method: "DELETE",
    path: "/api/v1/clustering/:id/",
    resources: { id: "report" },
    tag,
    summary: "Delete a report and its SERP data",
    description: "Permanent. A clustering still running for the report stops at its next step and is refunded.",
    scope: "clustering:write",
    workspaced: true,
    status: 204,
    errors: [404],
    schemas: { params: ReportParams, response: null },
    handler: async ({ ctx, params }) => deleteReport(ctx, params.id),
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/clustering/:id/status/",
    resources: { id: "report" },
    tag,
    summary: "Clustering progress",
    description: `${STATE_NOTE} A report whose job died is reported failed (and refunded), never in progress.`,
    scope: "clustering:read",
    workspaced: true,
    status: 200,
    errors: [404],
    schemas: { params: ReportParams, response: ReportStatusSchema },
    handler: async ({ ctx, params }) => reportStatus(ctx, params.id),
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/clustering/:id/serp-data/",
    resources: { id: "report" },
    tag,
    summary: "Stored SERP data for one keyword",
    description: SERP_NOTE,
    metaDescription: "Stored SERP results; `_meta.data_source` says where they come from.",
    scope: "clustering:read",
    workspaced: true,
    status: 200,
    errors: [400, 404],
    examples: { request: { query: ReportKeywordQuery } },
    schemas: { params: ReportParams, querystring: KeywordQuery, response: SerpDataSchema },
    handler: async ({ ctx, params, query }) => reportSerpData(ctx, params.id, query.keyword),
  }),
  keyedRoute({
    method: "POST",
    path: "/api/v1/clustering/:id/recluster/",
    resources: { id: "report" },
    tag,
    summary: "Re-cluster from stored SERP data",
    description:
      "Clusters the report's keywords again at `overlap_percentage` from the SERP data already stored: no fetching, no credits. 409 while " +
      "the report's clustering is in progress, or when its SERP data was never completely fetched. Answers 202; poll the status endpoint.",
    metaDescription: "Re-clustering accepted; poll the status endpoint.",
    scope: "clustering:write",
    workspaced: true,
    status: 202,
    errors: [400, 404, 409],
    examples: { request: { body: ReclusterExample } },
    schemas: { params: ReportParams, body: ReclusterBody, response: StartReportSchema },
    handler: async ({ ctx, params, body }) => reclusterReport(ctx, params.id, body.overlap_percentage),
  }),
  keyedRoute({
    method: "GET",
    path: `${brandBase}/`,
    resources: onBrandClustering,
    tag: brandTag,
    summary: "Latest clustering results of the brand",
    description:
      "The brand's most recent completed clustering: clusters with each keyword's metrics, SERP fetch time and position in the research tree " +
      "(when the clustering started). 404 when the brand has no completed clustering.",
    metaDescription: "The brand's clustering results; `_meta.data_source` says where the SERP data comes from.",
    scope: "clustering:read",
    workspaced: true,
    status: 200,
    errors: [404],
    schemas: { params: BrandParams, response: BrandResultsSchema },
    handler: async ({ ctx, params }) => brandClusteringResults(ctx, params.brand_id),
  }),
  keyedRoute({
    method: "GET",
    path: `${brandBase}/status/`,
    resources: onBrandClustering,
    tag: brandTag,
    summary: "Brand clustering progress",
    description: `The brand's current (most recently started) clustering. ${STATE_NOTE} 404 when none was ever started.`,
    scope: "clustering:read",
    workspaced: true,
    status: 200,
    errors: [404],
    schemas: { params: BrandParams, response: BrandStatusSchema },
    handler: async ({ ctx, params }) => brandClusteringStatus(ctx, params.brand_id),
  }),
  keyedRoute({
    method: "GET",
    path: `${brandBase}/serp-data/`,
    resources: onBrandClustering,
    tag: brandTag,
    summary: "Stored SERP data for one of the brand's keywords",
    description: SERP_NOTE,
    metaDescription: "Stored SERP results; `_meta.data_source` says where they come from.",
    scope: "clustering:read",
    workspaced: true,
    status: 200,
    errors: [400, 404],
    examples: { request: { query: BrandKeywordQuery } },
    schemas: { params: BrandParams, querystring: KeywordQuery, response: SerpDataSchema },
    handler: async ({ ctx, params, query }) => brandSerpData(ctx, params.brand_id, query.keyword),
  }),
  keyedRoute({
    method: "POST",
    path: `${brandBase}/start/`,
    resources: onBrandClustering,
    tag: brandTag,
    summary: "Cluster the keywords of the brand's research tree",
    description:
      "Takes every keyword of the research tree (trimmed, lowercased, de-duplicated; a keyword under several nodes belongs to the first). " +
      "400 when the tree has none (or no research exists), 409 while a clustering of the brand is in progress. Costs 1 credit per started " +
      "10 keywords (402), refunded if it fails. When it completes, the brand's topical map is written from it. Accepts `Idempotency-Key`.",
    metaDescription: "Brand clustering accepted; poll the status endpoint.",
    scope: "clustering:write",
    workspaced: true,
    idempotent: true,
    status: 202,
    errors: [400, 402, 404, 409],
    examples: { request: { body: BrandStartExample } },
    schemas: { params: BrandParams, body: BrandStartBody, response: BrandStartSchema },
    handler: async ({ ctx, params, body }) => startBrandClustering(ctx, params.brand_id, body),
  }),
  keyedRoute({
    method: "POST",
    path: `${brandBase}/recluster/`,
    resources: onBrandClustering,
    tag: brandTag,
    summary: "Re-cluster the brand's keywords from stored SERP data",
    description:
      "Free; no SERP fetching. Rewrites the topical map when it completes. 404 when the brand has no results, 409 while a clustering is in progress.",
    metaDescription: "Re-clustering accepted; poll the status endpoint.",
    scope: "clustering:write",
    workspaced: true,
    status: 202,
    errors: [400, 404, 409],
    examples: { request: { body: ReclusterExample } },
    schemas: { params: BrandParams, body: ReclusterBody, response: BrandStartSchema },
    handler: async ({ ctx, params, body }) => reclusterBrand(ctx, params.brand_id, body.overlap_percentage),
  }),
];
