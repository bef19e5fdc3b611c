// The pure parts of the audit batch statement: array literals, the per-batch dictionaries, the
// latest use per id, and the batch's ids.
import { describe, expect, it } from "vitest";
import { integerArrayLiteral, textArrayLiteral } from "../../src/platform/audit/array-literal";
import { dictionary, latestUse } from "../../src/platform/audit/audit-batch";
import type { AuditEntry } from "../../src/platform/audit/audit-writer";
import { timeOrderedIds } from "../../src/platform/audit/batch-ids";

function entry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    userId: "u1",
    apiKeyId: "k1",
    apiKeyName: "name",
    apiKeyPrefix: "cnpy_live_00",
    endpoint: "/api/v1/me/profile/",
    method: "GET",
    statusCode: 200,
    ipAddress: "192.0.2.1",
    responseTimeMs: 1,
    timestamp: new Date(0),
    ...overrides,
  };
}

describe("array literals", () => {
  it("quotes every text element and escapes only backslash and double quote", () => {
    expect(textArrayLiteral([])).toBe("{}");
    expect(textArrayLiteral(["a", "", "NULL", "x,y", "{z}", ' s '])).toBe('{"a","","NULL","x,y","{z}"," s "}');
    expect(textArrayLiteral(['say "hi"', "back\\slash"])).toBe('{"say \\"hi\\"","back\\\\slash"}');
  });

  it("writes whole numbers as they are and refuses anything else", () => {
    expect(integerArrayLiteral([])).toBe("{}");
    expect(integerArrayLiteral([0, -1, 200, 1767225600123])).toBe("{0,-1,200,1767225600123}");
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(() => integerArrayLiteral([bad])).toThrow(RangeError);
    }
  });
});

describe("dictionary", () => {
  it("gives each entry the 1-based position of its value, in first-seen order", () => {
    const batch = ["/b/", "/a/", "/b/", "/c/", "/a/"].map((endpoint) => entry({ endpoint }));
    const { distinct, positions } = dictionary(batch, (e) => e.endpoint);
    expect(distinct.map((e) => e.endpoint)).toEqual(["/b/", "/a/", "/c/"]);
    expect(positions).toEqual([1, 2, 1, 3, 2]);
  });

  it("tells apart entries that share the key but not the fields `same` compares", () => {
    const batch = [entry({ apiKeyName: "old" }), entry({ apiKeyName: "new" }), entry({ apiKeyName: "old" }), entry({ apiKeyId: "k2" })];
    const { distinct, positions } = dictionary(batch, (e) => e.apiKeyId, (a, b) => a.apiKeyName === b.apiKeyName);
    expect(distinct.map((e) => [e.apiKeyId, e.apiKeyName])).toEqual([
      ["k1", "old"],
      ["k1", "new"],
      ["k2", "name"],
    ]);
    expect(positions).toEqual([1, 2, 1, 3]);
  });
});

describe("latestUse", () => {
  it("keeps the latest time of each id, in epoch milliseconds", () => {
    const batch = [
      entry({ apiKeyId: "a", timestamp: new Date(5) }),
      entry({ apiKeyId: "b", timestamp: new Date(9) }),
      entry({ apiKeyId: "a", timestamp: new Date(7) }),
      entry({ apiKeyId: "b", timestamp: new Date(1) }),
    ];
    expect(latestUse(batch, (e) => e.apiKeyId)).toEqual({ ids: ["a", "b"], times: [7, 9] });
  });
});

describe("timeOrderedIds", () => {
  const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const msOf = (id: string) => parseInt(id.replace(/-/g, "").slice(0, 12), 16);

  it("makes version 7 UUIDs that carry each time and grow in the order given, across calls", () => {
    const base = Date.UTC(2026, 4, 6, 7, 8, 9, 123);
    const times = [base, base, base, base + 1, base + 1, base + 250];
    const ids = [...timeOrderedIds(times), ...timeOrderedIds([base + 250, base + 300])];
    for (const id of ids) expect(id).toMatch(V7);
    expect(ids.map(msOf)).toEqual([...times, base + 250, base + 300]);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps growing when the clock goes back or a millisecond holds more ids than its counter", () => {
    const base = Date.UTC(2027, 0, 1);
    const ids = [...timeOrderedIds([base + 10, base + 5]), ...timeOrderedIds(Array.from({ length: 5000 }, () => base + 10))];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(timeOrderedIds([])).toEqual([]);
  });
});
