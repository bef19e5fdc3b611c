// An article's text as React elements, loaded on its own (React.lazy in article-body.tsx) so the
// Markdown parser stays out of the console's first download. Headings are the API's plain text
// in real heading elements; drafts are Markdown prose, parsed by react-markdown into elements
// without ever being handed to the browser as HTML: raw HTML in a draft stays visible text
// (react-markdown turns it into text unless told otherwise), link targets are filtered by its
// URL check, and only prose elements are kept, so a draft cannot add a heading, image or table.
import Markdown, { type Components } from "react-markdown";
import type { Schemas } from "../api";

type Section = Pick<Schemas["ArticleSection"], "heading" | "level" | "ai_draft">;

export interface ArticleTextProps {
  sections: readonly Section[];
  specialistResults: Record<string, unknown>;
  /** Where the article's headings start: 2 on the article's own screen, 3 inside a version. */
  topLevel?: 2 | 3;
}

const PROSE = ["p", "a", "strong", "em", "ul", "ol", "li", "blockquote", "code", "br"];
const components: Components = {
  // A link leaves the console without handing it the page (no opener, no referrer).
  a: ({ href, children }) => (
    <a href={href} rel="nofollow noopener noreferrer" target="_blank">
      {children}
    </a>
  ),
};

function Prose({ text }: { text: string }) {
  return (
    <Markdown allowedElements={PROSE} unwrapDisallowed components={components}>
      {text}
    </Markdown>
  );
}

function Heading({ level, children }: { level: number; children: string }) {
  if (level <= 2) return <h2>{children}</h2>;
  if (level === 3) return <h3>{children}</h3>;
  return <h4>{children}</h4>;
}

/** The intro and key takeaways, when that specialist ran. */
function introOf(results: Record<string, unknown>): { intro: string; takeaways: string[] } {
  const extras = results.intro_key_takeaways;
  if (typeof extras !== "object" || extras === null) return { intro: "", takeaways: [] };
  const { intro, key_takeaways: points } = extras as { intro?: unknown; key_takeaways?: unknown };
  return {
    intro: typeof intro === "string" ? intro : "",
    takeaways: Array.isArray(points) ? points.filter((p): p is string => typeof p === "string") : [],
  };
}

export default function ArticleText({ sections, specialistResults, topLevel = 2 }: ArticleTextProps) {
  const { intro, takeaways } = introOf(specialistResults);
  return (
    <div className="article-text">
      {intro ? <Prose text={intro} /> : null}
      {takeaways.length > 0 ? (
        <div className="takeaways">
          <p>
            <strong>Key takeaways</strong>
          </p>
          <ul>
            {takeaways.map((point, index) => (
              <li key={index}>
                <Prose text={point} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {sections.map((section, index) => (
        <div key={index} className="article-section">
          <Heading level={topLevel + (section.level === "h3" ? 1 : 0)}>{section.heading}</Heading>
          {section.ai_draft?.trim() ? <Prose text={section.ai_draft} /> : <p className="hint">Not drafted yet.</p>}
        </div>
      ))}
    </div>
  );
}
