// Replacing the brand's topical map with a CSV made with another tool. The file goes to the API
// as it is (Content-Type text/csv); a refusal lists its problems by row number, beside the row's
// cells, and leaves the map as it was. A success says what was read.
import { unwrap } from "@canopy/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type SubmitEvent } from "react";
import { CanopyError, type Schemas } from "../api";
import { useClient } from "../session-context";
import { csvRecords } from "../clustering/csv-read";
import { ErrorNotice } from "../ui/error-notice";
import { JobProgress } from "../ui/job-progress";
import { uploadProblems } from "./upload-problems";
import { UploadProblemsTable } from "./upload-problems-table";
import { ReadOnlyNote, WriteButton } from "../ui/can-write";

type Summary = Schemas["TopicalMapUploadSummary"];

/** The file's data rows: its records after the header, blank lines left out (the API skips them too). */
function dataRowCount(text: string): number {
  return csvRecords(text)
    .slice(1)
    .filter((cells) => cells.some((cell) => cell.trim() !== "")).length;
}

/** A refused upload's field errors, with the file they are about. */
class UploadRefused extends Error {
  constructor(
    readonly file: string,
    override readonly cause: CanopyError,
    readonly text: string,
  ) {
    super(cause.message);
  }
}

export function MapUpload({ brandId, hasMap }: { brandId: string; hasMap: boolean }) {
  const client = useClient();
  const queries = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  // Counted as the upload starts, to say how much the server is reading while it works.
  const [rowCount, setRowCount] = useState<number | null>(null);
  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      const text = await chosen.text();
      setRowCount(dataRowCount(text));
      try {
        const summary = unwrap(
          await client.PUT("/api/v1/maps/{brand_id}/", {
            params: { path: { brand_id: brandId } },
            // The file's text as it is: the API reads CSV itself, and names problems by its rows.
            body: text,
            bodySerializer: (body: unknown) => body as string,
            headers: { "Content-Type": "text/csv" },
          }),
        );
        return { file: chosen.name, summary };
      } catch (error) {
        // The file's text goes with the error, to show each refused row's cells.
        throw error instanceof CanopyError && error.fieldErrors ? new UploadRefused(chosen.name, error, text) : error;
      }
    },
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: ["maps", brandId] });
    },
  });
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (file) upload.mutate(file);
  };
  const refused = upload.error instanceof UploadRefused ? upload.error : null;
  return (
    <form className="map-upload" aria-labelledby="map-upload-title" onSubmit={submit}>
      <h2 id="map-upload-title">Upload a map</h2>
      <p className="hint">
        A CSV made with another tool{hasMap ? " replaces the current map" : ""}: a header row, then one row per keyword. Columns: keyword
        (required), cluster, search_volume, cpc, competition (0 to 1), main_topic, subtopic_2, subtopic_3, subtopic_4. A map exported here
        uploads unchanged.
      </p>
      <div className="map-upload-row">
        <label htmlFor={fileId}>Map CSV file</label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          required
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            upload.reset();
          }}
        />
        <WriteButton scope="maps:write" type="submit" disabled={!file || upload.isPending}>
          {hasMap ? "Upload and replace the map" : "Upload the map"}
        </WriteButton>
      </div>
      <ReadOnlyNote scope="maps:write" />
      {upload.isPending && upload.variables ? (
        // fetch reports no progress of what it sends, and the server's reading is one request:
        // the bar is busy, not measured, until the answer comes.
        <JobProgress
          message={`Uploading ${upload.variables.name}${rowCount === null ? "" : ` (${rowCount.toLocaleString("en")} rows)`}: the server checks every row, then ${hasMap ? "replaces the map" : "writes the map"}…`}
        />
      ) : null}
      {upload.data ? <UploadSummary file={upload.data.file} summary={upload.data.summary} /> : null}
      {refused ? (
        <UploadProblemsTable file={refused.file} problems={uploadProblems(refused.cause.fieldErrors ?? {}, refused.text)} />
      ) : null}
      {upload.error && !refused ? <ErrorNotice error={upload.error} /> : null}
    </form>
  );
}

function UploadSummary({ file, summary }: { file: string; summary: Summary }) {
  const duplicates = summary.duplicates_ignored;
  return (
    <p className="notice notice-done" role="status">
      Uploaded {file}: {summary.keyword_count.toLocaleString("en")} keywords in {summary.cluster_count.toLocaleString("en")} clusters, from{" "}
      {summary.rows_read.toLocaleString("en")} rows
      {duplicates > 0 ? ` (${duplicates.toLocaleString("en")} repeated keyword${duplicates === 1 ? "" : "s"} ignored)` : ""}.
    </p>
  );
}
