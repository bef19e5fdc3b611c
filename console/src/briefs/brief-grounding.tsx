// What the brief was measured against before it was written: the questions searchers ask (People
// Also Ask), the terms the ranking pages share with how often a draft should use them, and the
// pages that could not be read. Read defensively, like the other parts of result_json.
import { recordsOf, textOf } from "./brief-model";
import { ColumnHeads } from "../ui/column-heads";
import { TableRegion } from "../ui/table-region";

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

export function PeopleAlsoAsk({ value }: { value: unknown }) {
  const questions = strings(value);
  return (
    <section className="brief-part" aria-labelledby="paa-title">
      <h2 id="paa-title">People also ask</h2>
      {questions.length > 0 ? (
        <ul className="paa-list">
          {questions.map((question) => (
            <li key={question}>{question}</li>
          ))}
        </ul>
      ) : (
        <p className="empty">The search results had no People Also Ask questions.</p>
      )}
    </section>
  );
}

export function SharedTerms({ value, recommended }: { value: unknown; recommended: unknown }) {
  const terms = recordsOf(value) ?? [];
  const length = recordsOf([recommended])?.[0];
  return (
    <section className="brief-part" aria-labelledby="terms-title">
      <h2 id="terms-title">Terms the ranking pages share</h2>
      {length && typeof length.target === "number" ? (
        <p>
          Recommended length: about {length.target} words (the ranking pages run {textOf(length.min)} to {textOf(length.max)}).
        </p>
      ) : null}
      {terms.length > 0 ? (
        <TableRegion label="Terms">
          <table className="table" aria-labelledby="terms-title">
            <ColumnHeads columns={["Term", "Pages using it", "Uses to aim for"]} />
            <tbody>
              {terms.map((term) => (
                <tr key={textOf(term.term)}>
                  <td>{textOf(term.term)}</td>
                  <td>{textOf(term.pages)}</td>
                  <td>
                    {textOf(term.min_count)}–{textOf(term.max_count)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : (
        <p className="empty">No term is shared by two or more ranking pages read.</p>
      )}
    </section>
  );
}

/** The pages that could not be read, and why: the brief was written without them. */
export function UnreadPages({ value }: { value: unknown }) {
  const unread = recordsOf(value) ?? [];
  if (unread.length === 0) return null;
  return (
    <aside className="notice" aria-label="Pages not read">
      <p>
        {unread.length} ranking page{unread.length === 1 ? " was" : "s were"} not read, so the brief does not draw on{" "}
        {unread.length === 1 ? "it" : "them"}:
      </p>
      <ul>
        {unread.map((page) => (
          <li key={textOf(page.url)}>
            <span className="mono">{textOf(page.url)}</span>: {textOf(page.error)}
          </li>
        ))}
      </ul>
    </aside>
  );
}
