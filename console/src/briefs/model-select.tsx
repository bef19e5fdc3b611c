// The model a generation uses, chosen from GET /models/: the API's default is preselected, and
// an empty choice means "the default", which the request then leaves out.
import { unwrap } from "@canopy/client";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";

export function useModels() {
  const client = useClient();
  return useQuery({ queryKey: ["models"], queryFn: async () => unwrap(await client.GET("/api/v1/models/")), staleTime: 5 * 60_000 });
}

export function ModelSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const models = useModels();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Model</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Default{models.data ? ` (${models.data.default_model})` : ""}</option>
        {(models.data?.results ?? []).map((model) => (
          <option key={model.id} value={model.id}>
            {model.id} · {model.provider}
            {model.provider === "offline" ? " (placeholder text, no network)" : ""}
          </option>
        ))}
      </select>
      {models.error ? <ErrorNotice error={models.error} /> : null}
    </div>
  );
}
