import { describe, expect, it } from "vitest";
import { sensitiveTopicOf } from "../../../src/platform/page-analysis";

describe("sensitiveTopicOf", () => {
  it("finds health, legal and finance topics", () => {
    expect(sensitiveTopicOf(["pet insurance", "What Does Pet Insurance Cover?", "Comparing policies"])).toBe("finance");
    expect(sensitiveTopicOf(["ADHD coach", "How an ADHD Coach Helps", "Coaching for adults"])).toBe("health");
    expect(sensitiveTopicOf(["visa lawyer", "When to Hire a Visa Lawyer"])).toBe("legal");
    expect(sensitiveTopicOf(["mortgage broker fees"])).toBe("finance");
    expect(sensitiveTopicOf(["anxiety symptoms", "Treatment options"])).toBe("health");
  });

  it("leaves everyday topics alone, health benefits and tree surgeons included", () => {
    expect(sensitiveTopicOf(["kombucha", "What Is Kombucha?", "Health Benefits", "Second Fermentation"])).toBeNull();
    expect(sensitiveTopicOf(["sea kayaking", "Safety on the Water", "Choosing a Kayak"])).toBeNull();
    expect(sensitiveTopicOf(["tree surgeon", "Tree Surgery Costs", "A local arborist in Bristol"])).toBeNull();
    expect(sensitiveTopicOf([])).toBeNull();
  });

  it("decides by the field most named", () => {
    expect(sensitiveTopicOf(["immigration lawyer fees", "visa appeals in court", "paying the tax"])).toBe("legal");
  });
});
