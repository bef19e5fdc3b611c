// Which routes of the registry `canopy mcp` offers as tools, and under which names. Everything
// else about a tool (its input schema, description, scope) is derived from the route's own
// definition at build time (catalog.ts); a listed route that no longer exists fails the build
// and test/mcp/catalog.cli.test.ts. Kept to the work an assistant does for a user: reading
// brands, research, maps and the authority view, starting and polling the background work, and
// briefs and articles. Key, team and account administration stay with the operator.
import type { Method } from "../platform/http/route";

/**
 * Answers that can be large are windowed by the MCP server (the API returns them whole): the
 * tool takes `limit` and `offset` for the array at `list` (`null`: the answer is the array), and
 * optionally `<inner.argument>` caps the array `inner.key` inside each entry (a cluster's
 * keywords), so a 10,000-keyword map reaches the assistant a screenful at a time.
 */
export interface WindowChoice {
  list: string | null;
  /** What one entry is, for the tool's description ("clusters"). */
  entries: string;
  defaultLimit: number;
  inner?: { key: string; argument: string; defaultLimit: number };
}

export interface ToolChoice {
  name: string;
  method: Method;
  /** The route's path exactly as the registry writes it (`:params`, trailing slash). */
  path: string;
  /** Query or body fields the tool leaves out (a `format=csv` download has no place in a chat). */
  omit?: readonly string[];
  window?: WindowChoice;
}

const clusters = (defaultLimit: number): WindowChoice => ({
  list: "clusters",
  entries: "clusters",
  defaultLimit,
  inner: { key: "keywords", argument: "keywords_per_cluster", defaultLimit: 25 },
});
const listWindow: WindowChoice = { list: null, entries: "entries", defaultLimit: 50 };

export const TOOL_TABLE: readonly ToolChoice[] = [
  { name: "list_brands", method: "GET", path: "/api/v1/brands/", window: listWindow },
  { name: "get_brand", method: "GET", path: "/api/v1/brands/:id/" },
  { name: "create_brand", method: "POST", path: "/api/v1/brands/" },
  { name: "list_models", method: "GET", path: "/api/v1/models/" },
  { name: "get_credits", method: "GET", path: "/api/v1/me/credits/" },

  { name: "generate_research_tree", method: "POST", path: "/api/v1/research/:brand_id/generate/" },
  { name: "get_research_status", method: "GET", path: "/api/v1/research/:brand_id/task-status/" },
  { name: "get_research_stats", method: "GET", path: "/api/v1/research/:brand_id/stats/" },
  {
    name: "get_research_tree",
    method: "GET",
    path: "/api/v1/research/:brand_id/",
    window: { list: "research_data", entries: "main topics (each with its whole subtree)", defaultLimit: 5 },
  },

  { name: "start_brand_clustering", method: "POST", path: "/api/v1/authority/:brand_id/clustering/start/" },
  { name: "get_clustering_status", method: "GET", path: "/api/v1/authority/:brand_id/clustering/status/" },
  { name: "get_brand_clustering", method: "GET", path: "/api/v1/authority/:brand_id/clustering/", window: clusters(20) },
  { name: "start_keyword_clustering", method: "POST", path: "/api/v1/clustering/" },
  { name: "get_keyword_clustering_status", method: "GET", path: "/api/v1/clustering/:id/status/" },
  { name: "get_keyword_clustering", method: "GET", path: "/api/v1/clustering/:id/", omit: ["format"], window: clusters(20) },

  { name: "get_topical_map", method: "GET", path: "/api/v1/maps/:brand_id/", omit: ["format"], window: clusters(20) },
  {
    name: "get_authority_hierarchy",
    method: "GET",
    path: "/api/v1/authority/:brand_id/",
    omit: ["format"],
    window: { list: "hierarchy", entries: "nodes (depth first)", defaultLimit: 50 },
  },
  { name: "get_node_serp_data", method: "GET", path: "/api/v1/authority/:brand_id/serp-data/:node_id/" },
  { name: "set_node_published", method: "PATCH", path: "/api/v1/authority/:brand_id/nodes/:node_id/published/" },

  { name: "generate_brief", method: "POST", path: "/api/v1/briefs/generate/" },
  { name: "generate_authority_brief", method: "POST", path: "/api/v1/authority/:brand_id/briefs/generate/" },
  { name: "get_brief_status", method: "GET", path: "/api/v1/briefs/:id/status/" },
  { name: "get_brief", method: "GET", path: "/api/v1/briefs/:id/" },
  { name: "list_briefs", method: "GET", path: "/api/v1/briefs/", window: listWindow },
  { name: "resume_brief", method: "POST", path: "/api/v1/briefs/:id/resume/" },

  { name: "generate_article", method: "POST", path: "/api/v1/content/articles/generate/" },
  { name: "get_article_status", method: "GET", path: "/api/v1/content/articles/:id/status/" },
  { name: "get_article", method: "GET", path: "/api/v1/content/articles/:id/" },
  { name: "list_articles", method: "GET", path: "/api/v1/content/articles/", window: listWindow },
];
