// Runs one specialist by name on an article's drafted sections (specialists.ts holds each).
import type { ArticleType } from "./article-type";
import { conversionCoach, factCheck, introKeyTakeaways, webResearch, type DraftedSection, type Source } from "./specialists";

export type SpecialistName = "web_research" | "fact_check" | "intro_key_takeaways" | "conversion_coach";

export interface SpecialistInput {
  title: string;
  sections: DraftedSection[];
  sources: Source[];
  brand: { name: string; websiteUrl?: string | null; targetAudience?: string | null };
  type: string;
  mode: string;
}

export function runSpecialist(name: SpecialistName, input: SpecialistInput): Record<string, unknown> {
  switch (name) {
    case "web_research":
      return { ...webResearch(input.sections, input.sources, input.mode === "advanced" ? "advanced" : "basic") };
    case "fact_check":
      return { ...factCheck(input.sections, input.sources) };
    case "intro_key_takeaways":
      return { ...introKeyTakeaways(input.title, input.sections) };
    case "conversion_coach":
      return { ...conversionCoach({ title: input.title, sections: input.sections, brand: input.brand, type: input.type as ArticleType }) };
  }
}
