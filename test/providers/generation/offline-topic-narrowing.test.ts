import { describe, expect, it } from "vitest";
import { subjectOfTopic } from "../../../src/providers/generation/offline/topic-narrowing";

describe("subjectOfTopic", () => {
  it("takes off an audience, a setting, a level or a year, before or after the subject", () => {
    expect(subjectOfTopic("photography for beginners")).toBe("photography");
    expect(subjectOfTopic("seo for lawyers")).toBe("seo");
    expect(subjectOfTopic("cybersecurity for small business")).toBe("cybersecurity");
    expect(subjectOfTopic("espresso at home")).toBe("espresso");
    expect(subjectOfTopic("camping on a budget")).toBe("camping");
    expect(subjectOfTopic("tax returns in 2026")).toBe("tax returns");
    expect(subjectOfTopic("python 101")).toBe("python");
    expect(subjectOfTopic("best running shoes")).toBe("running shoes");
    expect(subjectOfTopic("for beginners yoga")).toBe("yoga");
  });

  it("takes off every narrowing, one after the other", () => {
    expect(subjectOfTopic("easy yoga for beginners at home")).toBe("yoga");
  });

  it("keeps a topic that would have nothing left, and one with nothing to take off", () => {
    expect(subjectOfTopic("for beginners")).toBe("for beginners");
    expect(subjectOfTopic("easy")).toBe("easy");
    expect(subjectOfTopic("home espresso")).toBe("home espresso");
    expect(subjectOfTopic("emergency plumber in leeds")).toBe("emergency plumber in leeds");
  });
});
