// Pure arithmetic of spending: free credits first, then monthly, then pay-as-you-go.

export interface Buckets {
  free: number;
  monthly: number;
  payg: number;
}

export const CREDIT_KINDS = ["free", "monthly", "payg"] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

export function total(b: Buckets): number {
  return b.free + b.monthly + b.payg;
}

/** How much to take from each bucket for `amount`, or null when the balance cannot cover it. */
export function splitCharge(balance: Buckets, amount: number): Buckets | null {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError("amount must be a non-negative integer");
  if (total(balance) < amount) return null;
  const free = Math.min(balance.free, amount);
  const monthly = Math.min(balance.monthly, amount - free);
  const payg = amount - free - monthly;
  return { free, monthly, payg };
}

/**
 * What a refund of `amount` credits gives back of a charge that took `taken`: the whole charge
 * when `amount` is unset or covers it, else the last-spent buckets first (pay-as-you-go, then
 * monthly, then free), the reverse of splitCharge's order.
 */
export function refundedPart(taken: Buckets, amount?: number): Buckets {
  if (amount === undefined || amount >= total(taken)) return { ...taken };
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError("amount must be a non-negative integer");
  const payg = Math.min(taken.payg, amount);
  const monthly = Math.min(taken.monthly, amount - payg);
  return { free: amount - payg - monthly, monthly, payg };
}
