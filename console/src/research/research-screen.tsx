// A brand's research: the 4-level tree with its display labels, generated here with its
// progress shown while it runs (polling the task status, so a reload finds it again), its counts,
// and each node's atomic edits; beside the tree, as a second view, the keywords the generation
// discovered, where each came from and the node it sits on.
import { unwrap } from "@canopy/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState, type SubmitEvent } from "react";
import { useClient } from "../session-context";
import { CREDIT_COSTS } from "../costs";
import { BrandHeader } from "../ui/brand-tabs";
import { ErrorNotice } from "../ui/error-notice";
import { formatDay } from "../ui/format";
import { Loading } from "../ui/loading";
import { JobProgress } from "../ui/job-progress";
import { DedupPanel } from "./dedup-panel";
import { NodeItem } from "./node-item";
import { useNodeOperation } from "./node-operations";
import { KeywordsPanel } from "./keywords-panel";
import { flatten, pathKey, treeNodes } from "./tree-model";
import { SimulatedNotice } from "../ui/simulated-notice";
import { ViewPanel, ViewTabs, type ResearchView } from "./view-tabs";
import { ConfirmCost } from "../ui/confirm-cost";
import { treeKeywordCount } from "../clustering/tree-keywords";
import { ReadOnlyNote, useWriteAccess, WriteButton } from "../ui/can-write";

