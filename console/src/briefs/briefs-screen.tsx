// The workspace's briefs (standalone and authority), filtered by status and searched by query or
// title, newest first; a new one is generated from a query in a dialog. Given a brand, only that
// brand's briefs, under its tabs.
import { unwrap } from "@canopy/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { Link } from "wouter";
import { useClient } from "../session-context";
import { Dialog } from "../ui/dialog";
import { BrandHeader } from "../ui/brand-tabs";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";
import { formatDay } from "../ui/format";
import { BRIEF_STATUSES, STATUS_TEXT, WORKING, type BriefStatus } from "./brief-status";
import { NewBriefForm } from "./new-brief-form";
import "./briefs.css";
import { ColumnHeads } from "../ui/column-heads";
import { ReadOnlyNote, WriteButton } from "../ui/can-write";
import { TableRegion } from "../ui/table-region";

// The API also takes ERROR, which is FAILED under another name: offered once, as Failed.
type StatusFilter = BriefStatus | "IN_PROGRESS" | "";

export function BriefsScreen({ brandId }: { brandId?: string }) {
  const client = useClient();
  const brand = useQuery({
    queryKey: ["brands", "detail", brandId],
    queryFn: async () => unwrap(await client.GET("/api/v1/brands/{id}/", { params: { path: { id: brandId ?? "" } } })),
    enabled: brandId !== undefined,
  });
  const [status, setStatus] = useState<StatusFilter>("");
  const [search, setSearch] = useState("");
  const [creating, setCreating] = useState(false);
  const deferredSearch = useDeferredValue(search.trim());
  const query = {
    ...(brandId ? { brand_id: brandId } : {}),
    ...(status ? { status } : {}),
    ...(deferredSearch ? { search: deferredSearch } : {}),
  };
  const briefs = useQuery({
    queryKey: ["briefs", "list", query],
    queryFn: async () => unwrap(await client.GET("/api/v1/briefs/", { params: { query } })),
    placeholderData: keepPreviousData,
    // While a listed brief is being written, its status is read again every few seconds.
    refetchInterval: (q) => (q.state.data?.some((brief) => WORKING.has(brief.status)) ? 3000 : false),
  });

  return (
    <section aria-labelledby="briefs-title">
      {brandId ? <BrandHeader brandId={brandId} brandName={brand.data?.brand_name} /> : null}
      <div className="screen-head">
        <h1 id="briefs-title">Briefs</h1>
        <WriteButton scope="briefs:write" onClick={() => setCreating(true)}>
          New brief
        </WriteButton>
      </div>
      <ReadOnlyNote scope="briefs:write" />
      <fieldset className="filters" aria-label="Brief filters">
        <label>
          Status
          <select value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)}>
            <option value="">Any status</option>
            <option value="IN_PROGRESS">In progress</option>
            {BRIEF_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_TEXT[value].label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Search briefs
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
      </fieldset>
      {briefs.error ? <ErrorNotice error={briefs.error} retry={briefs} /> : null}
      {briefs.isLoading ? <Loading label="Loading the briefs" /> : null}
      {briefs.data && briefs.data.length === 0 ? (
        <p className="empty">{status || deferredSearch ? "No brief matches." : "No briefs yet: generate the first one from a query."}</p>
      ) : null}
      {briefs.data && briefs.data.length > 0 ? (
        <TableRegion label="Briefs">
          <table className="table" aria-label="Briefs" aria-busy={briefs.isPlaceholderData}>
            <ColumnHeads columns={["Brief", "Brand", "Status", "Created"]} />
            <tbody>
              {briefs.data.map((brief) => (
                <tr key={brief.id}>
                  <td>
                    <Link href={`/briefs/${brief.id}`}>{brief.generated_title || brief.query_text}</Link>
                    {brief.generated_title ? <span className="hint brief-row-query">{brief.query_text}</span> : null}
                  </td>
                  <td>
                    {brief.brand_name}
                    {brief.topic_node ? <span className="hint"> · authority</span> : null}
                  </td>
                  <td>{STATUS_TEXT[brief.status].label}</td>
                  <td>{formatDay(brief.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      <Dialog title="Generate a brief" open={creating} onClose={() => setCreating(false)}>
        <NewBriefForm onCancel={() => setCreating(false)} />
      </Dialog>
    </section>
  );
}
