// The export reader of `canopy cluster`: on exports of the plain shape it must give what the
// general path gives (JSON.parse, entry checks, keyword clean-up, string interning), whatever
// the whitespace, key order, escapes in keywords or characters beyond ASCII; on anything else
// it must answer null, so the general path decides.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clusterKeywords, clusterSerps } from "../../src/modules/clustering/engine";
import { prepareKeywords } from "../../src/modules/clustering/engine";
import { readPlainExport } from "../../src/operator/cluster-export-scan";
import { parseJson } from "../helpers/json";

interface Entry {
  keyword: string;
  search_volume?: number | null;
  urls: string[];
}

const urlArb = fc
  .record({
    scheme: fc.constantFrom("https://", "http://", "", "//"),
    www: fc.boolean(),
    host: fc.constantFrom("a.com", "B.org", "c.net"),
    path: fc.constantFrom("", "/", "/x", "/x/", "/y?q=1", "/y/?q=1#f", " /z "),
  })
  .map(({ scheme, www, host, path }) => scheme + (www ? "www." : "") + host + path);

const keywordArb = fc.oneof(
  fc.string({ unit: fc.constantFrom("a", "b", "B", " ", "é", "日", '"', "\\", "\n", "\u2028"), maxLength: 5 }),
  fc.constantFrom("coffee", "Coffee ", "  "),
);

const entryArb: fc.Arbitrary<Entry> = fc.record(
  {
    keyword: keywordArb,
    search_volume: fc.oneof(fc.nat(50), fc.constant(null), fc.constantFrom(0.5, 1e3, 12e-1)),
    urls: fc.array(urlArb, { maxLength: 13 }),
  },
  { requiredKeys: ["keyword", "urls"] },
);

/** JSON text of the entries with the keys in the given order and some whitespace. */
function serialize(entries: Entry[], order: (keyof Entry)[], space: string): string {
  const items = entries.map((entry) => {
    const members = order
      .filter((key) => key in entry)
      .map((key) => `${JSON.stringify(key)}${space}:${space}${JSON.stringify(entry[key])}`);
    return `{${space}${members.join(`,${space}`)}${space}}`;
  });
  return `${space}[${space}${items.join(`,${space}`)}${space}]${space}`;
}

/** What the general path clusters for these entries. */
function generalClusters(entries: Entry[], overlap: number) {
  const input = entries.map((e) => ({ keyword: e.keyword, searchVolume: e.search_volume ?? 0, urls: e.urls }));
  return clusterKeywords(prepareKeywords(input), overlap);
}

describe("readPlainExport", () => {
  it("reads plain exports, and clusters them as the general path does", () => {
    const orderArb = fc.shuffledSubarray(["keyword", "search_volume", "urls"] as (keyof Entry)[], { minLength: 3 });
    fc.assert(
      fc.property(
        fc.array(entryArb, { maxLength: 60 }),
        orderArb,
        fc.constantFrom("", " ", "\n  ", "\t", "\r\n"),
        (entries, order, space) => {
          const text = serialize(entries, order, space);
          expect(parseJson(text)).toEqual(entries);
          const serps = readPlainExport(Buffer.from(text, "utf8"));
          expect(serps, text).not.toBeNull();
          const expected = generalClusters(entries, 0.3);
          expect(serps!.keywords.length > 0 ? clusterSerps(serps!, 0.3) : []).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("reads more keywords and URLs than its first guesses hold", () => {
    const entries = Array.from({ length: 3000 }, (_, i) => ({
      keyword: `kw ${i}`,
      search_volume: i % 7,
      urls: Array.from({ length: 10 }, (_, r) => `https://site${(i * 10 + r) % 9000}.example/p${r}`),
    }));
    const serps = readPlainExport(Buffer.from(JSON.stringify(entries)))!;
    expect(serps.keywords).toHaveLength(3000);
    expect(serps.urlCount).toBe(new Set(entries.flatMap((e) => e.urls)).size);
    expect(clusterSerps(serps, 0.4)).toEqual(generalClusters(entries, 0.4));
  });

  it.each([
    ["invalid JSON", '[{"keyword":"a","urls":[]}'],
    ["trailing text", '[{"keyword":"a","urls":[]}] x'],
    ["a byte order mark", '\ufeff[{"keyword":"a","urls":[]}]'],
    ["an object at the top", '{"keyword":"a","urls":[]}'],
    ["another key", '[{"keyword":"a","urls":[],"cpc":1}]'],
    ["a repeated key", '[{"keyword":"a","keyword":"b","urls":[]}]'],
    ["a missing keyword", '[{"urls":["https://a.com/"]}]'],
    ["missing urls", '[{"keyword":"a"}]'],
    ["an empty object", "[{}]"],
    ["a keyword that is not a string", '[{"keyword":1,"urls":[]}]'],
    ["a negative volume", '[{"keyword":"a","search_volume":-1,"urls":[]}]'],
    ["a volume too large for a number", '[{"keyword":"a","search_volume":1e400,"urls":[]}]'],
    ["a volume with a leading zero", '[{"keyword":"a","search_volume":01,"urls":[]}]'],
    ["a volume in a string", '[{"keyword":"a","search_volume":"1","urls":[]}]'],
    ["an escape in a URL", '[{"keyword":"a","urls":["https://a.com/\\u0078"]}]'],
    ["a URL beyond ASCII", '[{"keyword":"a","urls":["https://bücher.example/"]}]'],
    ["a URL that is not a string", '[{"keyword":"a","urls":[1]}]'],
    ["a control character in a keyword", '[{"keyword":"a\tb","urls":[]}]'],
    ["an invalid escape in a keyword", '[{"keyword":"a\\x","urls":[]}]'],
    ["an escape in an eleventh URL", `[{"keyword":"a","urls":[${Array(10).fill('"u"').join(",")},"\\u0078"]}]`],
  ])("leaves %s to the general path", (_, text) => {
    expect(readPlainExport(Buffer.from(text, "utf8"))).toBeNull();
  });

  it("reads an empty array as no keywords, and drops keywords that are only spaces", () => {
    expect(readPlainExport(Buffer.from(" [ ] "))!.keywords).toEqual([]);
    expect(readPlainExport(Buffer.from('[{"keyword":"  ","urls":["https://a.com/"]}]'))!.keywords).toEqual([]);
  });
});
