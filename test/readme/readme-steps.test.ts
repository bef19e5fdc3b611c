// The README test's own parts: how blocks are read and how answers are matched, so that a
// README example cannot pass by the checker accepting anything.
import { describe, expect, it } from "vitest";
import { isTextAnswer, mismatch, parsePattern, readmeBlocks, textMismatch, writesToFile } from "../helpers/readme-steps";

const README = [
  "text",
  "<!-- readme-test -->",
  "```sh",
  "# a comment",
  "npx canopy users create \\",
  "  --email a@b.c",
  '# -> {"email": "a@b.c", ...}',
  "export X=1",
  "```",
  "```sh",
  "not marked",
  "```",
].join("\n");

describe("readmeBlocks", () => {
  it("reads marked blocks only, joining continued lines and attaching answers", () => {
    expect(readmeBlocks(README)).toEqual([
      [
        { command: "npx canopy users create \\\n  --email a@b.c", expected: '{"email": "a@b.c", ...}' },
        { command: "export X=1", expected: null },
      ],
    ]);
  });

  it("refuses a marker without a shell block after it", () => {
    expect(() => readmeBlocks("<!-- readme-test -->\ntext")).toThrow(/must be followed/);
  });
});

describe("answer patterns", () => {
  const matches = (actual: unknown, pattern: string) => mismatch(actual, parsePattern(pattern));

  it('matches objects by the keys shown, any value for "...", prefixes for "abc..."', () => {
    expect(matches({ id: "x", key: "cnpy_live_ab", n: 3, extra: true }, '{"id": "...", "key": "cnpy_live_...", "n": 3, ...}')).toBeNull();
    expect(matches({ key: "other" }, '{"key": "cnpy_live_..."}')).toMatch(/starting with "cnpy_live_"/);
    expect(matches({ n: 4 }, '{"n": 3}')).toMatch(/\$\.n: expected 3, got 4/);
    expect(matches({}, '{"n": 3}')).toMatch(/\$\.n: missing/);
  });

  it("matches arrays exactly unless they end in ...", () => {
    expect(matches([1, 2, 3], "[1, ...]")).toBeNull();
    expect(matches([1, 2, 3], "[1, 2]")).toMatch(/expected 2 items, got 3/);
    expect(matches([], "[1, ...]")).toMatch(/at least 1 items/);
    expect(matches([{ a: 1, b: 2 }], '[{"a": 1, ...}]')).toBeNull();
    expect(matches([{ a: 2 }], '[{"a": 1, ...}, ...]')).toMatch(/\$\[0\]\.a/);
  });

  it("keeps ... inside strings as text", () => {
    expect(matches({ m: "wait..." }, '{"m": "wait..."}')).toBeNull();
    expect(matches({ m: "a, ... b" }, '{"m": "a, ... b"}')).toBeNull();
  });
});

describe("text answers", () => {
  it("tells text from JSON answers", () => {
    expect(isTextAnswer("# ...")).toBe(true);
    expect(isTextAnswer('{"a": 1}')).toBe(false);
    expect(isTextAnswer("[1, ...]")).toBe(false);
  });

  it("matches line for line, with ... for any run of characters within a line", () => {
    expect(textMismatch("# How to Clean Grinders\n", "# ...")).toBeNull();
    expect(textMismatch("plain\n", "# ...")).toMatch(/expected text/);
    expect(textMismatch("# A\nmore", "# ...")).toMatch(/expected text/);
    expect(textMismatch("a.b", "a.b")).toBeNull();
    expect(textMismatch("axb", "a.b")).toMatch(/expected text/);
  });

  it("knows the downloads that write a file", () => {
    expect(writesToFile('curl -s "http://x/?format=csv" -H "X-API-Key: $KEY" -o map.csv')).toBe(true);
    expect(writesToFile('curl -s -OJ "http://x/?format=csv"')).toBe(true);
    expect(writesToFile("curl -s http://x/ -H 'X-Other: 1'")).toBe(false);
  });
});
