import { randomUUID } from "node:crypto";
import { FailureReport } from "../../platform/errors";
import { keyedRoute, type KeyedRouteInput, type RouteDef, type RouteSchemas } from "../../platform/http/route";
import { applyBulk } from "./tree/bulk";
import { findDuplicates } from "./tree/dedup";
import { assertDiffLimits, diffTrees } from "./tree/diff";
import {
  AddBody,
  AddSchema,
  BrandParams,
  BulkBody,
  BulkFailureSchema,
  BulkSchema,
  DedupBody,
  DedupSchema,
  DeleteBody,
  DeleteSchema,
  DiffBody,
  DiffSchema,
  GenerateBody,
  GenerateSchema,
  ImportBody,
  KeywordsBody,
  KeywordsSchema,
  MergeBody,
  MergeSchema,
  MoveBody,
  MoveSchema,
  RenameBody,
  RenameSchema,
  ResearchDetailSchema,
  ResearchListSchema,
  ResearchStatsSchema,
  TaskStatusSchema,
  UNIVERSE_PAGE_SIZES,
  UniversePageSchema,
  UniverseQuery,
} from "./schemas";
import { assertPageExists, pageLinks, readPage } from "../../platform/http/pagination";
import {
  asServiceError,
  editTree,
  importResearch,
  listResearch,
  readTree,
  researchDetail,
  researchKeywords,
  researchStats,
  researchTaskStatus,
  startResearchGeneration,
} from "./service";
import { findBrand } from "../brands";
import { addNode, deleteNode, mergeNodes, moveNode, renameNode, updateKeywords } from "./tree/edits";
import { LEVEL_LABELS, treeErrorCode } from "./tree/types";
import {
  AddNodeExample,
  BulkExample,
  DedupExample,
  DeleteNodeExample,
  DiffExample,
  GenerateResearchExample,
  ImportResearchExample,
  MergeNodesExample,
  MoveNodeExample,
  RenameNodeExample,
  UpdateKeywordsExample,
} from "./examples";

const tag = "Topical research";
const base = "/api/v1/research/:brand_id";
const hierarchy = { level_labels: LEVEL_LABELS };
// Every route under `base` acts on the brand's research tree: its brand in the selected workspace.
const onTree = { brand_id: "research" } as const;
const WRITE_NOTE = "Rejected with 409 while a research generation task runs. Names and keywords are lowercased.";

/** A tree write: research:write, the 409-while-generating note, and the hierarchy's `_meta`. */
function writeRoute<S extends RouteSchemas>(def: KeyedRouteInput<S>): RouteDef {
  return keyedRoute<S>({ ...def, description: [def.description, WRITE_NOTE].filter(Boolean).join(" "), meta: hierarchy });
}

