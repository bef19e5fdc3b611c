import Type from "typebox";
import { MAX_LENGTH } from "../../platform/http/limits";
import { named, Nullable, StringEnum, Timestamp, Uuid, withMeta } from "../../platform/http/route";
import { ModelUsageSchema } from "../../platform/tasks/usage-read";
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
const specialistFields = {
  specialists: Type.Array(Type.String(), { description: "The specialists enabled for this drafting" }),
  specialist_results: Type.Record(Type.String(), Type.Unknown(), { description: "Each finished specialist's output, by name" }),
};

export const ListSchema = named("ArticleList", Type.Array(named("ArticleListItem", Type.Object(listFields), ArticleListItemExample)));
export const DetailSchema = named(
  "Article",
  withMeta({
    ...listFields,
    brief_id: Nullable(Uuid),
    additional_directions: Nullable(Type.String()),
    version: Type.Integer(),
    sections: Type.Array(Section),
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
