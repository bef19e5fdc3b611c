import Type from "typebox";
import { MAX_INT32, MAX_LENGTH } from "../../platform/http/limits";
import { named, Nullable, StringEnum, Timestamp, Uuid, withMeta } from "../../platform/http/route";
import { ModelUsageSchema } from "../../platform/tasks/usage-read";
import {
  BulkFailureExample,
  BulkResultExample,
  DuplicateNodesExample,
  GenerationStartedExample,
  NodeAddedExample,
  NodeDeletedExample,
  NodeKeywordsUpdatedExample,
  NodeMovedExample,
  NodeRenamedExample,
  NodesMergedExample,
  ResearchStatsExample,
  ResearchSummaryExample,
  ResearchTreeExample,
  TaskStatusExample,
  TreeDiffExample,
  UniverseExample,
} from "./examples";
import { LEVEL_CODES } from "./tree/types";
import { KEYWORD_ORDERINGS } from "./discovery/keywords-view";
import { pageQueryFields } from "../../platform/http/pagination";

const NodeName = (description?: string) => Type.String({ maxLength: MAX_LENGTH.nodeName, ...(description ? { description } : {}) });
const Keyword = Type.String({ maxLength: MAX_LENGTH.keyword });
const Name = NodeName("Node name (stored lowercase)");
const Path = named(
  "NodePath",
  Type.Array(NodeName(), { description: "Node names from the main topic down; its length fixes the level", maxItems: 10 }),
);
const Keywords = Type.Array(Keyword);
const AiModelId = Type.String({
  maxLength: MAX_LENGTH.modelId,
  description: "An id from GET /api/v1/models/; default: the configured default",
});
const Level = StringEnum(LEVEL_CODES);

const Leaf = named("ResearchResource", Type.Object({ name: Name, keywords: Keywords }, { description: "A level-4 node (Resource)" }));
const Branch = named(
  "ResearchBranch",
  Type.Object({ name: Name, subtopic_4: Type.Array(Leaf), keywords: Keywords }, { description: "A level-3 node (Branch)" }),
);
const Hub = named(
  "ResearchHub",
  Type.Object(
    { name: Name, subtopic_3: Type.Array(Branch), subtopic_4: Type.Array(Leaf, { description: "Always empty" }), keywords: Keywords },
    { description: "A level-2 node (Hub)" },
  ),
);
const MainTopic = named(
  "ResearchPillar",
  Type.Object(
    {
      main_topic: Name,
      subtopic_2: Type.Array(Hub),
      subtopic_3: Type.Array(Branch, { description: "Always empty" }),
      subtopic_4: Type.Array(Leaf, { description: "Always empty" }),
      keywords: Keywords,
    },
    { description: "A main topic (Pillar), level 1" },
  ),
);
const ResearchData = Type.Array(MainTopic);

const counters = {
  main_topic_count: Type.Integer(),
  st2_count: Type.Integer(),
  st3_count: Type.Integer(),
  st4_count: Type.Integer(),
  keyword_count: Type.Integer(),
  leaf_nodes_without_keywords: Type.Integer(),
  total_nodes: Type.Integer(),
};
const GenerationStatus = named("GenerationStatus", Type.Object({ has_running_task: Type.Boolean() }));

const recordFields = {
  brand_id: Uuid,
  brand_name: Type.String(),
  core_topic: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const BrandParams = Type.Object({ brand_id: Uuid });
export const ResearchListSchema = named(
  "ResearchList",
  Type.Array(named("ResearchSummary", Type.Object(recordFields), ResearchSummaryExample)),
);
export const ResearchDetailSchema = named(
  "ResearchTree",
  withMeta({
    ...recordFields,
    research_data: ResearchData,
    stats: named("ResearchCounts", Type.Object(counters)),
    generation_status: GenerationStatus,
  }),
  ResearchTreeExample,
);
export const ResearchStatsSchema = named(
  "ResearchStats",
  withMeta({
    brand_id: Uuid,
    ...counters,
    main_topics: Type.Array(
      Type.Object({
        name: Type.String(),
        st2_count: Type.Integer(),
        st3_count: Type.Integer(),
        st4_count: Type.Integer(),
        keyword_count: Type.Integer(),
      }),
    ),
    generation_status: GenerationStatus,
  }),
  ResearchStatsExample,
);
export const TaskStatusSchema = named(
  "ResearchTaskStatus",
  withMeta({
    has_running_task: Type.Boolean(),
    task_id: Type.Optional(Uuid),
    task_type: Type.Optional(Type.String()),
    task_status: Type.Optional(Type.String({ description: "`pending` (queued) or `running`" })),
    progress: Type.Optional(Type.Object({ current: Type.Integer(), total: Type.Integer(), message: Type.String() })),
    started_at: Type.Optional(Timestamp),
    error: Type.Optional(Nullable(Type.String({ description: "Why the last attempt failed while the task retries; null otherwise" }))),
    usage: Type.Optional(ModelUsageSchema),
    last_generation_usage: Type.Optional(ModelUsageSchema),
    last_failure: Type.Optional(
      Type.Object(
        {
          task_id: Uuid,
          error: Type.String({
            description: "Why it failed, and what to check (the model's address, its key, its rate limit, its answer)",
          }),
          failed_at: Timestamp,
        },
        { description: "Only when no task runs and the newest generation failed after its last try" },
      ),
    ),
  }),
  TaskStatusExample,
);

export const ImportBody = named(
  "ImportResearchRequest",
  Type.Object({
    core_topic: Type.Optional(Type.String({ maxLength: MAX_LENGTH.nodeName, description: "Default: the brand's name" })),
    research_data: Type.Array(Type.Unknown(), {
      description:
        "Main topics in the shape of `research_data` (deeper always-empty arrays empty or absent); " +
        `names at most ${MAX_LENGTH.nodeName} characters, keywords at most ${MAX_LENGTH.keyword}`,
    }),
  }),
);
export const GenerateBody = named(
  "GenerateResearchRequest",
  Type.Object({
    core_topic: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_LENGTH.nodeName, description: "Default: the brand's name" })),
    ai_model_id: Type.Optional(AiModelId),
  }),
);
export const GenerateSchema = named(
  "ResearchGenerationStarted",
  withMeta({
    brand_id: Uuid,
    task_id: Uuid,
    task_type: Type.String(),
    task_status: Type.String(),
    core_topic: Type.String(),
    ai_model_id: Type.String(),
    credits_charged: Type.Integer(),
    message: Type.String(),
  }),
  GenerationStartedExample,
);

