// The keywords view joins the stored universe with the tree as it stands: attachment follows the
// tree's edits, a tree keyword no source found is the user's, and the filters combine.
import { describe, expect, it } from "vitest";
import { filterKeywordRows, keywordRows } from "../../../../src/modules/research/discovery/keywords-view";
import type { StoredKeyword } from "../../../../src/modules/research/discovery/store";
import type { Tree } from "../../../../src/modules/research/tree/types";

function stored(keyword: string, volume: number | null, sources: StoredKeyword["sources"], rank: number): StoredKeyword {
  return {
    brandId: "b",
    workspaceId: "w",
    keywordKey: keyword,
    keyword,
    source: sources[0] ?? "ideas",
    sources,
    searchVolume: volume,
    cpc: null,
    competition: null,
    difficulty: null,
    intent: null,
    dataSource: "dataforseo",
    rank,
  };
}

const universe = [
  stored("pet insurance", 90500, ["ideas", "related"], 0),
  stored("dog insurance", 22200, ["ideas"], 1),
  stored("is pet insurance worth it", 0, ["paa"], 2),
  stored("pet insurance for rabbits", 390, ["suggestions", "autocomplete"], 3),
];

const tree: Tree = [
  {
    id: "1",
    name: "pet insurance",
    keywords: ["pet insurance"],
    children: [
      {
        id: "2",
        name: "dog insurance",
        keywords: ["Dog  Insurance", "pet insurance"],
        children: [{ id: "3", name: "breeds", keywords: ["dog insurance for labradors"], children: [] }],
      },
    ],
  },
];

describe("keywordRows", () => {
  const rows = keywordRows(universe, tree);

  it("attaches a keyword to the first node holding it, matched as a provider matches keywords", () => {
    expect(rows.find((r) => r.keyword === "pet insurance")?.node).toEqual({ path: ["pet insurance"], level: "MT" });
    expect(rows.find((r) => r.keyword === "dog insurance")?.node).toEqual({ path: ["pet insurance", "dog insurance"], level: "ST2" });
    expect(rows.find((r) => r.keyword === "pet insurance for rabbits")?.node).toBeNull();
  });

  it("lists a tree keyword that no source found as the user's, after the universe", () => {
    const user = rows.at(-1);
    expect(user).toMatchObject({ keyword: "dog insurance for labradors", source: "user", sources: ["user"], search_volume: null });
    expect(user?.node).toEqual({ path: ["pet insurance", "dog insurance", "breeds"], level: "ST3" });
    expect(rows).toHaveLength(5);
  });

  it("flags only a keyword measured at zero as without demand (unknown is not zero)", () => {
    expect(rows.filter((r) => r.no_demand).map((r) => r.keyword)).toEqual(["is pet insurance worth it"]);
  });
});

describe("filterKeywordRows", () => {
  const rows = keywordRows(universe, tree);
  const names = (filtered: { keyword: string }[]) => filtered.map((r) => r.keyword);

  it("orders by demand, unknown volumes last, by default", () => {
    expect(names(filterKeywordRows(rows, {}))).toEqual([
      "pet insurance",
      "dog insurance",
      "pet insurance for rabbits",
      "is pet insurance worth it",
      "dog insurance for labradors",
    ]);
  });

  it("filters by any of a keyword's sources, attachment, text and volume, together", () => {
    expect(names(filterKeywordRows(rows, { source: "autocomplete" }))).toEqual(["pet insurance for rabbits"]);
    expect(names(filterKeywordRows(rows, { source: "related" }))).toEqual(["pet insurance"]);
    expect(names(filterKeywordRows(rows, { attached: false }))).toEqual(["pet insurance for rabbits", "is pet insurance worth it"]);
    expect(names(filterKeywordRows(rows, { search: "DOG", min_volume: 1 }))).toEqual(["dog insurance"]);
    expect(names(filterKeywordRows(rows, { ordering: "keyword", attached: true }))).toEqual([
      "dog insurance",
      "dog insurance for labradors",
      "pet insurance",
    ]);
  });
});
