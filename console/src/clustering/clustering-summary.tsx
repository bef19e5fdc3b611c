// The facts of a finished clustering: how many keywords and clusters, at which overlap, from
// which SERP data and when.
import { formatDay } from "../ui/format";
import { isSimulated, SimulatedNotice } from "../ui/simulated-notice";
import { percent } from "./overlap-slider";

export interface SummaryFacts {
  keywords: number;
  clusters: number | null;
  overlap: number | null;
  dataSource: string;
  clusteredAt: string | null;
}

export function ClusteringSummary({ facts }: { facts: SummaryFacts }) {
  return (
    <>
      <SimulatedNotice
        dataSource={facts.dataSource}
        shows="The SERP results these keywords were clustered by, and their search volumes, costs per click and competition,"
      />
      <dl className="stats" aria-label="Clustering counts">
        <div>
          <dt>Keywords</dt>
          <dd>{facts.keywords.toLocaleString("en")}</dd>
        </div>
        <div>
          <dt>Clusters</dt>
          <dd>{facts.clusters?.toLocaleString("en") ?? "—"}</dd>
        </div>
        <div>
          <dt>Clustered at overlap</dt>
          <dd>{facts.overlap === null ? "—" : percent(facts.overlap)}</dd>
        </div>
        <div>
          <dt>SERP data</dt>
          <dd>{isSimulated(facts.dataSource) ? "Simulated (offline)" : facts.dataSource}</dd>
        </div>
        <div>
          <dt>Clustered</dt>
          <dd>{facts.clusteredAt ? formatDay(facts.clusteredAt) : "—"}</dd>
        </div>
      </dl>
    </>
  );
}