// ---- node operations ------------------------------------------------------------------

const success = { success: Type.Boolean() };
export const RenameBody = named("RenameNodeRequest", Type.Object({ path: Path, new_name: NodeName() }));
export const RenameSchema = named(
  "NodeRenamed",
  withMeta({
    ...success,
    operation: Type.Literal("rename"),
    path: Path,
    old_name: Type.String(),
    new_name: Type.String(),
    updated_path: Path,
  }),
  NodeRenamedExample,
);
export const AddBody = named(
  "AddNodeRequest",
  Type.Object({
    parent_path: Path,
    name: NodeName(),
    position: Type.Optional(
      Nullable(
        Type.Integer({
          minimum: 0,
          maximum: MAX_INT32,
          description: "0-based index among the siblings (past the last: appends); null appends",
        }),
      ),
    ),
  }),
);
export const AddSchema = named(
  "NodeAdded",
  withMeta({ ...success, operation: Type.Literal("add"), parent_path: Path, name: Type.String(), level: Level, path: Path }),
  NodeAddedExample,
);
export const DeleteBody = named("DeleteNodeRequest", Type.Object({ path: Path }));
export const DeleteSchema = named(
  "NodeDeleted",
  withMeta({
    ...success,
    operation: Type.Literal("delete"),
    path: Path,
    deleted_node: Type.String(),
    deleted_descendants: Type.Integer(),
    deleted_keywords: Type.Integer(),
  }),
  NodeDeletedExample,
);
export const KeywordsBody = named(
  "UpdateNodeKeywordsRequest",
  Type.Object({
    path: Path,
    add: Type.Optional(Type.Array(Keyword, { maxItems: 200 })),
    remove: Type.Optional(Type.Array(Keyword, { maxItems: 200 })),
  }),
);
export const KeywordsSchema = named(
  "NodeKeywordsUpdated",
  withMeta({
    ...success,
    operation: Type.Literal("update_keywords"),
    path: Path,
    added: Keywords,
    removed: Keywords,
    current_keywords: Keywords,
  }),
  NodeKeywordsUpdatedExample,
);
export const MoveBody = named(
  "MoveNodeRequest",
  Type.Object({
    source_path: Path,
    target_parent_path: Path,
    position: Type.Optional(
      Nullable(
        Type.Integer({
          minimum: 0,
          maximum: MAX_INT32,
          description: "0-based index among the new siblings (past the last: appends); null appends",
        }),
      ),
    ),
  }),
);
export const MoveSchema = named(
  "NodeMoved",
  withMeta({ ...success, operation: Type.Literal("move"), source_path: Path, target_parent_path: Path, new_path: Path }),
  NodeMovedExample,
);
export const MergeBody = named("MergeNodesRequest", Type.Object({ keep_path: Path, merge_path: Path }));
export const MergeSchema = named(
  "NodesMerged",
  withMeta({
    ...success,
    operation: Type.Literal("merge"),
    keep_path: Path,
    merged_from: Path,
    children_moved: Type.Integer(),
    keywords_merged: Type.Integer(),
  }),
  NodesMergedExample,
);
export const BulkBody = named(
  "BulkNodeOperationsRequest",
  Type.Object({
    operations: Type.Array(Type.Object({}, { additionalProperties: true }), {
      maxItems: 200,
      description: "Each: `action` (or `op`) add|rename|delete|move|merge|update_keywords plus that operation's fields",
    }),
  }),
);
export const BulkSchema = named(
  "BulkNodeOperationsResult",
  withMeta({
    success: Type.Boolean(),
    operations_applied: Type.Optional(Type.Integer()),
    results: Type.Optional(Type.Array(Type.Object({ operation: Type.String(), success: Type.Boolean() }, { additionalProperties: true }))),
    error: Type.Optional(Type.String()),
    failed_at_index: Type.Optional(Type.Integer()),
    operations_rolled_back: Type.Optional(Type.Integer()),
    message: Type.Optional(Type.String()),
  }),
  BulkResultExample,
);

