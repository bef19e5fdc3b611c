import Type from "typebox";
import { named, Nullable, StringEnum, Timestamp, Uuid, withMeta } from "../../platform/http/route";
import { MapSummaryList } from "../maps";
import { HierarchyExample, NodePublishedExample, NodeSerpExample } from "./examples";
import { IMPORTANCE_FORMULA } from "./importance";

export const AuthorityParams = Type.Object({ brand_id: Uuid });
// node_id is checked by the service: a malformed one is the spec's 400, not the usual 404.
export const NodeParams = Type.Object({ brand_id: Uuid, node_id: Type.String({ maxLength: 100 }) });
export const PublishedBody = named("SetPublishedRequest", Type.Object({ published: Type.Boolean() }));

const Presence = (values: readonly string[], description: string) => StringEnum(values, { description });
const AI_VALUES = ["mentioned_cited", "cited", "mentioned", "not_present", "N/A"] as const;

const HierarchyNode = named(
  "AuthorityNode",
  Type.Object({
    node_id: Uuid,
    name: Type.String({ description: "As it is now in the research tree (organizer renames applied)" }),
    type: StringEnum(["PILLAR", "CLUSTER", "TOPIC", "PAGE"] as const, { description: "By level: Pillar, Hub, Branch, Resource" }),
    mt: Type.String(),
    st2: Type.String({ description: "Above level 2 it repeats the node's own name (so do st3 and st4)" }),
    st3: Type.String(),
    st4: Type.String(),
    keywords: Type.Array(Type.String()),
    keyword_count: Type.Integer(),
    url_slug: Type.String({ description: "Slug of the node's keyword of most search volume (its name when it has none)" }),
    published: Type.Boolean(),
    importance: Type.Number({ minimum: 0, maximum: 100, description: IMPORTANCE_FORMULA }),
    priority_category: StringEnum(["High", "Medium", "Low"] as const),
    serp_position: Nullable(
      Type.Integer({ description: "The brand's best 1-based organic position for the node's keywords; null when it does not rank" }),
    ),
    serp_all_positions: Type.Array(Type.Integer(), {
      description: "Every position of the brand for the node's keywords, ascending; empty when none",
    }),
    aio_status: Presence(
      ["cited", "mentioned", "not_present", "N/A"],
      "The brand in the AI Overviews of the node's keywords (the strongest)",
    ),
    aimode_status: Presence(AI_VALUES, "The brand in the AI Mode answers of the node's keywords (the strongest)"),
    chatgpt_status: Presence(AI_VALUES, "Always N/A: neither SERP provider captures ChatGPT answers"),
    coverage: Type.Number({ minimum: 0, maximum: 100, description: "Published nodes among the node and its descendants, percent" }),
    search_volume: Type.Number({ description: "Monthly search volume of the keywords under the node (its own and its descendants')" }),
  }),
);

export const HierarchySchema = named(
  "AuthorityHierarchy",
  withMeta({
    brand_id: Uuid,
    brand_name: Type.String(),
    is_uploaded: Type.Boolean(),
    node_count: Type.Integer(),
    hierarchy: Type.Array(HierarchyNode, { description: "Every node, depth first (a node, then its descendants)" }),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
  HierarchyExample,
);

export const NodeSerpSchema = named(
  "NodeSerpData",
  withMeta({
    node_id: Uuid,
    keyword: Type.String({ description: "The node's keyword of most search volume that has stored SERP data" }),
    serp_results: Type.Array(Type.Object({ position: Type.Integer(), url: Type.String(), title: Type.String(), snippet: Type.String() })),
    total_results: Type.Integer(),
    serp_updated_at: Timestamp,
    snapshot_date: Type.String({ format: "date" }),
  }),
  NodeSerpExample,
);

export const PublishedSchema = named(
  "NodePublished",
  withMeta({ node_id: Uuid, published: Type.Boolean(), message: Type.String() }),
  NodePublishedExample,
);

/** Every brand with a map has an authority view: the same list as the maps'. */
export const AuthorityListSchema = MapSummaryList;
