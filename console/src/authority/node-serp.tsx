// The stored SERP of a node: the results for its keyword of most search volume, as the SERP
// provider gave them. Titles, snippets and addresses are third parties' text, shown as text; an
// address becomes a link only when it is an http(s) one and the results are real: the offline
// simulator's addresses look real but were never ranked, so they are plain text, marked simulated.
import { CanopyError, unwrap } from "@canopy/client";
import { useQuery } from "@tanstack/react-query";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";
import { formatDay } from "../ui/format";
import { isSimulated } from "../ui/simulated-notice";

const webAddress = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
};

export function NodeSerp({ brandId, nodeId }: { brandId: string; nodeId: string }) {
  const client = useClient();
  const serp = useQuery({
    queryKey: ["authority", brandId, "serp", nodeId],
    queryFn: async () =>
      unwrap(
        await client.GET("/api/v1/authority/{brand_id}/serp-data/{node_id}/", { params: { path: { brand_id: brandId, node_id: nodeId } } }),
      ),
  });
  if (serp.error instanceof CanopyError && serp.error.status === 404)
    return <p className="hint">No stored SERP for this node (an uploaded map has none).</p>;
  if (serp.error) return <ErrorNotice error={serp.error} retry={serp} />;
  if (!serp.data) return <Loading label="Loading the SERP" lines={2} />;
  const simulated = isSimulated(serp.data._meta.data_source);
  return (
    <div className="node-serp">
      {simulated ? (
        <p className="hint">
          <span className="simulated-tag">Simulated</span> “{serp.data.keyword}”: results invented by the offline simulator, not a real
          search.
        </p>
      ) : (
        <p className="hint">
          “{serp.data.keyword}”: {serp.data.total_results.toLocaleString("en")} results, taken {formatDay(serp.data.serp_updated_at)}.
        </p>
      )}
      <ol className="serp-results">
        {serp.data.serp_results.map((result) => {
          const href = simulated ? null : webAddress(result.url);
          return (
            <li key={`${result.position}-${result.url}`} value={result.position}>
              {href ? (
                <a href={href} target="_blank" rel="noreferrer noopener">
                  {result.title || result.url}
                </a>
              ) : (
                <span>{result.title || result.url}</span>
              )}
              <span className="serp-url">{result.url}</span>
              <p>{result.snippet}</p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
