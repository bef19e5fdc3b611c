// The bounds of free-form JSON (docs/conventions.md §2), pure: nesting measured without recursion, so that a
// value thousands of levels deep is judged, not a stack overflow; size counted on the free-form
// members only.
import { describe, expect, it } from "vitest";
import {
  FREE_FORM_MAX_BYTES,
  FREE_FORM_MAX_DEPTH,
  freeFormProblems,
  nestsDeeperThan,
  TOO_DEEP_MESSAGE,
  TOO_LARGE_MESSAGE,
} from "../../../src/platform/http/free-form";

/** Objects and lists in turn, `levels` deep, built without recursion. */
function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

describe("free-form bounds", () => {
  it("counts an object or list as one level plus its deepest member; scalars have none", () => {
    expect(nestsDeeperThan("text", 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan({ a: [1], b: { c: { d: {} } } }, 3)).toBe(true);
    expect(nestsDeeperThan({ a: [1], b: { c: { d: {} } } }, 4)).toBe(false);
  });

  it("takes 32 levels and refuses 33", () => {
    expect(freeFormProblems(nested(FREE_FORM_MAX_DEPTH), { sized: true })).toEqual([]);
    expect(freeFormProblems(nested(FREE_FORM_MAX_DEPTH + 1), { sized: true })).toEqual([TOO_DEEP_MESSAGE]);
  });

  it("judges a value a million levels deep without overflowing the stack", () => {
    expect(freeFormProblems(nested(1_000_000), { sized: true })).toEqual([TOO_DEEP_MESSAGE]);
  });

  it("counts only the members the object does not define against the size limit", () => {
    const big = "x".repeat(FREE_FORM_MAX_BYTES);
    expect(freeFormProblems({ notes: big }, { sized: true })).toEqual([TOO_LARGE_MESSAGE]);
    expect(freeFormProblems({ header_sections: big, notes: "short" }, { known: ["header_sections"], sized: true })).toEqual([]);
    expect(freeFormProblems({ notes: big }, { sized: false })).toEqual([]);
  });
});
