// The research tree of the document's examples ("home espresso", for the brand Bean There) and
// the node operations on it: the examples test imports this tree, so every path named here exists.
import { EXAMPLE_IDS, EXAMPLE_TIME } from "../../platform/openapi/examples";

/** The tree as a request writes it: arrays a level never uses may be left out. */
const ResearchDataExample = [
  {
    main_topic: "espresso machines",
    keywords: ["espresso machine", "best espresso machine"],
    subtopic_2: [
      {
        name: "manual espresso machines",
        keywords: ["manual espresso machine"],
        subtopic_3: [
          {
            name: "lever espresso machines",
            keywords: ["lever espresso machine"],
            subtopic_4: [{ name: "spring lever machines", keywords: ["spring lever espresso machine"] }],
          },
        ],
      },
      { name: "semi-automatic espresso machines", keywords: ["semi automatic espresso machine"] },
    ],
  },
  {
    main_topic: "coffee grinders",
    keywords: ["coffee grinder"],
    subtopic_2: [{ name: "burr grinders", keywords: ["burr grinder", "conical burr grinder"] }],
  },
];

export const ImportResearchExample = { core_topic: "home espresso", research_data: ResearchDataExample };
export const GenerateResearchExample = { core_topic: "home espresso", ai_model_id: "offline" };
export const RenameNodeExample = { path: ["coffee grinders", "burr grinders"], new_name: "burr coffee grinders" };
export const AddNodeExample = { parent_path: ["coffee grinders"], name: "hand grinders", position: null };
export const DeleteNodeExample = { path: ["espresso machines", "semi-automatic espresso machines"] };
export const UpdateKeywordsExample = {
  path: ["coffee grinders", "burr grinders"],
  add: ["flat burr grinder"],
  remove: ["conical burr grinder"],
};
export const MoveNodeExample = {
  source_path: ["coffee grinders", "burr grinders"],
  target_parent_path: ["espresso machines"],
  position: 0,
};
export const MergeNodesExample = {
  keep_path: ["espresso machines", "manual espresso machines"],
  merge_path: ["espresso machines", "semi-automatic espresso machines"],
};
export const BulkExample = {
  operations: [
    { action: "add", parent_path: ["coffee grinders"], name: "hand grinders" },
    { action: "update_keywords", path: ["coffee grinders", "hand grinders"], add: ["hand coffee grinder"] },
  ],
};
export const DiffExample = {
  before: [
    { main_topic: "coffee grinders", keywords: ["coffee grinder"], subtopic_2: [{ name: "burr grinders", keywords: ["burr grinder"] }] },
  ],
  after: [
    {
      main_topic: "coffee grinders",
      keywords: ["coffee grinder"],
      subtopic_2: [{ name: "burr coffee grinders", keywords: ["burr grinder", "flat burr grinder"] }],
    },
  ],
};
export const DedupExample = { threshold: 0.8 };

// ---- answers ----------------------------------------------------------------------------------

const meta = (description: string) => ({
  description,
  level_labels: { main_topic: "Pillar", subtopic_2: "Hub", subtopic_3: "Branch", subtopic_4: "Resource" },
});

interface Node {
  name?: string;
  main_topic?: string;
  keywords?: string[];
  subtopic_2?: Node[];
  subtopic_3?: Node[];
  subtopic_4?: Node[];
}

// The tree as the API answers it: every level's arrays present, the unused ones empty.
const leaf = (n: Node) => ({ name: n.name, keywords: n.keywords ?? [] });
const branch = (n: Node) => ({ name: n.name, subtopic_4: (n.subtopic_4 ?? []).map(leaf), keywords: n.keywords ?? [] });
const hub = (n: Node) => ({ name: n.name, subtopic_3: (n.subtopic_3 ?? []).map(branch), subtopic_4: [], keywords: n.keywords ?? [] });
const pillar = (n: Node) => ({
  main_topic: n.main_topic,
  subtopic_2: (n.subtopic_2 ?? []).map(hub),
  subtopic_3: [],
  subtopic_4: [],
  keywords: n.keywords ?? [],
});

const counts = {
  main_topic_count: 2,
  st2_count: 3,
  st3_count: 1,
  st4_count: 1,
  keyword_count: 9,
  leaf_nodes_without_keywords: 0,
  total_nodes: 7,
};
const record = {
  brand_id: EXAMPLE_IDS.brand,
  brand_name: "Bean There",
  core_topic: "home espresso",
  created_at: EXAMPLE_TIME,
  updated_at: EXAMPLE_TIME,
};

export const ResearchSummaryExample = record;

export const ResearchTreeExample = {
  _meta: meta("The brand's topical research tree (no search metrics)."),
  ...record,
  research_data: (ResearchDataExample as Node[]).map(pillar),
  stats: counts,
  generation_status: { has_running_task: false },
};

export const ResearchStatsExample = {
  _meta: meta("Research stats with a per-main-topic breakdown"),
  brand_id: EXAMPLE_IDS.brand,
  ...counts,
  main_topics: [
    { name: "espresso machines", st2_count: 2, st3_count: 1, st4_count: 1, keyword_count: 6 },
    { name: "coffee grinders", st2_count: 1, st3_count: 0, st4_count: 0, keyword_count: 3 },
  ],
  generation_status: { has_running_task: false },
};