export function ResearchScreen({ brandId }: { brandId: string }) {
  const client = useClient();
  const queries = useQueryClient();
  const params = { path: { brand_id: brandId } };
  const brand = useQuery({
    queryKey: ["brands", "detail", brandId],
    queryFn: async () => unwrap(await client.GET("/api/v1/brands/{id}/", { params: { path: { id: brandId } } })),
  });
  const status = useQuery({
    queryKey: ["research", brandId, "status"],
    queryFn: async () => unwrap(await client.GET("/api/v1/research/{brand_id}/task-status/", { params })),
    // Asked again every second while a generation runs; once it ends, the tree is read again.
    refetchInterval: (query) => (query.state.data?.has_running_task ? 1000 : false),
  });
  const running = status.data?.has_running_task === true;
  const tree = useQuery({
    // Keyed by whether a generation runs: when it ends, the new tree is read.
    queryKey: ["research", brandId, "tree", running],
    queryFn: async () => {
      const answer = await client.GET("/api/v1/research/{brand_id}/", { params });
      // No research yet is a state of the brand, not an error.
      if (answer.status === 404) return null;
      return unwrap(answer);
    },
  });
  const nodes = useMemo(() => treeNodes(tree.data?.research_data ?? []), [tree.data]);
  const everyNode = useMemo(() => flatten(nodes), [nodes]);
  const [view, setView] = useState<ResearchView>("tree");
  const uniqueKeywords = useMemo(() => treeKeywordCount(tree.data?.research_data ?? []), [tree.data]);
  const operation = useNodeOperation(brandId);
  // Read once for the whole tree: a key without research:write is shown the tree without its edits.
  const editable = useWriteAccess("research:write").allowed;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) => {
    const next = new Set(collapsed);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setCollapsed(next);
  };
  const collapseAll = (collapse: boolean) => setCollapsed(collapse ? new Set(nodes.map((node) => pathKey(node.path))) : new Set());

  // The field shows the topic the tree was made for until the strategist edits it: a regeneration
  // is always for a topic shown on screen, and the confirmation names it again.
  const [editedTopic, setEditedTopic] = useState<string | null>(null);
  const coreTopic = editedTopic ?? tree.data?.core_topic ?? "";
  const topicToGenerate = coreTopic.trim() || (brand.data?.brand_name ?? "");
  const [confirming, setConfirming] = useState(false);
  const generate = useMutation({
    mutationFn: async () =>
      unwrap(await client.POST("/api/v1/research/{brand_id}/generate/", { params, body: { core_topic: topicToGenerate } })),
    onSuccess: async () => {
      setConfirming(false);
      setEditedTopic(null);
      await queries.invalidateQueries({ queryKey: ["research", brandId, "status"] });
      await queries.invalidateQueries({ queryKey: ["me", "credits"] });
    },
  });

  const start = (event: SubmitEvent) => {
    event.preventDefault();
    generate.reset();
    setConfirming(true);
  };
  const progress = status.data?.progress;
  const stats = tree.data?.stats;

  return (
    <section aria-labelledby="research-title">
      <BrandHeader brandId={brandId} brandName={brand.data?.brand_name} />
      <h1 id="research-title">Research</h1>
      <ReadOnlyNote scope="research:write" />
      {tree.error ? <ErrorNotice error={tree.error} retry={tree} /> : null}
      {status.error ? <ErrorNotice error={status.error} retry={status} /> : null}
      {tree.isLoading ? <Loading label="Loading the research" /> : null}

      {running ? (
        <JobProgress message={progress?.message ?? "Generation queued"} current={progress?.current ?? 0} total={progress?.total ?? 1}>
          {status.data?.error ? <p className="hint">Retrying after: {status.data.error}</p> : null}
        </JobProgress>
      ) : null}
      {!running && status.data?.last_failure ? (
        <div className="notice notice-error" role="alert" aria-label="Last generation failed">
          <p>The last generation failed on {formatDay(status.data.last_failure.failed_at)}, and its credits were refunded.</p>
          <p>{status.data.last_failure.error}</p>
        </div>
      ) : null}
      {/* Until the tree is read, the form cannot say whether it generates anew or again. */}
      {!running && !tree.isLoading ? (
        <form className="generate" onSubmit={start}>
          <label>
            Core topic
            <input value={coreTopic} placeholder={brand.data?.brand_name ?? ""} onChange={(event) => setEditedTopic(event.target.value)} />
          </label>
          <WriteButton scope="research:write" type="submit">
            {tree.data ? "Generate again" : "Generate research"}
          </WriteButton>
        </form>
      ) : null}
      {confirming ? (
        <ConfirmCost
          label="Confirm generation"
          action={`Generate for ${CREDIT_COSTS.researchGeneration} credits`}
          onConfirm={() => generate.mutate()}
          onCancel={() => setConfirming(false)}
          disabled={generate.isPending}
          error={generate.error}
        >
          <p>
            Generating a tree for <strong>{topicToGenerate}</strong> costs {CREDIT_COSTS.researchGeneration} credits
            {tree.data ? (
              <>
                {" "}
                and replaces the current tree, made for <strong>{tree.data.core_topic}</strong>
              </>
            ) : null}
            . The credits are refunded if it fails.
          </p>
        </ConfirmCost>
      ) : null}

      {stats ? (
        <dl className="stats" aria-label="Research counts">
          <div>
            <dt>Pillars</dt>
            <dd>{stats.main_topic_count}</dd>
          </div>
          <div>
            <dt>Hubs</dt>
            <dd>{stats.st2_count}</dd>
          </div>
          <div>
            <dt>Branches</dt>
            <dd>{stats.st3_count}</dd>
          </div>
          <div>
            <dt>Resources</dt>
            <dd>{stats.st4_count}</dd>
          </div>
          <div>
            {/* As the clustering screen counts them: each keyword once, however many nodes hold it. */}
            <dt>Keywords</dt>
            <dd>{uniqueKeywords}</dd>
          </div>
          {stats.keyword_count !== uniqueKeywords ? (
            <div>
              <dt>Keyword placements</dt>
              <dd>{stats.keyword_count}</dd>
            </div>
          ) : null}
          <div>
            <dt>Leaves without keywords</dt>
            <dd>{stats.leaf_nodes_without_keywords}</dd>
          </div>
        </dl>
      ) : null}

      {tree.data === null && !running ? <p className="empty">No research yet: generate it from the brand's core topic.</p> : null}
      {tree.data ? <ViewTabs current={view} choose={setView} /> : null}
      {tree.data && view === "keywords" ? (
        <ViewPanel view="keywords">
          <KeywordsPanel brandId={brandId} nodes={everyNode} run={(op) => operation.mutateAsync(op)} />
        </ViewPanel>
      ) : null}
      {tree.data && view === "tree" ? (
        <ViewPanel view="tree">
          <SimulatedNotice dataSource={tree.data._meta.data_source} shows="The keywords this tree was built from, and their demand," />
          {nodes.length === 0 ? <p className="empty">The tree has no node yet.</p> : null}
          {nodes.length > 0 ? (
            <>
              {editable ? <DedupPanel brandId={brandId} run={(op) => operation.mutateAsync(op)} /> : null}
              <div className="buttons start">
                <button type="button" onClick={() => collapseAll(true)}>
                  Collapse all
                </button>
                <button type="button" onClick={() => collapseAll(false)}>
                  Expand all
                </button>
              </div>
              <ul className="tree" aria-label="Research tree">
                {nodes.map((node) => (
                  <NodeItem
                    key={pathKey(node.path)}
                    node={node}
                    tree={nodes}
                    siblings={nodes}
                    collapsed={collapsed}
                    toggle={toggle}
                    run={(op) => operation.mutateAsync(op)}
                    editable={editable}
                  />
                ))}
              </ul>
            </>
          ) : null}
        </ViewPanel>
      ) : null}
    </section>
  );
}
