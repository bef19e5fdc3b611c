// Starting a standalone clustering: a name, the keywords (pasted one per line, or read from a
// .txt or .csv file into the same box, where they can still be edited), where to search from,
// and the overlap. The cost is counted as the API will charge it (1 credit per started 10 unique
// keywords) and confirmed before anything is spent; on 202 the report opens with its progress.
import { unwrap } from "@canopy/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState, type ChangeEvent, type SubmitEvent } from "react";
import { useLocation } from "wouter";
import { useClient } from "../session-context";
import { clusteringCost } from "../costs";
import { keywordLines, keywordsOfFile, MAX_KEYWORDS, uniqueKeywords } from "./keywords-input";
import { LocaleFields } from "./locale-fields";
import { DEFAULT_OVERLAP, OverlapSlider } from "./overlap-slider";
import { ConfirmCost } from "../ui/confirm-cost";
import { ReadOnlyNote, WriteButton } from "../ui/can-write";

const credits = (n: number) => `${n.toLocaleString("en")} credit${n === 1 ? "" : "s"}`;

export function NewReportForm() {
  const client = useClient();
  const queries = useQueryClient();
  const [, navigate] = useLocation();
  const ids = { name: useId(), keywords: useId(), file: useId(), count: useId() };
  const [name, setName] = useState("");
  const [text, setText] = useState("");
  const [country, setCountry] = useState("us");
  const [language, setLanguage] = useState("en");
  const [overlap, setOverlap] = useState(DEFAULT_OVERLAP);
  const [fileNote, setFileNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const keywords = useMemo(() => uniqueKeywords(keywordLines(text)), [text]);
  const cost = clusteringCost(keywords.length);

  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await client.POST("/api/v1/clustering/", {
          body: { report_name: name.trim(), keywords, country: country.trim(), language: language.trim(), overlap_percentage: overlap },
        }),
      ),
    onSuccess: async (started) => {
      await queries.invalidateQueries({ queryKey: ["clustering", "list"] });
      await queries.invalidateQueries({ queryKey: ["me", "credits"] });
      navigate(`/clustering/${started.id}`);
    },
  });

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const read = keywordsOfFile(file.name, await file.text());
    setText(read.join("\n"));
    setFileNote(`Read ${read.length.toLocaleString("en")} keywords from ${file.name}.`);
    setConfirming(false);
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    create.reset();
    if (keywords.length === 0) setProblem("Give at least one keyword.");
    else if (keywords.length > MAX_KEYWORDS)
      setProblem(
        `At most ${MAX_KEYWORDS.toLocaleString("en")} keywords per clustering; this list has ${keywords.length.toLocaleString("en")}.`,
      );
    else {
      setProblem(null);
      setConfirming(true);
    }
  };

  return (
    <form className="form cluster-form" aria-labelledby="new-report-title" onSubmit={submit}>
      <h2 id="new-report-title">New clustering</h2>
      <div className="field">
        <label htmlFor={ids.name}>Report name</label>
        <input id={ids.name} required maxLength={255} value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.keywords}>Keywords, one per line</label>
        <textarea
          id={ids.keywords}
          rows={8}
          value={text}
          aria-describedby={ids.count}
          onChange={(event) => {
            setText(event.target.value);
            setConfirming(false);
          }}
        />
        <p id={ids.count} className="hint">
          {keywords.length.toLocaleString("en")} unique keywords: {credits(cost)}.
        </p>
      </div>
      <div className="field">
        <label htmlFor={ids.file}>Or read keywords from a file (.txt, one per line, or .csv, first column)</label>
        <input id={ids.file} type="file" accept=".txt,.csv,text/plain,text/csv" onChange={(event) => void readFile(event)} />
        {fileNote ? (
          <p className="hint" role="status">
            {fileNote}
          </p>
        ) : null}
      </div>
      <LocaleFields country={country} language={language} onCountry={setCountry} onLanguage={setLanguage} />
      <OverlapSlider label="Overlap" value={overlap} onChange={setOverlap} />
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="buttons start">
        <WriteButton scope="clustering:write" type="submit">
          Cluster keywords
        </WriteButton>
      </div>
      <ReadOnlyNote scope="clustering:write" />
      {confirming ? (
        <ConfirmCost
          label="Confirm clustering"
          action={`Cluster for ${credits(cost)}`}
          onConfirm={() => create.mutate()}
          onCancel={() => setConfirming(false)}
          disabled={create.isPending}
          error={create.error}
        >
          <p>
            Clustering {keywords.length.toLocaleString("en")} keywords costs {credits(cost)} (1 credit per started 10 keywords). The credits
            are refunded if it fails.
          </p>
        </ConfirmCost>
      ) : null}
    </form>
  );
}
