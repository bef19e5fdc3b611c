// A brief generated from a query: the brand it is for, the model, whether it stops for an
// outline review, the ranking pages it is written from (or the SERP data the brand's topical map
// holds for the query) and keywords to work in. Its cost is confirmed before it is charged; it
// can also be saved as a draft for free. Either way the new brief opens.
import { CanopyError, unwrap } from "@canopy/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type SubmitEvent } from "react";
import { useLocation } from "wouter";
import type { Schemas } from "../api";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";
import { BRIEF_CREDITS } from "./brief-status";
import { ModelSelect } from "./model-select";
import { keywordList, MAX_SERP_ENTRIES, serpEntries } from "./serp-lines";
import { ConfirmCost } from "../ui/confirm-cost";
import { WriteButton } from "../ui/can-write";

export function NewBriefForm({ onCancel }: { onCancel: () => void }) {
  const client = useClient();
  const queries = useQueryClient();
  const [, navigate] = useLocation();
  const brands = useQuery({
    queryKey: ["brands", ""],
    queryFn: async () => unwrap(await client.GET("/api/v1/brands/", { params: { query: {} } })),
  });
  const [query, setQuery] = useState("");
  const [brandId, setBrandId] = useState("");
  const [model, setModel] = useState("");
  const [interactive, setInteractive] = useState(true);
  const [serp, setSerp] = useState("");
  const [keywords, setKeywords] = useState("");
  const [confirming, setConfirming] = useState(false);
  const ids = { query: useId(), brand: useId(), serp: useId(), serpHint: useId(), keywords: useId() };
  const chosenBrand = brandId || brands.data?.[0]?.id || "";

  const body = (): Schemas["CreateBriefRequest"] => {
    const entries = serpEntries(serp);
    const words = keywordList(keywords);
    return {
      query_text: query.trim(),
      brand_id: chosenBrand,
      interactive,
      ...(model ? { ai_model_id: model } : {}),
      ...(entries.length > 0 ? { selected_serp_data: entries } : {}),
      ...(words.length > 0 ? { user_provided_keywords: words } : {}),
    };
  };
  const opened = async (id: string) => {
    await queries.invalidateQueries({ queryKey: ["briefs"] });
    await queries.invalidateQueries({ queryKey: ["me", "credits"] });
    navigate(`/briefs/${id}`);
  };
  const generate = useMutation({
    mutationFn: async () => unwrap(await client.POST("/api/v1/briefs/generate/", { body: body() })),
    onSuccess: (started) => opened(started.id),
  });
  // A query outside the brand's map has no SERP data: fetch the query's results for the brand,
  // then generate (the strategist has already confirmed the cost).
  const fetchSerp = useMutation({
    mutationFn: async () =>
      unwrap(await client.POST("/api/v1/briefs/serp-data/", { body: { brand_id: chosenBrand, query_text: query.trim() } })),
    onSuccess: () => generate.mutate(),
  });
  const needsSerp =
    generate.error instanceof CanopyError && generate.error.status === 400 && /^No SERP data/.test(generate.error.detail ?? "");
  const draft = useMutation({
    mutationFn: async () => unwrap(await client.POST("/api/v1/briefs/", { body: body() })),
    onSuccess: (made) => opened(made.id),
  });

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    generate.reset();
    setConfirming(true);
  };
  const tooMany = serpEntries(serp).length > MAX_SERP_ENTRIES;

  return (
    <form className="form" aria-label="Generate a brief" onSubmit={submit}>
      <div className="field">
        <label htmlFor={ids.query}>Query</label>
        <input
          id={ids.query}
          value={query}
          required
          maxLength={200}
          placeholder="how to dial in espresso"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.brand}>Brand</label>
        <select id={ids.brand} value={chosenBrand} required onChange={(event) => setBrandId(event.target.value)}>
          {(brands.data ?? []).map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.brand_name}
            </option>
          ))}
        </select>
        {brands.data?.length === 0 ? <p className="field-error">Create a brand first: a brief is written for one of your brands.</p> : null}
        {brands.error ? <ErrorNotice error={brands.error} /> : null}
      </div>
      <ModelSelect value={model} onChange={setModel} />
      <label className="check">
        <input type="checkbox" checked={interactive} onChange={(event) => setInteractive(event.target.checked)} />
        <span>Stop for an outline review before writing the rest</span>
      </label>
      <div className="field">
        <label htmlFor={ids.serp}>Ranking pages (one a line: the URL, then optionally its title)</label>
        <textarea id={ids.serp} rows={4} value={serp} aria-describedby={ids.serpHint} onChange={(event) => setSerp(event.target.value)} />
        <p className="hint" id={ids.serpHint}>
          At most {MAX_SERP_ENTRIES}. Left empty, the SERP data the brand's topical map holds for this query is used, or the query's own
          search results, which canopy offers to fetch when it has none.
        </p>
        {tooMany ? <p className="field-error">Keep it to {MAX_SERP_ENTRIES} pages.</p> : null}
      </div>
      <div className="field">
        <label htmlFor={ids.keywords}>Keywords to work in (separated by commas)</label>
        <input id={ids.keywords} value={keywords} onChange={(event) => setKeywords(event.target.value)} />
      </div>
      {draft.error ? <ErrorNotice error={draft.error} /> : null}
      {confirming ? (
        <ConfirmCost
          label="Confirm generation"
          action={`Generate for ${BRIEF_CREDITS} credits`}
          cancel="Back"
          onConfirm={() => generate.mutate()}
          onCancel={() => setConfirming(false)}
          disabled={generate.isPending}
          error={generate.error}
        >
          <p>
            Generating this brief costs {BRIEF_CREDITS} credits. The credits are refunded if it fails; resuming after the outline review is
            free.
          </p>
          {needsSerp ? (
            <fieldset className="serp-offer" aria-label="No search results yet">
              <p>
                canopy has no search results for <strong>{query.trim()}</strong> yet. It can fetch them for this brand (free of credits),
                then write the brief from them.
              </p>
              <WriteButton scope="briefs:write" disabled={fetchSerp.isPending || generate.isPending} onClick={() => fetchSerp.mutate()}>
                {fetchSerp.isPending ? "Fetching the search results…" : "Fetch the search results, then generate"}
              </WriteButton>
              {fetchSerp.error ? <ErrorNotice error={fetchSerp.error} /> : null}
            </fieldset>
          ) : null}
        </ConfirmCost>
      ) : (
        <div className="buttons">
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <WriteButton
            scope="briefs:write"
            disabled={draft.isPending || !query.trim() || !chosenBrand || tooMany}
            onClick={() => draft.mutate()}
          >
            Save as draft
          </WriteButton>
          <WriteButton scope="briefs:write" type="submit" disabled={!chosenBrand || tooMany}>
            Generate brief…
          </WriteButton>
        </div>
      )}
    </form>
  );
}
