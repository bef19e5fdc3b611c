// Long work's progress, the same on every screen: a native <progress> bar (announced by screen
// readers) with the job's own message as its label. Without a total yet it shows as busy.
import { useId, type ReactNode } from "react";

export function JobProgress({
  message,
  current,
  total,
  children,
}: {
  message: string;
  current?: number | null;
  total?: number | null;
  children?: ReactNode;
}) {
  const id = useId();
  const known = typeof total === "number" && total > 0;
  return (
    <div className="progress-panel" aria-live="polite">
      <label htmlFor={id}>{message}</label>
      {known ? <progress id={id} max={total} value={Math.min(current ?? 0, total)} /> : <progress id={id} />}
      {children}
    </div>
  );
}
