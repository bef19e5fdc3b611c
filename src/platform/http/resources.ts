// The kinds of owned resource a path parameter can name (docs/conventions.md §3). A keyed route declares,
// in its one definition, the kind each of its path parameters names (`resources`): the handler
// must look that resource up among the caller's own, the selected workspace's or the key's
// user's, and answer 404 otherwise, exactly as if it did not exist.
//
// Declared rather than derived from the parameter's name or schema, because neither says it:
// `brand_id` names a bare brand, the brand's research tree or the brand's clustering depending
// on the route (and each needs a different resource to be reachable), and `id` names a brand, a
// report or a key. The shared BOLA matrix (test/app/bola.api.test.ts) reads the declarations:
// every declared kind has a fixture maker there, and a route whose parameter has no kind fails it.
//
// `listed`: whether some list route shows the resource's id (a node of a hierarchy is shown only
// inside its map).
import { present } from "../present";
export const RESOURCE_KINDS = {
  brand: { owner: "workspace", listed: true, description: "a brand" },
  research: { owner: "workspace", listed: true, description: "a brand's research tree, named by the brand's id" },
  report: { owner: "workspace", listed: true, description: "a standalone clustering report" },
  brand_clustering: { owner: "workspace", listed: true, description: "a brand's latest clustering, named by the brand's id" },
  map: { owner: "workspace", listed: true, description: "a brand's topical map (and its authority view), named by the brand's id" },
  map_node: { owner: "workspace", listed: false, description: "a node of a brand's authority hierarchy" },
  brief: { owner: "workspace", listed: true, description: "a brief, standalone or authority" },
  brief_in_review: { owner: "workspace", listed: true, description: "a brief waiting for its outline review (interactive)" },
  authority_brief: { owner: "workspace", listed: true, description: "an authority brief of the brand the path names" },
  article: { owner: "workspace", listed: true, description: "an article, standalone or authority" },
  article_version: { owner: "workspace", listed: false, description: "a version number of the article the path names" },
  authority_article: { owner: "workspace", listed: true, description: "an authority article of the brand the path names" },
  authority_brief_brand: { owner: "workspace", listed: true, description: "a brand with a complete authority brief (named in the body)" },
  api_key: { owner: "user", listed: true, description: "an API key of the key's own user" },
} as const satisfies Record<string, { owner: "workspace" | "user"; listed: boolean; description: string }>;

export type ResourceKind = keyof typeof RESOURCE_KINDS;

export function isResourceKind(value: string): value is ResourceKind {
  return Object.hasOwn(RESOURCE_KINDS, value);
}

/** The `:params` of a Fastify path, in order, without the colon. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => present(m[1], "a path parameter's name"));
}
