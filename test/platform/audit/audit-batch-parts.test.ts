// The pure parts of the audit writer's statements: array literals, the blocks, the latest uses
// gathered between two writes, and the entries' ids.
import { describe, expect, it } from "vitest";
import { integerArrayLiteral, textArrayLiteral } from "../../../src/platform/audit/array-literal";
import { auditBlocks } from "../../../src/platform/audit/audit-blocks";
import type { AuditEntry } from "../../../src/platform/audit/audit-writer";
import { timeOrderedIds } from "../../../src/platform/audit/batch-ids";
import { PendingUses } from "../../../src/platform/audit/pending-uses";
import { auditEntry } from "../../helpers/audit-entry";
import { parseJson } from "../../helpers/json";

function entry(overrides: Partial<AuditEntry>): AuditEntry {
  // The expectations below read responseTimeMs 1 and the name "name" from here.
  return auditEntry({ userId: "u1", apiKeyId: "k1", apiKeyName: "name", responseTimeMs: 1, timestamp: new Date(0), ...overrides });
}

describe("array literals", () => {
  it("quotes every text element and escapes only backslash and double quote", () => {
    expect(textArrayLiteral([])).toBe("{}");
    expect(textArrayLiteral(["a", "", "NULL", "x,y", "{z}", " s "])).toBe('{"a","","NULL","x,y","{z}"," s "}');
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

describe("auditBlocks", () => {
  interface Decoded {
    k: string[][];
    e: string[];
    m: string[];
    a: string[];
    r: Array<[string, number, number, number, number, number, number, number]>;
  }
  /** The entries of a block as the audit_logs view reads them. */
  const entriesOf = (block: { entries: string }) => {
    const doc = JSON.parse(block.entries) as Decoded;
    return doc.r.map(([id, k, e, m, status, a, ms, time]) => ({
      id,
      key: doc.k[k],
      endpoint: doc.e[e],
      method: doc.m[m],
      status,
      address: doc.a[a],
      ms,
      time,
    }));
  };

  it("makes one block per user, entries in the order recorded, repeated values listed once", () => {
    const batch = [
      entry({ userId: "u1", endpoint: "/a/", timestamp: new Date(5) }),
      entry({ userId: "u2", endpoint: "/b/", statusCode: 404, timestamp: new Date(6) }),
      entry({ userId: "u1", endpoint: "/c/", responseTimeMs: 12, method: "POST", timestamp: new Date(9) }),
      entry({ userId: "u1", endpoint: "/a/", apiKeyName: "renamed", timestamp: new Date(4) }),
    ];
    const blocks = auditBlocks(batch);
    expect(blocks.map((b) => [b.userId, b.count, b.firstMs, b.lastMs])).toEqual([
      ["u1", 3, 4, 9],
      ["u2", 1, 6, 6],
    ]);
    const key = ["k1", "name", "cnpy_live_00"];
    expect(entriesOf(blocks[0]!).map(({ id: _id, ...rest }) => rest)).toEqual([
      { key, endpoint: "/a/", method: "GET", status: 200, address: "192.0.2.1", ms: 1, time: 5 },
      { key, endpoint: "/c/", method: "POST", status: 200, address: "192.0.2.1", ms: 12, time: 9 },
      { key: ["k1", "renamed", "cnpy_live_00"], endpoint: "/a/", method: "GET", status: 200, address: "192.0.2.1", ms: 1, time: 4 },
    ]);
    const doc = JSON.parse(blocks[0]!.entries) as Decoded;
    expect([doc.k.length, doc.e, doc.m, doc.a]).toEqual([2, ["/a/", "/c/"], ["GET", "POST"], ["192.0.2.1"]]);
    expect(entriesOf(blocks[1]!)[0]).toMatchObject({ endpoint: "/b/", status: 404, time: 6 });
    expect(blocks.map((b) => [b.keyIds, b.statusCodes])).toEqual([
      [["k1"], [200]],
      [["k1"], [404]],
    ]);
  });

  it("counts the entries of each key id, endpoint, method and status in the block's facets", () => {
    const batch = [
      entry({ endpoint: '/a/"q"/', timestamp: new Date(1) }),
      entry({ endpoint: "/b/", method: "POST", statusCode: 201, timestamp: new Date(2) }),
      entry({ endpoint: '/a/"q"/', timestamp: new Date(3) }),
      entry({ endpoint: '/a/"q"/', statusCode: 404, timestamp: new Date(4) }),
      entry({ apiKeyId: "k2", endpoint: '/a/"q"/', timestamp: new Date(5) }),
      // A key renamed within the batch is a second facet of the same key id: the counts add up the same.
      entry({ apiKeyName: "renamed", endpoint: "/b/", method: "POST", statusCode: 201, timestamp: new Date(6) }),
    ];
    const [block] = auditBlocks(batch);
    expect(parseJson(block!.facets)).toEqual([
      ["k1", '/a/"q"/', "GET", 200, 2],
      ["k1", "/b/", "POST", 201, 1],
      ["k1", '/a/"q"/', "GET", 404, 1],
      ["k2", '/a/"q"/', "GET", 200, 1],
      ["k1", "/b/", "POST", 201, 1],
    ]);
  });

  it("gives entries growing time-ordered ids and keeps any text intact through JSON", () => {
    const odd = 'say "hi" \\ back\u00e9 \n {"k":[]}';
    const batch = [entry({ endpoint: odd, apiKeyName: odd }), entry({ ipAddress: "2001:db8::1" })];
    const [block] = auditBlocks(batch);
    const entries = entriesOf(block!);
    expect(entries[0]!.endpoint).toBe(odd);
    expect(entries[0]!.key![1]).toBe(odd);
    expect(entries[1]!.address).toBe("2001:db8::1");
    const ids = entries.map((e) => e.id);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set([...ids, block!.id]).size).toBe(3);
  });
});

describe("PendingUses", () => {
  it("keeps the latest time of each key and user across batches, and starts empty after take", () => {
    const uses = new PendingUses();
    uses.add([
      entry({ apiKeyId: "a", userId: "u", timestamp: new Date(5) }),
      entry({ apiKeyId: "b", userId: "u", timestamp: new Date(9) }),
    ]);
    uses.add([
      entry({ apiKeyId: "a", userId: "v", timestamp: new Date(7) }),
      entry({ apiKeyId: "b", userId: "u", timestamp: new Date(1) }),
    ]);
    expect(uses.size).toBe(4);
    expect(uses.take()).toEqual({ keys: { ids: ["a", "b"], times: [7, 9] }, users: { ids: ["u", "v"], times: [9, 7] } });
    expect(uses.size).toBe(0);
  });

  it("puts back what could not be written without moving a later time back", () => {
    const uses = new PendingUses();
    uses.add([entry({ apiKeyId: "a", userId: "u", timestamp: new Date(5) })]);
    const taken = uses.take();
    uses.add([entry({ apiKeyId: "a", userId: "w", timestamp: new Date(8) })]);
    uses.restore(taken);
    expect(uses.take()).toEqual({ keys: { ids: ["a"], times: [8] }, users: { ids: ["w", "u"], times: [8, 5] } });
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
