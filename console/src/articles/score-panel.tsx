// The article's content score: the whole as a number out of 100 with its four parts, each
// section's score and whether it covers its outline entry, and the brief's terms with how often
// the text uses them. Shows whatever score it is given: the saved text's, or the text being edited.
import type { ContentScore, TermStatus } from "./content-score";

const TERM_TEXT: Record<TermStatus, string> = { missing: "Missing", under: "Too few", ok: "Good", over: "Too many" };
const PARTS = [
  ["terms", "Terms"],
  ["headings", "Headings covered"],
  ["length", "Length"],
  ["readability", "Readability"],
] as const;

const shown = (n: number | null) => (n === null ? "–" : String(n));

export function ScorePanel({ score, edited }: { score: ContentScore; edited: boolean }) {
  return (
    <section className="article-part score-panel" aria-labelledby="score-title">
      <h2 id="score-title">Content score</h2>
      <p className="score-whole" role="status" aria-label="Content score">
        <span className="score-number">{score.score}</span>
        <span> / 100</span>
        <span className="hint">{edited ? " — for the text being edited, not saved yet" : " — for the saved text"}</span>
      </p>
      <dl className="stats" aria-label="Score parts">
        {PARTS.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{shown(score.parts[key])}</dd>
          </div>
        ))}
      </dl>
      <div className="score-tables">
        <table className="table">
          <caption>Sections</caption>
          <thead>
            <tr>
              <th scope="col">Section</th>
              <th scope="col">Score</th>
              <th scope="col">Words</th>
              <th scope="col">Covered</th>
            </tr>
          </thead>
          <tbody>
            {score.sections.map((section, index) => (
              <tr key={index}>
                <th scope="row">{section.heading}</th>
                <td>{section.score}</td>
                <td>{section.target === null ? section.words : `${section.words} of ${section.target}`}</td>
                <td>{section.covered ? "Yes" : "No"}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {score.terms.length > 0 ? (
          <table className="table">
            <caption>Terms</caption>
            <thead>
              <tr>
                <th scope="col">Term</th>
                <th scope="col">Uses</th>
                <th scope="col">Wanted</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {score.terms.map((term) => (
                <tr key={term.term} className={`term-${term.status}`}>
                  <th scope="row">{term.term}</th>
                  <td>{term.count}</td>
                  <td>{term.min === term.max ? term.min : `${term.min}–${term.max}`}</td>
                  <td>
                    <span className="term-state">{TERM_TEXT[term.status]}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="hint">The brief names no terms to use.</p>
        )}
      </div>
    </section>
  );
}
