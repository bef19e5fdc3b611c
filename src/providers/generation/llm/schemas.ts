// The shapes an LLM must answer in. Every object lists all its fields as required and forbids
// others, so OpenAI's strict structured output accepts them; counts and casing are enforced
// after the answer arrives (tree-shape.ts), not in the schema, because providers differ in
// which JSON Schema keywords they honour.
import Type, { type Static } from "typebox";

const closed = { additionalProperties: false } as const;
const Keywords = Type.Array(Type.String());

const Named = Type.Object({ name: Type.String(), keywords: Keywords }, closed);
const Hub = Type.Object({ name: Type.String(), keywords: Keywords }, closed);

/** The first part of a research tree: pillars and their hubs. */
export const ResearchPlanSchema = Type.Object(
  { pillars: Type.Array(Type.Object({ name: Type.String(), keywords: Keywords, hubs: Type.Array(Hub) }, closed)) },
  closed,
);
export type ResearchPlanAnswer = Static<typeof ResearchPlanSchema>;

/** The part of one pillar: each hub's branches and their resources. */
export const ResearchBranchesSchema = Type.Object(
  {
    hubs: Type.Array(
      Type.Object(
        {
          name: Type.String(),
          branches: Type.Array(Type.Object({ name: Type.String(), keywords: Keywords, resources: Type.Array(Named) }, closed)),
        },
        closed,
      ),
    ),
  },
  closed,
);
export type ResearchBranchesAnswer = Static<typeof ResearchBranchesSchema>;

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
