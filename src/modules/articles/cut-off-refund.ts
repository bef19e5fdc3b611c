// The charging rule for a drafting whose sections were cut off: the draft's price covers every
// section, so each section the model cut off (even with twice its output budget) is given back
// its share of that price, rounded up in the customer's favour. Specialists ran on whatever text
// there was and are paid in full. A drafting that fails for good is refunded whole, as before.
import { CREDIT_COSTS } from "../../platform/credits/costs";

/** Credits given back when `cutOff` of a drafting's `sections` sections were cut off. */
export function cutOffRefund(sections: number, cutOff: number): number {
  if (sections <= 0 || cutOff <= 0) return 0;
  return Math.min(CREDIT_COSTS.articleDraft, Math.ceil((CREDIT_COSTS.articleDraft * cutOff) / sections));
}
