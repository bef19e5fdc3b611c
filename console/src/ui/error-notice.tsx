// An error as the API wrote it (`detail`), or what happened when it did not answer at all, with
// what to do about it; for a read, a Retry button that asks again.
import { errorText, remedyFor } from "../api";

/** The query to ask again: react-query's own refetch, and whether it is asking now. */
interface Retryable {
  refetch: () => Promise<unknown>;
  isFetching: boolean;
}

export function ErrorNotice({ error, retry }: { error: unknown; retry?: Retryable }) {
  const remedy = remedyFor(error);
  return (
    <div className="notice notice-error" role="alert">
      <p>{errorText(error)}</p>
      {remedy ? <p className="remedy">{remedy}</p> : null}
      {retry ? (
        // Not disabled while it asks: the focus stays on the button, and a second press asks anew.
        <button type="button" onClick={() => void retry.refetch()}>
          {retry.isFetching ? "Retrying…" : "Retry"}
        </button>
      ) : null}
    </div>
  );
}
