// A finished clustering's results in either view, chosen with a toggle: the clusters grouped
// (each opening to its keywords) or every keyword in the flat table; and the CSV export of every
// keyword, whichever view shows.
import { useState } from "react";
import { fileNameFor, saveFile } from "../ui/download";
import { ClusterGroupsView } from "./cluster-groups-view";
import { ClusterTable } from "./cluster-table";
import { keywordRowsCsv, type KeywordRow } from "./keyword-rows";

const VIEWS = { keywords: "Keywords", clusters: "Clusters" } as const;
type View = keyof typeof VIEWS;

export function ClusterResults({ rows, title }: { rows: readonly KeywordRow[]; title: string }) {
  const [view, setView] = useState<View>("keywords");
  const exportCsv = () => {
    saveFile(fileNameFor(title, "csv"), keywordRowsCsv(rows), "text/csv;charset=utf-8");
  };
  return (
    <div className="cluster-results">
      <div className="cluster-results-bar">
        <fieldset className="view-toggle">
          <legend>Show</legend>
          {(Object.keys(VIEWS) as View[]).map((name) => (
            <label key={name}>
              <input type="radio" name="cluster-view" value={name} checked={view === name} onChange={() => setView(name)} />
              {VIEWS[name]}
            </label>
          ))}
        </fieldset>
        <button type="button" onClick={exportCsv}>
          Export CSV
        </button>
      </div>
      {view === "keywords" ? <ClusterTable rows={rows} /> : <ClusterGroupsView rows={rows} />}
    </div>
  );
}
