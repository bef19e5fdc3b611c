// One brief (standalone or authority: GET /briefs/{id}/ answers both): its status through all
// nine states, polled while a job works on it (so a reload finds it where it is), the outline
// review of an interactive brief, and for a finished one its curated outline, SERP analysis,
// competitors and keywords, with "Write an article" into the article flow.
import { unwrap } from "@canopy/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";
import { formatDay } from "../ui/format";
import { JobProgress } from "../ui/job-progress";
import { BriefActions } from "./brief-actions";
import { CuratedOutline } from "./brief-outline";
import { isSimulated, SimulatedNotice } from "../ui/simulated-notice";
import { ContentWarnings } from "../ui/content-warnings";
import { PeopleAlsoAsk, SharedTerms, UnreadPages } from "./brief-grounding";
import { Competitors, KeywordRecommendations, SerpAnalysis } from "./brief-results";
import { FINISHED, STATUS_TEXT, WORKING } from "./brief-status";
import { OutlineReview } from "./outline-review";
import "./briefs.css";

export function BriefDetail({ id }: { id: string }) {
  // Keyed by the id: another brief's address starts afresh, with none of this one's edits or answers.
  return <BriefView key={id} id={id} />;
}

function BriefView({ id }: { id: string }) {
  const client = useClient();
  const params = { params: { path: { id } } };
  const status = useQuery({
    queryKey: ["briefs", id, "status"],
    queryFn: async () => unwrap(await client.GET("/api/v1/briefs/{id}/status/", params)),
    // Asked again every second while a job works on the brief; a status it ends in stays.
    refetchInterval: (query) => (query.state.data && WORKING.has(query.state.data.status) ? 1000 : false),
  });
  const current = status.data?.status;
  const brief = useQuery({
    // Keyed by the status: each new status reads the brief again (its outline, its parts).
    queryKey: ["briefs", id, "detail", current],
    queryFn: async () => unwrap(await client.GET("/api/v1/briefs/{id}/", params)),
    enabled: current !== undefined,
    // The brief as last read stays on screen while its new status is read, instead of a blank.
    // Within one brief only: the component is keyed by its id.
    placeholderData: keepPreviousData,
  });
  const data = brief.data;
  const text = current ? STATUS_TEXT[current] : null;

  return (
    <section aria-labelledby="brief-title" className="brief">
      <p className="crumbs">
        <Link href="/briefs">Briefs</Link> › {data?.brand_name ?? "Brief"}
      </p>
      <h1 id="brief-title">{data?.generated_title || data?.query_text || status.data?.query_text || "Brief"}</h1>
      {status.error ? <ErrorNotice error={status.error} retry={status} /> : null}
      {brief.error ? <ErrorNotice error={brief.error} retry={brief} /> : null}
      {status.isLoading || brief.isLoading ? <Loading label="Loading the brief" /> : null}
      {data ? (
        <dl className="stats brief-facts" aria-label="About this brief">
          <div>
            <dt>Query</dt>
            <dd className="brief-query">{data.query_text}</dd>
          </div>
          <div>
            <dt>Brand</dt>
            <dd>{data.brand_name}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatDay(data.created_at)}</dd>
          </div>
          {data.topic_node ? (
            <div>
              <dt>Kind</dt>
              <dd>Authority brief</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {current && text ? (
        <div className={`brief-status status-${current.toLowerCase()}`} role="status" aria-label="Brief status">
          <p>
            <span className="status-label">Status: {text.label}</span> <span className="hint">({current})</span>
          </p>
          <p>{text.explanation}</p>
          {status.data?.failure ? (
            <p className="brief-failure">
              {status.data.failure.will_retry ? "The last try failed: " : "Why: "}
              {status.data.failure.error}
            </p>
          ) : null}
        </div>
      ) : null}
      {data?.part_failures ? (
        <aside className="notice notice-error" aria-label="Missing parts">
          <p>Some parts could not be written:</p>
          <ul>
            {data.part_failures.map((part) => (
              <li key={part.stage}>{part.error}</li>
            ))}
          </ul>
        </aside>
      ) : null}
      {current && WORKING.has(current) ? <JobProgress message={text?.explanation ?? "Working"} /> : null}
      {data?.generated_meta_description ? <p className="meta-description">{data.generated_meta_description}</p> : null}
      <ContentWarnings warnings={data?.warnings} />

      {data ? <BriefActions brief={data} /> : null}
      {data && data.status === "AWAITING_OUTLINE_REVIEW" ? <OutlineReview brief={data} /> : null}
      {data && FINISHED.has(data.status) ? (
        <>
          <CuratedOutline brief={data} />
          <SimulatedNotice
            dataSource={data._meta.data_source}
            shows="The ranking pages this brief was written from, and so its SERP analysis and competitors,"
          />
          <UnreadPages value={data.result_json?.pages_unread} />
          <SerpAnalysis value={data.result_json?.serp_analysis} />
          <PeopleAlsoAsk value={data.result_json?.people_also_ask} />
          <SharedTerms value={data.result_json?.terms} recommended={data.result_json?.recommended_word_count} />
          <Competitors value={data.result_json?.competitor_data} simulated={isSimulated(data._meta.data_source)} />
          <KeywordRecommendations value={data.result_json?.keyword_recommendations} />
        </>
      ) : null}
    </section>
  );
}
