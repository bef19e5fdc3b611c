// Articles in the document's examples: drafted from Bean There's brief on dialling in espresso.
import { scoreContent } from "../../platform/content-score";
import { EXAMPLE_IDS, EXAMPLE_TIME } from "../../platform/openapi/examples";
import { PLACEHOLDER_META_DESCRIPTION, PLACEHOLDER_NOTE } from "./placeholder";

export const GenerateArticleExample = {
  brief_id: EXAMPLE_IDS.brief,
  ai_model_id: "offline",
  intent: "human",
  specialists: { web_research: true, intro_key_takeaways: true },
};
export const AuthorityGenerateArticleExample = { brief_id: EXAMPLE_IDS.authorityBrief, ai_model_id: "offline" };
export const RegenerateArticleExample = { ai_model_id: "offline", intent: "human", specialists: { web_research: true } };
export const FromBriefExample = { brief_id: EXAMPLE_IDS.brief };
export const EditArticleExample = { title: "How to Dial In Espresso at Home", editorial_state: "in_review" };
export const EditSectionsExample = {
  sections: [
    {
      id: EXAMPLE_IDS.section,
      ai_draft: "A shot that runs too fast tastes sour: set your espresso grind size finer, one step at a time.",
    },
  ],
};
export const ArticleListExampleQuery = { brand_id: EXAMPLE_IDS.brand };

// ---- answers ----------------------------------------------------------------------------------

const listed = {
  id: EXAMPLE_IDS.article,
  title: "How to Dial in Espresso: A Practical Guide",
  brand_id: EXAMPLE_IDS.brand,
  brand_name: "Bean There",
  machine_state: "draft_done",
  editorial_state: "draft",
  created_at: EXAMPLE_TIME,
  updated_at: "2026-03-02T09:33:10.000Z",
};

export const ArticleListItemExample = listed;

/** Sections as a language model drafts them: prose, checked against the word target and the heading. */
const SectionsExample = [
  {
    id: EXAMPLE_IDS.section,
    position: 0,
    heading: "What dialling in means",
    level: "h2",
    status: "approved",
    ai_draft:
      "Dialling in is finding the grind, dose and yield that make a coffee taste its best on your machine. Start from a 1:2 ratio: " +
      "18 g of coffee in, 36 g of espresso out, in 25 to 30 seconds.",
    word_count_target: 250,
    subheadings: ["Grind, dose and yield", "A starting recipe"],
    problems: [] as string[],
  },
  {
    id: "f06bf741-28e5-4579-8b7e-46381b2c5de0",
    position: 1,
    heading: "Adjusting the grind",
    level: "h2",
    status: "needs_attention",
    ai_draft: "A shot that runs too fast tastes sour: grind finer.",
    word_count_target: 400,
    subheadings: ["Too fast and sour", "Too slow and bitter"],
    problems: ["10 words for a 400-word target (more than 25% short)."],
  },
] as const;

/** The same sections as the built-in offline model drafts them: writers' skeletons, complete as such. */
const SkeletonSectionsExample = [
  {
    ...SectionsExample[0],
    ai_draft:
      '**Goal:** Introduce "What dialling in means" to a reader searching "how to dial in espresso": say what the article covers ' +
      'and why it matters to them, leaving "Adjusting the grind" to the next section.\n\n' +
      "**Cover:**\n- Grind, dose and yield\n- A starting recipe\n\n" +
      "**Terms to use:** espresso grind size, ratio\n\n**Length:** about 250 words.",
  },
  {
    ...SectionsExample[1],
    status: "approved",
    ai_draft:
      '**Goal:** Close the article for a reader searching "how to dial in espresso" under "Adjusting the grind", building on ' +
      '"What dialling in means" without repeating it.\n\n' +
      "**Cover:**\n- Too fast and sour\n- Too slow and bitter\n\n" +
      "**Questions to answer:**\n- How do I know if my espresso grind is too fine?\n\n" +
      "**Sources:**\n- [Start with a 1:2 ratio and…](https://baristaguide.example/dial-in-espresso) — " +
      '"Start with a 1:2 ratio and adjust the grind until the shot runs in 25 to 30 seconds."\n\n' +
      "**Length:** about 400 words.",
    problems: [],
  },
];

