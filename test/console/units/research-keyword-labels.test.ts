// The keywords view words the API's codes for a strategist: each source by name, an unknown
// figure as a dash (never a zero, which would read as "no searches"), the intent capitalised,
// and a node as its path of names.
import { describe, expect, it } from "vitest";
import {
  formatDifficulty,
  formatIntent,
  formatNodePath,
  formatPlacement,
  formatVolume,
  isKeywordSource,
  KEYWORD_SOURCES,
  SOURCE_LABELS,
} from "../../../console/src/research/keyword-labels";

describe("the keywords view's labels", () => {
  it("names every source the API lists, each differently", () => {
    expect(KEYWORD_SOURCES).toEqual(["ideas", "suggestions", "related", "autocomplete", "paa", "related_search", "proposed", "user"]);
    expect(SOURCE_LABELS.paa).toBe("People also ask");
    expect(SOURCE_LABELS.related_search).toBe("Related searches");
    expect(SOURCE_LABELS.proposed).toBe("Proposed by the model");
    expect(SOURCE_LABELS.user).toBe("Added by you");
    expect(new Set(Object.values(SOURCE_LABELS)).size).toBe(KEYWORD_SOURCES.length);
  });

  it("tells a source from other text, including an inherited property's name", () => {
    expect(isKeywordSource("paa")).toBe(true);
    expect(isKeywordSource("")).toBe(false);
    expect(isKeywordSource("toString")).toBe(false);
    expect(isKeywordSource("PAA")).toBe(false);
  });

  it("shows an unknown figure as a dash, and a known zero as zero", () => {
    expect(formatVolume(null)).toBe("—");
    expect(formatVolume(0)).toBe("0");
    expect(formatVolume(12100)).toBe("12,100");
    expect(formatDifficulty(null)).toBe("—");
    expect(formatDifficulty(0)).toBe("0");
    expect(formatDifficulty(38)).toBe("38");
  });

  it("capitalises an intent, and dashes a missing one", () => {
    expect(formatIntent("commercial")).toBe("Commercial");
    expect(formatIntent("informational")).toBe("Informational");
    expect(formatIntent(null)).toBe("—");
  });

  it("writes a node as its path from the Pillar down, or says the keyword is on none", () => {
    expect(formatNodePath(["pet insurance", "dog insurance"])).toBe("pet insurance › dog insurance");
    expect(formatNodePath(["pet insurance"])).toBe("pet insurance");
    expect(formatPlacement({ path: ["pet insurance", "dog insurance"], level: "ST2" })).toBe("pet insurance › dog insurance");
    expect(formatPlacement(null)).toBe("Not in the tree");
  });
});
