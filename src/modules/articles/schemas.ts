import Type from "typebox";
import { MAX_LENGTH } from "../../platform/http/limits";
import { named, Nullable, StringEnum, Timestamp, Uuid, withMeta } from "../../platform/http/route";
import { ModelUsageSchema } from "../../platform/tasks/usage-read";
import { ContentWarningsSchema } from "../briefs";
import {
  ArticleExample,
  ArticleListItemExample,
  ArticleProgressExample,
  ArticleVersionExample,
  ArticleVersionListItemExample,
  AuthorityArticleListExample,
  AuthorityArticleListItemExample,
  DraftingStartedExample,
} from "./examples";
import { EDITORIAL_STATES, MACHINE_STATES } from "./machine-state";

const BodyUuid = Type.String({ format: "uuid", maxLength: 36 });

const Specialists = named(
  "ArticleSpecialists",
  Type.Object(
    {
      web_research: Type.Optional(Type.Boolean({ description: "Sourced facts from the brief's SERP data (resource pages)" })),
      fact_check: Type.Optional(Type.Boolean({ description: "Flags claims the sources do not support (resource pages)" })),
      intro_key_takeaways: Type.Optional(Type.Boolean({ description: "An intro and key takeaways (resource pages)" })),
      conversion_coach: Type.Optional(
        Type.Boolean({ description: "Calls to action and trust signals (local and landing pages: always on there)" }),
      ),
      web_research_mode: Type.Optional(StringEnum(["basic", "advanced"] as const)),
    },
    { description: "All false by default; filtered to the article's type; 2 credits each" },
  ),
);

const draftFields = {
  ai_model_id: Type.String({ minLength: 1, maxLength: MAX_LENGTH.modelId, description: "An id from GET /api/v1/models/" }),
  intent: Type.Optional(Type.String({ maxLength: MAX_LENGTH.shortText, description: "How the draft should read; default `human`" })),
  specialists: Type.Optional(Specialists),
};

export const GenerateBody = named("GenerateArticleRequest", Type.Object({ brief_id: BodyUuid, ...draftFields }));
export const RegenerateBody = named("RegenerateArticleRequest", Type.Object({ brief_id: Type.Optional(BodyUuid), ...draftFields }));
export const FromBriefBody = named("CreateArticleFromBriefRequest", Type.Object({ brief_id: BodyUuid }));
export const EditBody = named(
  "EditArticleRequest",
  Type.Object({
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
    editorial_state: Type.Optional(StringEnum(EDITORIAL_STATES, { description: "draft, in_review, approved or published" })),
    additional_directions: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.longText }))),
  }),
);

/** A section's text as a writer may send it: far above any section's word target, well under the body limit. */
const SECTION_TEXT_MAX_LENGTH = 100_000;

export const EditSectionsBody = named(
  "EditArticleSectionsRequest",
  Type.Object({
    sections: Type.Array(
      Type.Object({
        id: BodyUuid,
        ai_draft: Type.String({ maxLength: SECTION_TEXT_MAX_LENGTH, description: "The section's new text (Markdown)" }),
      }),
      { minItems: 1, maxItems: 50, description: "Sections of the article's current version, by `id`; the others stay as they are" },
    ),
  }),
);

export const ListQuery = Type.Object({
  brand_id: Type.Optional(Uuid),
  search: Type.Optional(Type.String({ maxLength: MAX_LENGTH.shortText, description: "Case-insensitive, in the title" })),
});
export const AuthorityListQuery = Type.Object({ search: ListQuery.properties.search });
export const DetailQuery = Type.Object({
  format: Type.Optional(
    StringEnum(["json", "markdown", "html"] as const, { description: "`markdown` or `html` renders the article as text" }),
  ),
});
export const ArticleParams = Type.Object({ id: Uuid });
export const VersionParams = Type.Object({ id: Uuid, n: Type.Integer({ minimum: 1, maximum: 100_000 }) });
export const AuthorityParams = Type.Object({ brand_id: Uuid });
export const AuthorityArticleParams = Type.Object({ brand_id: Uuid, id: Uuid });

const TopicNode = Type.Optional(Uuid);
const listFields = {
  id: Uuid,
  title: Type.String(),
  brand_id: Uuid,
  brand_name: Type.String(),
  machine_state: StringEnum(MACHINE_STATES),
  editorial_state: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
  topic_node: TopicNode,
};
const Section = named(
  "ArticleSection",
  Type.Object({
    id: Uuid,
    position: Type.Integer({ description: "0-based order" }),
    heading: Type.String(),
    level: Type.String(),
    status: StringEnum(["not_started", "drafting", "approved", "needs_attention"] as const),
    ai_draft: Nullable(Type.String()),
    word_count_target: Nullable(Type.Integer()),
    subheadings: Type.Array(Type.String(), { description: "The outline's subheadings for this section, as drafted from" }),
    problems: Type.Array(Type.String(), {
      description:
        "Why the draft needs attention, when it does; or, after a drafting that failed for good, why the section was not drafted",
    }),
  }),
);
/** Why the current drafting is not done; absent when there is nothing to explain. */
const Failure = Type.Optional(
  Type.Object(
    {
      error: Type.String({ description: "What happened, and what to check (the model's address, its key, its rate limit, its answer)" }),
      will_retry: Type.Boolean({ description: "true while the drafting waits to be tried again by itself" }),
    },
    { description: "While a failed try waits for its retry, and once the drafting failed for good (credits refunded)" },
  ),
);
const DraftKindSchema = StringEnum(["skeleton", "prose"] as const, {
  description:
    "What the sections' `ai_draft` holds. `skeleton` when the version is drafted by the built-in offline model: each section " +
    "is a writer's skeleton in Markdown (its goal, what to cover, questions to answer, terms, sources, links and length), " +
    "approved as complete, to write the prose from. `prose` when a language model drafts it (or none is named yet).",
});
const specialistFields = {
  specialists: Type.Array(Type.String(), { description: "The specialists enabled for this drafting" }),
  specialist_results: Type.Record(Type.String(), Type.Unknown(), { description: "Each finished specialist's output, by name" }),
};

