import { describe, expect, it } from "vitest";
import { entityFacts } from "../../../src/providers/lexicon/entity-facts";
import { confirmedSense, NO_CONTEXT, senseContext } from "../../../src/providers/lexicon/sense";

const sense = (lemma: string, description: string) => confirmedSense(lemma, senseContext([description]));

describe("a word sense is confirmed by the brand's words before it is used", () => {
  it("takes the sense the description points to, and none when it points elsewhere", () => {
    const cat = sense("jaguar", "Wildlife tours to see the jaguar, the big cat of the Pantanal, with expert guides.");
    expect(cat?.gloss).toMatch(/feline/);
    // WordNet has only the cat: a car club's words confirm nothing.
    expect(sense("jaguar", "Owners' club for classic Jaguar cars: restoration tips, parts and meets for motor enthusiasts.")).toBeNull();
  });

  it("tells the music organ from the body's", () => {
    const music = sense("organ", "Organ lessons for church musicians: pipe organ technique, hymn playing and music theory.");
    const body = sense(
      "organ",
      "Organ donation charity: how a donor's internal organs, such as the heart and kidneys, save the lives of transplant patients.",
    );
    expect(music?.lexFile).toBe(6);
    expect(body?.lexFile).toBe(8);
  });

  it("takes the pill for a pharmacy and nothing for computing (WordNet has no tablet computer)", () => {
    expect(sense("tablet", "Pill organisers and tablet cutters for people taking medicine every day.")?.gloss).toMatch(/medicine/);
    expect(sense("tablet", "Cases, stands and styluses for tablet computers and portable touchscreen devices.")).toBeNull();
  });

  it("needs no confirmation for a word of one sense where no brand spoke, and refuses a word of several", () => {
    expect(confirmedSense("espresso", NO_CONTEXT)).not.toBeNull();
    expect(confirmedSense("mouse", NO_CONTEXT)).toBeNull();
  });

  it("refuses a sense the brand's words do not single out", () => {
    expect(confirmedSense("bomb", senseContext(["Handmade bath bombs with essential oils and shea butter."]))).toBeNull();
  });

  it("uses a harmful sense only when the brand names it", () => {
    const range = senseContext([
      "A shooting range with rifle hire: target shooting with rifles and other firearms, lessons and safety training.",
    ]);
    const crafts = senseContext(["Rifle through our fabric remnants: quilting and sewing kits for crafters."]);
    expect(confirmedSense("rifle", range)?.gloss).toMatch(/firearm/);
    expect(confirmedSense("rifle", crafts)).toBeNull();
  });
});

describe("entity facts without a brand (the offline web)", () => {
  it("anchors no word of several senses, so no head's gloss defines a compound", () => {
    const facts = entityFacts(["bath", "bomb"]);
    expect(facts?.gloss ?? "").not.toMatch(/explosive/);
  });

  it("treats modern terms WordNet lacks as their own things", () => {
    expect(entityFacts(["headless", "cms"])).toBeNull();
    expect(entityFacts(["saas"])).toBeNull();
  });

  it("marks an anchor that is the whole phrase, which alone may be defined by its gloss", () => {
    expect(entityFacts(["espresso"])?.whole).toBe(true);
    expect(entityFacts(["home", "espresso"])?.whole).toBe(false);
  });
});
