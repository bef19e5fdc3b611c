// What a brand clustering needs of the brand's topical map: its rows, built from the clusters
// outside the completing transaction, and their writing inside it. The maps module provides it
// (maps/clustering-map.ts) and the manifest (src/app/modules.ts) hands it to clustering's task
// when it mounts the module, so that clustering imports nothing of maps, which stands on
// clustering's reports and SERPs.
import type { HasDb } from "../../platform/db/transaction";
import type { TaskContext } from "../../platform/tasks/define-task";
import type { Cluster } from "./engine/types";
import type { ReportRow, SerpRow } from "./table";

/** Where a map comes from, as the map records it. */
interface BrandMapSource {
  brandId: string;
  workspaceId: string;
  reportId: string | null;
  isUploaded: boolean;
  dataSource: string;
}

export interface BrandMapWriter {
  /** The map's rows (opaque to clustering) for a brand report's clusters and stored SERPs. */
  rows(
    ctx: TaskContext,
    report: ReportRow & { brandId: string },
    clusters: readonly Cluster[],
    byKeyword: ReadonlyMap<string, SerpRow>,
  ): Promise<unknown[]>;
  /** Writes them as the brand's map, in the caller's transaction. */
  write(tx: HasDb, source: BrandMapSource, clusterCount: number, rows: readonly unknown[]): Promise<void>;
}

/** What clustering needs of other modules: the manifest (src/app/modules.ts) hands it over. */
export interface ClusteringNeeds {
  brandMapWriter: BrandMapWriter;
}