export const researchRoutes: RouteDef[] = [
  keyedRoute({
    method: "GET",
    path: "/api/v1/research/",
    tag,
    summary: "List research records",
    description: "One record per brand of the selected workspace that has a research tree, most recently changed first.",
    scope: "research:read",
    workspaced: true,
    status: 200,
    schemas: { response: ResearchListSchema },
    handler: async ({ ctx }) => listResearch(ctx),
  }),
  keyedRoute({
    method: "GET",
    path: `${base}/`,
    resources: onTree,
    tag,
    summary: "The research tree with stats and generation status",
    metaDescription:
      "The brand's topical research tree (no search metrics); `_meta.data_source` says who answered the discovery it was generated from (`offline`: simulated).",
    meta: hierarchy,
    scope: "research:read",
    workspaced: true,
    status: 200,
    errors: [404],
    schemas: { params: BrandParams, response: ResearchDetailSchema },
    handler: async ({ ctx, params }) => researchDetail(ctx, params.brand_id),
  }),
  keyedRoute({
    method: "PUT",
    path: `${base}/`,
    resources: onTree,
    tag,
    summary: "Import a research tree",
    description:
      "Replaces the brand's tree (or creates it) with `research_data`. Sibling names must be unique (409). The read-only fields of " +
      "the tree as GET answers it (`brand_id`, `stats`, `created_at`, ...) are accepted and ignored; any other field answers 400.",
    metaDescription: "The imported research tree.",
    meta: hierarchy,
    scope: "research:write",
    workspaced: true,
    status: 200,
    errors: [400, 404, 409],
    examples: { request: { body: ImportResearchExample } },
    schemas: { params: BrandParams, body: ImportBody, response: ResearchDetailSchema },
    readOnlyFrom: ResearchDetailSchema,
    handler: async ({ ctx, params, body }) => importResearch(ctx, params.brand_id, body),
  }),
  keyedRoute({
    method: "GET",
    path: `${base}/stats/`,
    resources: onTree,
    tag,
    summary: "Research stats with a per-main-topic breakdown",
    meta: hierarchy,
    scope: "research:read",
    workspaced: true,
    status: 200,
    errors: [404],
    schemas: { params: BrandParams, response: ResearchStatsSchema },
    handler: async ({ ctx, params }) => researchStats(ctx, params.brand_id),
  }),
  keyedRoute({
    method: "GET",
    path: `${base}/task-status/`,
    resources: onTree,
    tag,
    summary: "Research generation task status",
    description:
      "Reconciles the stored task with its job before answering: a task whose job died or failed is reported " +
      "as not running (and its credits are refunded). With no running task the answer is `{has_running_task: false}` only; " +
      "while a task retries, `error` says why its last attempt failed.",
    meta: hierarchy,
    scope: "research:read",
    workspaced: true,
    status: 200,
    errors: [404],
    schemas: { params: BrandParams, response: TaskStatusSchema },
    handler: async ({ ctx, params }) => researchTaskStatus(ctx, params.brand_id),
  }),
  keyedRoute({
    method: "GET",
    path: `${base}/keywords/`,
    resources: onTree,
    tag,
    summary: "The discovered keywords: source, metrics, node",
    description:
      "Every keyword the brand's last generation discovered (or its model proposed and canopy looked up), and every keyword of " +
      "the tree that no source found (`user`): where it came from, its metrics where known, and the node that holds it as the " +
      "tree stands now (null: unattached; attach one with `nodes/keywords/`). `no_demand` flags a keyword measured at zero " +
      "searches. Most searched first by default. `_meta.data_source` says who answered the discovery: `offline` is the " +
      "built-in simulator, whose keywords and volumes are not real demand.",
    metaDescription: "The brand's discovered keywords: where each came from, its metrics and its node.",
    scope: "research:read",
    workspaced: true,
    status: 200,
    errors: [400, 404],
    schemas: { params: BrandParams, querystring: UniverseQuery, response: UniversePageSchema },
    handler: async ({ ctx, params, query, request }) => {
      const page = readPage(query, UNIVERSE_PAGE_SIZES);
      const attached = query.attached === undefined ? undefined : query.attached === "true";
      const { rows, dataSource } = await researchKeywords(ctx, params.brand_id, { ...query, attached });
      assertPageExists(page, rows.length);
      const start = (page.page - 1) * page.pageSize;
      return {
        _meta: { data_source: dataSource ?? ctx.platform.serp.name },
        count: rows.length,
        ...pageLinks(request, ctx.platform.config.baseUrl, page, rows.length),
        results: rows.slice(start, start + page.pageSize),
      };
    },
  }),
  keyedRoute({
    method: "POST",
    path: `${base}/diff/`,
    resources: onTree,
    tag,
    summary: "Compare two tree states",
    description:
      "Reports added, deleted, renamed and moved nodes and keyword changes between `before` and `after`. " +
      "A body over 2 MB, or over 5,000 nodes in both trees together, answers 413.",
    meta: hierarchy,
    scope: "research:read",
    workspaced: true,
    status: 200,
    errors: [404, 413],
    examples: { request: { body: DiffExample } },
    schemas: { params: BrandParams, body: DiffBody, response: DiffSchema },
    handler: async ({ ctx, params, body, request }) => {
      await findBrand(ctx, params.brand_id);
      const declared = Number(request.headers["content-length"]);
      const bytes = Number.isFinite(declared) && declared > 0 ? declared : Buffer.byteLength(JSON.stringify(body));
      try {
        assertDiffLimits(bytes, body.before, body.after);
        return diffTrees(body.before, body.after);
      } catch (err) {
        throw asServiceError(err);
      }
    },
  }),
  keyedRoute({
    method: "POST",
    path: `${base}/generate/`,
    resources: onTree,
    tag,
    summary: "Generate the research tree",
    description:
      "Discovers the core topic's keywords (default topic: the brand's name) from the SERP provider (keyword ideas, suggestions, " +
      "related keywords, autocomplete, People Also Ask, related searches), then builds the brand's 4-level tree from them: with " +
      "the `offline` model, canopy's organiser groups them by search results and shared words; with a language model, the model " +
      "arranges and names them and any keyword it proposes is looked up and listed as `proposed` in `keywords/`. Costs 5 credits, charged when accepted and refunded if the " +
      "task fails. 409 while a generation task runs. Accepts `Idempotency-Key`.",
    metaDescription: "Research generation accepted; poll task-status.",
    meta: hierarchy,
    scope: "research:write",
    workspaced: true,
    idempotent: true,
    status: 202,
    errors: [400, 402, 404, 409],
    examples: { request: { body: GenerateResearchExample } },
    schemas: { params: BrandParams, body: GenerateBody, response: GenerateSchema },
    handler: async ({ ctx, params, body }) => startResearchGeneration(ctx, params.brand_id, body),
  }),
  writeRoute({
    method: "PATCH",
    path: `${base}/nodes/rename/`,
    resources: onTree,
    tag,
    summary: "Rename a node",
    scope: "research:write",
    workspaced: true,
    status: 200,
    errors: [400, 404, 409],
    examples: { request: { body: RenameNodeExample } },
    schemas: { params: BrandParams, body: RenameBody, response: RenameSchema },
    handler: async ({ ctx, params, body }) => ({
      success: true,
      operation: "rename",
      ...(await editTree(ctx, params.brand_id, (tree) => renameNode(tree, body.path, body.new_name))),
    }),
  }),
  writeRoute({
    method: "POST",
    path: `${base}/nodes/add/`,
    resources: onTree,
    tag,
    summary: "Add a node",
    description: "`parent_path` [] adds a main topic, length 1 a Hub, 2 a Branch, 3 a Resource. `position` null appends.",
    scope: "research:write",
    workspaced: true,
    status: 200,
    errors: [400, 404, 409],
    examples: { request: { body: AddNodeExample } },
    schemas: { params: BrandParams, body: AddBody, response: AddSchema },
    handler: async ({ ctx, params, body }) => ({
      success: true,
      operation: "add",
      ...(await editTree(ctx, params.brand_id, (tree) => addNode(tree, body.parent_path, body.name, body.position, randomUUID))),
    }),
  }),
  writeRoute({
    method: "POST",
    path: `${base}/nodes/delete/`,
    resources: onTree,
    tag,
    summary: "Delete a node with its descendants and keywords",
    scope: "research:write",
    workspaced: true,
    status: 200,
    errors: [400, 404, 409],
    examples: { request: { body: DeleteNodeExample } },
    schemas: { params: BrandParams, body: DeleteBody, response: DeleteSchema },
    handler: async ({ ctx, params, body }) => ({
      success: true,
      operation: "delete",
      ...(await editTree(ctx, params.brand_id, (tree) => deleteNode(tree, body.path))),
    }),
  }),
  writeRoute({
    method: "PATCH",
    path: `${base}/nodes/keywords/`,
    resources: onTree,
    tag,
    summary: "Add and remove a node's keywords",
    description: "At most 200 per array and at least one non-empty; duplicates in `add` and missing ones in `remove` are skipped.",
    scope: "research:write",
    workspaced: true,
    status: 200,
    errors: [400, 404, 409],
    examples: { request: { body: UpdateKeywordsExample } },
    schemas: { params: BrandParams, body: KeywordsBody, response: KeywordsSchema },
    handler: async ({ ctx, params, body }) => ({
      success: true,
      operation: "update_keywords",
      ...(await editTree(ctx, params.brand_id, (tree) => updateKeywords(tree, body.path, body.add ?? [], body.remove ?? []))),
    }),
  }),
  writeRoute({
    method: "POST",
    path: `${base}/nodes/move/`,
    resources: onTree,
    tag,
    summary: "Move a node with its subtree",
    description:
      "An empty `target_parent_path` promotes the node to a main topic. Moving into its own subtree, or deeper than 4 levels, is a 400.",
    scope: "research:write",
    workspaced: true,
    status: 200,
    errors: [400, 404, 409],
    examples: { request: { body: MoveNodeExample } },
    schemas: { params: BrandParams, body: MoveBody, response: MoveSchema },
    handler: async ({ ctx, params, body }) => ({
      success: true,
      operation: "move",
      ...(await editTree(ctx, params.brand_id, (tree) => moveNode(tree, body.source_path, body.target_parent_path, body.position))),
    }),
  }),
  writeRoute({
    method: "POST",
    path: `${base}/nodes/merge/`,
    resources: onTree,
    tag,
    summary: "Merge a node into a sibling",
    description:
      "Both nodes must be at the same level under the same parent. Keywords and children of `merge_path` go to `keep_path` " +
      "(same-named children are merged in turn), then `merge_path` is deleted; `keep_path` keeps its id.",
    scope: "research:write",
    workspaced: true,
    status: 200,
    errors: [400, 404, 409],
    examples: { request: { body: MergeNodesExample } },
    schemas: { params: BrandParams, body: MergeBody, response: MergeSchema },
    handler: async ({ ctx, params, body }) => ({
      success: true,
      operation: "merge",
      ...(await editTree(ctx, params.brand_id, (tree) => mergeNodes(tree, body.keep_path, body.merge_path))),
    }),
  }),
  writeRoute({
    method: "POST",
    path: `${base}/nodes/bulk/`,
    resources: onTree,
    tag,
    summary: "Apply up to 200 operations atomically",
    description:
      "Operations run in order, each seeing the effects of the earlier ones; the action is named by `action` or `op`. " +
      "If one fails nothing is applied and the answer (with the failing operation's status: 400, 404 or 409) is " +
      "`{success: false, error, failed_at_index, operations_rolled_back, message}`.",
    scope: "research:write",
    workspaced: true,
    status: 200,
    failureReport: { statuses: [400, 404, 409], schema: BulkFailureSchema },
    examples: { request: { body: BulkExample } },
    schemas: { params: BrandParams, body: BulkBody, response: BulkSchema },
    handler: async ({ ctx, params, body }) =>
      editTree(ctx, params.brand_id, (tree) => {
        const outcome = applyBulk(tree, body.operations, randomUUID);
        if (!outcome.ok) {
          throw new FailureReport(treeErrorCode(outcome.status), {
            success: false,
            error: outcome.error,
            failed_at_index: outcome.failedAtIndex,
            operations_rolled_back: outcome.failedAtIndex,
            message: `Operation ${outcome.failedAtIndex} failed; no operation was applied.`,
          });
        }
        return { tree: outcome.tree, result: { success: true, operations_applied: outcome.results.length, results: outcome.results } };
      }),
  }),
  writeRoute({
    method: "POST",
    path: `${base}/analyze/dedup/`,
    resources: onTree,
    tag,
    summary: "Find near-duplicate nodes",
    description:
      "Groups nodes whose names (and keywords) are lexically similar at or above `threshold` (0 to 1, default 0.8). Changes nothing.",
    scope: "research:write",
    workspaced: true,
    status: 200,
    errors: [400, 404, 409],
    examples: { request: { body: DedupExample } },
    schemas: { params: BrandParams, body: DedupBody, response: DedupSchema },
    handler: async ({ ctx, params, body }) => findDuplicates(await readTree(ctx, params.brand_id), body.threshold ?? 0.8),
  }),
];
