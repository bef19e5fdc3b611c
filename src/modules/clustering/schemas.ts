import Type from "typebox";
import { MAX_LENGTH } from "../../platform/http/limits";
import { LanguageCode, named, Nullable, StringEnum, Timestamp, Uuid, withMeta } from "../../platform/http/route";
import {
  BrandClusteringExample,
  BrandClusteringStartedExample,
  BrandClusteringStatusExample,
  ClusteringStartedExample,
  ClusteringStatusExample,
  ReportExample,
  ReportSummaryExample,
  SerpDataExample,
} from "./examples";

export const MAX_REPORT_KEYWORDS = 10_000;

const Overlap = (description: string) => Type.Number({ minimum: 0.2, maximum: 0.9, description });
const options = {
  // The length and the letters checked apart, so that a wrong value gets one message, not two.
  country: Type.Optional(
    Type.String({ minLength: 2, maxLength: 2, pattern: "^[A-Za-z]*$", description: "ISO 3166-1 alpha-2 country code; default `us`" }),
  ),
  location: Type.Optional(
    Nullable(
      Type.String({ maxLength: 200, description: "Free-text location (e.g. `London,England,United Kingdom`); wins over `country`" }),
    ),
  ),
  language: Type.Optional(LanguageCode),
  overlap_percentage: Type.Optional(Overlap("Share of the top 10 URLs a keyword must share with its centroid; default 0.4")),
  ai_model_id: Type.Optional(
    Type.String({ maxLength: MAX_LENGTH.modelId, description: "An id from GET /api/v1/models/, kept with the report" }),
  ),
};

export const CreateReportBody = named(
  "CreateClusteringReportRequest",
  Type.Object({
    report_name: Type.String({ minLength: 1, maxLength: MAX_LENGTH.name }),
    keywords: Type.Array(Type.String({ maxLength: MAX_LENGTH.keyword }), {
      maxItems: 50_000,
      description: "Trimmed, lowercased and de-duplicated; at most 10,000 remain (400 otherwise, and 400 when none remain)",
    }),
    ...options,
  }),
);
export const BrandStartBody = named("StartBrandClusteringRequest", Type.Object(options));
export const ReclusterBody = named(
  "ReclusterRequest",
  Type.Object({ overlap_percentage: Overlap("Share of the top 10 URLs a keyword must share with its centroid") }),
);
export const ReportParams = Type.Object({ id: Uuid });
export const BrandParams = Type.Object({ brand_id: Uuid });
export const KeywordQuery = Type.Object({
  keyword: Type.String({ minLength: 1, maxLength: MAX_LENGTH.keyword, description: "Matched after trimming and lowercasing" }),
});

const Status = StringEnum(["in_progress", "completed", "failed"] as const);
const State = StringEnum(["PENDING", "STARTED", "SUCCESS", "FAILURE"] as const);

const runFields = {
  status: Status,
  task_id: Uuid,
  group_id: Uuid,
  total_batches: Type.Integer({ description: "SERP batches of 100 keywords to fetch (0 for a recluster)" }),
  total_keywords: Type.Integer(),
  credits_charged: Type.Integer(),
  message: Type.String(),
};
export const StartReportSchema = named(
  "ClusteringStarted",
  withMeta({ id: Uuid, report_name: Type.String(), ...runFields }),
  ClusteringStartedExample,
);
export const BrandStartSchema = named(
  "BrandClusteringStarted",
  withMeta({ brand_id: Uuid, report_id: Uuid, ...runFields }),
  BrandClusteringStartedExample,
);

const stateFields = { status: Status, state: State, progress: Type.Number({ description: "Percent, 0 to 100" }), message: Type.String() };
export const ReportStatusSchema = named("ClusteringStatus", withMeta({ id: Uuid, ...stateFields }), ClusteringStatusExample);
export const BrandStatusSchema = named(
  "BrandClusteringStatus",
  withMeta({ brand_id: Uuid, report_id: Uuid, ...stateFields }),
  BrandClusteringStatusExample,
);

