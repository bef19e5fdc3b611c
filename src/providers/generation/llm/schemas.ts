// The shapes an LLM must answer in. Every object lists all its fields as required and forbids
// others, so OpenAI's strict structured output accepts them; counts and casing are enforced
// after the answer arrives (tree-shape.ts), not in the schema, because providers differ in
// which JSON Schema keywords they honour.
import Type, { type Static } from "typebox";

const closed = { additionalProperties: false } as const;
const Keywords = Type.Array(Type.String());

const Leaf = Type.Object({ name: Type.String(), keywords: Keywords }, closed);
const Level3 = Type.Object({ name: Type.String(), keywords: Keywords, children: Type.Array(Leaf) }, closed);
const Level2 = Type.Object({ name: Type.String(), keywords: Keywords, children: Type.Array(Level3) }, closed);
const Level1 = Type.Object({ name: Type.String(), keywords: Keywords, children: Type.Array(Level2) }, closed);

export const ResearchTreeSchema = Type.Object({ main_topics: Type.Array(Level1) }, closed);
export type ResearchTreeAnswer = Static<typeof ResearchTreeSchema>;

export const OutlineSchema = Type.Object(
  {
    title: Type.String(),
    meta_description: Type.String(),
    header_sections: Type.Array(
      Type.Object(
        {
          heading: Type.String(),
          level: Type.Enum(["h2", "h3"]),
          subheadings: Type.Array(Type.String()),
          talking_points: Type.Array(Type.String()),
          word_count_target: Type.Integer(),
        },
        closed,
      ),
    ),
  },
  closed,
);
export type OutlineAnswer = Static<typeof OutlineSchema>;

export const SerpAnalysisSchema = Type.Object(
  {
    summary: Type.String(),
    search_intent: Type.Enum(["informational", "commercial", "transactional", "navigational"]),
    common_themes: Type.Array(Type.String()),
    content_gaps: Type.Array(Type.String()),
    recommended_word_count: Type.Integer(),
  },
  closed,
);

export const CompetitorDataSchema = Type.Object(
  {
    competitors: Type.Array(
      Type.Object(
        {
          url: Type.String(),
          title: Type.String(),
          angle: Type.String(),
          strengths: Type.Array(Type.String()),
          weaknesses: Type.Array(Type.String()),
        },
        closed,
      ),
    ),
  },
  closed,
);
export type CompetitorDataAnswer = Static<typeof CompetitorDataSchema>;

export const KeywordRecommendationsSchema = Type.Object(
  {
    keywords: Type.Array(
      Type.Object(
        {
          keyword: Type.String(),
          type: Type.Enum(["primary", "secondary", "supporting", "question"]),
          reason: Type.String(),
        },
        closed,
      ),
    ),
  },
  closed,
);
export type KeywordRecommendationsAnswer = Static<typeof KeywordRecommendationsSchema>;
