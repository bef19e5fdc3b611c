import { draftOutline } from "../../../bench/lib/offline-world";
import type { BrandContext, BriefOutput } from "../../../src/providers/generation/types";

export const BRAND: BrandContext = {
  name: "Bean Co",
  websiteUrl: "https://bean.example",
  description: "Small-batch roaster selling whole beans and brewing gear.",
  targetAudience: "Home baristas who want better coffee",
  brandVoice: "Warm and practical",
  language: "en",
};

export const COFFEE_SERP = [
  {
    url: "https://www.brewhub.example/how-to-brew",
    title: "How to Brew Coffee: French Press, Pour Over and More | BrewHub",
    snippet:
      "Learn the main coffee brewing methods step by step. Grind size and water temperature matter most for a French press. A coarse grind keeps the cup clean.",
  },
  {
    url: "https://beanschool.example/guide",
    title: "Coffee Brewing Guide for Beginners - Bean School",
    snippet:
      "Our guide covers grind size, brew ratio and water temperature. Pour over coffee needs a medium-fine grind and water just off the boil.",
  },
  {
    url: "https://cupreview.example/methods",
    title: "The 7 Best Coffee Brewing Methods Compared",
    snippet:
      "From French press to espresso, we compare brewing methods by flavor, cost and time. Espresso needs a fine grind and high pressure.",
  },
  {
    url: "https://thermo.example/water",
    title: "What Is the Best Water Temperature for Coffee?",
    snippet:
      "The ideal water temperature for brewing coffee is between 195 and 205 degrees Fahrenheit. Water that is too hot extracts bitter flavors.",
  },
  {
    url: "https://grinders.example/burr",
    title: "Burr vs Blade Grinders: Which Is Better for Coffee?",
    snippet:
      "Burr grinders produce an even grind size, which gives a balanced extraction. Blade grinders are cheaper but leave fines that taste bitter.",
  },
];

/** Drafts every section of a brief in order (writers' skeletons), as the article job does. */
export const draftEverySection = (brief: BriefOutput, brand: BrandContext): string[] =>
  draftOutline(brief.title, brief.header_sections, brand);
