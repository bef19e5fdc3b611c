// A brand's topical map: its keyword clusters with search metrics and the SERP-derived fields,
// as its last brand clustering (or upload) wrote them, in the virtual table; "No map yet" when
// it has none. A CSV made elsewhere can replace it (refused rows are shown by number), and the
// map exports as the API's CSV.
import { unwrap } from "@canopy/client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Link } from "wouter";
import { useClient } from "../session-context";
import { BrandHeader } from "../ui/brand-tabs";
import { ErrorNotice } from "../ui/error-notice";
import { SimulatedNotice } from "../ui/simulated-notice";
import { Loading } from "../ui/loading";
import { formatDay } from "../ui/format";
import { VirtualTable } from "../ui/virtual-table";
import { exportMapCsv } from "./map-export";
import { MAP_COLUMNS, mapRows } from "./map-rows";
import { MapUpload } from "./map-upload";
import "./topical-map.css";

export function TopicalMapScreen({ brandId }: { brandId: string }) {
  const client = useClient();
  const brand = useQuery({
    queryKey: ["brands", "detail", brandId],
    queryFn: async () => unwrap(await client.GET("/api/v1/brands/{id}/", { params: { path: { id: brandId } } })),
  });
  const map = useQuery({
    queryKey: ["maps", brandId],
    queryFn: async () => {
      const answer = await client.GET("/api/v1/maps/{brand_id}/", { params: { path: { brand_id: brandId } } });
      // No map yet is a state of the brand, not an error.
      if (answer.status === 404) return null;
      return unwrap(answer);
    },
  });
  const rows = useMemo(() => mapRows(map.data?.clusters ?? []), [map.data]);
  const brandName = brand.data?.brand_name ?? map.data?.brand_name ?? "Brand";
  const exportCsv = useMutation({ mutationFn: () => exportMapCsv(client, brandId, brandName) });
  const data = map.data;

  return (
    <section aria-labelledby="map-title" className="topical-map">
      <BrandHeader brandId={brandId} brandName={brandName} />
      <h1 id="map-title">Topical map</h1>
      {map.error ? <ErrorNotice error={map.error} retry={map} /> : null}
      {map.isLoading ? <Loading label="Loading the topical map" /> : null}
      {data === null ? (
        <p className="empty">
          No map yet: <Link href={`/brands/${brandId}/clustering`}>cluster the brand's research</Link>, or upload a map below.
        </p>
      ) : null}
      {data ? (
        <>
          <SimulatedNotice
            dataSource={data._meta.data_source}
            shows="The search volumes, costs per click, competition and SERP features of this map"
          />
          <dl className="stats" aria-label="Map counts">
            <div>
              <dt>Clusters</dt>
              <dd>{data.cluster_count.toLocaleString("en")}</dd>
            </div>
            <div>
              <dt>Keywords</dt>
              <dd>{rows.length.toLocaleString("en")}</dd>
            </div>
            <div>
              <dt>Made by</dt>
              <dd>{data.is_uploaded ? "Upload" : "Brand clustering"}</dd>
            </div>
            <div>
              <dt>Written</dt>
              <dd>{formatDay(data.updated_at)}</dd>
            </div>
          </dl>
          {exportCsv.error ? <ErrorNotice error={exportCsv.error} /> : null}
          <VirtualTable
            label="Topical map keywords"
            rows={rows}
            columns={MAP_COLUMNS}
            rowKey={(row) => row.keyword}
            noun={["keyword", "keywords"]}
            filterLabel="Filter keywords"
            minWidth="75rem"
            rowClassName={(row) => (row.sort_order === 0 ? "centroid-row" : undefined)}
            toolbar={
              <button type="button" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
                Export CSV
              </button>
            }
          />
        </>
      ) : null}
      {map.isSuccess ? <MapUpload brandId={brandId} hasMap={data !== null} /> : null}
    </section>
  );
}
