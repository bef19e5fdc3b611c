import { keyedRoute, type RouteDef } from "../../platform/http/route";
import { LEVEL_LABELS } from "../research/tree-types";
import { MapDetailSchema, MapListQuery, MapParams, MapSummaryList } from "./schemas";
import { listMaps, mapDetail } from "./service";

const tag = "Topical maps";

export const mapRoutes: RouteDef[] = [
  keyedRoute({
    method: "GET",
    path: "/api/v1/maps/",
    tag,
    summary: "List topical maps",
    description: "A summary of each brand's topical map in the selected workspace, most recently written first; `brand_id` narrows to one.",
    scope: "maps:read",
    workspaced: true,
    status: 200,
    errors: [400],
    schemas: { querystring: MapListQuery, response: MapSummaryList },
    handler: async ({ ctx, query }) => listMaps(ctx, query.brand_id),
  }),
  keyedRoute({
    method: "GET",
    path: "/api/v1/maps/:brand_id/",
    tag,
    summary: "A topical map",
    description:
      "The brand's keyword clusters with search metrics and SERP-derived fields, as written by its last brand clustering (or upload): the " +
      "original research data, organizer edits made in the research tree since are not applied (the authority view applies them). " +
      "Clusters in centroid order, keywords by `sort_order`. 404 when the brand has no map.",
    metaDescription: "A topical map; `_meta.data_source` says where its SERP data comes from.",
    meta: { level_labels: LEVEL_LABELS },
    scope: "maps:read",
    workspaced: true,
    resources: { brand_id: "map" },
    status: 200,
    errors: [404],
    schemas: { params: MapParams, response: MapDetailSchema },
    handler: async ({ ctx, params }) => mapDetail(ctx, params.brand_id),
  }),
];
