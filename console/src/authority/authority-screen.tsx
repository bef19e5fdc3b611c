// A brand's topical authority: the Visual Map of its hierarchy coloured by the chosen figure, the
// details of the node picked on it or in the planner, and the planner table with its filters and
// publish toggles. The hierarchy is the brand's research tree joined with its topical map; a brand
// without a map is told how to get one.
import { unwrap } from "@canopy/client";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "wouter";
import { useClient } from "../session-context";
import { BrandHeader } from "../ui/brand-tabs";
import { ErrorNotice } from "../ui/error-notice";
import { SimulatedNotice } from "../ui/simulated-notice";
import { Loading } from "../ui/loading";
import { authorityTree, type AuthorityNode } from "./authority-model";
import "./authority.css";
import { COLOUR_BY, type ColourBy } from "./map-colours";
import { NodeDetails } from "./node-details";
import { PlannerTable } from "./planner-table";
import { hierarchyKey, usePublishToggle } from "./publish";
import { VisualMap } from "./visual-map";
import { ReadOnlyNote } from "../ui/can-write";

const COLOURINGS = Object.keys(COLOUR_BY) as ColourBy[];

export function AuthorityScreen({ brandId }: { brandId: string }) {
  const client = useClient();
  const brand = useQuery({
    queryKey: ["brands", "detail", brandId],
    queryFn: async () => unwrap(await client.GET("/api/v1/brands/{id}/", { params: { path: { id: brandId } } })),
  });
  const hierarchy = useQuery({
    queryKey: hierarchyKey(brandId),
    queryFn: async () => {
      const answer = await client.GET("/api/v1/authority/{brand_id}/", { params: { path: { brand_id: brandId } } });
      // No map yet is a state of the brand, not an error.
      if (answer.status === 404) return null;
      return unwrap(answer);
    },
  });
  const nodes = hierarchy.data?.hierarchy;
  // Built again when a publish toggle changes the nodes: the map is coloured by their figures.
  const roots = useMemo(() => authorityTree(nodes ?? []), [nodes]);
  const [colourBy, setColourBy] = useState<ColourBy>("priority");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = nodes?.find((node) => node.node_id === selectedId) ?? null;
  const publish = usePublishToggle(brandId);
  const { mutate: toggle } = publish;
  const onPublish = useCallback((node: AuthorityNode, published: boolean) => toggle({ nodeId: node.node_id, published }), [toggle]);
  const onSelect = useCallback((node: AuthorityNode) => setSelectedId(node.node_id), []);

  // Picking a node (on the map or in the planner) takes the focus to its details, so that
  // keyboard and screen-reader users land where the answer is.
  const detailsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (selectedId) detailsRef.current?.querySelector("h2")?.focus();
  }, [selectedId]);

  const published = nodes?.filter((node) => node.published).length ?? 0;

  return (
    <section aria-labelledby="authority-title">
      <BrandHeader brandId={brandId} brandName={brand.data?.brand_name} />
      <h1 id="authority-title">Authority</h1>
      <ReadOnlyNote scope="authority:write" />
      {hierarchy.error ? <ErrorNotice error={hierarchy.error} retry={hierarchy} /> : null}
      {hierarchy.isLoading ? <Loading label="Loading the authority view" /> : null}
      {publish.error ? <ErrorNotice error={publish.error} /> : null}
      {hierarchy.data === null ? (
        <p className="empty">
          No topical map yet: run the <Link href={`/brands/${brandId}/clustering`}>brand clustering</Link> on its research, or upload a map
          on the <Link href={`/brands/${brandId}/map`}>topical map</Link> screen.
        </p>
      ) : null}
      {nodes ? (
        <>
          <SimulatedNotice
            dataSource={hierarchy.data?._meta.data_source}
            shows="The search volumes, rankings, SERP results and AI-search presence on this screen"
          />
          <p className="hint" aria-live="polite">
            {nodes.length.toLocaleString("en")} nodes, {published.toLocaleString("en")} published.
          </p>
          <label className="colour-by">
            Colour by
            <select value={colourBy} onChange={(event) => setColourBy(event.target.value as ColourBy)}>
              {COLOURINGS.map((name) => (
                <option key={name} value={name}>
                  {COLOUR_BY[name]}
                </option>
              ))}
            </select>
          </label>
          <div className={selected ? "authority-layout with-details" : "authority-layout"}>
            <VisualMap roots={roots} colourBy={colourBy} selectedId={selectedId} onSelect={onSelect} />
            {selected ? (
              <div ref={detailsRef}>
                <NodeDetails
                  brandId={brandId}
                  node={selected}
                  onPublish={(value) => onPublish(selected, value)}
                  onClose={() => setSelectedId(null)}
                />
              </div>
            ) : null}
          </div>
          <PlannerTable hierarchy={nodes} onSelect={onSelect} onPublish={onPublish} />
        </>
      ) : null}
    </section>
  );
}
