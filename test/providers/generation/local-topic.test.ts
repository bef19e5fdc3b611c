// Reading a local topic: the provider of a service and the place it is wanted in, which the
// offline brief's lexicon and the subject's class are built on.
import { describe, expect, it } from "vitest";
import { readLocalTopic } from "../../../src/providers/generation/offline/local-topic";

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
