// The class of a subject, read from the brand's words and the topic (subject-class.ts), with
// topics outside the labelled set.
import { describe, expect, it } from "vitest";
import { isShelfless, subjectClassOf } from "../../../src/providers/generation/offline/subject-class";
import type { BrandContext } from "../../../src/providers/generation/types";

const brand = (name: string, description: string | null = null): BrandContext => ({
  name,
  description,
  tagline: null,
  targetAudience: null,
  websiteUrl: null,
  language: "en",
});

describe("subjectClassOf", () => {
  it("reads software from the topic or the brand's words", () => {
    expect(subjectClassOf(brand("Clockwise"), "timesheet software")).toBe("software");
    expect(
      subjectClassOf(brand("Ledgerly", "A cloud platform that automates expense approvals for small teams."), "expense approvals"),
    ).toBe("software");
  });

  it("reads a service, and a local one when the brand or the topic names a place", () => {
    expect(
      subjectClassOf(brand("Lumen Studio", "We photograph your wedding day from the first look to the last dance."), "wedding photography"),
    ).toBe("service");
    expect(subjectClassOf(brand("Dry Roofs", "Flat roof repairs in Sheffield, with free quotes."), "flat roof repairs")).toBe(
      "local service",
    );
    expect(subjectClassOf(brand("Pipe Pros"), "plumber in sheffield")).toBe("local service");
  });

  it("reads food, places, activities, concepts and products", () => {
    expect(subjectClassOf(brand("Crumb", "Easy baking recipes for weekends."), "lemon drizzle cake")).toBe("food");
    expect(subjectClassOf(brand("Fellwalk", "Guides to walking holidays in the hills."), "lake district hotels")).toBe("place");
    expect(subjectClassOf(brand("Crag Notes"), "rock climbing")).toBe("activity");
    expect(subjectClassOf(brand("Tea Tins", "Airtight tins for loose leaf tea."), "tea caddies")).toBe("product");
  });

  it("reads lessons in a practice as the practice, and lessons in a thing or credentials as a service", () => {
    expect(subjectClassOf(brand("Loft & Lift", "Kitesurfing lessons and kite hire on the coast."), "kitesurfing lessons")).toBe("activity");
    expect(subjectClassOf(brand("Bloom", "Yoga classes and online courses for women over 40."), "yoga")).toBe("activity");
    expect(subjectClassOf(brand("Fret", "Guitar lessons at home, for adults."), "guitar lessons")).not.toBe("activity");
  });

  it("reads no food from a kitchen that is fitted or a knife that is held", () => {
    expect(subjectClassOf(brand("Acme"), "kitchen renovation")).not.toBe("food");
    expect(subjectClassOf(brand("Acme"), "kitchen cabinets")).not.toBe("food");
    expect(subjectClassOf(brand("Acme"), "chef knives")).not.toBe("food");
    expect(subjectClassOf(brand("Acme"), "kitchen recipes")).toBe("food");
  });

  it("treats software and services, and nothing else, as subjects off no shelf", () => {
    expect(["software", "service", "local service"].every((c) => isShelfless(c as never))).toBe(true);
    expect(["product", "food", "place", "activity", "concept"].some((c) => isShelfless(c as never))).toBe(false);
  });
});
