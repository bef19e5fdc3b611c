// The pure parts of the offline tree: the distinct-names pass, the reading of a local topic and
// the fit of a narrowing to a search.
import { describe, expect, it } from "vitest";
import { claimDistinct } from "../../../src/providers/generation/offline/distinct-names";
import { readLocalTopic } from "../../../src/providers/generation/offline/local-topic";
import { narrowingFits } from "../../../src/providers/generation/offline/narrowing-fit";
import type { Subject } from "../../../src/providers/generation/offline/topic-lexicon";
import type { ResearchNodeOut } from "../../../src/providers/generation/types";

const leaf = (name: string): ResearchNodeOut => ({ name, keywords: [name], children: [] });
const at = (name: string, children: ResearchNodeOut[]): ResearchNodeOut => ({ name, keywords: [name], children });

describe("claimDistinct", () => {
  it("drops a repeated name and keeps the branch while it has the children it needs", () => {
    const seen = new Set<string>(["kite sizes"]);
    const pillar = at("kites", [
      at("best kites", [
        at("kite sizes", [leaf("kite size chart")]),
        at("kite brands", [leaf("cheap kites")]),
        at("kite reviews", [leaf("kite ratings")]),
      ]),
      at("kite care", [at("kite repair", [leaf("kite patch")]), at("kite storage", [leaf("kite bag")])]),
    ]);
    const kept = claimDistinct(pillar, 1, seen)!;
    expect(kept.children[0]!.children.map((c) => c.name)).toEqual(["kite brands", "kite reviews"]);
    expect(seen.has("kite patch")).toBe(true);
  });

  it("drops a branch left with too few children, and frees the names it had taken", () => {
    const seen = new Set<string>(["kite sizes"]);
    const hub = at("best kites", [at("kite sizes", [leaf("kite size chart")]), at("kite brands", [leaf("cheap kites")])]);
    expect(claimDistinct(hub, 2, seen)).toBeNull();
    expect(seen.has("kite brands")).toBe(false);
    expect(seen.has("cheap kites")).toBe(false);
  });

  it("keeps only the children wanted, the others standing by for repeats", () => {
    const topic = { ...at("kite sizes", [leaf("kite size chart"), leaf("kite size guide"), leaf("kite sizes for beginners")]), want: 1 };
    expect(claimDistinct(topic, 3, new Set())!.children.map((c) => c.name)).toEqual(["kite size chart"]);
    expect(claimDistinct(topic, 3, new Set(["kite size chart"]))!.children.map((c) => c.name)).toEqual(["kite size guide"]);
  });
});

describe("readLocalTopic", () => {
  it("reads the provider and the place", () => {
    expect(readLocalTopic("emergency glazier in york")).toEqual({
      service: "emergency glazier",
      provider: "glazier",
      place: "york",
      person: true,
    });
    expect(readLocalTopic("van hire bristol")).toMatchObject({ provider: "van hire", place: "bristol", person: false });
    expect(readLocalTopic("24 hour vet near me")).toMatchObject({ provider: "vet", place: null });
    expect(readLocalTopic("gutter cleaning service")).toMatchObject({ provider: "gutter cleaning service", place: null });
  });

  it("reads no place where the words after the provider say something else", () => {
    expect(readLocalTopic("bike repair manual")).toBeNull();
    expect(readLocalTopic("glazier salary")).toBeNull();
    expect(readLocalTopic("chocolate bar")).toBeNull();
    expect(readLocalTopic("tax deductions")).toBeNull();
    // A plural the lexicon knows in its singular is no town.
    expect(readLocalTopic("windscreen crack repair complaints")).toBeNull();
    expect(readLocalTopic("boiler repair frome")?.place).toBe("frome");
  });
});

describe("narrowingFits", () => {
  const subject = (entityClass: Subject["entityClass"], onFood = false): Subject => ({
    name: "x",
    plural: "x",
    article: "",
    entityClass,
    kinds: [],
    sisters: [],
    onFood,
  });

  it("puts no narrowing after a place or near me", () => {
    expect(narrowingFits("{p} for beginners", "kayak hire in york", "howto", subject("activity"))).toBe(false);
    expect(narrowingFits("{p} for beginners", "kayak hire near me", "howto", subject("activity"))).toBe(false);
    expect(narrowingFits("{p} for beginners", "yoga classes in leeds", "howto", subject("activity"))).toBe(false);
    expect(narrowingFits("{p} for beginners", "things to do in frome", "ideas", subject("unknown"))).toBe(false);
  });

  it('reads an "in" that names no place as part of the search', () => {
    expect(narrowingFits("{p} for beginners", "investing in gold tips", "howto", subject("activity"))).toBe(true);
    expect(narrowingFits("{p} for beginners", "yoga in pregnancy tips", "howto", subject("activity"))).toBe(true);
    expect(narrowingFits("{p} for beginners", "common made in italy shoes mistakes", "problems", subject("unknown"))).toBe(true);
  });

  it("narrows by audience only what people eat, do or learn", () => {
    expect(narrowingFits("{p} for kids", "oat milk recipes", "howto", subject("food"))).toBe(true);
    expect(narrowingFits("{p} for men", "oat milk nutrition", "health", subject("food"))).toBe(false);
    expect(narrowingFits("{p} for women", "pilates benefits", "health", subject("activity"))).toBe(true);
    expect(narrowingFits("{p} for kids", "portrait photography inspiration", "ideas", subject("activity"))).toBe(false);
    expect(narrowingFits("{p} for kids", "glazier", "howto", subject("food"))).toBe(false);
    expect(narrowingFits("{p} for kids", "student loans for graduates", "definitions", subject("unknown"))).toBe(false);
    expect(narrowingFits("{p} for kids", "what is a hedgehog", "definitions", subject("living"))).toBe(true);
    expect(narrowingFits("{p} for kids", "crm migration explained", "definitions", subject("activity"))).toBe(false);
  });

  it("keeps budgets to buying things, and homes away from software", () => {
    expect(narrowingFits("{p} on a budget", "best standing desks", "buying", subject("artifact"))).toBe(true);
    expect(narrowingFits("{p} on a budget", "crm migration tools", "buying", subject("unknown"))).toBe(false);
    expect(narrowingFits("{p} at home", "crm migration tips", "howto", subject("unknown"))).toBe(false);
  });
});
