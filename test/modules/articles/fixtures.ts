// Drafted sections for the specialist tests: a resource article written the way a model writes
// one (facts, figures, a claim or two the sources do not back), and a local landing page.
import type { DraftedSection } from "../../../src/modules/articles/specialists";

export const COFFEE_TITLE = "How to Brew Coffee: A Practical Guide";

export const COFFEE_SECTIONS: DraftedSection[] = [
  {
    position: 1,
    heading: "How to Brew Coffee: The Short Version",
    draft:
      "Good coffee at home comes down to fresh beans, the right grind size and water at the right temperature. " +
      "Brew with water between 195 and 205 degrees Fahrenheit and weigh your coffee instead of using scoops.\n\n" +
      "Below, we look at each step in turn.",
  },
  {
    position: 2,
    heading: "Understanding Grind Size",
    draft:
      "Grind size controls how fast water pulls flavor out of the coffee. " +
      "A French press needs a coarse grind, while a moka pot sits in the middle.\n\n" +
      "Blade grinders are always the worst choice for espresso. What grinder should you buy?",
  },
  {
    position: 3,
    heading: "Water Temperature Explained",
    draft:
      "The ideal water temperature is 212 degrees Fahrenheit, straight off the boil. " +
      "Water that is too cool leaves the cup sour and thin. In most cases a kettle with a thermometer is enough.",
  },
  {
    position: 4,
    heading: "Choosing a Brewing Method",
    draft:
      "The French press is the easiest method for beginners because it forgives a rough grind. " +
      "Cold brew takes 12 to 24 hours to steep in the fridge. " +
      "Espresso needs a fine grind and high pressure.",
  },
];

export const PLUMBER_TITLE = "Emergency Plumber in Austin, TX: Fast, Licensed Help";
export const PLUMBER_BRAND = {
  name: "Bean Plumbing",
  websiteUrl: "https://beanplumbing.example",
  targetAudience: "Homeowners in Austin who need a plumber fast",
};

export const PLUMBER_SECTIONS: DraftedSection[] = [
  {
    position: 1,
    heading: "Emergency Plumbing in Austin",
    draft:
      "Burst pipe at 2 am? Our emergency plumbers reach most Austin homes within an hour. " +
      "We fix leaks, blocked drains and water heaters for homeowners across Travis County.\n\n" +
      "Call (512) 555-0142 any time, day or night.",
  },
  {
    position: 2,
    heading: "What a Repair Costs",
    draft: "Most call-outs cost between $95 and $250, and you get a written price before any work starts. There are no hidden fees.",
  },
  {
    position: 3,
    heading: "Why Homeowners Choose Us",
    draft: "Rated 4.9 stars from 1,200 reviews, Bean Plumbing has worked in the city since 2009. Every plumber is licensed and insured.",
  },
  {
    position: 4,
    heading: "How It Works",
    draft: "Tell us what is wrong, we send the nearest plumber, and you pay only when the job is done.",
  },
];
