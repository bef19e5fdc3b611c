// Standalone keyword clustering: the workspace's reports, newest first (asked again every few
// seconds while one runs, so its status changes here too), and the form to start one.
import { unwrap } from "@canopy/client";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";
import { formatDay } from "../ui/format";
import { NewReportForm } from "./new-report-form";
import { STATUS_LABELS } from "./status-labels";
import "./clustering.css";
import { ColumnHeads } from "../ui/column-heads";
import { TableRegion } from "../ui/table-region";

export function ClusteringScreen() {
  const client = useClient();
  const reports = useQuery({
    queryKey: ["clustering", "list"],
    queryFn: async () => unwrap(await client.GET("/api/v1/clustering/")),
    refetchInterval: (query) => (query.state.data?.some((report) => report.status === "in_progress") ? 3000 : false),
  });
  return (
    <section aria-labelledby="clustering-title" className="clustering">
      <h1 id="clustering-title">Clustering</h1>
      <p className="hint">Groups keywords whose top search results overlap, so that one page can target each group.</p>
      <section aria-labelledby="reports-title">
        <h2 id="reports-title">Reports</h2>
        {reports.error ? <ErrorNotice error={reports.error} retry={reports} /> : null}
        {reports.isLoading ? <Loading label="Loading the clustering reports" /> : null}
        {reports.data?.length === 0 ? <p className="empty">No clustering reports yet: start one below.</p> : null}
        {reports.data && reports.data.length > 0 ? (
          <TableRegion label="Clustering reports">
            <table className="table report-list">
              <ColumnHeads columns={["Report", "Status", "Keywords", "Clusters", "Overlap", "Started"]} />
              <tbody>
                {reports.data.map((report) => (
                  <tr key={report.id}>
                    <th scope="row">
                      <Link href={`/clustering/${report.id}`}>{report.report_name}</Link>
                    </th>
                    <td>{STATUS_LABELS[report.status]}</td>
                    <td>{report.total_keywords.toLocaleString("en")}</td>
                    <td>{report.cluster_count?.toLocaleString("en") ?? "—"}</td>
                    <td>{Math.round(report.overlap_percentage * 100)}%</td>
                    <td>{formatDay(report.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        ) : null}
      </section>
      <NewReportForm />
    </section>
  );
}
