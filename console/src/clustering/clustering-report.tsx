// One standalone clustering report. While it runs, its progress (the status endpoint asked every
// second; a reload asks again, so the progress is found again). Once done, its clusters in the
// virtual table, with a recluster at another overlap and a CSV export.
import { unwrap } from "@canopy/client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { Link } from "wouter";
import type { Schemas } from "../api";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";
import { ClusterResults } from "./cluster-results";
import { ClusteringProgress } from "./clustering-progress";
import { ClusteringSummary } from "./clustering-summary";
import { keywordRows } from "./keyword-rows";
import { DEFAULT_OVERLAP } from "./overlap-slider";
import { ReclusterControl } from "./recluster-control";
import "./clustering.css";

export function ClusteringReport({ id }: { id: string }) {
  const client = useClient();
  const queries = useQueryClient();
  const params = { path: { id } };
  const statusKey = ["clustering", id, "status"];
  const status = useQuery({
    queryKey: statusKey,
    queryFn: async () => unwrap(await client.GET("/api/v1/clustering/{id}/status/", { params })),
    refetchInterval: (query) => (query.state.data?.status === "in_progress" ? 1000 : false),
  });
  const phase = status.data?.status;
  const report = useQuery({
    // Keyed by the status: when a run ends, the report is read again with its new clusters.
    queryKey: ["clustering", id, "report", phase],
    queryFn: async () => unwrap(await client.GET("/api/v1/clustering/{id}/", { params })),
    enabled: phase !== undefined,
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => keywordRows(report.data?.clusters ?? []), [report.data]);

  const recluster = useMutation({
    mutationFn: async (overlap: number) =>
      unwrap(await client.POST("/api/v1/clustering/{id}/recluster/", { params, body: { overlap_percentage: overlap } })),
    onSuccess: async (started) => {
      // Marked running at once: a recluster can end before the next poll, and the report is
      // read again when the status goes from running to done.
      queries.setQueryData<Schemas["ClusteringStatus"]>(statusKey, (old) =>
        old ? { ...old, status: started.status, state: "PENDING", progress: 0, message: started.message } : old,
      );
      await queries.invalidateQueries({ queryKey: statusKey });
      await queries.invalidateQueries({ queryKey: ["clustering", "list"] });
    },
  });

  const running = phase === "in_progress";
  const data = report.data;
  return (
    <section aria-labelledby="report-title" className="clustering">
      <p className="crumbs">
        <Link href="/clustering">Clustering</Link>
      </p>
      <h1 id="report-title">{data?.report_name ?? "Clustering report"}</h1>
      {status.error ? <ErrorNotice error={status.error} retry={status} /> : null}
      {report.error ? <ErrorNotice error={report.error} retry={report} /> : null}
      {status.isLoading || report.isLoading ? <Loading label="Loading the clustering report" /> : null}
      <ClusteringProgress status={status.data} />
      {data && !running && data.clusters.length > 0 ? (
        <>
          <ClusteringSummary
            facts={{
              keywords: data.total_keywords,
              clusters: data.cluster_count,
              overlap: data.clustered_overlap,
              dataSource: data.data_source,
              clusteredAt: data.clustered_at,
            }}
          />
          <ReclusterControl
            key={data.clustered_overlap ?? DEFAULT_OVERLAP}
            current={data.clustered_overlap ?? data.overlap_percentage}
            busy={recluster.isPending}
            error={recluster.error}
            onRecluster={(overlap) => recluster.mutate(overlap)}
          />
          <ClusterResults rows={rows} title={data.report_name} />
        </>
      ) : null}
    </section>
  );
}
