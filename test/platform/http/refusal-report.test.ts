import { describe, expect, it } from "vitest";
import { refusalReport } from "../../../src/platform/http/refusal-report";

describe("refusalReport", () => {
  const limits = { total: 64, "per-address": 16 };
  function reporter() {
    const logged: { fields: Record<string, unknown>; message: string }[] = [];
    let clock = 0;
    const report = refusalReport({ warn: (fields, message) => void logged.push({ fields, message }) }, limits, () => clock, 60_000);
    return { logged, report, advance: (ms: number) => (clock += ms) };
  }

  it("logs the first refusal at once, naming the cap, its setting and the address", () => {
    const { logged, report } = reporter();
    report("per-address", "203.0.113.7");
    expect(logged).toHaveLength(1);
    expect(logged[0]!.fields).toEqual({ cap: "per-address", address: "203.0.113.7", limit: 16, refused_since_last_report: 0 });
    expect(logged[0]!.message).toContain("HTTP_MAX_CONNECTIONS_PER_ADDRESS");
    expect(logged[0]!.message).toContain("203.0.113.7");
  });

  it("holds back a cap's refusals of the next minute and counts them in its next report", () => {
    const { logged, report, advance } = reporter();
    report("per-address", "203.0.113.7");
    for (let i = 0; i < 500; i++) {
      advance(100);
      report("per-address", "203.0.113.8");
    }
    // 500 refusals over 50 s: none logged past the first.
    expect(logged).toHaveLength(1);
    advance(10_000);
    report("per-address", "198.51.100.1");
    expect(logged).toHaveLength(2);
    expect(logged[1]!.fields).toMatchObject({ cap: "per-address", address: "198.51.100.1", refused_since_last_report: 500 });
  });

  it("reports each cap on its own: one address's flood never hides the server's cap filling up", () => {
    const { logged, report, advance } = reporter();
    report("per-address", "203.0.113.7");
    advance(1_000);
    report("total", "198.51.100.1");
    expect(logged.map((entry) => entry.fields.cap)).toEqual(["per-address", "total"]);
    expect(logged[1]!.fields).toMatchObject({ limit: 64, refused_since_last_report: 0 });
    expect(logged[1]!.message).toContain("(HTTP_MAX_CONNECTIONS)");
  });
});
