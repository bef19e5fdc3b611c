import { describe, expect, it } from "vitest";
import { readQuery } from "../../../src/providers/generation/offline/query-subject";
import { offlineBrief } from "../../../src/providers/generation/offline/brief";
import { isLemma } from "../../../src/providers/lexicon/wordnet";
import { BRAND } from "./fixtures";

const isVerb = (w: string): boolean => isLemma(w, "verb");

// Questions as people type them, on topics outside the labelled brands.
const QUESTIONS: [query: string, text: string, topic: string | null][] = [
  ["how do i stop my dog pulling on the lead", "how to stop a dog pulling on the lead", null],
  ["How can I keep my houseplants alive in winter?", "how to keep houseplants alive in winter", null],
  ["what is the best way to store fresh basil", "how to store fresh basil", null],
  ["how should i clean my cast iron skillet", "how to clean a cast iron skillet", null],
  ["can you freeze cooked rice", "how to freeze cooked rice", null],
  ["is it ok to water succulents every day", "how to water succulents every day", null],
  ["should i prune my tomato plants", "how to prune tomato plants", null],
  ["why does my sourdough starter smell like acetone", "why does a sourdough starter smell like acetone", "sourdough starter"],
  ["why is my cat sneezing so much", "why is a cat sneezing so much", "cat"],
  ["why do my tomatoes split", "why do tomatoes split", "tomatoes"],
  ["what are the signs of a dehydrated cat", "what are the signs of a dehydrated cat", null],
  ["how to tune a ukulele", "how to tune a ukulele", null],
  ["how do i stop my puppy chewing my shoes", "how to stop a puppy chewing shoes", null],
];

describe("reading a natural-language query", () => {
  it.each(QUESTIONS)("%s", (query, text, topic) => {
    const read = readQuery(query, isVerb);
    expect(read.text).toBe(text);
    expect(read.topic).toBe(topic);
  });

  it("leaves a plain keyword as it is typed", () => {
    expect(readQuery("Ceramic Glaze Recipes", isVerb)).toEqual({ frame: null, text: "Ceramic Glaze Recipes", topic: null });
  });

  it.each(QUESTIONS.map(([q]) => [q]))("a brief on %s reads as a guide, not as the question", (query) => {
    const brief = offlineBrief({ queryText: query, brand: BRAND, serpResults: [], userKeywords: [], internalLinks: [] });
    for (const line of [brief.title, ...brief.header_sections.map((s) => s.heading)]) {
      expect(line).toMatch(/^[A-Z0-9]/);
      expect(line.toLowerCase()).not.toMatch(/\b(how do i|how can i|how should i|what is the best way|can you|is it ok|should i|my|our)\b/);
    }
    // A question's frame is never used as a noun inside a heading ("Mistakes With How Do I ...").
    for (const s of brief.header_sections.slice(1))
      expect(s.heading.toLowerCase()).not.toMatch(/\b(with|for|about|the) (how|why|what|can|is|should) /);
  });
});
