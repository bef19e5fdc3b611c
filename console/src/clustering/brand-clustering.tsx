// A brand's clustering: started from its research tree (with the cost confirmed), its progress
// while it runs (the status endpoint asked every second; a reload finds it again), then its
// latest results in the virtual table, with a recluster at another overlap and a CSV export.
// A completed clustering writes the brand's topical map, linked from here.
import { unwrap } from "@canopy/client";
import { keepPreviousData, useQuery, useQueryClient, useMutation } from "@tanstack/react-query";
import { useMemo } from "react";
import { Link } from "wouter";
import type { Schemas } from "../api";
import { useClient } from "../session-context";
import { BrandHeader } from "../ui/brand-tabs";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";
import { BrandStartForm } from "./brand-start-form";
import { ClusterResults } from "./cluster-results";
import { ClusteringProgress } from "./clustering-progress";
import { ClusteringSummary } from "./clustering-summary";
import { keywordRows } from "./keyword-rows";
import { ReclusterControl } from "./recluster-control";
import { treeKeywordCount } from "./tree-keywords";
import "./clustering.css";

type Started = { status: Schemas["BrandClusteringStatus"]["status"]; message: string };

export function BrandClustering({ brandId }: { brandId: string }) {
  const client = useClient();
  const queries = useQueryClient();
  const params = { path: { brand_id: brandId } };
  const statusKey = ["brand-clustering", brandId, "status"];
  const brand = useQuery({
    queryKey: ["brands", "detail", brandId],
    queryFn: async () => unwrap(await client.GET("/api/v1/brands/{id}/", { params: { path: { id: brandId } } })),
  });
  const status = useQuery({
    queryKey: statusKey,
    queryFn: async () => {
      const answer = await client.GET("/api/v1/authority/{brand_id}/clustering/status/", { params });
      // Never clustered is a state of the brand, not an error.
      if (answer.status === 404) return null;
      return unwrap(answer);
    },
    refetchInterval: (query) => (query.state.data?.status === "in_progress" ? 1000 : false),
  });
  const phase = status.data === undefined ? undefined : (status.data?.status ?? "none");
  const results = useQuery({
    // Keyed by the status: when a run ends, the results are read again.
    queryKey: ["brand-clustering", brandId, "results", phase],
    queryFn: async () => {
      const answer = await client.GET("/api/v1/authority/{brand_id}/clustering/", { params });
      if (answer.status === 404) return null;
      return unwrap(answer);
    },
    enabled: phase !== undefined && phase !== "none",
    placeholderData: keepPreviousData,
  });
  const research = useQuery({
    queryKey: ["research", brandId, "tree", false],
    queryFn: async () => {
      const answer = await client.GET("/api/v1/research/{brand_id}/", { params });
      if (answer.status === 404) return null;
      return unwrap(answer);
    },
  });
  const keywordCount = useMemo(() => treeKeywordCount(research.data?.research_data ?? []), [research.data]);
  const rows = useMemo(() => keywordRows(results.data?.clusters ?? []), [results.data]);

  // A run was accepted: marked running at once (it can end before the next poll; the results are
  // read again when the status goes from running to done), then asked for real.
  const followRun = async (started: Started) => {
    queries.setQueryData<Schemas["BrandClusteringStatus"] | null>(statusKey, (old) =>
      old ? { ...old, status: started.status, state: "PENDING", progress: 0, message: started.message } : old,
    );
    await queries.invalidateQueries({ queryKey: statusKey });
    await queries.invalidateQueries({ queryKey: ["me", "credits"] });
    await queries.invalidateQueries({ queryKey: ["maps", brandId] });
  };
  const recluster = useMutation({
    mutationFn: async (overlap: number) =>
      unwrap(await client.POST("/api/v1/authority/{brand_id}/clustering/recluster/", { params, body: { overlap_percentage: overlap } })),
    onSuccess: followRun,
  });

  const running = phase === "in_progress";
  const data = results.data;
  const brandName = brand.data?.brand_name ?? "Brand";
  return (
    <section aria-labelledby="brand-clustering-title" className="clustering">
      <BrandHeader brandId={brandId} brandName={brandName} />
      <h1 id="brand-clustering-title">Clustering</h1>
      {status.error ? <ErrorNotice error={status.error} retry={status} /> : null}
      {results.error ? <ErrorNotice error={results.error} retry={results} /> : null}
      {research.error ? <ErrorNotice error={research.error} retry={research} /> : null}
      {status.isLoading || results.isLoading || research.isLoading ? <Loading label="Loading the brand clustering" /> : null}
      <ClusteringProgress status={status.data} />

      {research.data === null && !running ? (
        <p className="empty">
          No research yet: <Link href={`/brands/${brandId}/research`}>generate the brand's research</Link> first, then cluster its keywords
          here.
        </p>
      ) : null}

      {phase === "none" ? <p className="empty">Not clustered yet.</p> : null}
      {data && !running ? (
        <>
          <h2>Latest results</h2>
          <ClusteringSummary
            facts={{
              keywords: data.total_keywords,
              clusters: data.cluster_count,
              overlap: data.clustered_overlap,
              dataSource: data.data_source,
              clusteredAt: data.clustered_at,
            }}
          />
          <p>
            These clusters make the brand's <Link href={`/brands/${brandId}/map`}>topical map</Link>.
          </p>
          <ReclusterControl
            key={data.clustered_overlap}
            current={data.clustered_overlap}
            busy={recluster.isPending}
            error={recluster.error}
            onRecluster={(overlap) => recluster.mutate(overlap)}
          />
          <ClusterResults rows={rows} title={`${data.brand_name} clustering`} />
        </>
      ) : null}
      {research.data && !running ? (
        <BrandStartForm brandId={brandId} keywordCount={keywordCount} again={Boolean(data)} onStarted={followRun} />
      ) : null}
    </section>
  );
}
