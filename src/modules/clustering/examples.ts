// Clustering in the document's examples: a standalone report of espresso accessories, and the
// brand clustering of Bean There's research tree (research/examples.ts).
import { EXAMPLE_IDS, EXAMPLE_TIME } from "../../platform/openapi/examples";

export const CreateReportExample = {
  report_name: "Espresso accessories",
  keywords: ["espresso tamper", "calibrated espresso tamper", "milk frothing pitcher", "latte art milk pitcher", "espresso knock box"],
  country: "us",
  language: "en",
  overlap_percentage: 0.4,
};
export const BrandStartExample = { country: "us", language: "en", overlap_percentage: 0.4 };
export const ReclusterExample = { overlap_percentage: 0.3 };
export const ReportKeywordQuery = { keyword: "espresso tamper" };
export const BrandKeywordQuery = { keyword: "espresso machine" };

// ---- answers ----------------------------------------------------------------------------------

const started = { status: "in_progress", task_id: EXAMPLE_IDS.task, group_id: EXAMPLE_IDS.group, total_batches: 1 };
const completed = { status: "completed", state: "SUCCESS", progress: 100, message: "Clustering completed." };

export const ClusteringStartedExample = {
  _meta: { description: "Clustering accepted; poll the status endpoint." },
  id: EXAMPLE_IDS.report,
  report_name: "Espresso accessories",
  ...started,
  total_keywords: 5,
  credits_charged: 1,
  message: "Clustering started: 5 keywords, SERP data in 1 batches of up to 100. Poll the status endpoint for progress.",
};

export const BrandClusteringStartedExample = {
  _meta: { description: "Brand clustering accepted; poll the status endpoint." },
  brand_id: EXAMPLE_IDS.brand,
  report_id: EXAMPLE_IDS.report,
  ...started,
  total_keywords: 9,
  credits_charged: 1,
  message:
    "Brand clustering started: 9 keywords from the research tree, SERP data in 1 batches of up to 100. Poll the status endpoint for progress.",
};

export const ClusteringStatusExample = { _meta: { description: "Clustering progress" }, id: EXAMPLE_IDS.report, ...completed };
export const BrandClusteringStatusExample = {
  _meta: { description: "Brand clustering progress" },
  brand_id: EXAMPLE_IDS.brand,
  report_id: EXAMPLE_IDS.report,
  ...completed,
};

export const ReportSummaryExample = {
  id: EXAMPLE_IDS.report,
  report_name: "Espresso accessories",
  status: "completed",
  country: "us",
  location: null,
  language: "en",
  overlap_percentage: 0.4,
  ai_model_id: null,
  total_keywords: 5,
  total_batches: 1,
  cluster_count: 4,
  data_source: "offline",
  created_at: EXAMPLE_TIME,
  updated_at: "2026-03-02T09:30:04.000Z",
  clustered_at: "2026-03-02T09:30:04.000Z",
};

const fetched = { has_serp_data: true, serp_fetched_at: "2026-03-02T09:30:02.000Z" };

export const ReportExample = {
  _meta: { description: "A clustering report; `_meta.data_source` says where its SERP data comes from.", data_source: "offline" },
  ...ReportSummaryExample,
  state: "SUCCESS",
  progress: 100,
  message: "Clustering completed.",
  clustered_overlap: 0.4,
  clusters: [
    {
      id: "c1",
      centroid: "milk frothing pitcher",
      keyword_count: 2,
      total_search_volume: 2900,
      keywords: [
        { keyword: "milk frothing pitcher", sort_order: 0, search_volume: 1900, cpc: 0.62, competition: 0.31, ...fetched },
        { keyword: "latte art milk pitcher", sort_order: 1, search_volume: 1000, cpc: 0.55, competition: 0.27, ...fetched },
      ],
    },
    {
      id: "c2",
      centroid: "espresso tamper",
      keyword_count: 1,
      total_search_volume: 1300,
      keywords: [{ keyword: "espresso tamper", sort_order: 0, search_volume: 1300, cpc: 0.4, competition: 0.11, ...fetched }],
    },
  ],
};

const position = (main_topic: string, subtopic_2 = "") => ({ main_topic, subtopic_2, subtopic_3: "", subtopic_4: "" });

export const BrandClusteringExample = {
  _meta: {
    description: "The brand's clustering results; `_meta.data_source` says where the SERP data comes from.",
    data_source: "offline",
  },
  brand_id: EXAMPLE_IDS.brand,
  brand_name: "Bean There",
  report_id: EXAMPLE_IDS.report,
  status: "completed",
  overlap_percentage: 0.4,
  total_keywords: 9,
  cluster_count: 8,
  data_source: "offline",
  clustered_at: "2026-03-02T09:30:04.000Z",
  clustered_overlap: 0.4,
  clusters: [
    {
      id: "c1",
      centroid: "best espresso machine",
      keyword_count: 2,
      total_search_volume: 1600,
      keywords: [
        {
          keyword: "best espresso machine",
          sort_order: 0,
          search_volume: 880,
          cpc: 0.7,
          competition: 0.22,
          ...fetched,
          ...position("espresso machines"),
        },
        {
          keyword: "espresso machine",
          sort_order: 1,
          search_volume: 720,
          cpc: 0.32,
          competition: 0.2,
          ...fetched,
          ...position("espresso machines"),
        },
      ],
    },
    {
      id: "c2",
      centroid: "burr grinder",
      keyword_count: 1,
      total_search_volume: 720,
      keywords: [
        {
          keyword: "burr grinder",
          sort_order: 0,
          search_volume: 720,
          cpc: 1.71,
          competition: 0.32,
          ...fetched,
          ...position("coffee grinders", "burr grinders"),
        },
      ],
    },
  ],
};

export const SerpDataExample = {
  _meta: { description: "Stored SERP results; `_meta.data_source` says where they come from.", data_source: "offline" },
  report_id: EXAMPLE_IDS.report,
  keyword: "espresso machine",
  fetched_at: "2026-03-02T09:30:02.000Z",
  data_source: "offline",
  ok: true,
  error: null,
  search_volume: 720,
  cpc: 0.32,
  competition: 0.2,
  total_results: 203085010,
  results: [
    {
      position: 1,
      url: "https://en.wikipedia.org/wiki/Espresso_machine",
      title: "Espresso machine - Wikipedia",
      snippet: "Espresso machine covers a range of topics, including its history, alternatives and quality.",
      domain: "en.wikipedia.org",
    },
    {
      position: 2,
      url: "https://www.reddit.com/r/espresso/comments/ryoa5qs/espresso_machine/",
      title: "Which espresso machine do you recommend? : r/espresso",
      snippet: "I've been reading about espresso machines for weeks. What worked for you?",
      domain: "reddit.com",
    },
  ],
  ai_overview: null,
  ai_mode: {
    text: "Espresso machines are usually judged on maintenance and size. Sources agree that size is worth checking first.",
    references: [
      { url: "https://en.wikipedia.org/wiki/Espresso_machine", domain: "en.wikipedia.org", title: "Espresso machine - Wikipedia" },
    ],
  },
};
