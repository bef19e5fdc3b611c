import Type from "typebox";
import { MAX_LENGTH } from "../../platform/http/limits";
import { named, Nullable, StringEnum, Timestamp, Uuid, withMeta } from "../../platform/http/route";
import { ModelUsageSchema } from "../../platform/tasks/usage-read";
import {
  AuthorityBriefListExample,
  AuthorityBriefListItemExample,
  BriefExample,
  BriefListItemExample,
  BriefStartedExample,
  BriefStatusExample,
  QuerySerpExample,
} from "./examples";
import { BRIEF_STATUSES, STATUS_FILTERS } from "./status";

export const MAX_SERP_ENTRIES = 15;

/** A UUID sent in a body: like every body string, with its length bound. */
const BodyUuid = Type.String({ format: "uuid", maxLength: 36 });

// `url` is checked by the service, so that an entry without one is named as the spec names it
// (`selected_serp_data[<index>]`), not by Ajv's path.
const SerpEntry = named(
  "SelectedSerpResult",
  Type.Object({
    url: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_LENGTH.url })),
    title: Type.Optional(Type.String({ maxLength: MAX_LENGTH.shortText })),
    snippet: Type.Optional(Type.String({ maxLength: MAX_LENGTH.longText })),
    // What canopy's own SERP answers carry, so that a result read from a serp-data endpoint can
    // be passed back as it came.
    position: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, description: "The result's rank, as the serp-data endpoints give it" }),
    ),
    domain: Type.Optional(Type.String({ maxLength: 253, description: "Accepted and ignored: read from `url`" })),
  }),
);

const HeaderSection = named(
  "OutlineSection",
  Type.Object({
    heading: Type.String({ minLength: 1, maxLength: 300 }),
    level: StringEnum(["h2", "h3"] as const),
    subheadings: Type.Array(Type.String({ maxLength: 300 }), { maxItems: 30 }),
    talking_points: Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 50 }),
    word_count_target: Type.Integer({ minimum: 50, maximum: 5000 }),
  }),
);
const HeaderSections = Type.Array(HeaderSection, { minItems: 1, maxItems: 50 });

const optionalInputs = {
  selected_serp_data: Type.Optional(
    Type.Array(SerpEntry, {
      maxItems: MAX_SERP_ENTRIES,
      description: `At most ${MAX_SERP_ENTRIES}; each needs a \`url\` (an entry without one answers 400 as \`selected_serp_data[<index>]\`).`,
    }),
  ),
  user_provided_keywords: Type.Optional(Type.Array(Type.String({ maxLength: MAX_LENGTH.keyword }), { maxItems: 200 })),
  internal_link_suggestions: Type.Optional(
    Type.Array(
      named(
        "InternalLink",
        Type.Object({
          url: Type.String({ minLength: 1, maxLength: MAX_LENGTH.url }),
          anchor_text: Type.String({ minLength: 1, maxLength: 300 }),
        }),
      ),
      {
        maxItems: 100,
      },
    ),
  ),
  ai_model_id: Type.Optional(
    Type.String({ maxLength: MAX_LENGTH.modelId, description: "An id from GET /api/v1/models/; the default model when omitted" }),
  ),
  interactive: Type.Optional(
    Type.Boolean({ description: "Stop at AWAITING_OUTLINE_REVIEW after the outline; continue with POST .../resume/" }),
  ),
};

export const StandaloneBriefBody = named(
  "CreateBriefRequest",
  Type.Object({
    query_text: Type.String({ minLength: 1, maxLength: MAX_LENGTH.keyword }),
    brand_id: BodyUuid,
    content_info_context: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: "Extra context, e.g. SERP features or a `word_count`" }),
    ),
    ...optionalInputs,
  }),
);
export const AuthorityBriefBody = named("CreateAuthorityBriefRequest", Type.Object({ node_id: BodyUuid, ...optionalInputs }));

export const ResumeBody = named(
  "ResumeBriefRequest",
  Type.Object({
    header_sections: Type.Optional(
      Type.Unsafe<unknown>({ ...HeaderSections, description: "The reviewed outline; the generated one when omitted" }),
    ),
  }),
);
export const CuratedBody = named(
  "CurateBriefRequest",
  Type.Object({
    curated_brief_json: Type.Unsafe<Record<string, unknown>>({
      ...Type.Object({ header_sections: HeaderSections }, { additionalProperties: true }),
      description: "The user's edit of the brief: the same structure as result_json, with a `header_sections` array",
    }),
  }),
);

export const BriefListQuery = Type.Object({
  brand_id: Type.Optional(Uuid),
  status: Type.Optional(StringEnum(STATUS_FILTERS, { description: "A status, or IN_PROGRESS or ERROR" })),
  search: Type.Optional(
    Type.String({ maxLength: MAX_LENGTH.shortText, description: "Case-insensitive, in the query text and the generated title" }),
  ),
});
export const AuthorityBriefListQuery = Type.Object({ status: BriefListQuery.properties.status, search: BriefListQuery.properties.search });
export const BriefParams = Type.Object({ id: Uuid });
export const AuthorityBriefParams = Type.Object({ brand_id: Uuid, id: Uuid });
export const AuthorityParams = Type.Object({ brand_id: Uuid });

