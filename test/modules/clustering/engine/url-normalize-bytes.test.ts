// The byte forms of URL normalization: parseUrlBytes and the one-pass scanUrlString must give
// what parseUrl and normalizeUrl give for the same ASCII string (same normalized form, same
// hash), and the byte interner must give equal ids exactly to URLs whose normalized forms are
// equal.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ByteUrlInterner } from "../../../../src/modules/clustering/engine/intern";
import { HASH, newUrlParts, normalizeUrl, parseUrl, type UrlParts } from "../../../../src/modules/clustering/engine/url-normalize";
import { parseUrlBytes, scanUrlString } from "../../../../src/modules/clustering/engine/url-normalize-bytes";

// Printable ASCII pieces that make the normalization's cases meet: schemes, "www.", slashes,
// queries, fragments, surrounding spaces, case, and the characters the host hash folds together.
const piece = fc.constantFrom(
  "https://",
  "http://",
  "//",
  "://",
  "www.",
  "WWW.",
  "wWw.",
  "a",
  "A",
  "b",
  "k",
  "K",
  "@",
  "`",
  "[",
  "{",
  ".",
  "-",
  "+",
  "1",
  ":",
  "/",
  "/",
  "?",
  "#",
  "x",
  "X",
  " ",
  "q=1",
  "&",
);
const asciiUrl = fc.array(piece, { maxLength: 9 }).map((pieces) => pieces.join(""));

const bytesOf = (text: string) => Buffer.from(text, "latin1");

/** The normalized form a parts record describes, over `source`. */
function formOf(source: string, parts: UrlParts): string {
  return source.slice(parts[0], parts[1]).toLowerCase() + source.slice(parts[2], parts[3]) + source.slice(parts[4], parts[5]);
}

describe("parseUrlBytes", () => {
  it("finds the normalized form and hash that parseUrl finds", () => {
    fc.assert(
      fc.property(asciiUrl, fc.string({ unit: fc.constantFrom("x", '"', " "), maxLength: 3 }), (url, around) => {
        const expected = newUrlParts();
        parseUrl(url, expected);
        // Placed in a larger buffer, as URLs lie in an export file.
        const bytes = bytesOf(around + url + around);
        const got = newUrlParts();
        parseUrlBytes(bytes, around.length, around.length + url.length, got);
        expect(formOf(bytes.toString("latin1"), got)).toBe(normalizeUrl(url));
        expect(got[HASH]).toBe(expected[HASH]);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("scanUrlString", () => {
  it("reads a JSON string to its closing quote and normalizes it as parseUrl does", () => {
    fc.assert(
      fc.property(asciiUrl, fc.constantFrom("", ",", "]", ',"https://next.example/"'), (url, after) => {
        const text = `["${url}"${after}`;
        const parts = newUrlParts();
        const close = scanUrlString(bytesOf(text), 1, parts);
        expect(close).toBe(2 + url.length);
        expect(formOf(text, parts)).toBe(normalizeUrl(url));
        const expected = newUrlParts();
        parseUrl(url, expected);
        expect(parts[HASH]).toBe(expected[HASH]);
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ["an escape", '"https://a.example/\\"x"'],
    ["a control character", '"https://a.example/\tx"'],
    ["a character beyond ASCII", '"https://a.example/é"'],
    ["an escape in the fragment", '"https://a.example/#\\n"'],
    ["no closing quote", '"https://a.example/x'],
    ["no closing quote after a scheme", '"https'],
  ])("refuses a string holding %s", (_, text) => {
    expect(scanUrlString(Buffer.from(text, "utf8"), 0, newUrlParts())).toBe(-1);
  });
});

describe("ByteUrlInterner", () => {
  it("gives equal ids exactly to URLs whose normalized forms are equal, and -1 to empty ones", () => {
    fc.assert(
      fc.property(fc.array(asciiUrl, { maxLength: 80 }), (urls) => {
        // One JSON array of the URL strings; a tiny capacity makes the tables grow.
        const text = JSON.stringify(urls);
        const bytes = bytesOf(text);
        const interner = new ByteUrlInterner(bytes, 1);
        const byForm = new Map<string, number>();
        let pos = 1;
        for (const url of urls) {
          const close = interner.readString(pos);
          expect(close).toBeGreaterThan(pos);
          pos = close + 2;
          const form = normalizeUrl(url);
          if (form === "") {
            expect(interner.id).toBe(-1);
            continue;
          }
          if (!byForm.has(form)) byForm.set(form, interner.id);
          expect(interner.id, `${JSON.stringify(url)} -> ${JSON.stringify(form)}`).toBe(byForm.get(form));
        }
        expect(new Set(byForm.values()).size).toBe(byForm.size);
        expect(interner.size).toBe(byForm.size);
      }),
      { numRuns: 1000 },
    );
  });
});
