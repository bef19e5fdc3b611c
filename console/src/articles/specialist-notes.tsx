// What the specialists of the drafting found, beside the text: research facts with their
// sources, fact checks, the conversion coach's advice. Their outputs are open records, shown
// field by field as text; the intro and takeaways are part of the article itself.
import { humanize, recordOf, textOf } from "../briefs/brief-model";
import { specialistLabel } from "./specialists";

/** Shown in the article's text instead (article-text.tsx). */
const IN_TEXT = new Set(["intro_key_takeaways"]);

function Entry({ value }: { value: unknown }) {
  const record = recordOf(value);
  if (!record) return <>{textOf(value)}</>;
  return (
    <dl className="facts">
      {Object.entries(record).map(([key, field]) => (
        <div key={key}>
          <dt>{humanize(key)}</dt>
          <dd>{textOf(field) || "none"}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SpecialistNotes({ names, results }: { names: readonly string[]; results: Record<string, unknown> }) {
  const shown = names.filter((name) => !IN_TEXT.has(name));
  if (shown.length === 0) return null;
  return (
    <section className="article-part" aria-labelledby="specialists-title">
      <h2 id="specialists-title">Specialists</h2>
      {shown.map((name) => {
        const result = recordOf(results[name]);
        return (
          <div key={name} className="specialist">
            <h3>{specialistLabel(name)}</h3>
            {result === null ? (
              <p className="hint">Not finished yet.</p>
            ) : (
              Object.entries(result).map(([key, value]) =>
                Array.isArray(value) ? (
                  <div key={key}>
                    <p className="hint">{humanize(key)}</p>
                    {value.length === 0 ? (
                      <p>none</p>
                    ) : (
                      <ul className="specialist-items">
                        {(value as unknown[]).map((item, index) => (
                          <li key={index}>
                            <Entry value={item} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                ) : (
                  <p key={key}>
                    <span className="hint">{humanize(key)}:</span> {textOf(value)}
                  </p>
                ),
              )
            )}
          </div>
        );
      })}
    </section>
  );
}