/** What a bulk answers (400, 404 or 409) when one of its operations fails: none was applied. */
export const BulkFailureSchema = named(
  "BulkNodeOperationsFailure",
  Type.Object(
    {
      success: Type.Literal(false),
      error: Type.String(),
      failed_at_index: Type.Integer(),
      operations_rolled_back: Type.Integer(),
      message: Type.String(),
    },
    { additionalProperties: false, description: "Bulk failure report: the failing operation, and nothing applied" },
  ),
  BulkFailureExample,
);

export const DiffBody = named("DiffTreesRequest", Type.Object({ before: Type.Array(Type.Unknown()), after: Type.Array(Type.Unknown()) }));
export const DiffSchema = named(
  "TreeDiff",
  withMeta({
    changes: Type.Array(
      Type.Object(
        {
          type: StringEnum(["added", "deleted", "renamed", "moved"] as const),
          level: Level,
          path: Path,
          name: Type.String(),
          descendants_added: Type.Optional(Type.Integer({ description: "On `added`: how many nodes under it were added with it" })),
          descendants_deleted: Type.Optional(Type.Integer({ description: "On `deleted`: how many nodes under it were deleted with it" })),
          old_name: Type.Optional(Type.String()),
          old_path: Type.Optional(Path),
        },
        { additionalProperties: true },
      ),
    ),
    summary: Type.Object({
      nodes_added: Type.Integer(),
      nodes_deleted: Type.Integer(),
      nodes_renamed: Type.Integer(),
      nodes_moved: Type.Integer(),
      keywords_added: Type.Integer(),
      keywords_removed: Type.Integer(),
    }),
  }),
  TreeDiffExample,
);

export const DedupBody = named(
  "FindDuplicatesRequest",
  Type.Object({ threshold: Type.Optional(Type.Number({ minimum: 0, maximum: 1, default: 0.8 })) }),
);
export const DedupSchema = named(
  "DuplicateNodes",
  withMeta({
    threshold: Type.Number(),
    groups: Type.Array(
      Type.Object({
        similarity: Type.Number(),
        nodes: Type.Array(Type.Object({ path: Path, name: Type.String(), level: Level })),
      }),
    ),
  }),
  DuplicateNodesExample,
);

// ---- the keyword universe ---------------------------------------------------------------

const KEYWORD_SOURCES = ["ideas", "suggestions", "related", "autocomplete", "paa", "related_search", "proposed", "user"] as const;
const SourceEnum = StringEnum(KEYWORD_SOURCES, {
  description:
    "`ideas`, `suggestions`, `related`: the keyword research endpoints; `autocomplete`: the search box; `paa`: People Also Ask; " +
    "`related_search`: the SERP's related searches; `proposed`: proposed by the model and looked up; `user`: in the tree, found by no source",
});
export const UNIVERSE_PAGE_SIZES = { default: 50, max: 200 };

export const UniverseQuery = Type.Object({
  source: Type.Optional(SourceEnum),
  attached: Type.Optional(
    StringEnum(["true", "false"] as const, { description: "`true`: only keywords on a node of the tree; `false`: only those on none" }),
  ),
  search: Type.Optional(Type.String({ maxLength: MAX_LENGTH.shortText, description: "Case-insensitive, in the keyword" })),
  min_volume: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_INT32, description: "Only keywords with at least this many searches a month" }),
  ),
  ordering: Type.Optional(StringEnum(KEYWORD_ORDERINGS, { description: "Default `-search_volume` (most searched first)" })),
  ...pageQueryFields(UNIVERSE_PAGE_SIZES),
});

const UniverseKeywordSchema = named(
  "ResearchKeyword",
  Type.Object({
    keyword: Type.String(),
    source: SourceEnum,
    sources: Type.Array(SourceEnum, { description: "Every source that found it, in the order they did" }),
    search_volume: Nullable(Type.Integer({ description: "Monthly searches; null when unknown" })),
    cpc: Nullable(Type.Number({ description: "USD" })),
    competition: Nullable(Type.Number({ description: "0 to 1" })),
    keyword_difficulty: Nullable(Type.Integer({ description: "0 to 100" })),
    intent: Nullable(StringEnum(["informational", "navigational", "commercial", "transactional"] as const)),
    no_demand: Type.Boolean({ description: "Measured at zero searches a month: flagged, so no page is planned on it unawares" }),
    node: Nullable(
      Type.Object(
        { path: Path, level: Level },
        { description: "The first node (in reading order) whose keywords hold it; null when no node does" },
      ),
    ),
  }),
);

export const UniversePageSchema = named(
  "ResearchKeywordPage",
  withMeta({
    count: Type.Integer(),
    next: Nullable(Type.String({ format: "uri" })),
    previous: Nullable(Type.String({ format: "uri" })),
    results: Type.Array(UniverseKeywordSchema),
  }),
  UniverseExample,
);
