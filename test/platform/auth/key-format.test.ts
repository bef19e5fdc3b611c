import { describe, expect, it } from "vitest";
import { displayPrefix, generateKey, hashKey, isWellFormedKey, KEY_PREFIX } from "../../../src/platform/auth/key-format";

describe("key format", () => {
  it("generates cnpy_live_ plus 32 lowercase hex characters", () => {
    const { plaintext } = generateKey();
    expect(plaintext).toMatch(/^cnpy_live_[0-9a-f]{32}$/);
    expect(plaintext).toHaveLength(KEY_PREFIX.length + 32);
    expect(isWellFormedKey(plaintext)).toBe(true);
  });

  it("stores the SHA-256 hex digest of the plaintext, never the plaintext", () => {
    const generated = generateKey();
    expect(generated.hash).toBe(hashKey(generated.plaintext));
    expect(generated.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(generated.hash).not.toContain(generated.plaintext.slice(KEY_PREFIX.length));
    // The standard SHA-256 test vector.
    expect(hashKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("keeps a 12-character prefix: the service prefix plus two key-specific digits", () => {
    const generated = generateKey();
    expect(generated.prefix).toHaveLength(12);
    expect(generated.prefix).toBe(generated.plaintext.slice(0, 12));
    expect(generated.prefix).toMatch(/^cnpy_live_[0-9a-f]{2}$/);
    expect(displayPrefix("cnpy_live_0123456789abcdef0123456789abcdef")).toBe("cnpy_live_01");
  });

  it("never generates the same key twice in a large sample", () => {
    const keys = new Set(Array.from({ length: 2000 }, () => generateKey().plaintext));
    expect(keys.size).toBe(2000);
  });

  it.each([
    ["empty", ""],
    ["garbage", "not-a-key"],
    ["uppercase hex", "cnpy_live_0123456789ABCDEF0123456789ABCDEF"],
    ["31 hex characters", "cnpy_live_0123456789abcdef0123456789abcde"],
    ["33 hex characters", "cnpy_live_0123456789abcdef0123456789abcdef0"],
    ["another environment", "cnpy_test_0123456789abcdef0123456789abcdef"],
    ["another service", "sk_live_0123456789abcdef0123456789abcdef"],
    ["a non-hex character", "cnpy_live_0123456789abcdef0123456789abcdeg"],
    ["surrounding whitespace", " cnpy_live_0123456789abcdef0123456789abcdef "],
    ["a trailing newline", "cnpy_live_0123456789abcdef0123456789abcdef\n"],
  ])("rejects %s as malformed", (_label, text) => {
    expect(isWellFormedKey(text)).toBe(false);
  });
});
