// An error as the API wrote it (`detail`), with what to do about it where the status says.
import { errorText, remedyFor } from "../api";

export function ErrorNotice({ error }: { error: unknown }) {
  const remedy = remedyFor(error);
  return (
    <div className="notice notice-error" role="alert">
      <p>{errorText(error)}</p>
      {remedy ? <p className="remedy">{remedy}</p> : null}
    </div>
  );
}
