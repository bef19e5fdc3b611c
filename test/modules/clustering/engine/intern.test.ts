// URL interning: two URLs get the same id exactly when their normalized forms are equal, with
// the hashing and comparison done on the raw strings (and hosts beyond ASCII handled apart).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UrlInterner } from "../../../../src/modules/clustering/engine/intern";
import { normalizeUrl } from "../../../../src/modules/clustering/engine/url-normalize";

const piece = fc.constantFrom(
  "https://",
  "http://",
  "//",
  "www.",
  "WWW.",
  "a",
  "A",
  "b",
  "k",
  "K",
  "\u212a",
  "İ",
  "i",
  "é",
  "É",
  "@",
  "`",
  "[",
  "{",
  ".",
  "-",
  ":",
  "/",
  "?",
  "#",
  "x",
  "X",
  " ",
  "\u00a0",
);
const urlArb = fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join(""));

describe("UrlInterner", () => {
  it("gives equal ids exactly to URLs whose normalized forms are equal, and -1 to empty ones", () => {
    fc.assert(
      fc.property(fc.array(urlArb, { maxLength: 60 }), (urls) => {
        const interner = new UrlInterner(urls.length);
        const ids = urls.map((u) => interner.intern(u));
        const byForm = new Map<string, number>();
        urls.forEach((url, i) => {
          const form = normalizeUrl(url);
          if (form === "") {
            expect(ids[i]).toBe(-1);
            return;
          }
          expect(ids[i]).toBeGreaterThanOrEqual(0);
          if (!byForm.has(form)) byForm.set(form, ids[i]!);
          expect(ids[i], `${JSON.stringify(url)} -> ${JSON.stringify(form)}`).toBe(byForm.get(form));
        });
        expect(new Set(byForm.values()).size).toBe(byForm.size);
        expect(interner.size).toBe(byForm.size);
      }),
      { numRuns: 1500 },
    );
  });

  it("meets an ASCII host and one that lowercases to it (the Kelvin sign) at one id", () => {
    const interner = new UrlInterner(8);
    const ascii = interner.intern("https://KA.example/Path");
    expect(interner.intern("https://\u212aa.example/Path/")).toBe(ascii);
    expect(interner.intern("https://ka.example/path")).not.toBe(ascii);
    // Characters the hash folds together ("@" and "`") on both sides of that meeting.
    const folded = interner.intern("https://K@x.example/");
    expect(interner.intern("https://\u212a@x.example")).toBe(folded);
    expect(interner.intern("https://\u212a`x.example")).not.toBe(folded);
  });

  it("keeps apart hosts that differ only where the hash folds characters together", () => {
    const interner = new UrlInterner(4);
    expect(interner.intern("https://a@b.example/")).not.toBe(interner.intern("https://a`b.example/"));
    expect(interner.intern("https://a[b.example/")).not.toBe(interner.intern("https://a{b.example/"));
  });
});
