// The authority view of the document's examples: Bean There's research tree joined with its map.
import { EXAMPLE_IDS } from "../../platform/openapi/examples";

export const PublishedExample = { published: true };

const meta = (description: string) => ({
  description,
  level_labels: { mt: "Pillar", st2: "Hub", st3: "Branch", st4: "Resource" },
  node_type_labels: { PILLAR: "Pillar", CLUSTER: "Hub", TOPIC: "Branch", PAGE: "Resource" },
});
const none = { serp_position: null, serp_all_positions: [], aio_status: "N/A", chatgpt_status: "N/A", coverage: 0 };

export const HierarchyExample = {
  _meta: { ...meta("The authority hierarchy; `_meta.data_source` says where the SERP data comes from."), data_source: "offline" },
  brand_id: EXAMPLE_IDS.brand,
  brand_name: "Bean There",
  is_uploaded: false,
  node_count: 7,
  hierarchy: [
    {
      node_id: EXAMPLE_IDS.node,
      name: "espresso machines",
      type: "PILLAR",
      mt: "espresso machines",
      st2: "espresso machines",
      st3: "espresso machines",
      st4: "espresso machines",
      keywords: ["espresso machine", "best espresso machine"],
      keyword_count: 2,
      url_slug: "best-espresso-machine",
      published: true,
      importance: 100,
      priority_category: "High",
      ...none,
      aimode_status: "not_present",
      coverage: 25,
      search_volume: 2170,
    },
    {
      node_id: "3fa0c1d2-6b4e-4f8a-9c1d-2e3f4a5b6c7d",
      name: "manual espresso machines",
      type: "CLUSTER",
      mt: "espresso machines",
      st2: "manual espresso machines",
      st3: "manual espresso machines",
      st4: "manual espresso machines",
      keywords: ["manual espresso machine"],
      keyword_count: 1,
      url_slug: "manual-espresso-machine",
      published: false,
      importance: 62.9,
      priority_category: "Medium",
      ...none,
      aimode_status: "N/A",
      search_volume: 480,
    },
  ],
  created_at: "2026-03-02T09:30:04.000Z",
  updated_at: "2026-03-02T09:30:04.000Z",
};

export const NodeSerpExample = {
  _meta: { ...meta("A node's stored SERP results; `_meta.data_source` says where they come from."), data_source: "offline" },
  node_id: EXAMPLE_IDS.node,
  keyword: "best espresso machine",
  serp_results: [
    {
      position: 1,
      url: "https://en.wikipedia.org/wiki/Espresso_machine",
      title: "Espresso machine - Wikipedia",
      snippet: "Espresso machine covers a range of topics, including its history, price and maintenance.",
    },
    {
      position: 2,
      url: "https://www.reddit.com/r/espresso/comments/ryoa5qs/espresso_machine/",
      title: "Which espresso machine do you recommend? : r/espresso",
      snippet: "I've been reading about espresso machines for weeks. What worked for you?",
    },
  ],
  total_results: 84983189,
  serp_updated_at: "2026-03-02T09:30:02.000Z",
  snapshot_date: "2026-03-02",
};

export const NodePublishedExample = {
  _meta: meta("The node's published toggle."),
  node_id: EXAMPLE_IDS.node,
  published: true,
  message: "Node marked as published; coverage recalculated.",
};
