// A model's good answers for each part of a brief, by schema name (see the LLM generator's
// schemas), for the fake model server to give. Free of any database, so that unit tests and
// benchmarks can use them too.
import { promptOf } from "./section-drafts";

/**
 * Which part of a brief a request asks for, by its prompt's first words (prompts.ts): the way to
 * tell them apart for both providers (Anthropic's requests carry no schema name).
 */
export function briefPartOf(body: Record<string, unknown>): string {
  const prompt = promptOf(body);
  if (prompt.includes("Write a content brief")) return "brief_outline";
  if (prompt.includes("Analyse the search results")) return "serp_analysis";
  if (prompt.includes("For each ranking page")) return "competitor_data";
  return "keyword_recommendations";
}

export const MODEL_ANSWERS: Record<string, unknown> = {
  brief_outline: {
    title: "How to Brew Coffee at Home",
    meta_description:
      "Brew better coffee at home: grind, water and ratio, explained step by step for beginners who want a reliable cup every morning.",
    header_sections: [
      {
        heading: "Grind Size",
        level: "h2",
        subheadings: ["Burr or blade"],
        talking_points: ["Match grind to method."],
        word_count_target: 400,
      },
      { heading: "Water", level: "h3", subheadings: [], talking_points: ["195 to 205 F."], word_count_target: 300 },
    ],
  },
  serp_analysis: {
    summary: "Guides dominate.",
    search_intent: "informational",
    common_themes: ["grind"],
    content_gaps: ["water"],
    recommended_word_count: 1500,
  },
  competitor_data: {
    competitors: [{ url: "https://a.example/", title: "A", angle: "guide", strengths: ["clear"], weaknesses: ["short"] }],
  },
  keyword_recommendations: { keywords: [{ keyword: "French Press", type: "secondary", reason: "common method" }] },
};
