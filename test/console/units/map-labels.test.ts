// A Visual Map box says its whole name when it fits, else its most whole words that fit with "…",
// else nothing: never text wider than its room, never a cut word.
import { describe, expect, it } from "vitest";
import { fitLabel } from "../../../console/src/authority/map-labels";

// Every letter 6 px wide, the ellipsis too: widths a test can count.
const measure = (text: string) => [...text].length * 6;

describe("fitLabel", () => {
  it("keeps a name that fits whole", () => {
    expect(fitLabel("espresso", 48, measure)).toEqual({ text: "espresso", shortened: false });
  });

  it("shortens a long name to the most whole words that fit, with an ellipsis", () => {
    expect(fitLabel("single boiler espresso machine", 130, measure)).toEqual({ text: "single boiler…", shortened: true });
    expect(fitLabel("single boiler espresso machine", 150, measure)).toEqual({ text: "single boiler espresso…", shortened: true });
  });

  it("never cuts a word: a first word that does not fit, or a too short one, is no label", () => {
    expect(fitLabel("espresso machines", 50, measure)).toBeNull();
    expect(fitLabel("espresso machines", 54, measure)?.text).toBe("espresso…");
    expect(fitLabel("an espresso machine", 30, measure)).toBeNull();
  });

  it("never answers a text wider than the room, whatever the room", () => {
    const name = "single boiler espresso machine";
    for (let room = 0; room <= 200; room += 1) {
      const label = fitLabel(name, room, measure);
      if (!label) continue;
      expect(measure(label.text)).toBeLessThanOrEqual(room);
      if (label.shortened) expect(name.startsWith(`${label.text.slice(0, -1)} `)).toBe(true);
    }
  });
});
