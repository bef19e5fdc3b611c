// The audit log of the user's keys: every request, most recent first, filtered by key, method,
// status and endpoint, a page at a time. Filters apply as they are chosen; a filter change starts
// again at the first page.
import { unwrap } from "@canopy/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";
import { formatMoment } from "../ui/format";
import { ColumnHeads } from "../ui/column-heads";
import { TableRegion } from "../ui/table-region";

const PAGE_SIZE = 25;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

interface Filters {
  keyId: string;
  method: string;
  status: string;
  endpoint: string;
}

export function AuditLogPanel() {
  const client = useClient();
  const keys = useQuery({ queryKey: ["keys"], queryFn: async () => unwrap(await client.GET("/api/v1/keys/")) });
  const [filters, setFilters] = useState<Filters>({ keyId: "", method: "", status: "", endpoint: "" });
  const [page, setPage] = useState(1);
  const endpoint = useDeferredValue(filters.endpoint.trim());
  const status = /^\d{3}$/.test(filters.status) ? Number(filters.status) : undefined;
  const query = {
    page: String(page),
    page_size: String(PAGE_SIZE),
    ...(filters.keyId ? { api_key_id: filters.keyId } : {}),
    ...(filters.method ? { method: filters.method } : {}),
    ...(status !== undefined ? { status_code: status } : {}),
    ...(endpoint ? { endpoint } : {}),
  };
  const log = useQuery({
    queryKey: ["audit", query],
    queryFn: async () => unwrap(await client.GET("/api/v1/me/audit-logs/", { params: { query } })),
    placeholderData: keepPreviousData,
  });
  const change = (patch: Partial<Filters>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };
  const pages = log.data ? Math.max(1, Math.ceil(log.data.count / PAGE_SIZE)) : 1;

  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      <fieldset className="filters" aria-label="Audit log filters">
        <label>
          Key
          <select value={filters.keyId} onChange={(event) => change({ keyId: event.target.value })}>
            <option value="">Any key</option>
            {(keys.data ?? []).map((key) => (
              <option key={key.id} value={key.id}>
                {key.name} ({key.prefix}…)
              </option>
            ))}
          </select>
        </label>
        <label>
          Method
          <select value={filters.method} onChange={(event) => change({ method: event.target.value })}>
            <option value="">Any method</option>
            {METHODS.map((method) => (
              <option key={method}>{method}</option>
            ))}
          </select>
        </label>
        <label>
          Status
          <input
            inputMode="numeric"
            maxLength={3}
            placeholder="e.g. 404"
            value={filters.status}
            onChange={(event) => change({ status: event.target.value.trim() })}
          />
        </label>
        <label>
          Endpoint contains
          <input value={filters.endpoint} placeholder="/brands/" onChange={(event) => change({ endpoint: event.target.value })} />
        </label>
      </fieldset>
      {log.error ? <ErrorNotice error={log.error} retry={log} /> : null}
      {log.isLoading ? <Loading label="Loading the audit log" /> : null}
      {log.data ? (
        <>
          <p className="hint" aria-live="polite">
            {log.data.count === 0 ? "No request matches." : `${log.data.count.toLocaleString("en")} requests; page ${page} of ${pages}.`}
          </p>
          <TableRegion label="Audit log">
            <table className="table" aria-busy={log.isPlaceholderData}>
              <ColumnHeads columns={["When", "Key", "Method", "Endpoint", "Status", "Time", "Address"]} />
              <tbody>
                {log.data.results.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatMoment(entry.timestamp)}</td>
                    <td>{entry.api_key_name}</td>
                    <td>{entry.method}</td>
                    <td className="mono">{entry.endpoint}</td>
                    <td>{entry.status_code}</td>
                    <td>{entry.response_time_ms} ms</td>
                    <td className="mono">{entry.ip_address}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <nav className="buttons start pager" aria-label="Audit log pages">
            <button type="button" disabled={!log.data.previous} onClick={() => setPage(page - 1)}>
              Previous page
            </button>
            <button type="button" disabled={!log.data.next} onClick={() => setPage(page + 1)}>
              Next page
            </button>
          </nav>
        </>
      ) : null}
    </section>
  );
}
