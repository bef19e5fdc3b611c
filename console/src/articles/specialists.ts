// The specialists a drafting can add, and what a drafting costs, as the API documents them
// (POST /content/articles/generate/): 10 credits, plus 2 for each specialist that applies to the
// article's type; the others are dropped, uncharged.
import type { Schemas } from "../api";
import { articleCost, CREDIT_COSTS } from "../costs";

export type Specialists = Schemas["ArticleSpecialists"];
export type SpecialistName = "web_research" | "fact_check" | "intro_key_takeaways" | "conversion_coach";

export const ARTICLE_CREDITS = CREDIT_COSTS.articleDraft;
export const SPECIALIST_CREDITS = CREDIT_COSTS.articleSpecialist;

export const SPECIALISTS: readonly { name: SpecialistName; label: string; description: string }[] = [
  { name: "web_research", label: "Web research", description: "Sourced facts from the brief's SERP data (posts and guides)." },
  { name: "fact_check", label: "Fact check", description: "Flags claims the sources do not support (posts and guides)." },
  { name: "intro_key_takeaways", label: "Intro and key takeaways", description: "An introduction and key takeaways (posts and guides)." },
  {
    name: "conversion_coach",
    label: "Conversion coach",
    description: "Calls to action and trust signals (local and landing pages, where it is always on).",
  },
];

export const specialistLabel = (name: string): string => SPECIALISTS.find((s) => s.name === name)?.label ?? name;

export type ResearchMode = "basic" | "advanced";

/** The request's `specialists`: each chosen one true, and the research mode when research is chosen. */
export function specialistsBody(chosen: ReadonlySet<SpecialistName>, mode: ResearchMode): Specialists {
  return {
    ...Object.fromEntries([...chosen].map((name) => [name, true])),
    ...(chosen.has("web_research") ? { web_research_mode: mode } : {}),
  };
}

/** The most a drafting with these specialists costs: each chosen one charged if it applies. */
export const creditsFor = (chosen: ReadonlySet<SpecialistName>): number => articleCost(chosen.size);
