// The brand form, for creating and editing: every field a strategist can give canopy about a
// brand, in three groups, lists one entry per line. The API's field errors come back by name and
// are shown under their field, with a summary at the button that says the brand was not saved.
import { useId, useState, type SubmitEvent } from "react";
import { CanopyError, type Schemas } from "../api";
import { ErrorNotice } from "../ui/error-notice";
import { WriteButton } from "../ui/can-write";
import {
  BRAND_FIELD_GROUPS,
  bodyOf,
  formValuesOf,
  messagesFor,
  otherMessages,
  type BrandBody,
  type BrandFieldSpec,
  type BrandFormValues,
} from "./brand-fields";
import "./brand-form.css";

function BrandField({
  spec,
  value,
  messages,
  onChange,
}: {
  spec: BrandFieldSpec;
  value: string;
  messages: string[];
  onChange: (value: string) => void;
}) {
  const id = `brand-${spec.name}`;
  const hintId = spec.hint ? `${id}-hint` : null;
  const errorId = messages.length > 0 ? `${id}-error` : null;
  const common = {
    id,
    name: spec.name,
    value,
    required: spec.name === "brand_name",
    "aria-invalid": errorId ? true : undefined,
    "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{spec.label}</label>
      {spec.hint ? (
        <p className="hint" id={hintId ?? undefined}>
          {spec.hint}
        </p>
      ) : null}
      {spec.multiline || spec.list ? (
        <textarea {...common} rows={spec.list ? 4 : 3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type="text"
          inputMode={spec.name === "website_url" ? "url" : "text"}
          autoCapitalize={spec.name === "country_code" ? "characters" : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {errorId ? (
        <p className="field-error" id={errorId}>
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export function BrandForm(props: {
  initial?: Schemas["BrandListItem"];
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (body: BrandBody) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<BrandFormValues>(() => formValuesOf(props.initial));
  const fieldErrors = props.error instanceof CanopyError ? props.error.fieldErrors : undefined;
  const others = otherMessages(fieldErrors);
  const summaryId = useId();

  function submit(event: SubmitEvent) {
    event.preventDefault();
    props.onSubmit(bodyOf(values));
  }

  return (
    <form className="form brand-form" onSubmit={submit} noValidate>
      {BRAND_FIELD_GROUPS.map((group) => (
        <fieldset key={group.legend}>
          <legend>{group.legend}</legend>
          {group.fields.map((spec) => (
            <BrandField
              key={spec.name}
              spec={spec}
              value={values[spec.name]}
              messages={messagesFor(fieldErrors, spec.name)}
              onChange={(value) => setValues((current) => ({ ...current, [spec.name]: value }))}
            />
          ))}
        </fieldset>
      ))}
      {fieldErrors ? (
        <div className="notice notice-error" role="alert" id={summaryId}>
          <p>The brand was not saved: correct the fields marked above.</p>
          {others.length > 0 ? (
            <ul>
              {others.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {props.error && !fieldErrors ? <ErrorNotice error={props.error} /> : null}
      <div className="buttons">
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
        <WriteButton scope="brands:write" type="submit" disabled={props.busy}>
          {props.submitLabel}
        </WriteButton>
      </div>
    </form>
  );
}
