// URL normalization (docs/conventions.md §7) and the overlap count, by example and against the reference.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeUrl, requiredOverlap } from "../../../../src/modules/clustering/engine";
import { referenceNormalizeUrl } from "./reference";

describe("normalizeUrl", () => {
  it.each([
    ["https://www.Example.COM/Path/To/", "example.com/Path/To"],
    ["http://example.com/path", "example.com/path"],
    ["example.com/path/", "example.com/path"],
    ["//WWW.example.com/a", "example.com/a"],
    ["https://example.com/", "example.com"],
    ["https://example.com", "example.com"],
    ["https://example.com/page#section-2", "example.com/page"],
    ["https://example.com/page/#top", "example.com/page"],
    ["https://example.com/Search?Q=Shoes&Page=2", "example.com/Search?Q=Shoes&Page=2"],
    ["https://example.com/search/?q=a/", "example.com/search?q=a/"],
    ["https://example.com:8080/x/", "example.com:8080/x"],
    ["https://shop.www.example.com/", "shop.www.example.com"],
    ["https://example.com/a//", "example.com/a/"],
    ["  https://example.com/a  ", "example.com/a"],
    ["HTTPS://EN.WIKIPEDIA.ORG/wiki/Search_Engine", "en.wikipedia.org/wiki/Search_Engine"],
    ["#only-a-fragment", ""],
    ["", ""],
  ])("%j -> %j", (raw, expected) => {
    expect(normalizeUrl(raw)).toBe(expected);
  });

  it("agrees with the reference normalization on random URL-like strings", () => {
    const piece = fc.constantFrom(
      "http://",
      "https://",
      "HTTP://",
      "//",
      "www.",
      "WWW.",
      "wWw.",
      "Example",
      "a.com",
      "b.org",
      ":",
      ":8080",
      "/",
      "//",
      "?",
      "#",
      "q=1",
      "&",
      "Path",
      "x",
      " ",
      ".",
      "-",
      "ftp://",
      "é",
      "É",
      "\u212a",
      "İ",
      "K",
      "\u00a0",
      "\u3000",
      "\ufeff",
      "\u180e",
      "\t",
      "\n",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const url = pieces.join("");
        expect(normalizeUrl(url)).toBe(referenceNormalizeUrl(url));
      }),
      { numRuns: 2000 },
    );
  });

  it("makes the spelled variants of one result equal", () => {
    const variants = [
      "https://www.example.com/guide/",
      "http://example.com/guide",
      "https://EXAMPLE.com/guide#intro",
      "example.com/guide/",
      "//www.Example.com/guide",
    ];
    expect(new Set(variants.map(normalizeUrl))).toEqual(new Set(["example.com/guide"]));
  });
});

describe("requiredOverlap", () => {
  it("is ceil(x × 10) for every percentage 0.20 .. 0.90 in steps of 0.01, however x was computed", () => {
    for (let hundredths = 20; hundredths <= 90; hundredths++) {
      const expected = Math.floor((hundredths + 9) / 10);
      for (const x of [hundredths / 100, hundredths * 0.01, (hundredths / 10) * 0.1, Number((hundredths / 100).toFixed(2))]) {
        expect(requiredOverlap(x), `x = ${x}`).toBe(expected);
      }
    }
  });

  it("is not fooled by binary floating point", () => {
    expect(requiredOverlap(0.1 + 0.2)).toBe(3);
    expect(requiredOverlap(0.30000000000000004)).toBe(3);
    expect(requiredOverlap(0.7 * 1)).toBe(7);
    expect(requiredOverlap(0.1 * 7)).toBe(7); // 0.7000000000000001
    expect(requiredOverlap(0.2)).toBe(2);
    expect(requiredOverlap(0.4)).toBe(4);
    expect(requiredOverlap(0.9)).toBe(9);
    expect(requiredOverlap(0.35)).toBe(4);
    expect(requiredOverlap(0.201)).toBe(3);
    expect(requiredOverlap(1)).toBe(10);
  });

  it("refuses what is no share of ten results", () => {
    for (const x of [0, -0.4, 1.01, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => requiredOverlap(x), `x = ${x}`).toThrow(RangeError);
    }
  });
});
