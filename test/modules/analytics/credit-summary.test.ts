// Folding the period's ledger groups into granted, spent, refunded and net per credit kind and per operation.
import { describe, expect, it } from "vitest";
import { amounts, summarizeLedger } from "../../../src/modules/analytics/credit-summary";

describe("summarizeLedger", () => {
  it("answers zeros and no operations for an empty period", () => {
    expect(summarizeLedger([])).toEqual({
      granted: amounts(),
      spent: amounts(),
      refunded: amounts(),
      net_spent: amounts(),
      by_operation: [],
    });
  });

  it("counts charges as spent, refunds and grants as given, per kind and per operation", () => {
    const summary = summarizeLedger([
      { kind: "grant", operation: "grant", entries: 2, free: 10, monthly: 0, payg: 50 },
      { kind: "charge", operation: "brief_generation", entries: 3, free: -10, monthly: 0, payg: -5 },
      { kind: "refund", operation: "brief_generation", entries: 1, free: 0, monthly: 0, payg: 5 },
      { kind: "charge", operation: "clustering", entries: 1, free: 0, monthly: -2, payg: -1 },
      // A refund of a charge made before the period: net spending goes below zero.
      { kind: "refund", operation: "research_generation", entries: 1, free: 5, monthly: 0, payg: 0 },
      { kind: "something-else", operation: "clustering", entries: 7, free: 100, monthly: 100, payg: 100 },
    ]);
    expect(summary.granted).toEqual({ free: 10, monthly: 0, payg: 50, total: 60 });
    expect(summary.spent).toEqual({ free: 10, monthly: 2, payg: 6, total: 18 });
    expect(summary.refunded).toEqual({ free: 5, monthly: 0, payg: 5, total: 10 });
    expect(summary.net_spent).toEqual({ free: 5, monthly: 2, payg: 1, total: 8 });
    expect(summary.by_operation.map((o) => o.operation)).toEqual(["brief_generation", "clustering", "grant", "research_generation"]);
    expect(summary.by_operation[0]).toEqual({
      operation: "brief_generation",
      grants: 0,
      charges: 3,
      refunds: 1,
      granted: amounts(),
      spent: amounts(10, 0, 5),
      refunded: amounts(0, 0, 5),
      net_spent: amounts(10, 0, 0),
    });
    expect(summary.by_operation[1]).toMatchObject({ charges: 1, refunds: 0, spent: amounts(0, 2, 1) });
    expect(summary.by_operation[2]).toMatchObject({ grants: 2, granted: amounts(10, 0, 50), net_spent: amounts() });
    expect(summary.by_operation[3]).toMatchObject({ refunds: 1, net_spent: amounts(-5, 0, 0) });
  });
});
