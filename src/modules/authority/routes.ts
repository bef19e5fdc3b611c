import { csvAlternative, FormatQuery, wantsCsv } from "../../platform/http/formats";
import { keyedRoute, type RouteDef } from "../../platform/http/route";
import { MapListQuery, MapListExampleQuery } from "../maps";
import { AUTHORITY_LEVEL_LABELS, NODE_TYPE_LABELS } from "./hierarchy";
import {
  AuthorityListSchema,
  AuthorityParams,
  HierarchySchema,
  NodeParams,
  NodeSerpSchema,
  PublishedBody,
  PublishedSchema,
} from "./schemas";
import { authorityHierarchy, listAuthority, nodeSerpData, setPublished } from "./service";
import { PublishedExample } from "./examples";

const tag = "Topical authority";
const meta = { level_labels: AUTHORITY_LEVEL_LABELS, node_type_labels: NODE_TYPE_LABELS };

export const authorityRoutes: RouteDef[] = [
  keyedRoute({
    method: "GET",
    path: "/api/v1/authority/",
    tag,
    summary: "List authority maps",
    description:
      "A summary of every brand with a topical map in the selected workspace (the authority view exists for each); `brand_id` narrows to one.",
    scope: "authority:read",
    workspaced: true,
    status: 200,
    errors: [400],
    examples: { request: { query: MapListExampleQuery } },
    schemas: { querystring: MapListQuery, response: AuthorityListSchema },
    handler: async ({ ctx, query }) => listAuthority(ctx, query.brand_id),
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/authority/:brand_id/",
    tag,
    summary: "The authority hierarchy",
    description:
      "The brand's research tree as it is now (renames, moves and merges applied; `node_id` is the tree's stable node id) joined with its " +
      "topical map: each node's keywords with their search volume, importance, priority, the brand's SERP positions and AI presence (as " +
      "stored with the map), its published toggle and coverage. A brand whose map has no research tree behind it (an uploaded map) gets " +
      "the tree its map's position columns describe. `?format=csv` (or `Accept: text/csv`) answers CSV instead. 404 when the brand has no map.",
    metaDescription: "The authority hierarchy; `_meta.data_source` says where the SERP data comes from.",
    meta,
    scope: "authority:read",
    workspaced: true,
    status: 200,
    errors: [404],
    resources: { brand_id: "map" },
    alternatives: [
      csvAlternative(
        "One row per node, depth first, with the JSON node's fields as columns (`node_id`, `name`, `type`, `mt` ... `search_volume`); " +
          `\`keywords\` and \`serp_all_positions\` are joined with "; ", a null \`serp_position\` is an empty cell.`,
      ),
    ],
    schemas: { params: AuthorityParams, querystring: FormatQuery, response: HierarchySchema },
    handler: async ({ ctx, params, query, request }) =>
      authorityHierarchy(ctx, params.brand_id, wantsCsv(query.format, request.headers.accept)),
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/authority/:brand_id/serp-data/:node_id/",
    tag,
    summary: "Stored SERP data of a node",
    description:
      "The stored SERP of the node's keyword of most search volume that has one, every result unfiltered. 404 when the node is not in the " +
      "hierarchy or none of its keywords has stored SERP data (an uploaded map has none).",
    metaDescription: "A node's stored SERP results; `_meta.data_source` says where they come from.",
    meta,
    scope: "authority:read",
    workspaced: true,
    status: 200,
    errors: [404],
    resources: { brand_id: "map", node_id: "map_node" },
    schemas: { params: NodeParams, response: NodeSerpSchema },
    handler: async ({ ctx, params }) => nodeSerpData(ctx, params.brand_id, params.node_id),
  }),
  keyedRoute({
    method: "PATCH",
    path: "/api/v1/authority/:brand_id/nodes/:node_id/published/",
    tag,
    summary: "Mark a node published or not",
    description:
      "Body `{published: boolean}` (required). The coverage of the node and of every node above it follows on the next read. 400 for a " +
      "node_id that is not a UUID or a missing `published`; 404 when the brand has no map or the node is not in the hierarchy.",
    metaDescription: "The node's published toggle.",
    meta,
    scope: "authority:write",
    workspaced: true,
    status: 200,
    errors: [400, 404],
    resources: { brand_id: "map", node_id: "map_node" },
    examples: { request: { body: PublishedExample } },
    schemas: { params: NodeParams, body: PublishedBody, response: PublishedSchema },
    handler: async ({ ctx, params, body }) => setPublished(ctx, params.brand_id, params.node_id, body.published),
  }),
];
