// Where a brand stands in a stored SERP: its positions (www.-insensitive domain match) and its
// presence in AI answers (cited, mentioned, both, neither, or N/A without an answer).
import { describe, expect, it } from "vitest";
import { aiPresence, brandPositions, overviewPresence, siteDomain, strongestPresence } from "../../../src/modules/maps/brand-presence";

const brand = { domain: "brew.example", name: "Brew Co" };
const result = (position: number, domain: string) => ({
  position,
  url: `https://${domain}/p${position}`,
  title: "t",
  snippet: "s",
  domain,
});

describe("siteDomain", () => {
  it.each([
    ["https://www.Brew.example/shop", "brew.example"],
    ["https://shop.brew.example", "shop.brew.example"],
    [null, null],
    ["not a url", null],
  ])("%s -> %s", (url, domain) => expect(siteDomain(url)).toBe(domain));
});

describe("brandPositions", () => {
  it("lists every position of the brand's site, ascending, www.-insensitive, subdomains apart", () => {
    const results = [result(4, "www.brew.example"), result(1, "other.example"), result(2, "brew.example"), result(7, "blog.brew.example")];
    expect(brandPositions(results, brand)).toEqual([2, 4]);
  });

  it("is empty for a brand without a site or without a ranking", () => {
    expect(brandPositions([result(1, "brew.example")], { domain: null, name: "Brew Co" })).toEqual([]);
    expect(brandPositions([result(1, "other.example")], brand)).toEqual([]);
  });
});

describe("aiPresence", () => {
  const answer = (text: string, domains: string[]) => ({
    text,
    references: domains.map((domain) => ({ url: `https://${domain}/`, domain, title: "t" })),
  });

  it.each([
    [answer("Brew Co makes good kettles.", ["www.brew.example"]), "mentioned_cited"],
    [answer("Kettles compared.", ["brew.example", "x.example"]), "cited"],
    [answer("Try BREW CO, or others.", ["x.example"]), "mentioned"],
    [answer("Brew Cottage is another shop.", ["x.example"]), "not_present"],
    [answer("Kettles compared.", []), "not_present"],
    [null, "N/A"],
  ] as const)("%j -> %s", (given, expected) => expect(aiPresence(given, brand)).toBe(expected));

  it("keeps the strongest presence across keywords, and folds both into cited for AI Overviews", () => {
    expect(strongestPresence(["N/A", "mentioned", "not_present"])).toBe("mentioned");
    expect(strongestPresence(["cited", "mentioned_cited"])).toBe("mentioned_cited");
    expect(strongestPresence([])).toBe("N/A");
    expect(overviewPresence("mentioned_cited")).toBe("cited");
    expect(overviewPresence("not_present")).toBe("not_present");
  });
});
