import Type, { type TSchema } from "typebox";
import { MAX_LENGTH } from "../../platform/http/limits";
import { named, Nullable, Timestamp, Uuid, withMeta } from "../../platform/http/route";
import { MapExample, MapSummaryExample, UploadSummaryExample } from "./examples";
import { MAX_CLUSTER_LABEL, MAX_CPC, MAX_SEARCH_VOLUME, MAX_UPLOAD_ROWS } from "./upload/entries";

export const MapListQuery = Type.Object({
  brand_id: Type.Optional(Type.String({ format: "uuid", description: "Only this brand's map" })),
});
export const MapParams = Type.Object({ brand_id: Uuid });

const mapSummaryFields = {
  brand_id: Uuid,
  brand_name: Type.String(),
  is_uploaded: Type.Boolean({ description: "true for a map uploaded by the user, false for one written by a brand clustering" }),
  created_at: Timestamp,
  updated_at: Timestamp,
};
/** A map as lists show it; the authority list shows the same. */
const MapSummary = named("TopicalMapSummary", Type.Object(mapSummaryFields), MapSummaryExample);
export const MapSummaryList = named("TopicalMapList", Type.Array(MapSummary));

const KeywordEntry = named(
  "MapKeyword",
  Type.Object({
    keyword: Type.String(),
    main_topic: Type.String({ description: "Research-tree position when the map was written; may be empty" }),
    subtopic_2: Type.String(),
    subtopic_3: Type.String(),
    subtopic_4: Type.String(),
    sort_order: Type.Integer({ description: "Position within the cluster; 0 is the centroid" }),
    search_volume: Type.Number({ description: "Monthly searches" }),
    cpc: Type.Number({ description: "USD" }),
    competition: Type.Number({ description: "0 to 1" }),
    has_serp_data: Type.Boolean(),
    serp_analysis: Type.String(),
    serp_competitors: Type.String({ description: "Top competing domains" }),
    serp_freshness: Type.String(),
    url_slug: Type.String(),
    content_title: Type.String(),
    search_intent: Type.String(),
    buyers_journey: Type.String(),
    content_type: Type.String(),
    snippet: Type.String(),
    similarity: Type.Number({ description: "Share of the centroid's top-10 URLs this keyword's SERP shares (1 for the centroid)" }),
  }),
);

export const MapDetailSchema = named(
  "TopicalMap",
  withMeta({
    ...mapSummaryFields,
    cluster_count: Type.Integer(),
    clusters: Type.Array(
      named(
        "MapCluster",
        Type.Object({
          id: Type.String(),
          centroid: Type.String({ description: "The cluster's primary keyword" }),
          keyword_count: Type.Integer(),
          keywords: Type.Array(KeywordEntry),
        }),
      ),
    ),
  }),
  MapExample,
);

// ---- upload -----------------------------------------------------------------------------------

const OptionalText = (maxLength: number, description: string) => Type.Optional(Nullable(Type.String({ maxLength, description })));
const OptionalNumber = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));

const UploadEntry = named(
  "MapUploadEntry",
  Type.Object({
    keyword: Type.String({ maxLength: MAX_LENGTH.keyword, description: "Trimmed and lowercased; required, not blank" }),
    cluster: OptionalText(
      MAX_CLUSTER_LABEL,
      "Keywords with the same label (case-insensitive) form one cluster; none: a cluster of its own",
    ),
    search_volume: OptionalNumber(
      Type.Integer({ minimum: 0, maximum: MAX_SEARCH_VOLUME, description: "Monthly searches (a 32-bit count); default 0" }),
    ),
    cpc: OptionalNumber(Type.Number({ minimum: 0, maximum: MAX_CPC, description: "USD; default 0" })),
    competition: OptionalNumber(Type.Number({ minimum: 0, maximum: 1, description: "0 to 1; default 0" })),
    main_topic: OptionalText(MAX_LENGTH.nodeName, "Position in the topic hierarchy (pillar); filled from main_topic down, may be empty"),
    subtopic_2: OptionalText(MAX_LENGTH.nodeName, "Hub, under main_topic"),
    subtopic_3: OptionalText(MAX_LENGTH.nodeName, "Branch, under subtopic_2"),
    subtopic_4: OptionalText(MAX_LENGTH.nodeName, "Resource, under subtopic_3"),
  }),
);

export const UploadBody = named(
  "UploadMapRequest",
  Type.Object({
    keywords: Type.Array(UploadEntry, {
      description: `The map's keywords, at most ${MAX_UPLOAD_ROWS.toLocaleString("en-US")} (413 beyond)`,
    }),
  }),
);

const count = (description: string) => Type.Integer({ minimum: 0, description });

export const UploadSummarySchema = named(
  "TopicalMapUploadSummary",
  withMeta({
    ...mapSummaryFields,
    is_uploaded: Type.Boolean({ description: "true: the map is the one uploaded" }),
    cluster_count: count("Clusters of the uploaded map"),
    keyword_count: count("Keywords of the uploaded map (the rows read less the duplicates)"),
    rows_read: count("Keyword rows (CSV) or entries (JSON) the upload had"),
    duplicates_ignored: count("Rows whose keyword was listed before (the first one is kept)"),
  }),
  UploadSummaryExample,
);
