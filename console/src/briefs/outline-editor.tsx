// Editing an outline: sections reordered with move up/down buttons (the focus follows the moved
// section, and the move is announced), headings rewritten, levels chosen, sections removed.
// Used for the outline review of an interactive brief and for the curated outline of a finished
// one; the caller decides what saving means.
import { useEffect, useRef, useState, type SubmitEvent } from "react";
import { ErrorNotice } from "../ui/error-notice";
import type { OutlineSection } from "./brief-model";
import { WriteButton } from "../ui/can-write";

interface Row extends OutlineSection {
  /** Stable across moves, so React keeps each row's inputs (and focus) with its section. */
  key: number;
}

export function OutlineEditor({
  label,
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial: readonly OutlineSection[];
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (sections: OutlineSection[]) => void;
  onCancel?: () => void;
}) {
  const [rows, setRows] = useState<Row[]>(() => initial.map((section, index) => ({ ...section, key: index })));
  const [announcement, setAnnouncement] = useState("");
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: number; direction: "up" | "down" } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    if (!focusAfterMove) return;
    const { key, direction } = focusAfterMove;
    // At an end the button pressed is disabled now: the other one keeps the focus in the row.
    const wanted = buttons.current.get(`${key}-${direction}`);
    const target = wanted && !wanted.disabled ? wanted : buttons.current.get(`${key}-${direction === "up" ? "down" : "up"}`);
    target?.focus();
  }, [focusAfterMove]);

  const move = (index: number, direction: "up" | "down") => {
    const to = direction === "up" ? index - 1 : index + 1;
    const row = rows[index];
    if (!row || to < 0 || to >= rows.length) return;
    const next = [...rows];
    next.splice(index, 1);
    next.splice(to, 0, row);
    setRows(next);
    setAnnouncement(`Moved “${row.heading}” to position ${to + 1} of ${rows.length}.`);
    setFocusAfterMove({ key: row.key, direction });
  };
  const change = (index: number, patch: Partial<OutlineSection>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const remove = (index: number) => {
    const row = rows[index];
    setRows(rows.filter((_, i) => i !== index));
    if (row) setAnnouncement(`Removed “${row.heading}”.`);
  };
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    onSubmit(rows.map(({ key: _key, ...section }) => ({ ...section, heading: section.heading.trim() })));
  };

  return (
    <form className="outline-editor" aria-label={label} onSubmit={submit}>
      <ol className="outline-rows">
        {rows.map((row, index) => {
          const name = row.heading.trim() || `section ${index + 1}`;
          return (
            <li key={row.key} className={`outline-row level-${row.level}`}>
              <span className="outline-position" aria-hidden="true">
                {index + 1}
              </span>
              <label className="outline-heading">
                <span className="visually-hidden">Heading of section {index + 1}</span>
                <input value={row.heading} required maxLength={300} onChange={(event) => change(index, { heading: event.target.value })} />
              </label>
              <label className="outline-level">
                <span className="visually-hidden">Level of section {index + 1}</span>
                <select value={row.level} onChange={(event) => change(index, { level: event.target.value === "h3" ? "h3" : "h2" })}>
                  <option value="h2">Section (H2)</option>
                  <option value="h3">Subsection (H3)</option>
                </select>
              </label>
              <div className="outline-actions">
                <button
                  type="button"
                  ref={(element) => {
                    if (element) buttons.current.set(`${row.key}-up`, element);
                    else buttons.current.delete(`${row.key}-up`);
                  }}
                  aria-label={`Move ${name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, "up")}
                >
                  ↑
                </button>
                <button
                  type="button"
                  ref={(element) => {
                    if (element) buttons.current.set(`${row.key}-down`, element);
                    else buttons.current.delete(`${row.key}-down`);
                  }}
                  aria-label={`Move ${name} down`}
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, "down")}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="danger"
                  aria-label={`Remove ${name}`}
                  disabled={rows.length === 1}
                  onClick={() => remove(index)}
                >
                  Remove
                </button>
              </div>
              {row.talking_points.length > 0 ? (
                <ul className="talking-points" aria-label={`Talking points of ${name}`}>
                  {row.talking_points.map((point, i) => (
                    <li key={i}>{point}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {error ? <ErrorNotice error={error} /> : null}
      <div className="buttons start">
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        {/* Both outlines it edits (a review to resume, a curated outline) are the brief's to change. */}
        <WriteButton scope="briefs:write" type="submit" disabled={pending || rows.length === 0}>
          {submitLabel}
        </WriteButton>
      </div>
    </form>
  );
}