export const TaskStatusExample = {
  _meta: meta("Research generation task status"),
  has_running_task: true,
  task_id: EXAMPLE_IDS.task,
  task_type: "research_generation",
  task_status: "running",
  progress: { current: 2, total: 4, message: "Writing the hubs of each pillar" },
  started_at: EXAMPLE_TIME,
  error: null,
  usage: { calls: 0, prompt_tokens: 0, completion_tokens: 0, by_model: [] },
};

export const GenerationStartedExample = {
  _meta: meta("Research generation accepted; poll task-status."),
  brand_id: EXAMPLE_IDS.brand,
  task_id: EXAMPLE_IDS.task,
  task_type: "research_generation",
  task_status: "pending",
  core_topic: "home espresso",
  ai_model_id: "offline",
  credits_charged: 5,
  message: "Research generation started. Poll the task-status endpoint for progress.",
};

export const NodeRenamedExample = {
  _meta: meta("Rename a node"),
  success: true,
  operation: "rename",
  path: ["coffee grinders", "burr grinders"],
  old_name: "burr grinders",
  new_name: "burr coffee grinders",
  updated_path: ["coffee grinders", "burr coffee grinders"],
};

export const NodeAddedExample = {
  _meta: meta("Add a node"),
  success: true,
  operation: "add",
  parent_path: ["coffee grinders"],
  name: "hand grinders",
  level: "ST2",
  path: ["coffee grinders", "hand grinders"],
};

export const NodeDeletedExample = {
  _meta: meta("Delete a node with its descendants and keywords"),
  success: true,
  operation: "delete",
  path: ["espresso machines", "semi-automatic espresso machines"],
  deleted_node: "semi-automatic espresso machines",
  deleted_descendants: 0,
  deleted_keywords: 1,
};

export const NodeKeywordsUpdatedExample = {
  _meta: meta("Add and remove a node's keywords"),
  success: true,
  operation: "update_keywords",
  path: ["coffee grinders", "burr grinders"],
  added: ["flat burr grinder"],
  removed: ["conical burr grinder"],
  current_keywords: ["burr grinder", "flat burr grinder"],
};

export const NodeMovedExample = {
  _meta: meta("Move a node with its subtree"),
  success: true,
  operation: "move",
  source_path: ["coffee grinders", "burr grinders"],
  target_parent_path: ["espresso machines"],
  new_path: ["espresso machines", "burr grinders"],
};

export const NodesMergedExample = {
  _meta: meta("Merge a node into a sibling"),
  success: true,
  operation: "merge",
  keep_path: ["espresso machines", "manual espresso machines"],
  merged_from: ["espresso machines", "semi-automatic espresso machines"],
  children_moved: 0,
  keywords_merged: 1,
};

export const BulkResultExample = {
  _meta: meta("Apply up to 200 operations atomically"),
  success: true,
  operations_applied: 2,
  results: [
    {
      operation: "add",
      success: true,
      parent_path: ["coffee grinders"],
      name: "hand grinders",
      level: "ST2",
      path: ["coffee grinders", "hand grinders"],
    },
    {
      operation: "update_keywords",
      success: true,
      path: ["coffee grinders", "hand grinders"],
      added: ["hand coffee grinder"],
      removed: [],
      current_keywords: ["hand coffee grinder"],
    },
  ],
};

export const BulkFailureExample = {
  success: false,
  error: 'Node not found: "coffee grinders > blade grinders"',
  failed_at_index: 1,
  operations_rolled_back: 1,
  message: "Operation 1 failed; no operation was applied.",
};

export const TreeDiffExample = {
  _meta: meta("Compare two tree states"),
  changes: [
    {
      type: "renamed",
      level: "ST2",
      path: ["coffee grinders", "burr coffee grinders"],
      name: "burr coffee grinders",
      old_name: "burr grinders",
    },
  ],
  summary: { nodes_added: 0, nodes_deleted: 0, nodes_renamed: 1, nodes_moved: 0, keywords_added: 1, keywords_removed: 0 },
};

export const DuplicateNodesExample = {
  _meta: meta("Find near-duplicate nodes"),
  threshold: 0.8,
  groups: [
    {
      similarity: 0.8,
      nodes: [
        { path: ["espresso machines"], name: "espresso machines", level: "MT" },
        { path: ["espresso machines", "manual espresso machines"], name: "manual espresso machines", level: "ST2" },
      ],
    },
  ],
};

export const UniverseExample = {
  _meta: { ...meta("The brand's discovered keywords: where each came from, its metrics and its node."), data_source: "dataforseo" },
  count: 2,
  next: null,
  previous: null,
  results: [
    {
      keyword: "home espresso machine",
      source: "ideas",
      sources: ["ideas", "suggestions"],
      search_volume: 6600,
      cpc: 1.2,
      competition: 0.64,
      keyword_difficulty: 38,
      intent: "commercial",
      no_demand: false,
      node: { path: ["home espresso", "home espresso machine"], level: "ST2" },
    },
    {
      keyword: "why is my espresso sour",
      source: "paa",
      sources: ["paa"],
      search_volume: 0,
      cpc: null,
      competition: null,
      keyword_difficulty: null,
      intent: null,
      no_demand: true,
      node: null,
    },
  ],
};
