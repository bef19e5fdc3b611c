// What a brand clustering needs of the brand's topical map: its rows, built from the clusters
// outside the completing transaction, and their writing inside it. The maps module provides it
// (maps/clustering-map.ts) and the job registry (src/jobs.ts) hands it over at start-up, so that
// clustering imports nothing of maps, which stands on clustering's reports and SERPs.
import type { HasDb } from "../../platform/db/transaction";
import type { TaskContext } from "../../platform/tasks/define-task";
import type { Cluster } from "./engine-types";
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
  rows(ctx: TaskContext, report: ReportRow & { brandId: string }, clusters: readonly Cluster[], byKeyword: ReadonlyMap<string, SerpRow>): Promise<unknown[]>;
  /** Writes them as the brand's map, in the caller's transaction. */
  write(tx: HasDb, source: BrandMapSource, clusterCount: number, rows: readonly unknown[]): Promise<void>;
}

let writer: BrandMapWriter | null = null;

/** Hands clustering the map writer (src/jobs.ts does, once). */
export function useBrandMapWriter(mapWriter: BrandMapWriter): void {
  writer = mapWriter;
}

export function brandMapWriter(): BrandMapWriter {
  if (!writer) throw new Error("no topical map writer: src/jobs.ts hands one to clustering at start-up");
  return writer;
}
