// The BOLA matrix's ground (bola.test.ts): the people who ask, and one fixture maker per kind of
// owned resource (src/platform/http/resources.ts), not per route. A maker builds the resource in
// its owner's personal workspace or a team's through the API, says which id each kind of path
// parameter takes, gives the body and query fields the service needs to act on it, and reads it
// back so that the matrix can show a stranger's request changed nothing.
import { randomUUID } from "node:crypto";
import { ALL_SCOPES } from "../../src/platform/auth/scopes";
import type { KeyedRoute } from "../../src/platform/http/route";
import type { ResourceKind } from "../../src/platform/http/resources";
import type { UserRow } from "../../src/modules/users";
import type { Harness, Schemas, TestKey, TestResponse } from "../helpers/harness";
import { exampleOf } from "../helpers/schema-example";
import { eq } from "drizzle-orm";
import { briefs } from "../../src/modules/briefs";
import { finishByHand, runClusteringJob } from "../modules/clustering/helpers";
import { runJob } from "../helpers/jobs";

export type Actor = TestKey & { user: UserRow };

/** The 403 detail for an X-Team-ID of a team the key's user is not an active member of. */
export const NOT_A_MEMBER = "You are not an active member of this team.";

/**
 * A staff user whose key holds every scope: nothing but ownership can refuse its requests (the
 * scope and staff checks have their own suite, security.test.ts).
 */
export async function fullActor(h: Harness): Promise<Actor> {
  const user = await h.createUser({ staff: true });
  return { ...(await h.createKey(user, { scopes: [...ALL_SCOPES] })), user };
}

/** An owner with a team of their own and credits for every paid route the matrix sends. */
export async function newOwner(h: Harness): Promise<{ owner: Actor; teamId: string }> {
  const owner = await fullActor(h);
  await h.grant(owner.user, 10_000);
  return { owner, teamId: (await h.createTeam(owner.user)).id };
}

/** Where a resource is made: the owner's team workspace, or their personal one without teamId. */
export interface Place {
  h: Harness;
  owner: Actor;
  teamId?: string;
}

export interface Owned {
  /** The value of a path parameter of each kind this resource answers for. */
  ids: Partial<Record<ResourceKind, string>>;
  /** Body and query fields (by name) the service needs to act on this resource. */
  fields?: Readonly<Record<string, unknown>>;
  /** The resource as its owner reads it: equal before and after a stranger's requests. */
  snapshot(): Promise<unknown>;
}

export type FixtureMaker = (place: Place) => Promise<Owned>;

