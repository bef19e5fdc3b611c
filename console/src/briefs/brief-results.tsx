// What a finished brief found: its SERP analysis, the competing pages and the keywords to work
// in. The parts are open records written by a model, so known fields are laid out and any other
// field is listed by its name; every value is shown as text.
import { humanize, recordOf, recordsOf, textOf } from "./brief-model";
import { ColumnHeads } from "../ui/column-heads";
import { TableRegion } from "../ui/table-region";

/** Fields the SERP analysis lays out on their own; the rest follow as a list. */
const SERP_LAID_OUT = new Set(["summary"]);

export function SerpAnalysis({ value }: { value: unknown }) {
  const analysis = recordOf(value);
  return (
    <section className="brief-part" aria-labelledby="serp-title">
      <h2 id="serp-title">SERP analysis</h2>
      {analysis ? (
        <>
          {typeof analysis.summary === "string" ? <p>{analysis.summary}</p> : null}
          <dl className="facts">
            {Object.entries(analysis)
              .filter(([key]) => !SERP_LAID_OUT.has(key))
              .map(([key, field]) => (
                <div key={key}>
                  <dt>{humanize(key)}</dt>
                  <dd>{textOf(field) || "none"}</dd>
                </div>
              ))}
          </dl>
        </>
      ) : (
        <p className="empty">The SERP analysis could not be produced for this brief.</p>
      )}
    </section>
  );
}

/** A ranking page's H1-H3 outline, folded away: the table stays one line a page until it is opened. */
function PageHeadings({ value }: { value: unknown }) {
  const headings = recordsOf(value) ?? [];
  if (headings.length === 0) return <span className="hint">none read</span>;
  return (
    <details className="page-headings">
      <summary>{headings.length} headings</summary>
      <ul>
        {headings.map((heading, index) => (
          <li key={index} className={`heading-level-${textOf(heading.level)}`}>
            H{textOf(heading.level)} {textOf(heading.text)}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** `simulated`: the pages are the offline simulator's inventions, and the heading says so. */
export function Competitors({ value, simulated }: { value: unknown; simulated: boolean }) {
  const competitors = recordsOf(value);
  return (
    <section className="brief-part" aria-labelledby="competitors-title">
      <h2 id="competitors-title">Competitors{simulated ? <span className="simulated-tag"> Simulated</span> : null}</h2>
      {competitors && competitors.length > 0 ? (
        <TableRegion label="Competitors">
          <table className="table" aria-labelledby="competitors-title">
            <ColumnHeads columns={["Rank", "Page", "Angle", "Words", "Headings"]} />
            <tbody>
              {competitors.map((competitor, index) => (
                <tr key={index}>
                  <td>{textOf(competitor.position) || index + 1}</td>
                  <td>
                    <span className="competitor-title">{textOf(competitor.title) || textOf(competitor.domain)}</span>
                    <span className="mono competitor-url">{textOf(competitor.url)}</span>
                  </td>
                  <td>{textOf(competitor.angle)}</td>
                  <td>{textOf(competitor.word_count) || "not read"}</td>
                  <td>
                    <PageHeadings value={competitor.headings} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : (
        <p className="empty">{competitors ? "No competing page was read." : "The competitor data could not be produced for this brief."}</p>
      )}
    </section>
  );
}

export function KeywordRecommendations({ value }: { value: unknown }) {
  const keywords = recordsOf(value);
  return (
    <section className="brief-part" aria-labelledby="keywords-title">
      <h2 id="keywords-title">Keyword recommendations</h2>
      {keywords && keywords.length > 0 ? (
        <TableRegion label="Keyword recommendations">
          <table className="table" aria-labelledby="keywords-title">
            <ColumnHeads columns={["Keyword", "Type", "Source"]} />
            <tbody>
              {keywords.map((keyword, index) => (
                <tr key={index}>
                  <td>{textOf(keyword.keyword)}</td>
                  <td>{textOf(keyword.type)}</td>
                  <td>{textOf(keyword.source)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : (
        <p className="empty">
          {keywords ? "No keyword was recommended." : "The keyword recommendations could not be produced for this brief."}
        </p>
      )}
    </section>
  );
}
