import Type from "typebox";
import { Timestamp, Uuid, withMeta } from "../../platform/http/route";

export const MapListQuery = Type.Object({
  brand_id: Type.Optional(Type.String({ format: "uuid", description: "Only this brand's map" })),
});
export const MapParams = Type.Object({ brand_id: Uuid });

export const mapSummaryFields = {
  brand_id: Uuid,
  brand_name: Type.String(),
  is_uploaded: Type.Boolean({ description: "true for a map uploaded by the user, false for one written by a brand clustering" }),
  created_at: Timestamp,
  updated_at: Timestamp,
};
export const MapSummaryList = Type.Array(Type.Object(mapSummaryFields));

const KeywordEntry = Type.Object({
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
});

export const MapDetailSchema = withMeta({
  ...mapSummaryFields,
  cluster_count: Type.Integer(),
  clusters: Type.Array(
    Type.Object({
      id: Type.String(),
      centroid: Type.String({ description: "The cluster's primary keyword" }),
      keyword_count: Type.Integer(),
      keywords: Type.Array(KeywordEntry),
    }),
  ),
});
