// Briefs in the document's examples: a standalone brief on dialling in espresso for Bean There,
// and an authority brief for a node of its hierarchy.
import { EXAMPLE_IDS, EXAMPLE_TIME } from "../../platform/openapi/examples";

const OutlineExample = [
  {
    heading: "What dialling in means",
    level: "h2" as const,
    subheadings: [],
    talking_points: ["Dose, yield and time, and how they pull on each other"],
    word_count_target: 250,
  },
  {
    heading: "Adjusting the grind",
    level: "h2" as const,
    subheadings: ["Too fast: go finer", "Too slow: go coarser"],
    talking_points: ["Change one variable at a time", "Taste before you measure"],
    word_count_target: 400,
  },
];

export const StandaloneBriefExample = {
  query_text: "how to dial in espresso",
  brand_id: EXAMPLE_IDS.brand,
  selected_serp_data: [
    {
      url: "https://baristaguide.example/dial-in-espresso",
      title: "How to Dial In Espresso: A Step-by-Step Guide",
      snippet: "Start with a 1:2 ratio and adjust the grind until the shot runs in 25 to 30 seconds.",
    },
  ],
  user_provided_keywords: ["espresso grind size", "espresso brew ratio"],
  ai_model_id: "offline",
};
export const AuthorityBriefExample = { node_id: EXAMPLE_IDS.node, ai_model_id: "offline" };
export const ResumeExample = { header_sections: OutlineExample };
export const CurateExample = { curated_brief_json: { header_sections: OutlineExample } };
export const BriefListExampleQuery = { brand_id: EXAMPLE_IDS.brand, status: "COMPLETE" };

// ---- answers ----------------------------------------------------------------------------------

const listed = {
  id: EXAMPLE_IDS.brief,
  query_text: "how to dial in espresso",
  brand_name: "Bean There",
  status: "COMPLETE",
  generated_title: "How to Dial in Espresso: A Practical Guide",
  generated_meta_description: "Learn to dial in espresso: grind, dose and ratio, explained clearly. A practical guide from Bean There.",
  created_at: EXAMPLE_TIME,
  updated_at: "2026-03-02T09:31:40.000Z",
};

export const BriefListItemExample = listed;

export const BriefExample = {
  _meta: {
    description:
      "A brief; `_meta.data_source` says where its SERP results came from: `selected` (the request's own), `dataforseo`, or `offline` (simulated by the built-in provider, not real results).",
    data_source: "selected",
  },
  ...listed,
  result_json: {
    agent_version: "canopy-offline-1",
    header_sections: OutlineExample,
    serp_analysis: {
      summary: '1 ranking page from 1 domain was read for "how to dial in espresso". The search intent looks informational.',
      search_intent: "informational",
      domains: ["baristaguide.example"],
      content_gaps: ["grind", "ratio"],
    },
    competitor_data: [
      {
        url: "https://baristaguide.example/dial-in-espresso",
        domain: "baristaguide.example",
        position: 1,
        title: "How to Dial In Espresso: A Step-by-Step Guide",
        angle: "how-to",
        word_count: 1850,
        headings: [
          { level: 1, text: "How to Dial In Espresso" },
          { level: 2, text: "What Dialing In Means" },
          { level: 2, text: "Grind Size" },
        ],
      },
    ],
    keyword_recommendations: [
      { type: "primary", source: "query", keyword: "how to dial in espresso" },
      { type: "secondary", source: "user", keyword: "espresso grind size" },
    ],
    people_also_ask: ["How long should an espresso shot take?", "What ratio is best for espresso?"],
    related_searches: ["espresso grind size chart"],
    terms: [
      { term: "grind size", pages: 1, min_count: 3, max_count: 6 },
      { term: "brew ratio", pages: 1, min_count: 2, max_count: 4 },
    ],
    recommended_word_count: { target: 1850, min: 1850, max: 1850 },
    pages_read: 1,
    pages_unread: [],
  },
  curated_brief_json: null,
  input_params: {
    brand_id: EXAMPLE_IDS.brand,
    query_text: "how to dial in espresso",
    ai_model_id: "offline",
    serp_source: "request",
    serp_data_source: "selected",
    selected_serp_data: StandaloneBriefExample.selected_serp_data,
    user_provided_keywords: StandaloneBriefExample.user_provided_keywords,
  },
  warnings: [],
  usage: { calls: 0, prompt_tokens: 0, completion_tokens: 0, by_model: [] },
};

export const BriefStatusExample = {
  _meta: { description: "A brief's status." },
  id: EXAMPLE_IDS.brief,
  status: "COMPLETE",
  query_text: "how to dial in espresso",
  generated_title: "How to Dial in Espresso: A Practical Guide",
};

export const BriefStartedExample = {
  _meta: { description: "Brief generation accepted; poll the status endpoint." },
  id: EXAMPLE_IDS.brief,
  status: "PENDING",
  query_text: "how to dial in espresso",
  brand_name: "Bean There",
  credits_charged: 5,
  message: "Brief generation started. Poll the status endpoint for progress.",
};

const authorityListed = {
  ...listed,
  id: EXAMPLE_IDS.authorityBrief,
  query_text: "best espresso machine",
  generated_title: "Best Espresso Machine: How to Compare and Choose",
  generated_meta_description: "Compare espresso machines on price, maintenance and size. A practical guide from Bean There.",
  topic_node: EXAMPLE_IDS.node,
};

export const AuthorityBriefListItemExample = authorityListed;

export const AuthorityBriefListExample = {
  _meta: { description: "The brand's authority briefs." },
  brand_id: EXAMPLE_IDS.brand,
  brand_name: "Bean There",
  results: [authorityListed],
};

export const QuerySerpExample = {
  _meta: { description: "The query's search results, kept for the brand.", data_source: "dataforseo" },
  brand_id: EXAMPLE_IDS.brand,
  query_text: "how to descale an espresso machine",
  data_source: "dataforseo",
  fetched_at: EXAMPLE_TIME,
  from_cache: false,
  serp_results: [
    {
      position: 1,
      url: "https://www.example.com/descale-espresso-machine",
      title: "How to Descale an Espresso Machine",
      snippet: "Descale every one to three months, with a citric acid solution...",
      domain: "example.com",
    },
  ],
  people_also_ask: ["How often should you descale an espresso machine?"],
  related_searches: ["descaling solution for espresso machine"],
  ai_overview: null,
};

export const QuerySerpRequestExample = { brand_id: EXAMPLE_IDS.brand, query_text: "how to descale an espresso machine" };
