import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countWireNodes, fromWire, fromWireLenient, toWire } from "../../../../src/modules/research/tree/wire";
import { counterIds, treeArb, withIds } from "./arbitraries";
import { failure, violations } from "./invariants";

describe("toWire", () => {
  it("nests the levels and always shows the deeper arrays, empty", () => {
    const tree = withIds([
      {
        name: "seo",
        keywords: ["seo"],
        children: [
          {
            name: "tools",
            keywords: [],
            children: [{ name: "free", keywords: ["f"], children: [{ name: "checker", keywords: ["c"], children: [] }] }],
          },
        ],
      },
    ]);
    expect(toWire(tree)).toEqual([
      {
        main_topic: "seo",
        subtopic_2: [
          {
            name: "tools",
            subtopic_3: [{ name: "free", subtopic_4: [{ name: "checker", keywords: ["c"] }], keywords: ["f"] }],
            subtopic_4: [],
            keywords: [],
          },
        ],
        subtopic_3: [],
        subtopic_4: [],
        keywords: ["seo"],
      },
    ]);
  });

  it("shares no array with the stored tree", () => {
    const tree = withIds([{ name: "seo", keywords: ["seo"], children: [] }]);
    const wire = toWire(tree);
    wire[0]!.keywords.push("changed");
    expect(tree[0]!.keywords).toEqual(["seo"]);
  });
});

describe("fromWire", () => {
  it("reads the wire shape back, lowercased, trimmed, keywords de-duplicated, with fresh ids", () => {
    const tree = fromWire(
      [
        {
          main_topic: "  SEO ",
          subtopic_2: [{ name: "Tools", subtopic_3: [{ name: "Free", subtopic_4: [{ name: "Checker", keywords: ["A", "a ", "b"] }] }] }],
          subtopic_3: [],
          keywords: ["Seo"],
        },
        { main_topic: "content" },
      ],
      counterIds("id"),
    );
    expect(tree).toEqual([
      {
        id: "id1",
        name: "seo",
        keywords: ["seo"],
        children: [
          {
            id: "id2",
            name: "tools",
            keywords: [],
            children: [
              { id: "id3", name: "free", keywords: [], children: [{ id: "id4", name: "checker", keywords: ["a", "b"], children: [] }] },
            ],
          },
        ],
      },
      { id: "id5", name: "content", keywords: [], children: [] },
    ]);
  });

  it("round-trips any stored tree", () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        const back = fromWire(toWire(tree), counterIds());
        expect(violations(back)).toEqual([]);
        expect(toWire(back)).toEqual(toWire(tree));
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    [{}, 400, "research_data must be an array of main topics"],
    [[3], 400, "research_data[0] must be an object"],
    [[{ name: "seo" }], 400, "research_data[0].main_topic is required"],
    [[{ main_topic: 5 }], 400, "research_data[0].main_topic must be a string"],
    [[{ main_topic: " " }], 400, "research_data[0].main_topic must not be empty"],
    [[{ main_topic: "x".repeat(201) }], 400, "research_data[0].main_topic must be at most 200 characters"],
    [[{ main_topic: "seo", subtopic_2: {} }], 400, "research_data[0].subtopic_2 must be an array"],
    [
      [{ main_topic: "seo", subtopic_3: [{ name: "x" }] }],
      400,
      "research_data[0].subtopic_3 must be empty: the children of this node go in subtopic_2",
    ],
    [
      [{ main_topic: "seo", subtopic_2: [{ name: "a", subtopic_4: [{ name: "x" }] }] }],
      400,
      /^research_data\[0\]\.subtopic_2\[0\]\.subtopic_4 must be empty/,
    ],
    [
      [
        {
          main_topic: "seo",
          subtopic_2: [{ name: "a", subtopic_3: [{ name: "b", subtopic_4: [{ name: "c", subtopic_4: [{ name: "d" }] }] }] }],
        },
      ],
      400,
      "research_data[0].subtopic_2[0].subtopic_3[0].subtopic_4[0].subtopic_4 must be empty: a level-4 node has no children",
    ],
    [[{ main_topic: "seo", subtopic_2: [{ title: "a" }] }], 400, "research_data[0].subtopic_2[0].name is required"],
    [[{ main_topic: "seo", keywords: "seo" }], 400, "research_data[0].keywords must be an array of strings"],
    [[{ main_topic: "seo", keywords: ["ok", 1] }], 400, "research_data[0].keywords[1] must be a string"],
    [[{ main_topic: "seo", keywords: ["ok", " "] }], 400, "research_data[0].keywords[1] must not be empty"],
    [[{ main_topic: "seo" }, { main_topic: "SEO " }], 409, 'research_data[1] is named "seo", as is its sibling research_data[0]'],
    [
      [{ main_topic: "seo", subtopic_2: [{ name: "a" }, { name: "b" }, { name: "A" }] }],
      409,
      'research_data[0].subtopic_2[2] is named "a", as is its sibling research_data[0].subtopic_2[0]',
    ],
  ])("refuses %j with %i naming the place", (input, status, message) => {
    const error = failure(() => fromWire(input, counterIds()));
    expect(error.status).toBe(status);
    if (typeof message === "string") expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
  });

  it("accepts absent or null arrays and keywords", () => {
    const tree = fromWire([{ main_topic: "seo", subtopic_2: null, subtopic_3: null, keywords: null }], counterIds());
    expect(tree).toEqual([{ id: "new1", name: "seo", keywords: [], children: [] }]);
  });

  it("names the field given in the options", () => {
    expect(failure(() => fromWire([{}], counterIds(), { root: "before" })).message).toBe("before[0].main_topic is required");
  });
});

describe("fromWireLenient", () => {
  it("answers 400 for duplicate siblings, skips empty keywords and accepts `name` on main topics", () => {
    const error = failure(() => fromWireLenient([{ main_topic: "a" }, { main_topic: "A" }], "after"));
    expect(error.status).toBe(400);
    expect(error.message).toBe('after[1] is named "a", as is its sibling after[0]');
    const tree = fromWireLenient([{ name: "Seo", keywords: ["", "x"] }], "before");
    expect(tree).toMatchObject([{ name: "seo", keywords: ["x"], children: [] }]);
  });
});

describe("countWireNodes", () => {
  it("counts nodes on every level, whatever else is wrong with the body", () => {
    const wire = [
      { main_topic: "a", subtopic_2: [{ name: "b", subtopic_3: [{ name: "c", subtopic_4: [{ name: "d" }, { name: "e" }] }] }] },
      { main_topic: "f", subtopic_3: [{ name: "stray" }] },
      "not a node",
    ];
    expect(countWireNodes(wire)).toBe(8);
    expect(countWireNodes("nothing")).toBe(0);
    fc.assert(
      fc.property(treeArb, (tree) => {
        expect(countWireNodes(toWire(tree))).toBe(JSON.stringify(tree).split('"id":').length - 1);
      }),
      { numRuns: 50 },
    );
  });
});
