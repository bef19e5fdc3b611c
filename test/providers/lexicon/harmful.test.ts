import { describe, expect, it } from "vitest";
import { HARMFUL_ROOTS, hasHarmfulSense, isHarmfulSense, rootSynset } from "../../../src/providers/lexicon/harmful-senses";
import { harmfulTermsIn, introducesHarm, namedBy, ownWordsOf } from "../../../src/providers/lexicon/harmful-terms";
import { sensesOf, synset } from "../../../src/providers/lexicon/wordnet";

const first = (lemma: string) => synset(sensesOf(lemma)[0]!);

describe("harmful senses, by WordNet's structure", () => {
  it("finds every root synset in WordNet", () => {
    for (const root of HARMFUL_ROOTS) expect(rootSynset(root), root.lemma).not.toBeNull();
  });

  it("marks a sense harmful when a class above it is a root, without listing it", () => {
    for (const lemma of ["grenade", "car bomb", "revolver", "cocaine", "cigar", "roulette", "massacre", "brothel"]) {
      expect(hasHarmfulSense(lemma), lemma).toBe(true);
    }
  });

  it("leaves innocent senses alone", () => {
    for (const lemma of ["glue", "shrimp", "cracker", "pipe fitting", "espresso", "tablet", "shot put"]) {
      expect(isHarmfulSense(first(lemma)), lemma).toBe(false);
    }
  });
});

describe("the harmful term list", () => {
  it("finds terms whole-word, plurals folded", () => {
    expect(harmfulTermsIn("Kinds include hand grenades and rifles.")).toEqual(expect.arrayContaining(["grenade", "rifle"]));
    expect(harmfulTermsIn("cheap gun decks")).toEqual(["gun"]);
  });

  it("ignores everyday compounds and innocent words", () => {
    expect(harmfulTermsIn("the best glue gun for crafts, with bullet points")).toEqual([]);
    expect(harmfulTermsIn("shot put coaching and pipe fitting")).toEqual([]);
  });

  it("lets a text through when its owner said the term", () => {
    const club = ownWordsOf(["Clay shooting lessons with shotguns for hire."]);
    expect(namedBy(club, "shotgun")).toBe(true);
    expect(introducesHarm("how to clean a shotgun", club)).toBe(false);
    expect(introducesHarm("how to clean a rifle", club)).toBe(true);
  });
});
