import { describe, expect, it } from "vitest";
import { shortAudience, titleCase } from "../../../src/providers/generation/offline/text";

describe("titleCase", () => {
  it("writes initialisms in capitals and small words in lower case", () => {
    expect(titleCase("headless cms")).toBe("Headless CMS");
    expect(titleCase("seo for lawyers")).toBe("SEO for Lawyers");
    expect(titleCase("isle of skye")).toBe("Isle of Skye");
    expect(titleCase("iPhone cases")).toBe("iPhone Cases");
  });
});

describe("shortAudience", () => {
  it("keeps three words at most, ending on one that says who", () => {
    expect(shortAudience("Couples on a weekend break")).toBe("couples");
    expect(shortAudience("Visitors to New York")).toBe("visitors");
    expect(shortAudience("Freelance designers, writers and developers")).toBe("freelance designers");
    expect(shortAudience(null)).toBe("beginners");
  });
});
