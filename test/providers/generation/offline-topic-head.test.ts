// A topic is read by its head (entity-facts.ts topicFacts, topic-lexicon.ts, subject-class.ts,
// topic-phrases.ts), with topics outside the labelled set: a modifier's sense is not the topic's,
// a page format ("recipes") is not part of the subject, a class as wide as "dish" lends no sister
// kinds, and the searches a subject gets are those of its brand's class.
import { describe, expect, it } from "vitest";
import { topicFacts } from "../../../src/providers/lexicon/entity-facts";
import { offlineResearchTree } from "../../../src/providers/generation/offline/research-tree";
import { brandSenseContext } from "../../../src/providers/generation/offline/brand-senses";
import { coreOf } from "../../../src/providers/generation/offline/brief";
import { readLocalTopic } from "../../../src/providers/generation/offline/local-topic";
import { OFFLINE_BRANDS } from "../../fixtures/offline-brands";
import { subjectClassOf } from "../../../src/providers/generation/offline/subject-class";
import { topicLexicon } from "../../../src/providers/generation/offline/topic-lexicon";
import type { BrandContext, ResearchNodeOut } from "../../../src/providers/generation/types";

const brand = (name: string, description: string | null = null, targetAudience: string | null = null): BrandContext => ({
  name,
  description,
  tagline: null,
  targetAudience,
  websiteUrl: null,
  language: "en",
});

function names(nodes: ResearchNodeOut[]): string[] {
  return nodes.flatMap((n) => [n.name, ...n.keywords, ...names(n.children)]);
}

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

  it("never names a page with its format twice", () => {
    const tree = offlineResearchTree({
      coreTopic: "lamb shank recipes",
      brand: brand("Slow Oven", "Slow-cooked lamb recipes for Sunday cooks."),
    });
    const all = names(tree);
    expect(all).toContain("lamb shank recipes");
    expect(all.filter((n) => /\b(\w+) \1\b/.test(n))).toEqual([]);
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

describe("searches that fit the brand's class", () => {
  const software = /\b(software|tools|setup|troubleshooting|errors)\b/;

  it("gives a food, a service and an idea no software searches, and software keeps them", () => {
    const food = offlineResearchTree({
      coreTopic: "oxtail stew",
      brand: brand("Braise", "Oxtail stew recipes and slow cooking tips for home cooks."),
    });
    const service = offlineResearchTree({
      coreTopic: "grant writing",
      brand: brand("Fundwell", "A grant writing agency: we write and submit your funding bids."),
    });
    const idea = offlineResearchTree({
      coreTopic: "sunk cost fallacy",
      brand: brand("Clear Thinking", "Essays and exercises on the sunk cost fallacy and other biases."),
    });
    for (const tree of [food, service, idea]) expect(names(tree).filter((n) => software.test(n))).toEqual([]);
    const saas = offlineResearchTree({ coreTopic: "churn analytics", brand: brand("Retainly", "A SaaS dashboard for churn analytics.") });
    expect(names(saas).some((n) => software.test(n))).toBe(true);
  });

  it("prices a service as a hire and cooks a food", () => {
    const service = names(
      offlineResearchTree({
        coreTopic: "grant writing",
        brand: brand("Fundwell", "A grant writing agency: we write and submit your funding bids."),
      }),
    );
    expect(service.some((n) => /^grant writing (cost|quotes)$/.test(n))).toBe(true);
    const food = names(
      offlineResearchTree({
        coreTopic: "oxtail stew",
        brand: brand("Braise", "Oxtail stew recipes and slow cooking tips for home cooks."),
      }),
    );
    expect(food.some((n) => /\boxtail stew recipes\b/.test(n))).toBe(true);
  });

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

  it("keeps practice words off what is hired, learnt or visited, and narrows a search once", () => {
    const practice = /\b(tutorial|techniques|step by step|setup|software|gear)\b|^easy /;
    for (const b of OFFLINE_BRANDS) {
      const all = names(offlineResearchTree({ coreTopic: b.coreTopic, brand: b }));
      if (["service", "local service", "concept", "place"].includes(b.subjectClass))
        expect(
          all.filter((n) => practice.test(n)),
          b.coreTopic,
        ).toEqual([]);
      expect(
        all.filter((n) => /\bstep by step\b.*\bfor beginners\b|\bfor beginners\b.*\bstep by step\b|\bbasics for beginners\b/.test(n)),
        b.coreTopic,
      ).toEqual([]);
      expect(
        all.filter((n) => /^easy (how|what|why|is|are) /.test(n)),
        b.coreTopic,
      ).toEqual([]);
    }
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
