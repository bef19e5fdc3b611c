// How an article is drafted: the model and the specialists, with the price of each, and the
// sentence that states the total before anything is charged.
import { ModelSelect } from "../briefs/model-select";
import { useId } from "react";
import { ARTICLE_CREDITS, creditsFor, SPECIALIST_CREDITS, SPECIALISTS, type ResearchMode, type SpecialistName } from "./specialists";

export interface DraftChoice {
  model: string;
  specialists: ReadonlySet<SpecialistName>;
  /** How the web research specialist works: basic facts, or more of them placed under their sections. */
  researchMode: ResearchMode;
}

export function DraftOptions({ value, onChange }: { value: DraftChoice; onChange: (next: DraftChoice) => void }) {
  const modeField = useId();
  const toggle = (name: SpecialistName) => {
    const next = new Set(value.specialists);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    onChange({ ...value, specialists: next });
  };
  return (
    <>
      <ModelSelect value={value.model} onChange={(model) => onChange({ ...value, model })} />
      <fieldset className="specialists">
        <legend>Specialists ({SPECIALIST_CREDITS} credits each)</legend>
        {SPECIALISTS.map((specialist) => (
          <label key={specialist.name} className="check">
            <input type="checkbox" checked={value.specialists.has(specialist.name)} onChange={() => toggle(specialist.name)} />
            <span>{specialist.label}</span> <span className="hint">{specialist.description}</span>
          </label>
        ))}
        {value.specialists.has("web_research") ? (
          <div className="field research-mode">
            <label htmlFor={modeField}>Web research depth</label>
            <select
              id={modeField}
              value={value.researchMode}
              onChange={(event) => onChange({ ...value, researchMode: event.target.value === "advanced" ? "advanced" : "basic" })}
            >
              <option value="basic">Basic: facts from the sources</option>
              <option value="advanced">Advanced: more facts, each placed under its section</option>
            </select>
          </div>
        ) : null}
      </fieldset>
    </>
  );
}

/** The cost as a sentence, from the choice. */
export function CostSentence({ choice }: { choice: DraftChoice }) {
  const count = choice.specialists.size;
  return (
    <p>
      Drafting costs {creditsFor(choice.specialists)} credits: {ARTICLE_CREDITS} for the article
      {count > 0 ? ` and ${SPECIALIST_CREDITS} for each of ${count} specialist${count === 1 ? "" : "s"}` : ""}. A specialist that does not
      fit the article's type is dropped and not charged; local and landing pages always get the conversion coach ({SPECIALIST_CREDITS}{" "}
      credits). The credits are refunded if the drafting fails.
    </p>
  );
}
