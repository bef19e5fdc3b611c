// One article: its drafting followed section by section while it runs (polling GET .../status/,
// so a reload finds it where it is), then its text rendered from Markdown, its downloads, a
// regeneration with its cost confirmed, its versions, its editorial state and its title; its
// content score, and the writer's own text for its sections, scored as it is typed.
import { unwrap } from "@canopy/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";
import { WriteButton } from "../ui/can-write";
import { ArticleBody } from "./article-body";
import { ArticleDetails } from "./article-details";
import { ArticleDownloads } from "./article-downloads";
import { ArticleProgress } from "./article-progress";
import { editorialLabel, MACHINE_TEXT } from "./article-states";
import { EditorialState } from "./editorial-state";
import { liveScore } from "./content-score";
import { Regenerate } from "./regenerate";
import { ScorePanel } from "./score-panel";
import { SectionEditor } from "./section-editor";
import { SkeletonNotice } from "./skeleton-notice";
import { ContentWarnings } from "../ui/content-warnings";
import { SpecialistNotes } from "./specialist-notes";
import { VersionsPanel } from "./versions-panel";
import "./articles.css";

export function ArticleDetail({ id }: { id: string }) {
  // Keyed by the id: another article's address starts afresh, with none of this one's edits or answers.
  return <ArticleView key={id} id={id} />;
}

function ArticleView({ id }: { id: string }) {
  const client = useClient();
  const params = { params: { path: { id } } };
  const status = useQuery({
    queryKey: ["articles", id, "status"],
    queryFn: async () => unwrap(await client.GET("/api/v1/content/articles/{id}/status/", params)),
    // Asked again every second while a drafting runs.
    refetchInterval: (query) => (query.state.data?.machine_state === "in_progress" ? 1000 : false),
  });
  const progress = status.data;
  const article = useQuery({
    // Keyed by the progress: each section drafted reads the article again, with its text.
    queryKey: [
      "articles",
      id,
      "detail",
      progress?.machine_state,
      progress?.sections_approved,
      progress?.sections_needs_attention,
      progress?.sections_drafting,
      progress?.specialists_complete,
    ],
    queryFn: async () => unwrap(await client.GET("/api/v1/content/articles/{id}/", params)),
    enabled: progress !== undefined,
    placeholderData: keepPreviousData,
  });
  const data = article.data;
  const drafting = progress?.machine_state === "in_progress";
  // The text being edited, by section id, before it is saved: the score is computed on it.
  const [editing, setEditing] = useState(false);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const score = useMemo(() => (data ? liveScore(data, edits) : null), [data, edits]);
  const edit = (sectionId: string, text: string) => setEdits((current) => ({ ...current, [sectionId]: text }));
  const closeEditor = () => {
    setEditing(false);
    setEdits({});
  };

  return (
    <section aria-labelledby="article-title" className="article-screen">
      <p className="crumbs">
        <Link href="/articles">Articles</Link>
        {data ? ` › ${data.title}` : null}
      </p>
      <h1 id="article-title">{data?.title || "Article"}</h1>
      {status.error ? <ErrorNotice error={status.error} retry={status} /> : null}
      {article.error ? <ErrorNotice error={article.error} retry={article} /> : null}
      {status.isLoading || article.isLoading ? <Loading label="Loading the article" /> : null}
      {data ? (
        <>
          <dl className="stats" aria-label="About this article">
            <div>
              <dt>Drafting</dt>
              <dd>{MACHINE_TEXT[progress?.machine_state ?? data.machine_state]}</dd>
            </div>
            <div>
              <dt>Editorial state</dt>
              <dd>{editorialLabel(data.editorial_state)}</dd>
            </div>
            <div>
              <dt>Version</dt>
              <dd>{data.version}</dd>
            </div>
            <div>
              <dt>Brand</dt>
              <dd>{data.brand_name}</dd>
            </div>
            {data.brief_id ? (
              <div>
                <dt>Written from</dt>
                <dd>
                  <Link href={`/briefs/${data.brief_id}`}>its brief</Link>
                </dd>
              </div>
            ) : null}
          </dl>
          {/* A skeleton says what it is above its sections, in place of the API's note. */}
          {data._meta.note && data.draft_kind !== "skeleton" ? <p className="notice article-note">{data._meta.note}</p> : null}
          {progress?.failure ? (
            <div className="notice notice-error" role="alert" aria-label="Drafting failed">
              <p>
                {progress.failure.will_retry
                  ? "The last try failed; the drafting is tried again by itself."
                  : "The drafting failed, and its credits were refunded. Sections drafted before it stay."}
              </p>
              <p>{progress.failure.error}</p>
            </div>
          ) : null}
          <div className="buttons start article-actions">
            <Regenerate article={data} busy={drafting} />
            <ArticleDownloads id={id} title={data.title} />
          </div>
          <ArticleProgress status={progress} sections={data.sections} />
          <ContentWarnings warnings={data.warnings} />
          {score ? <ScorePanel score={score} edited={Object.keys(edits).length > 0} /> : null}
          {editing ? (
            <SectionEditor article={data} edits={edits} onEdit={edit} onDone={closeEditor} busy={drafting} />
          ) : (
            <div className="buttons start">
              <WriteButton scope="content:write" type="button" disabled={drafting} onClick={() => setEditing(true)}>
                Edit the text
              </WriteButton>
            </div>
          )}
          {data.machine_state !== "ready" ? (
            <article className="article-part article-view" aria-labelledby="article-title">
              <SkeletonNotice kind={data.draft_kind} />
              <ArticleBody sections={data.sections} specialistResults={data.specialist_results} />
            </article>
          ) : null}
          <SpecialistNotes names={data.specialists} results={data.specialist_results} />
          <EditorialState article={data} />
          {/* Keyed by what it edits: a saved or redrafted title shows as the API holds it. */}
          <ArticleDetails key={`${data.version}:${data.title}:${data.additional_directions ?? ""}`} article={data} />
          <VersionsPanel id={id} current={data.version} drafting={drafting} />
        </>
      ) : null}
    </section>
  );
}
