// The content made for a node: its authority briefs and articles, each linking to its own screen,
// and a brief generated for the node after its cost is confirmed. The brief's topic, intent and
// SERP come from the node, so nothing more is asked.
import { unwrap } from "@canopy/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { CREDIT_COSTS } from "../costs";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";
import { formatDay } from "../ui/format";
import { ConfirmCost } from "../ui/confirm-cost";
import { WriteButton } from "../ui/can-write";

export function NodeWork({ brandId, nodeId, nodeName }: { brandId: string; nodeId: string; nodeName: string }) {
  const client = useClient();
  const queries = useQueryClient();
  const [, navigate] = useLocation();
  const params = { path: { brand_id: brandId } };
  // One read per brand, shared by every node's details: the lists are short, and filtering here
  // keeps moving between nodes instant.
  const briefs = useQuery({
    queryKey: ["authority", brandId, "briefs"],
    queryFn: async () => unwrap(await client.GET("/api/v1/authority/{brand_id}/briefs/", { params })),
  });
  const articles = useQuery({
    queryKey: ["authority", brandId, "articles"],
    queryFn: async () => unwrap(await client.GET("/api/v1/authority/{brand_id}/articles/", { params })),
  });
  const [confirming, setConfirming] = useState(false);
  const generate = useMutation({
    mutationFn: async () =>
      unwrap(await client.POST("/api/v1/authority/{brand_id}/briefs/generate/", { params, body: { node_id: nodeId } })),
    onSuccess: async (accepted) => {
      await queries.invalidateQueries({ queryKey: ["authority", brandId, "briefs"] });
      await queries.invalidateQueries({ queryKey: ["me", "credits"] });
      navigate(`/briefs/${accepted.id}`);
    },
  });
  const nodeBriefs = (briefs.data?.results ?? []).filter((brief) => brief.topic_node === nodeId);
  const nodeArticles = (articles.data?.results ?? []).filter((article) => article.topic_node === nodeId);

  return (
    <div className="node-work">
      <h3>Briefs</h3>
      {briefs.error ? <ErrorNotice error={briefs.error} retry={briefs} /> : null}
      {briefs.isLoading ? <Loading label="Loading the node's briefs" lines={1} /> : null}
      {nodeBriefs.length === 0 && briefs.data ? <p className="hint">No brief for this node yet.</p> : null}
      <ul className="plain">
        {nodeBriefs.map((brief) => (
          <li key={brief.id}>
            <Link href={`/briefs/${brief.id}`}>{brief.generated_title || brief.query_text}</Link>{" "}
            <span className="tag">{brief.status}</span> <span className="hint">{formatDay(brief.created_at)}</span>
          </li>
        ))}
      </ul>
      {confirming ? (
        <ConfirmCost
          label="Confirm brief"
          action={`Generate for ${CREDIT_COSTS.brief} credits`}
          onConfirm={() => generate.mutate()}
          onCancel={() => setConfirming(false)}
          disabled={generate.isPending}
          error={generate.error}
        >
          <p>
            A brief for “{nodeName}” costs {CREDIT_COSTS.brief} credits, refunded if it fails. Its SERP and intent come from the node.
          </p>
        </ConfirmCost>
      ) : (
        <WriteButton scope="authority:write" onClick={() => setConfirming(true)}>
          Generate a brief
        </WriteButton>
      )}

      <h3>Articles</h3>
      {articles.error ? <ErrorNotice error={articles.error} retry={articles} /> : null}
      {articles.isLoading ? <Loading label="Loading the node's articles" lines={1} /> : null}
      {nodeArticles.length === 0 && articles.data ? <p className="hint">No article for this node yet.</p> : null}
      <ul className="plain">
        {nodeArticles.map((article) => (
          <li key={article.id}>
            <Link href={`/articles/${article.id}`}>{article.title}</Link> <span className="tag">{article.editorial_state}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