const SpecialistsExample = {
  specialists: ["web_research", "intro_key_takeaways"],
  specialist_results: {
    web_research: {
      mode: "basic",
      facts: [
        {
          fact: "Start with a 1:2 ratio and adjust the grind until the shot runs in 25 to 30 seconds.",
          position: null,
          source_url: "https://baristaguide.example/dial-in-espresso",
          source_title: "How to Dial In Espresso: A Step-by-Step Guide",
          matched_terms: ["ratio", "grind"],
        },
      ],
    },
    intro_key_takeaways: {
      intro: "Dialling in takes a few shots, not a few days. This guide shows the order to change things in.",
      key_takeaways: ["Change one variable at a time.", "Too fast and sour: grind finer; too slow and bitter: grind coarser."],
    },
  },
};

/** The example sections scored against the example brief's query and keywords, by the real rules. */
const ContentScoreExample = scoreContent(
  {
    sections: SkeletonSectionsExample,
    query_text: "how to dial in espresso",
    keyword_recommendations: [
      { type: "primary", keyword: "how to dial in espresso" },
      { type: "secondary", keyword: "espresso grind size" },
    ],
  },
  SkeletonSectionsExample.map((s) => s.ai_draft),
);

export const ArticleExample = {
  _meta: { description: `An article. ${PLACEHOLDER_META_DESCRIPTION}`, placeholder: true, note: PLACEHOLDER_NOTE },
  ...listed,
  brief_id: EXAMPLE_IDS.brief,
  additional_directions: null,
  version: 1,
  draft_kind: "skeleton",
  sections: SkeletonSectionsExample,
  content_score: ContentScoreExample,
  warnings: [],
  ...SpecialistsExample,
  usage: { calls: 0, prompt_tokens: 0, completion_tokens: 0, by_model: [] },
};

export const ArticleProgressExample = {
  _meta: { description: `Drafting progress. ${PLACEHOLDER_META_DESCRIPTION}`, placeholder: true, note: PLACEHOLDER_NOTE },
  id: EXAMPLE_IDS.article,
  machine_state: "in_progress",
  sections_total: 6,
  sections_approved: 3,
  sections_drafting: 1,
  sections_not_started: 2,
  sections_needs_attention: 0,
  completion_percentage: 50,
  specialists_running: false,
  specialists_complete: false,
};

export const DraftingStartedExample = {
  _meta: { description: "Drafting accepted; poll the status endpoint." },
  id: EXAMPLE_IDS.article,
  brief_id: EXAMPLE_IDS.brief,
  title: "How to Dial in Espresso: A Practical Guide",
  task_id: EXAMPLE_IDS.task,
  status: "generating",
  credits_charged: 14,
  message: "Drafting started. Poll the status endpoint for progress.",
};

const version = {
  version: 1,
  title: "How to Dial in Espresso: A Practical Guide",
  brief_id: EXAMPLE_IDS.brief,
  ai_model_id: "openai:gpt-4o-mini",
  draft_kind: "prose",
  intent: "human",
  article_type: "resource",
  web_research_mode: "basic",
  created_at: EXAMPLE_TIME,
  sections: SectionsExample,
  ...SpecialistsExample,
};

export const ArticleVersionListItemExample = version;
export const ArticleVersionExample = { _meta: { description: "A version of the article." }, ...version };

const authorityListed = {
  ...listed,
  id: EXAMPLE_IDS.authorityArticle,
  title: "Best Espresso Machine: How to Compare and Choose",
  topic_node: EXAMPLE_IDS.node,
};

export const AuthorityArticleListItemExample = authorityListed;

export const AuthorityArticleListExample = {
  _meta: { description: "The brand's authority articles." },
  brand_id: EXAMPLE_IDS.brand,
  brand_name: "Bean There",
  results: [authorityListed],
};
