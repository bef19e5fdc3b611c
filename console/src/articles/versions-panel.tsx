// Every drafting of the article, newest first (GET .../versions/), and one of them read in full
// (GET .../versions/{n}/).
import { unwrap } from "@canopy/client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";
import { ArticleBody } from "./article-body";
import { SkeletonNotice } from "./skeleton-notice";
import { specialistLabel } from "./specialists";
import { formatMoment } from "../ui/format";
import { ColumnHeads } from "../ui/column-heads";
import { TableRegion } from "../ui/table-region";

export function VersionsPanel({ id, current, drafting }: { id: string; current: number; drafting: boolean }) {
  const client = useClient();
  const [viewing, setViewing] = useState<number | null>(null);
  const versions = useQuery({
    // Keyed by the current version and whether it is drafting: a new drafting is listed at once.
    queryKey: ["articles", id, "versions", current, drafting],
    queryFn: async () => unwrap(await client.GET("/api/v1/content/articles/{id}/versions/", { params: { path: { id } } })),
  });
  const version = useQuery({
    queryKey: ["articles", id, "version", viewing],
    queryFn: async () =>
      unwrap(await client.GET("/api/v1/content/articles/{id}/versions/{n}/", { params: { path: { id, n: viewing ?? 1 } } })),
    enabled: viewing !== null,
  });

  return (
    <section className="article-part" aria-labelledby="versions-title">
      <h2 id="versions-title">Versions</h2>
      {versions.error ? <ErrorNotice error={versions.error} retry={versions} /> : null}
      {versions.isLoading ? <Loading label="Loading the versions" /> : null}
      {versions.data ? (
        <TableRegion label="Versions">
          <table className="table" aria-labelledby="versions-title">
            <ColumnHeads columns={["Version", "Drafted", "Model", "Type", "Specialists"]} actions />
            <tbody>
              {versions.data.map((entry) => (
                <tr key={entry.version}>
                  <td>
                    {entry.version}
                    {entry.version === current ? " (current)" : ""}
                  </td>
                  <td>{formatMoment(entry.created_at)}</td>
                  <td>{entry.ai_model_id ?? "default"}</td>
                  <td>{entry.article_type}</td>
                  <td>{entry.specialists.map(specialistLabel).join(", ") || "none"}</td>
                  <td>
                    <button
                      type="button"
                      aria-pressed={viewing === entry.version}
                      onClick={() => setViewing(viewing === entry.version ? null : entry.version)}
                    >
                      {viewing === entry.version ? `Hide version ${entry.version}` : `View version ${entry.version}`}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {version.error ? <ErrorNotice error={version.error} retry={version} /> : null}
      {viewing !== null && version.data ? (
        <article className="version-view" aria-label={`Version ${version.data.version}`}>
          <h3>
            Version {version.data.version}: {version.data.title}
          </h3>
          <SkeletonNotice kind={version.data.draft_kind} />
          <ArticleBody sections={version.data.sections} specialistResults={version.data.specialist_results} topLevel={3} />
        </article>
      ) : null}
    </section>
  );
}