/** What to know before the content goes to a writer (briefs/warnings.ts). */
export const ContentWarningsSchema = Type.Array(
  named(
    "ContentWarning",
    Type.Object({
      code: StringEnum(["cannibalisation", "sensitive_topic"] as const, {
        description:
          "`cannibalisation`: another brief of the brand, or another node of its map, targets the same keyword; `sensitive_topic`: a health, legal or finance topic, whose claims and figures need sources",
      }),
      message: Type.String({ description: "What it means, and what to do" }),
      keyword: Type.Optional(Type.String({ description: "cannibalisation: the keyword, as canopy stores keywords" })),
      targeted_by: Type.Optional(
        Type.Array(
          Type.Object({
            type: StringEnum(["brief", "node"] as const),
            id: Type.String({ description: "The brief's id, or the node's id in the authority hierarchy" }),
            name: Type.String({ description: "The brief's query, or the node's name" }),
          }),
          { description: "cannibalisation: what else targets the keyword" },
        ),
      ),
      topic: Type.Optional(StringEnum(["health", "legal", "finance"] as const, { description: "sensitive_topic: the field" })),
    }),
  ),
  { description: "Cannibalisation and sensitive-topic warnings; empty when there is nothing to warn of" },
);

const Status = StringEnum(BRIEF_STATUSES);
const listFields = {
  id: Uuid,
  query_text: Type.String(),
  brand_name: Type.String(),
  status: Status,
  generated_title: Type.String(),
  generated_meta_description: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
};
const TopicNode = Type.Optional(Uuid);

/** Why a brief is not (yet) done; absent when there is nothing to explain. */
const failureFields = {
  failure: Type.Optional(
    Type.Object(
      {
        stage: Type.Union([Type.Literal("outline"), Type.Literal("parts")], {
          description: "`outline`: writing the outline; `parts`: the SERP analysis, competitors and keywords, once the outline is written",
        }),
        error: Type.String({ description: "What happened, and what to check (the model's address, its key, its rate limit, its answer)" }),
        will_retry: Type.Boolean({ description: "true while RETRY_PAUSED: the brief is tried again by itself" }),
      },
      { description: "While RETRY_PAUSED, why the last try failed; once FAILED, why the brief failed" },
    ),
  ),
  part_failures: Type.Optional(
    Type.Array(
      Type.Object({
        stage: Type.Union([Type.Literal("analysis"), Type.Literal("competitors"), Type.Literal("keywords")]),
        error: Type.String(),
      }),
      { description: "A PARTIAL_COMPLETE brief's missing parts (serp_analysis, competitor_data, keyword_recommendations), each with why" },
    ),
  ),
};

const detailFields = {
  ...listFields,
  result_json: Nullable(
    Type.Record(Type.String(), Type.Unknown(), {
      description:
        "The generated brief: header_sections, serp_analysis, competitor_data (each with the `headings` and `word_count` of its page as read), keyword_recommendations, agent_version; and what was measured before writing: people_also_ask (the SERP's questions), related_searches, terms (`{term, pages, min_count, max_count}`: terms at least two ranking pages share, how many use each, and how often a draft should), recommended_word_count (`{target, min, max}` from the pages' lengths, or null), pages_read, pages_unread (`{url, error}`)",
    }),
  ),
  curated_brief_json: Nullable(Type.Record(Type.String(), Type.Unknown())),
  input_params: Type.Record(Type.String(), Type.Unknown()),
  topic_node: TopicNode,
  ...failureFields,
  warnings: ContentWarningsSchema,
  usage: ModelUsageSchema,
};

export const BriefListSchema = named(
  "BriefList",
  Type.Array(named("BriefListItem", Type.Object({ ...listFields, topic_node: TopicNode }), BriefListItemExample)),
);
export const BriefDetailSchema = named("Brief", withMeta(detailFields), BriefExample);
export const BriefStatusSchema = named(
  "BriefStatus",
  withMeta({
    id: Uuid,
    status: Status,
    query_text: Type.String(),
    generated_title: Type.String(),
    topic_node: TopicNode,
    ...failureFields,
  }),
  BriefStatusExample,
);
export const AuthorityBriefListSchema = named(
  "AuthorityBriefList",
  withMeta({
    brand_id: Uuid,
    brand_name: Type.String(),
    results: Type.Array(named("AuthorityBriefListItem", Type.Object({ ...listFields, topic_node: Uuid }), AuthorityBriefListItemExample)),
  }),
  AuthorityBriefListExample,
);
export const BriefStartSchema = named(
  "BriefGenerationStarted",
  withMeta({
    id: Uuid,
    status: Status,
    query_text: Type.String(),
    brand_name: Type.String(),
    node_id: Type.Optional(Uuid),
    credits_charged: Type.Integer(),
    message: Type.String(),
  }),
  BriefStartedExample,
);

// ---- one query's SERP, for a standalone brief ------------------------------------------------

export const QuerySerpBody = named(
  "QuerySerpRequest",
  Type.Object({
    brand_id: BodyUuid,
    query_text: Type.String({ minLength: 1, maxLength: MAX_LENGTH.keyword }),
  }),
);

const QueryAiReference = Type.Object({ url: Type.String(), domain: Type.String(), title: Type.String() });

export const QuerySerpSchema = named(
  "QuerySerp",
  withMeta({
    brand_id: Uuid,
    query_text: Type.String({ description: "As canopy keeps keywords: trimmed and lowercase" }),
    data_source: Type.String({ description: "`dataforseo`, or `offline` (the built-in simulator: nothing in it is real)" }),
    fetched_at: Timestamp,
    from_cache: Type.Boolean({ description: "true when answered from a fetch of the last 24 hours, with no new call" }),
    serp_results: Type.Array(
      Type.Object({ position: Type.Integer(), url: Type.String(), title: Type.String(), snippet: Type.String(), domain: Type.String() }),
    ),
    people_also_ask: Type.Array(Type.String()),
    related_searches: Type.Array(Type.String()),
    ai_overview: Nullable(Type.Object({ text: Type.String(), references: Type.Array(QueryAiReference) })),
  }),
  QuerySerpExample,
);
