// Topical maps in the document's examples: Bean There's map, written by its brand clustering, and
// a map made with another tool, uploaded.
import { EXAMPLE_IDS } from "../../platform/openapi/examples";

export const UploadMapExample = {
  keywords: [
    {
      keyword: "espresso machine",
      cluster: "machines",
      search_volume: 74000,
      cpc: 1.35,
      competition: 0.82,
      main_topic: "espresso machines",
    },
    { keyword: "best espresso machine", cluster: "machines", search_volume: 33100, main_topic: "espresso machines" },
    { keyword: "burr grinder", cluster: "grinders", search_volume: 12100, main_topic: "coffee grinders", subtopic_2: "burr grinders" },
  ],
};
export const MapListExampleQuery = { brand_id: EXAMPLE_IDS.brand };

// ---- answers ----------------------------------------------------------------------------------

export const MapSummaryExample = {
  brand_id: EXAMPLE_IDS.brand,
  brand_name: "Bean There",
  is_uploaded: false,
  created_at: "2026-03-02T09:30:04.000Z",
  updated_at: "2026-03-02T09:30:04.000Z",
};

const keyword = {
  main_topic: "espresso machines",
  subtopic_2: "",
  subtopic_3: "",
  subtopic_4: "",
  has_serp_data: true,
  serp_freshness: "evergreen",
};

export const MapExample = {
  _meta: {
    description: "A topical map; `_meta.data_source` says where its SERP data comes from.",
    level_labels: { main_topic: "Pillar", subtopic_2: "Hub", subtopic_3: "Branch", subtopic_4: "Resource" },
    data_source: "offline",
  },
  ...MapSummaryExample,
  cluster_count: 8,
  clusters: [
    {
      id: "c1",
      centroid: "best espresso machine",
      keyword_count: 2,
      keywords: [
        {
          keyword: "best espresso machine",
          ...keyword,
          sort_order: 0,
          search_volume: 880,
          cpc: 0.7,
          competition: 0.22,
          serp_analysis: "10 organic results from 9 domains (about 84,983,189 results); No AI Overview; top result: en.wikipedia.org.",
          serp_competitors: "en.wikipedia.org, reddit.com, practicalpicks.com, insightdigest.com, cornerstorehq.com",
          url_slug: "best-espresso-machine",
          content_title: "Best Espresso Machine Compared",
          search_intent: "commercial",
          buyers_journey: "consideration",
          content_type: "listicle",
          snippet: "Espresso machine covers a range of topics, including its history, price and maintenance.",
          similarity: 1,
        },
        {
          keyword: "espresso machine",
          ...keyword,
          sort_order: 1,
          search_volume: 720,
          cpc: 0.32,
          competition: 0.2,
          serp_analysis: "10 organic results from 9 domains (about 203,085,010 results); No AI Overview; top result: en.wikipedia.org.",
          serp_competitors: "en.wikipedia.org, reddit.com, insightdigest.com, practicalpicks.com, cornerstorehq.com",
          url_slug: "espresso-machine",
          content_title: "Espresso Machine: The Complete Guide",
          search_intent: "informational",
          buyers_journey: "awareness",
          content_type: "guide",
          snippet: "Espresso machine covers a range of topics, including its history, alternatives and quality.",
          similarity: 0.9,
        },
      ],
    },
  ],
};

/** The answer to UploadMapExample: its three rows in two clusters. */
export const UploadSummaryExample = {
  _meta: {
    description: "The uploaded topical map, summarized (GET /api/v1/maps/{brand_id}/ reads it).",
    data_source: "uploaded",
  },
  brand_id: EXAMPLE_IDS.brand,
  brand_name: "Bean There",
  is_uploaded: true,
  created_at: "2026-03-02T09:30:04.000Z",
  updated_at: "2026-03-04T14:12:40.000Z",
  cluster_count: 2,
  keyword_count: 3,
  rows_read: 3,
  duplicates_ignored: 0,
};