const summaryFields = {
  id: Uuid,
  report_name: Type.String(),
  status: Status,
  country: Type.String(),
  location: Nullable(Type.String()),
  language: Type.String(),
  overlap_percentage: Type.Number(),
  ai_model_id: Nullable(Type.String()),
  total_keywords: Type.Integer(),
  total_batches: Type.Integer(),
  cluster_count: Nullable(Type.Integer({ description: "null until the first clustering completes" })),
  data_source: Type.String({ description: "Where the SERP data comes from: `offline` or `dataforseo`" }),
  created_at: Timestamp,
  updated_at: Timestamp,
  clustered_at: Nullable(Timestamp),
};
export const ReportListSchema = named(
  "ClusteringReportList",
  Type.Array(named("ClusteringReportSummary", Type.Object(summaryFields), ReportSummaryExample)),
);

const keywordFields = {
  keyword: Type.String(),
  sort_order: Type.Integer({ description: "Position within the cluster (0 is the centroid)" }),
  search_volume: Type.Integer({ description: "Monthly" }),
  cpc: Type.Number({ description: "USD" }),
  competition: Type.Number({ description: "0 to 1" }),
  has_serp_data: Type.Boolean(),
  serp_fetched_at: Nullable(Timestamp),
};
const Cluster = (keyword: ReturnType<typeof Type.Object>) =>
  Type.Object({
    id: Type.String({ description: "Stable within a clustering: `c1`, `c2`, ... in centroid order" }),
    centroid: Type.String(),
    keyword_count: Type.Integer(),
    total_search_volume: Type.Integer(),
    keywords: Type.Array(keyword),
  });
const clusterFields = {
  clustered_overlap: Nullable(Type.Number({ description: "The overlap the clusters below were computed with" })),
  clusters: Type.Array(named("Cluster", Cluster(named("ClusterKeyword", Type.Object(keywordFields)))), {
    description: "Largest search volume first (centroid order); empty until clustered",
  }),
};
export const ReportDetailSchema = named(
  "ClusteringReport",
  withMeta({ ...summaryFields, state: State, progress: Type.Number(), message: Type.String(), ...clusterFields }),
  ReportExample,
);

const brandKeywordFields = {
  ...keywordFields,
  main_topic: Type.String(),
  subtopic_2: Type.String(),
  subtopic_3: Type.String(),
  subtopic_4: Type.String(),
};
export const BrandResultsSchema = named(
  "BrandClustering",
  withMeta({
    brand_id: Uuid,
    brand_name: Type.String(),
    report_id: Uuid,
    status: Status,
    overlap_percentage: Type.Number(),
    total_keywords: Type.Integer(),
    cluster_count: Type.Integer(),
    data_source: Type.String(),
    clustered_at: Timestamp,
    clustered_overlap: Type.Number(),
    clusters: Type.Array(named("BrandCluster", Cluster(named("BrandClusterKeyword", Type.Object(brandKeywordFields))))),
  }),
  BrandClusteringExample,
);

const AiAnswer = Nullable(
  Type.Object({
    text: Type.String(),
    references: Type.Array(Type.Object({ url: Type.String(), domain: Type.String(), title: Type.String() })),
  }),
);
export const SerpDataSchema = named(
  "SerpData",
  withMeta({
    report_id: Uuid,
    keyword: Type.String(),
    fetched_at: Timestamp,
    data_source: Type.String(),
    ok: Type.Boolean({ description: "false when the provider had no answer for this keyword (see `error`)" }),
    error: Nullable(Type.String()),
    search_volume: Type.Integer(),
    cpc: Type.Number(),
    competition: Type.Number(),
    total_results: Type.Integer(),
    results: Type.Array(
      named(
        "SerpResult",
        Type.Object({ position: Type.Integer(), url: Type.String(), title: Type.String(), snippet: Type.String(), domain: Type.String() }),
      ),
    ),
    ai_overview: AiAnswer,
    ai_mode: AiAnswer,
  }),
  SerpDataExample,
);