/** The owner's request, which must answer `expected`; its body as the route's documented answer `T`. */
async function ownerCall<T = unknown>(place: Place, method: string, url: string, body?: unknown, expected = 200): Promise<T> {
  const res = await place.h.request(method, url, { key: place.owner.key, teamId: place.teamId, body });
  if (res.statusCode !== expected) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.payload}`);
  return res.json<T>();
}

/** Status and body of the owner's GETs: a deleted resource reads differently from a kept one. */
function reader(place: Place, ...urls: string[]): () => Promise<unknown> {
  return () =>
    Promise.all(
      urls.map(async (url) => {
        const res = await place.h.request("GET", url, { key: place.owner.key, teamId: place.teamId });
        return { url, status: res.statusCode, body: res.payload };
      }),
    );
}

const TREE = [
  {
    main_topic: "seo",
    subtopic_2: [
      { name: "tools", keywords: ["seo tools"] },
      { name: "links", keywords: ["backlinks"] },
    ],
    keywords: ["seo"],
  },
  { main_topic: "content" },
];

/** Node paths that exist in TREE, under the names the tree operations' bodies give them. */
const TREE_FIELDS = {
  path: ["seo", "links"],
  parent_path: ["seo"],
  source_path: ["seo", "links"],
  keep_path: ["seo", "tools"],
  merge_path: ["seo", "links"],
  // Optional in the schema, but a keyword update must change something.
  add: ["search"],
};

/** A map upload's body: entries are objects, which SERVICE_FIELDS' `keywords` list of strings is not. */
const UPLOAD_FIELDS = { keywords: [{ keyword: "seo", cluster: "owned" }] };

/** A keyword whose SERP the clustering makers store. */
const SERP_FIELDS = { keyword: "seo" };

async function brandIn(place: Place): Promise<string> {
  return (await ownerCall<Schemas["Brand"]>(place, "POST", "/api/v1/brands/", { brand_name: "Owned Brand" }, 201)).id;
}

async function brandWithTree(place: Place): Promise<string> {
  const brandId = await brandIn(place);
  await ownerCall(place, "PUT", `/api/v1/research/${brandId}/`, { research_data: TREE });
  return brandId;
}

/** A brand with research whose brand clustering really ran (in this process), so it has a topical map. */
async function brandWithMap(place: Place): Promise<string> {
  const id = await brandWithTree(place);
  const started = await ownerCall<Schemas["BrandClusteringStarted"]>(place, "POST", `/api/v1/authority/${id}/clustering/start/`, {}, 202);
  await runClusteringJob(place.h, started.task_id);
  return id;
}

const mapReader = (place: Place, id: string) => reader(place, `/api/v1/maps/${id}/`, `/api/v1/authority/${id}/`);

/** A standalone brief of a new brand: a draft, or one generated interactively up to its outline review. */
async function briefIn(place: Place, state: "draft" | "review"): Promise<string> {
  const body = { query_text: "seo tools", brand_id: await brandIn(place), selected_serp_data: SERVICE_FIELDS.selected_serp_data };
  if (state === "draft") return (await ownerCall<Schemas["Brief"]>(place, "POST", "/api/v1/briefs/", body, 201)).id;
  const started = await ownerCall<Schemas["BriefGenerationStarted"]>(
    place,
    "POST",
    "/api/v1/briefs/generate/",
    { ...body, interactive: true },
    202,
  );
  const [brief] = await place.h.testDb.database.db.select().from(briefs).where(eq(briefs.id, started.id));
  await runJob(place.h, "brief-generate", brief!.taskId!);
  return brief!.id;
}

const briefReader = (place: Place, id: string) => reader(place, `/api/v1/briefs/${id}/`);

/** A COMPLETE standalone brief of a new brand, its job run in this process. */
export async function completeBriefIn(place: Place): Promise<string> {
  const id = await briefIn(place, "draft");
  await ownerCall(place, "POST", `/api/v1/briefs/${id}/generate/`, undefined, 202);
  const [brief] = await place.h.testDb.database.db.select().from(briefs).where(eq(briefs.id, id));
  await runJob(place.h, "brief-generate", brief!.taskId!);
  return id;
}

/** A COMPLETE authority brief for the first node of a new brand with a map. */
async function authorityBriefIn(place: Place): Promise<{ brandId: string; briefId: string }> {
  const brandId = await brandWithMap(place);
  const nodeId = (await ownerCall<Schemas["AuthorityHierarchy"]>(place, "GET", `/api/v1/authority/${brandId}/`)).hierarchy[0]!.node_id;
  const started = await ownerCall<Schemas["BriefGenerationStarted"]>(
    place,
    "POST",
    `/api/v1/authority/${brandId}/briefs/generate/`,
    { node_id: nodeId },
    202,
  );
  const [brief] = await place.h.testDb.database.db.select().from(briefs).where(eq(briefs.id, started.id));
  await runJob(place.h, "brief-generate", brief!.taskId!);
  return { brandId, briefId: brief!.id };
}

const articleReader = (place: Place, id: string) =>
  reader(place, `/api/v1/content/articles/${id}/`, `/api/v1/content/articles/${id}/versions/`);

export const FIXTURE_MAKERS: Record<ResourceKind, FixtureMaker> = {
  // Its map is read too: a map upload names the brand (it need not have a map yet), so a
  // stranger's upload must leave the brand's map as missing as it was.
  async brand(place) {
    const id = await brandIn(place);
    return { ids: { brand: id }, fields: UPLOAD_FIELDS, snapshot: reader(place, `/api/v1/brands/${id}/`, `/api/v1/maps/${id}/`) };
  },

  async research(place) {
    const id = await brandWithTree(place);
    const snapshot = reader(place, `/api/v1/research/${id}/`, `/api/v1/research/${id}/task-status/`);
    return { ids: { research: id, brand: id }, fields: TREE_FIELDS, snapshot };
  },

  async report(place) {
    const body = { report_name: "Owned Report", keywords: ["seo", "backlinks"] };
    const id = (await ownerCall<Schemas["ClusteringStarted"]>(place, "POST", "/api/v1/clustering/", body, 202)).id;
    // Completed (no workers here), with its SERPs stored: recluster and serp-data can act on it.
    await finishByHand(place.h.testDb.database.db, id);
    return { ids: { report: id }, fields: SERP_FIELDS, snapshot: reader(place, `/api/v1/clustering/${id}/`) };
  },

  async brand_clustering(place) {
    const id = await brandWithTree(place);
    const started = await ownerCall<Schemas["BrandClusteringStarted"]>(place, "POST", `/api/v1/authority/${id}/clustering/start/`, {}, 202);
    await finishByHand(place.h.testDb.database.db, started.report_id);
    const base = `/api/v1/authority/${id}/clustering/`;
    return { ids: { brand_clustering: id, brand: id }, fields: SERP_FIELDS, snapshot: reader(place, base, `${base}status/`) };
  },

  // A node of the map's hierarchy goes with it, for the routes whose body names one.
  async map(place) {
    const id = await brandWithMap(place);
    const nodeId = (await ownerCall<Schemas["AuthorityHierarchy"]>(place, "GET", `/api/v1/authority/${id}/`)).hierarchy[0]!.node_id;
    return { ids: { map: id, brand: id }, fields: { node_id: nodeId }, snapshot: mapReader(place, id) };
  },

  // The first node of the hierarchy: the "seo" pillar, whose keyword has stored SERP data.
  async map_node(place) {
    const id = await brandWithMap(place);
    const hierarchy = await ownerCall<Schemas["AuthorityHierarchy"]>(place, "GET", `/api/v1/authority/${id}/`);
    const nodeId = hierarchy.hierarchy[0]!.node_id;
    return { ids: { map: id, map_node: nodeId }, snapshot: mapReader(place, id) };
  },

  async brief(place) {
    const id = await briefIn(place, "draft");
    return { ids: { brief: id }, snapshot: briefReader(place, id) };
  },

  async brief_in_review(place) {
    const id = await briefIn(place, "review");
    return { ids: { brief_in_review: id, brief: id }, snapshot: briefReader(place, id) };
  },

  // A draft brief for the "seo" pillar of a brand with a map.
  async authority_brief(place) {
    const brandId = await brandWithMap(place);
    const nodeId = (await ownerCall<Schemas["AuthorityHierarchy"]>(place, "GET", `/api/v1/authority/${brandId}/`)).hierarchy[0]!.node_id;
    const id = (await ownerCall<Schemas["Brief"]>(place, "POST", `/api/v1/authority/${brandId}/briefs/`, { node_id: nodeId }, 201)).id;
    return {
      ids: { authority_brief: id, brief: id, brand: brandId, map: brandId },
      snapshot: reader(place, `/api/v1/authority/${brandId}/briefs/${id}/`),
    };
  },

  // An article made from a complete brief, not drafted: every article route can act on it. A
  // sections edit names one of its sections.
  async article(place) {
    const briefId = await completeBriefIn(place);
    const article = await ownerCall<Schemas["Article"]>(
      place,
      "POST",
      "/api/v1/content/articles/create-from-brief/",
      { brief_id: briefId },
      201,
    );
    const section = article.sections[0]!.id;
    return {
      ids: { article: article.id, article_version: "1" },
      fields: { sections: [{ id: section, ai_draft: "A section its owner wrote." }] },
      snapshot: articleReader(place, article.id),
    };
  },

  async article_version(place) {
    return FIXTURE_MAKERS.article(place);
  },

  async authority_article(place) {
    const { brandId, briefId } = await authorityBriefIn(place);
    const id = (
      await ownerCall<Schemas["Article"]>(place, "POST", "/api/v1/content/articles/create-from-brief/", { brief_id: briefId }, 201)
    ).id;
    return { ids: { authority_article: id, article: id, brand: brandId }, snapshot: articleReader(place, id) };
  },

  // A brand with a complete authority brief, which the body names (drafting an authority article).
  async authority_brief_brand(place) {
    const { brandId, briefId } = await authorityBriefIn(place);
    return {
      ids: { authority_brief_brand: brandId, brand: brandId },
      fields: { brief_id: briefId },
      snapshot: reader(place, `/api/v1/authority/${brandId}/articles/`),
    };
  },

  // A key belongs to its user whatever the workspace: `teamId` changes nothing.
  async api_key(place) {
    const key = await place.h.createKey(place.owner.user);
    const snapshot = async () => {
      const res = await place.h.request("GET", "/api/v1/keys/", { key: place.owner.key });
      return res.json<Schemas["ApiKeyList"]>().find((k) => k.id === key.id) ?? null;
    };
    return { ids: { api_key: key.id }, snapshot };
  },
};

/**
 * Fields every route gets, whatever it acts on, for what the service checks and the schema cannot
 * say: a report needs a keyword that is not blank (the schema allows `[]`), and a brief SERP
 * results to be written from (else the brand's map must have them).
 */
export const SERVICE_FIELDS: Readonly<Record<string, unknown>> = {
  keywords: ["seo"],
  ai_model_id: "offline",
  selected_serp_data: [{ url: "https://example.com/guide", title: "A guide", snippet: "What to know." }],
};

// ---- requests ---------------------------------------------------------------------------------

export interface Built {
  url: string;
  body?: unknown;
  query?: Record<string, string>;
}

/** The route's request with the resource's ids in its path (fresh UUIDs without one) and valid input. */
export function build(route: KeyedRoute, owned: Owned | null, fields: Readonly<Record<string, unknown>>): Built {
  const kinds = route.resources ?? {};
  const paramsSchema: { properties?: Record<string, { type?: string }> } | undefined = route.schemas.params;
  const params = paramsSchema?.properties ?? {};
  const url = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, param: string) => {
    // Nothing of that kind: a fresh id, or the first number (a version) of a resource that does not exist.
    if (!owned) return params[param]?.type === "integer" ? "1" : randomUUID();
    const id = owned.ids[kinds[param]!];
    if (!id) throw new Error(`${route.method} ${route.path}: the ${kinds[param]} fixture has no id for :${param}`);
    return id;
  });
  const built: Built = { url };
  if (route.schemas.body) built.body = exampleOf(route.schemas.body, fields);
  if (route.schemas.querystring) {
    const query = exampleOf(route.schemas.querystring, fields) as Record<string, unknown>;
    built.query = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  }
  return built;
}

export function send(
  h: Harness,
  route: KeyedRoute,
  built: Built,
  actor: Actor,
  teamId?: string,
  idempotencyKey?: string,
): Promise<TestResponse> {
  const headers = idempotencyKey === undefined ? undefined : { "idempotency-key": idempotencyKey };
  return h.request(route.method, built.url, { key: actor.key, teamId, body: built.body, query: built.query, headers });
}
