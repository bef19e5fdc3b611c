// The step between asking for charged work and starting it: what it costs, in a sentence, with
// Cancel and a button that names the price. Every screen that spends credits confirms this way,
// so the strategist always sees the price before the click that spends it.
import type { ReactNode } from "react";
import { ErrorNotice } from "./error-notice";

interface ConfirmCostProps {
  /** The group's accessible name, e.g. "Confirm generation". */
  label: string;
  /** The sentence that names the cost and what it buys. */
  children: ReactNode;
  /** The confirming button's text, with the price: "Generate for 5 credits". */
  action: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The cancelling button's text. */
  cancel?: string;
  /** While the request is on its way, or while something it needs is missing. */
  disabled?: boolean;
  /** The API's refusal of the request, shown under the buttons. */
  error?: unknown;
}

export function ConfirmCost({
  label,
  children,
  action,
  onConfirm,
  onCancel,
  cancel = "Cancel",
  disabled = false,
  error,
}: ConfirmCostProps) {
  return (
    <fieldset className="confirm" aria-label={label}>
      {children}
      <div className="buttons">
        <button type="button" onClick={onCancel}>
          {cancel}
        </button>
        <button type="button" className="primary" disabled={disabled} onClick={onConfirm}>
          {action}
        </button>
      </div>
      {error ? <ErrorNotice error={error} /> : null}
    </fieldset>
  );
}
