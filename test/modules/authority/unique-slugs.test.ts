// Each page of the authority hierarchy gets its own URL slug.
import { describe, expect, it } from "vitest";
import { uniqueSlugs } from "../../../src/modules/authority/unique-slugs";

describe("uniqueSlugs", () => {
  it("keeps every centroid slug when none repeats", () => {
    expect(
      uniqueSlugs([
        { centroid: "kayak-paddles", own: "paddles" },
        { centroid: "kayak-racks", own: "kayak-racks" },
      ]),
    ).toEqual(["kayak-paddles", "kayak-racks"]);
  });

  it("gives the slug to the page named by it, the other page its own name's slug", () => {
    // The parent comes first, but its centroid keyword is the child's name.
    const slugs = uniqueSlugs([
      { centroid: "best-kayak-paddles", own: "kayak-paddles" },
      { centroid: "best-kayak-paddles", own: "best-kayak-paddles" },
    ]);
    expect(slugs).toEqual(["kayak-paddles", "best-kayak-paddles"]);
  });

  it("numbers a slug when the page's own name is taken too", () => {
    const slugs = uniqueSlugs([
      { centroid: "kayak-racks", own: "kayak-racks" },
      { centroid: "kayak-racks", own: "kayak-racks" },
      { centroid: "kayak-racks", own: "kayak-racks" },
    ]);
    expect(slugs).toEqual(["kayak-racks", "kayak-racks-2", "kayak-racks-3"]);
  });
});
