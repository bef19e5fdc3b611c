// Drafting progress section by section: how many sections are drafted as a bar, and each section
// of the article with its own status and, when its draft needs attention, why. The count and the
// badges are both read from the article's sections, so that they never disagree; the status
// endpoint says only whether a drafting runs and whether its specialists are at work.
import type { Schemas } from "../api";
import { JobProgress } from "../ui/job-progress";
import { draftedSections, SECTION_TEXT } from "./article-states";

export function ArticleProgress({
  status,
  sections,
}: {
  status: Schemas["ArticleProgress"] | undefined;
  sections: readonly Schemas["ArticleSection"][];
}) {
  const { drafted, total } = draftedSections(sections);
  const drafting = status?.machine_state === "in_progress";
  const message = drafting
    ? status.specialists_running && drafted === total
      ? `All ${total} sections drafted; the specialists are at work`
      : `Drafting: ${drafted} of ${total} sections drafted`
    : `${drafted} of ${total} sections drafted`;
  return (
    <section className="article-part" aria-labelledby="progress-title">
      <h2 id="progress-title">Sections</h2>
      {drafting ? <JobProgress message={message} current={drafted} total={total} /> : <p>{message}</p>}
      <ol className="section-progress" aria-label="Section progress">
        {sections.map((section) => (
          <li key={section.id} className={`section-${section.status}`}>
            <span className="section-heading">{section.heading}</span>
            <span className="section-state">{SECTION_TEXT[section.status]}</span>
            {section.problems.length > 0 ? (
              <ul className="problems">
                {section.problems.map((problem, index) => (
                  <li key={index}>{problem}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
