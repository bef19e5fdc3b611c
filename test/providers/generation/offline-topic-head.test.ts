// A topic is read by its head (entity-facts.ts topicFacts, topic-lexicon.ts, subject-class.ts),
// with topics outside the labelled set: a modifier's sense is not the topic's, a page format
// ("recipes") is not part of the subject, a class as wide as "dish" lends no sister kinds, and a
// brand's class is read from its head and its own words.
import { describe, expect, it } from "vitest";
import { topicFacts } from "../../../src/providers/lexicon/entity-facts";
import { brandSenseContext } from "../../../src/providers/generation/offline/brand-senses";
import { coreOf } from "../../../src/providers/generation/offline/guide-subject";
import { readLocalTopic } from "../../../src/providers/generation/offline/local-topic";
import { subjectClassOf } from "../../../src/providers/generation/offline/subject-class";
import { topicLexicon } from "../../../src/providers/generation/offline/topic-lexicon";
import type { BrandContext } from "../../../src/providers/generation/types";

const brand = (name: string, description: string | null = null, targetAudience: string | null = null): BrandContext => ({
  name,
  description,
  tagline: null,
  targetAudience,
  websiteUrl: null,
  language: "en",
});

describe("a topic read by its head", () => {
  it("takes no facts from a word that only modifies the head", () => {
    expect(topicFacts(["gaming", "mouse", "pad"])).toBeNull();
    expect(topicFacts(["ceramic", "plant", "pot"])).toBeNull();
    expect(topicFacts(["impostor", "syndrome"])).toBeNull();
  });

  it("keeps the anchor of an act done to it, and a whole or head anchor", () => {
    expect(topicFacts(["houseplant", "care"])?.anchor).toBe("houseplant");
    expect(topicFacts(["fly", "tying"])?.anchor).toBe("tying");
    expect(topicFacts(["electric", "car"])?.anchor).toBe("electric car");
    expect(topicFacts(["residential", "solar", "panel"])?.anchor).toBe("solar panel");
  });

  it("reads the subject of a topic without the page format it ends with", () => {
    expect(topicLexicon("pot roast recipes").topic.name).toBe("pot roast");
    expect(topicLexicon("container garden ideas").topic.name).toBe("container garden");
    // A format word alone is still a subject.
    expect(topicLexicon("recipes").topic.name).toBe("recipe");
  });

  it("lends no sister kinds from a class as wide as 'dish'", () => {
    expect(topicLexicon("mushroom risotto").sisterGroup).toBeNull();
    // A narrow class still does: espresso is one of 13 kinds of coffee.
    expect(topicLexicon("espresso").sisterGroup?.name).toBe("types of coffee");
  });
});

describe("the things around a topic", () => {
  it("names a compound only when it shares the anchor's sense, not only its word", () => {
    const drinks = brand("Bowl & Ladle", "Fruit punch and party drinks, with and without alcohol.");
    const things = topicLexicon("party punch", brandSenseContext(drinks, "party punch")).things.map((t) => t.name);
    expect(things).toContain("punch bowl");
    expect(things).not.toContain("punch pliers");
  });

  it("makes a dish's ingredients pillars only when the brand names them", () => {
    const plain = brand("Stir", "Creamy risotto recipes with wild mushrooms.");
    const cheesy = brand("Stir", "Creamy risotto recipes with wild mushrooms and plenty of grated cheese.");
    expect(topicLexicon("mushroom risotto", brandSenseContext(plain, "mushroom risotto")).things.map((t) => t.name)).not.toContain(
      "grated cheese",
    );
    expect(topicLexicon("mushroom risotto", brandSenseContext(cheesy, "mushroom risotto")).things.map((t) => t.name)).toContain(
      "grated cheese",
    );
  });
});

describe("a brand's class, a local topic's place and a search's subject", () => {
  it("classes by the head and by what the brand calls itself", () => {
    expect(subjectClassOf(brand("Deskgrip", "Non-slip desk pads for standing desks."), "standing desk pads")).toBe("product");
    expect(subjectClassOf(brand("Reel Deal", "Guides and gear reviews for carp fishing."), "carp fishing")).toBe("activity");
    expect(
      subjectClassOf(brand("Stackwise", "A Python development agency that builds data platforms in the cloud."), "python development"),
    ).toBe("service");
    expect(
      subjectClassOf(
        brand("Old Town Walks", "A visitor guide to the old town: its squares, museums and river cruises."),
        "prague old town",
      ),
    ).toBe("place");
    expect(subjectClassOf(brand("Smoke Pit", "Barbecue brisket with our rub, for home cooks with a smoker."), "smoked brisket")).toBe(
      "food",
    );
    // A brand that runs classes teaches a practice; a brand that coaches through an idea is about the idea.
    expect(subjectClassOf(brand("Aerial Arts", "Aerial hoop classes for all levels in a friendly studio."), "aerial hoop")).toBe(
      "activity",
    );
    expect(subjectClassOf(brand("Calm Mind", "Coaching and exercises for people with social anxiety disorder."), "anxiety disorder")).toBe(
      "concept",
    );
    // A brand that writes about its subject names work it does not sell ("repair").
    expect(
      subjectClassOf(
        brand("Loopnotes", "Research and case studies on the sharing economy: repair cafes and tool libraries."),
        "sharing economy",
      ),
    ).toBe("concept");
  });

  it("reads a town that WordNet knows twice as a place after the provider", () => {
    expect(readLocalTopic("blow dry bar manchester")?.place).toBe("manchester");
    expect(readLocalTopic("nail salon birmingham")?.place).toBe("birmingham");
  });

  it("reads the subject of a search for a service or a place past its verb and preposition", () => {
    expect(coreOf("how to prepare for kitesurfing lessons")).toBe("kitesurfing lessons");
    expect(coreOf("how to get to isle of skye")).toBe("isle of skye");
    expect(coreOf("how to use coffee beans")).toBe("coffee beans");
  });
});
