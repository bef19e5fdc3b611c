// The document's samples: each operation's example request (its path parameters, query and JSON
// body) and, where the route gives one, its example response; the other responses show the
// example of their named schema. The ids below are the ones every example uses, so that the
// samples read as one story (the brand "Bean There", its research, map, briefs and articles);
// the examples test (test/app/openapi-examples.api.test.ts) replaces them with the ids of a seeded
// server, sends every example request and checks each answer against the document.
import type { RouteDef } from "../http/route";
import { pathParams, type ResourceKind } from "../http/resources";

export const EXAMPLE_IDS = {
  brand: "0b7c6e52-3f1d-4c8a-9e2b-5d4f6a7b8c91",
  report: "1c8d7f63-4a2e-4d9b-8f3c-6e5a7b8c9d02",
  node: "2d9e8a74-5b3f-4eac-9a4d-7f6b8c9d0e13",
  brief: "3eaf9b85-6c4a-4fbd-8b5e-8a7c9d0e1f24",
  briefInReview: "4fb0ac96-7d5b-4ace-9c6f-9b8d0e1f2a35",
  authorityBrief: "50c1bda7-8e6c-4bdf-8d7a-ac9e1f2a3b46",
  article: "61d2ceb8-9f7d-4ce0-9e8b-bdaf2a3b4c57",
  authorityArticle: "72e3dfc9-a08e-4df1-8f9c-ceb03b4c5d68",
  apiKey: "83f4e0da-b19f-4e02-9a0d-dfc14c5d6e79",
  task: "9405f1eb-c2a0-4f13-8b1e-e0d25d6e7f8a",
  group: "a516a2fc-d3b1-4024-9c2f-f1e36e7f809b",
  user: "b627b30d-e4c2-4135-8d3a-02f47f8091ac",
  team: "c738c41e-f5d3-4246-9e4b-13058091a2bd",
  auditEntry: "d849d52f-06e4-4357-8f5c-2416910a3bce",
  section: "e95ae630-17f5-4468-9a6d-35270a1b4cdf",
} as const;

/** A timestamp the examples share: the day the story happens. */
export const EXAMPLE_TIME = "2026-03-02T09:30:00.000Z";

/** The value each kind of path parameter takes in the examples. */
const PATH_EXAMPLES: Readonly<Record<ResourceKind, string | number>> = {
  brand: EXAMPLE_IDS.brand,
  research: EXAMPLE_IDS.brand,
  report: EXAMPLE_IDS.report,
  brand_clustering: EXAMPLE_IDS.brand,
  map: EXAMPLE_IDS.brand,
  map_node: EXAMPLE_IDS.node,
  brief: EXAMPLE_IDS.brief,
  brief_in_review: EXAMPLE_IDS.briefInReview,
  authority_brief: EXAMPLE_IDS.authorityBrief,
  article: EXAMPLE_IDS.article,
  article_version: 1,
  authority_article: EXAMPLE_IDS.authorityArticle,
  authority_brief_brand: EXAMPLE_IDS.brand,
  api_key: EXAMPLE_IDS.apiKey,
};

/** The example value of each of the route's path parameters, by name. */
function pathExamples(def: RouteDef): Record<string, string | number> {
  const kinds: Readonly<Record<string, ResourceKind>> = def.auth === "key" ? (def.resources ?? {}) : {};
  const values: Record<string, string | number> = {};
  for (const param of pathParams(def.path)) {
    const kind = kinds[param];
    if (kind) values[param] = PATH_EXAMPLES[kind];
  }
  return values;
}

type JsonObject = Record<string, unknown>;

interface Operation {
  parameters?: Array<{ in: string; name: string; example?: unknown }>;
  requestBody?: { content?: Record<string, JsonObject> };
  responses?: Record<string, { content?: Record<string, JsonObject> }>;
}

/** Writes each route's examples into its operation of `paths`. Modifies the operations. */
export function addExamples(
  paths: Record<string, Record<string, Operation>>,
  routes: readonly RouteDef[],
  pathOf: (def: RouteDef) => string,
): void {
  for (const def of routes) {
    const op = paths[pathOf(def)]?.[def.method.toLowerCase()];
    if (!op) continue;
    const path = pathExamples(def);
    const query = def.examples?.request?.query ?? {};
    for (const parameter of op.parameters ?? []) {
      if (parameter.in === "path" && parameter.name in path) parameter.example = path[parameter.name];
      if (parameter.in === "query" && parameter.name in query) parameter.example = query[parameter.name];
    }
    const body = def.examples?.request?.body;
    const json = op.requestBody?.content?.["application/json"];
    if (body !== undefined && json) json.example = body;
    const response = def.examples?.response;
    const success = op.responses?.[String(def.status)]?.content?.["application/json"];
    if (response !== undefined && success) success.example = response;
  }
}
