// Folds the credit ledger's rows of a period, summed in SQL by (ledger kind, operation), into
// what the credits analytics answer: credits granted, spent and refunded per credit kind (free,
// monthly, payg) in all and per operation. Pure: the database does the summing over the rows,
// this only rearranges the few groups it returns.

/** One (ledger kind, operation) group of the period: its rows and the sum of each delta. */
export interface LedgerGroup {
  kind: string;
  operation: string;
  entries: number;
  free: number;
  monthly: number;
  payg: number;
}

export interface CreditAmounts {
  free: number;
  monthly: number;
  payg: number;
  total: number;
}

interface OperationSummary {
  operation: string;
  grants: number;
  charges: number;
  refunds: number;
  granted: CreditAmounts;
  spent: CreditAmounts;
  refunded: CreditAmounts;
  net_spent: CreditAmounts;
}

export interface CreditSummary {
  granted: CreditAmounts;
  spent: CreditAmounts;
  refunded: CreditAmounts;
  net_spent: CreditAmounts;
  by_operation: OperationSummary[];
}

export function amounts(free = 0, monthly = 0, payg = 0): CreditAmounts {
  return { free, monthly, payg, total: free + monthly + payg };
}

function plus(a: CreditAmounts, b: CreditAmounts): CreditAmounts {
  return amounts(a.free + b.free, a.monthly + b.monthly, a.payg + b.payg);
}

function minus(a: CreditAmounts, b: CreditAmounts): CreditAmounts {
  return amounts(a.free - b.free, a.monthly - b.monthly, a.payg - b.payg);
}

function emptyOperation(operation: string): OperationSummary {
  const zero = amounts();
  return { operation, grants: 0, charges: 0, refunds: 0, granted: zero, spent: zero, refunded: zero, net_spent: zero };
}

/**
 * A charge's deltas are negative (credits taken) and count as spent; a refund's and a grant's
 * are positive. Every amount of the answer is positive but `net_spent` (spent less refunded),
 * which a period can make negative when it refunds charges made before it. Rows of another
 * ledger kind, were one ever added, are left out rather than guessed at.
 */
export function summarizeLedger(groups: readonly LedgerGroup[]): CreditSummary {
  const operations = new Map<string, OperationSummary>();
  for (const group of groups) {
    if (group.kind !== "grant" && group.kind !== "charge" && group.kind !== "refund") continue;
    const op = operations.get(group.operation) ?? emptyOperation(group.operation);
    if (group.kind === "grant") {
      op.grants += group.entries;
      op.granted = plus(op.granted, amounts(group.free, group.monthly, group.payg));
    } else if (group.kind === "charge") {
      op.charges += group.entries;
      op.spent = plus(op.spent, amounts(-group.free, -group.monthly, -group.payg));
    } else {
      op.refunds += group.entries;
      op.refunded = plus(op.refunded, amounts(group.free, group.monthly, group.payg));
    }
    operations.set(group.operation, op);
  }
  const byOperation = [...operations.values()].sort((a, b) => (a.operation < b.operation ? -1 : a.operation > b.operation ? 1 : 0));
  for (const op of byOperation) op.net_spent = minus(op.spent, op.refunded);
  const sum = (pick: (op: OperationSummary) => CreditAmounts) => byOperation.reduce((all, op) => plus(all, pick(op)), amounts());
  const spent = sum((op) => op.spent);
  const refunded = sum((op) => op.refunded);
  return { granted: sum((op) => op.granted), spent, refunded, net_spent: minus(spent, refunded), by_operation: byOperation };
}
