// The topical map a brand clustering writes when it completes: its rows, built from the clusters,
// the stored SERPs, the tree positions and the brand's site and name, and their writing as the
// brand's map. Handed to clustering by the manifest (src/app/modules.ts, clustering/brand-map.ts).
import type { BrandMapWriter } from "../clustering";
import { findTaskBrand } from "../brands";
import { siteDomain } from "./brand-presence";
import { buildMapRows, type MapKeywordRow } from "./map-rows";
import { writeTopicalMap } from "./writer";

export const clusteringMapWriter: BrandMapWriter = {
  async rows(ctx, report, clusters, byKeyword) {
    // Who the map looks for in the SERPs: the brand's site and name as they are now.
    const brand = await findTaskBrand(ctx, report.brandId);
    return buildMapRows(clusters, byKeyword, report.treePositions ?? {}, { domain: siteDomain(brand.websiteUrl), name: brand.brandName });
  },
  write: (tx, source, clusterCount, rows) => writeTopicalMap(tx, source, clusterCount, rows as readonly MapKeywordRow[]),
};
