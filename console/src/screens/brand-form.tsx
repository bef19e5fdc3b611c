// The fields a strategist fills in for a brand. Field errors come back from the API by name and
// are shown under their field.
import { useState, type SubmitEvent } from "react";
import { CanopyError } from "../api";
import { ErrorNotice } from "../ui/error-notice";

export interface BrandFields {
  brand_name: string;
  website_url: string | null;
  description: string | null;
  target_audience: string | null;
}

const FIELDS: Array<{ name: keyof BrandFields; label: string; multiline?: boolean }> = [
  { name: "brand_name", label: "Name" },
  { name: "website_url", label: "Website" },
  { name: "description", label: "What the brand does", multiline: true },
  { name: "target_audience", label: "Target audience", multiline: true },
];

const orNull = (text: string): string | null => (text.trim() === "" ? null : text.trim());

export function BrandForm(props: {
  initial?: Partial<Record<keyof BrandFields, string | null>>;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (fields: BrandFields) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Record<keyof BrandFields, string>>({
    brand_name: props.initial?.brand_name ?? "",
    website_url: props.initial?.website_url ?? "",
    description: props.initial?.description ?? "",
    target_audience: props.initial?.target_audience ?? "",
  });
  const fieldErrors = props.error instanceof CanopyError ? props.error.fieldErrors : undefined;

  function submit(event: SubmitEvent) {
    event.preventDefault();
    props.onSubmit({
      brand_name: values.brand_name.trim(),
      website_url: orNull(values.website_url),
      description: orNull(values.description),
      target_audience: orNull(values.target_audience),
    });
  }

  return (
    <form className="form" onSubmit={submit}>
      {FIELDS.map(({ name, label, multiline }) => {
        const id = `brand-${name}`;
        const messages = fieldErrors?.[name];
        const common = {
          id,
          name,
          value: values[name],
          required: name === "brand_name",
          "aria-invalid": messages ? true : undefined,
          "aria-describedby": messages ? `${id}-error` : undefined,
        };
        return (
          <div className="field" key={name}>
            <label htmlFor={id}>{label}</label>
            {multiline ? (
              <textarea
                {...common}
                rows={3}
                onChange={(event) => {
                  setValues({ ...values, [name]: event.target.value });
                }}
              />
            ) : (
              <input
                {...common}
                type="text"
                inputMode={name === "website_url" ? "url" : "text"}
                onChange={(event) => {
                  setValues({ ...values, [name]: event.target.value });
                }}
              />
            )}
            {messages ? (
              <p className="field-error" id={`${id}-error`}>
                {messages.join(" ")}
              </p>
            ) : null}
          </div>
        );
      })}
      {props.error && !fieldErrors ? <ErrorNotice error={props.error} /> : null}
      <div className="buttons">
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" disabled={props.busy}>
          {props.submitLabel}
        </button>
      </div>
    </form>
  );
}
