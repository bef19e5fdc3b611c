// Map versions sort by the time they were made, byte by byte as PostgreSQL compares UUIDs, so that
// "made before T" is one comparison with firstMapVersionAt(T).
import { describe, expect, it } from "vitest";
import { firstMapVersionAt, newMapVersion } from "../../../src/modules/maps/map-version";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("map versions", () => {
  it("are version 7 UUIDs, different each time", () => {
    const versions = Array.from({ length: 100 }, () => newMapVersion(1_800_000_000_000));
    for (const version of versions) expect(version).toMatch(UUID_V7);
    expect(new Set(versions).size).toBe(100);
  });

  it("sort by the time they were made, and above the first version of their millisecond", () => {
    const times = [0, 1, 255, 256, 65_536, 1_700_000_000_000, 1_700_000_000_001, 2 ** 48 - 1];
    const versions = times.map((ms) => newMapVersion(ms));
    expect([...versions].sort()).toEqual(versions);
    times.forEach((ms, i) => {
      expect(firstMapVersionAt(ms) <= versions[i]!).toBe(true);
      if (i > 0) expect(versions[i - 1]! < firstMapVersionAt(ms)).toBe(true);
    });
  });
});