const Score = (description: string) => Type.Integer({ minimum: 0, maximum: 100, description });
const PartScore = (description: string) => Nullable(Score(`${description}; null when there is nothing to measure`));
const ContentScoreSchema = named(
  "ContentScore",
  Type.Object(
    {
      score: Score("The whole draft: the parts weighed terms 35, headings 25, length 20, readability 20 (a null part weighs nothing)"),
      parts: Type.Object({
        terms: PartScore("The brief's terms used within their bounds"),
        headings: PartScore("The outline's sections covered: long enough, on their heading's topic, their subheadings mentioned"),
        length: PartScore("Words against the sum of the word targets: full within 15%, 0 at none or twice the target"),
        readability: PartScore("Flesch reading ease, 60-70 best, less for very long sentences and paragraphs"),
      }),
      sections: Type.Array(
        named(
          "ContentScoreSection",
          Type.Object({
            heading: Type.String(),
            score: Score("The section's headings, length and readability parts weighed (terms are the whole article's)"),
            words: Type.Integer({ minimum: 0 }),
            target: Nullable(Type.Integer({ description: "Its word target" })),
            terms_found: Type.Integer({ minimum: 0, description: "How many of the terms it uses at least once" }),
            covered: Type.Boolean({
              description: "At least 40% of its word target, its heading's topic named, at least half of its subheadings mentioned",
            }),
            readability: Nullable(Score("Its readability")),
          }),
        ),
        { description: "By position, as `sections`" },
      ),
      terms: Type.Array(
        named(
          "ContentScoreTerm",
          Type.Object({
            term: Type.String(),
            count: Type.Integer({ minimum: 0, description: "Whole words, any case, plurals folded" }),
            min: Type.Integer({ minimum: 0 }),
            max: Type.Integer({ minimum: 0 }),
            status: StringEnum(["missing", "under", "ok", "over"] as const),
          }),
        ),
        {
          description:
            "The brief's terms: its `terms` with their counts when it has them, else its query and its primary, secondary and " +
            "supporting keywords, each wanted at least once and at most once per 100 words of the target (3 at least)",
        },
      ),
    },
    {
      description:
        "How well the current sections' text answers the brief's outline and terms, 0 to 100; null when there is no outline. " +
        "Deterministic: the console scores text as it is typed with the same rules.",
    },
  ),
);

export const ListSchema = named("ArticleList", Type.Array(named("ArticleListItem", Type.Object(listFields), ArticleListItemExample)));
export const DetailSchema = named(
  "Article",
  withMeta({
    ...listFields,
    brief_id: Nullable(Uuid),
    additional_directions: Nullable(Type.String()),
    version: Type.Integer(),
    draft_kind: DraftKindSchema,
    sections: Type.Array(Section),
    content_score: Nullable(ContentScoreSchema),
    warnings: ContentWarningsSchema,
    ...specialistFields,
    failure: Failure,
    usage: ModelUsageSchema,
  }),
  ArticleExample,
);
export const ProgressSchema = named(
  "ArticleProgress",
  withMeta({
    id: Uuid,
    machine_state: StringEnum(MACHINE_STATES),
    sections_total: Type.Integer(),
    sections_approved: Type.Integer(),
    sections_drafting: Type.Integer(),
    sections_not_started: Type.Integer(),
    sections_needs_attention: Type.Integer(),
    completion_percentage: Type.Number({ minimum: 0, maximum: 100 }),
    specialists_running: Type.Boolean(),
    specialists_complete: Type.Boolean(),
    topic_node: TopicNode,
    failure: Failure,
  }),
  ArticleProgressExample,
);
export const StartedSchema = named(
  "ArticleDraftingStarted",
  withMeta({
    id: Uuid,
    brief_id: Nullable(Uuid),
    title: Type.String(),
    task_id: Uuid,
    status: StringEnum(["generating", "regenerating"] as const),
    topic_node: TopicNode,
    credits_charged: Type.Integer(),
    message: Type.String(),
  }),
  DraftingStartedExample,
);
const VersionFields = {
  version: Type.Integer(),
  title: Type.String(),
  brief_id: Nullable(Uuid),
  topic_node: TopicNode,
  ai_model_id: Nullable(Type.String()),
  draft_kind: DraftKindSchema,
  intent: Type.String(),
  article_type: Type.String({ description: "resource, local or landing: decides the specialists that apply" }),
  web_research_mode: Type.String(),
  created_at: Timestamp,
  sections: Type.Array(Section),
  ...specialistFields,
};
export const VersionListSchema = named(
  "ArticleVersionList",
  Type.Array(named("ArticleVersionListItem", Type.Object(VersionFields), ArticleVersionListItemExample)),
);
export const VersionSchema = named("ArticleVersion", withMeta(VersionFields), ArticleVersionExample);
export const AuthorityListSchema = named(
  "AuthorityArticleList",
  withMeta({
    brand_id: Uuid,
    brand_name: Type.String(),
    results: Type.Array(
      named("AuthorityArticleListItem", Type.Object({ ...listFields, topic_node: Uuid }), AuthorityArticleListItemExample),
    ),
  }),
  AuthorityArticleListExample,
);
