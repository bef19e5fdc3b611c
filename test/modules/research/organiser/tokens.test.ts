import { describe, expect, it } from "vitest";
import { contentWords, startsWithQuestionWord, stem } from "../../../../src/modules/research/organiser/tokens";

describe("stem", () => {
  it("makes plurals singular: s, es after a sibilant, ies", () => {
    expect(["dogs", "insurances", "policies", "puppies", "boxes", "classes", "matches", "quotes", "horses"].map(stem)).toEqual([
      "dog",
      "insurance",
      "policy",
      "puppy",
      "box",
      "class",
      "match",
      "quote",
      "horse",
    ]);
  });

  it("leaves words that only look plural, and short words, alone", () => {
    expect(["class", "plus", "analysis", "vs", "gas", "dog", "insurance"].map(stem)).toEqual([
      "class",
      "plus",
      "analysis",
      "vs",
      "gas",
      "dog",
      "insurance",
    ]);
  });
});

describe("contentWords", () => {
  it("gives the same words for the variants of one search, in any order", () => {
    const sorted = (text: string) => contentWords(text).sort();
    expect(sorted("insurance for pets")).toEqual(sorted("pet insurance"));
    expect(sorted("pets insurance")).toEqual(sorted("Pet Insurances"));
  });

  it("drops stopwords and question words, keeps each word once, in order", () => {
    expect(contentWords("How much is the cost of pet insurance for a dog?")).toEqual(["much", "cost", "pet", "insurance", "dog"]);
    expect(contentWords("dog dogs DOG insurance")).toEqual(["dog", "insurance"]);
  });

  it("splits on anything that is not a letter or a digit", () => {
    expect(contentWords("pet-insurance 2024/uk")).toEqual(["pet", "insurance", "2024", "uk"]);
    expect(contentWords("  ")).toEqual([]);
  });
});

describe("startsWithQuestionWord", () => {
  it("tells a question by its first word", () => {
    expect(startsWithQuestionWord("is pet insurance worth it")).toBe(true);
    expect(startsWithQuestionWord("Should I get pet insurance")).toBe(true);
    expect(startsWithQuestionWord("does pet insurance cover dental")).toBe(true);
    expect(startsWithQuestionWord("pet insurance: what is covered")).toBe(false);
    expect(startsWithQuestionWord("canine insurance")).toBe(false);
    expect(startsWithQuestionWord("")).toBe(false);
  });
});
