// `canopy mcp` as an assistant meets it: the compiled command spawned by the official SDK's
// client over stdio, calling a real `canopy serve` on a fresh embedded database. The walk an
// assistant would take: brands, a research tree generated and polled, a brand clustering, the
// map and the authority view in windows, a brief and an article; then the API's refusals as
// tool errors (404, 400 field errors, 403 for a key without the scope).
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOOL_TABLE } from "../../src/mcp/tool-table";
import { readCatalog } from "../../src/mcp/server";
import { cliEnv, cliUserWithKey, jsonOf, runCli, startServe, tempDataDir, type ServeProcess } from "../helpers/cli";
import { REPO_ROOT } from "../helpers/repo-root";
import { listIn } from "../helpers/json";
import type { Schemas } from "../helpers/harness";
import { match } from "../helpers/matchers";
import { poll } from "../helpers/poll";

const SCOPES = [
  "user:read",
  "brands:read",
  "brands:write",
  "research:read",
  "research:write",
  "clustering:read",
  "clustering:write",
  "maps:read",
  "authority:read",
  "authority:write",
  "briefs:read",
  "briefs:write",
  "content:read",
  "content:write",
].join(",");

type Args = Record<string, unknown>;
/** A tool's answer: its text, and that text read as JSON (the API's answer, mostly), typed by the caller. */
interface ToolAnswer<T> {
  isError: boolean;
  text: string;
  json: T;
}
/** The window a tool cuts from a long list (src/mcp/window.ts). */
interface McpWindow {
  total: number;
  offset: number;
  returned: number;
  next_offset: number | null;
  shortened?: number;
}
/** The API's answer with its list cut to a window. */
type Windowed<T> = T & { _mcp_window: McpWindow };
/** A refusal as a tool error: the API's status (null when the tool refused the arguments itself) and error body. */
interface ToolError {
  status: number | null;
  error: Schemas["Error"] | Schemas["FieldErrors"];
}

let data: Awaited<ReturnType<typeof tempDataDir>> | undefined;
let serve: ServeProcess | undefined;
let key: string;
let narrowKey: string;
const clients: Client[] = [];

async function connect(apiKey: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(REPO_ROOT, "bin", "canopy.js"), "mcp"],
    cwd: REPO_ROOT,
    env: cliEnv({ CANOPY_URL: serve!.baseUrl, CANOPY_API_KEY: apiKey }) as Record<string, string>,
    stderr: "pipe",
  });
  const client = new Client({ name: "canopy-test", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call<T = unknown>(client: Client, name: string, args: Args = {}): Promise<ToolAnswer<T>> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  const text = content[0]!.text;
  let json: unknown = {};
  try {
    json = JSON.parse(text);
  } catch {
    // A rendered article is text.
  }
  return { isError: result.isError === true, text, json: json as T };
}

/** Calls `name` until `done` holds of its answer, as an assistant polls a status tool. */
async function pollUntil<T>(client: Client, name: string, args: Args, done: (json: T) => boolean): Promise<T> {
  return poll(`${name} to finish`, 60_000, async () => {
    const answer = await call<T>(client, name, args);
    expect(answer.isError, answer.text).toBe(false);
    return done(answer.json) ? answer.json : undefined;
  });
}

beforeAll(async () => {
  data = await tempDataDir();
  const env = { DATA_DIR: data.dir };
  jsonOf(await runCli(["migrate"], env));
  key = await cliUserWithKey(env, "mcp@example.com", { scopes: SCOPES, credits: 200 });
  const narrow = jsonOf(
    await runCli(
      ["keys", "create", "--email", "mcp@example.com", "--name", "narrow", "--type", "Integration", "--scopes", "brands:read"],
      env,
    ),
  );
  narrowKey = narrow.key as string;
  serve = await startServe({ env });
}, 120_000);

afterAll(async () => {
  for (const client of clients) await client.close();
  await serve?.stop();
  await data?.remove();
});

describe("canopy mcp over stdio", () => {
  let client: Client;
  let brandId: string;
  let briefId: string;

  it("lists the tool table's tools with the input schemas derived from the routes", async () => {
    client = await connect(key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOL_TABLE.map((choice) => choice.name));
    const catalog = new Map(readCatalog().map((tool) => [tool.name, tool]));
    for (const tool of tools) {
      expect(tool.inputSchema).toEqual(catalog.get(tool.name)!.inputSchema);
      expect(tool.description).toContain("canopy API:");
    }
    const brief = tools.find((tool) => tool.name === "generate_brief")!;
    expect(brief.inputSchema.required).toEqual(["query_text", "brand_id"]);
    expect(brief.annotations?.readOnlyHint).toBe(false);
    const map = tools.find((tool) => tool.name === "get_topical_map")!;
    expect(Object.keys(map.inputSchema.properties ?? {})).toEqual(["brand_id", "limit", "offset", "keywords_per_cluster"]);
  });

  it("lists a brand created through the API", async () => {
    const created = await fetch(`${serve!.baseUrl}/api/v1/brands/`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ brand_name: "Bean There", website_url: "https://beanthere.example" }),
    });
    brandId = ((await created.json()) as Schemas["Brand"]).id;
    const answer = await call<Windowed<{ results: Schemas["BrandListItem"][] }>>(client, "list_brands");
    expect(answer.isError).toBe(false);
    expect(answer.json._mcp_window).toEqual({ total: 1, offset: 0, returned: 1, next_offset: null });
    expect(answer.json.results[0]).toMatchObject({ id: brandId, brand_name: "Bean There" });
  });

  it("generates the research tree, polls it and reads it a window at a time", async () => {
    const started = await call<Schemas["ResearchGenerationStarted"]>(client, "generate_research_tree", {
      brand_id: brandId,
      core_topic: "home espresso",
    });
    expect(started.json).toMatchObject({ task_status: "pending", core_topic: "home espresso", credits_charged: 5 });
    await pollUntil<Schemas["ResearchTaskStatus"]>(client, "get_research_status", { brand_id: brandId }, (json) => !json.has_running_task);
    // The offline simulator's demand for "home espresso" supports two pillars.
    const tree = await call<Windowed<Schemas["ResearchTree"]>>(client, "get_research_tree", { brand_id: brandId, limit: 1 });
    expect(tree.json.research_data).toHaveLength(1);
    expect(tree.json._mcp_window).toEqual({ total: 2, offset: 0, returned: 1, next_offset: 1 });
    const last = await call<Windowed<Schemas["ResearchTree"]>>(client, "get_research_tree", { brand_id: brandId, limit: 1, offset: 1 });
    expect(last.json._mcp_window).toEqual({ total: 2, offset: 1, returned: 1, next_offset: null });
  });

  it("clusters the brand and reads its map and authority view in windows", async () => {
    const started = await call<Schemas["BrandClusteringStarted"]>(client, "start_brand_clustering", { brand_id: brandId });
    expect(started.json).toMatchObject({ status: "in_progress", brand_id: brandId });
    await pollUntil<Schemas["BrandClusteringStatus"]>(
      client,
      "get_clustering_status",
      { brand_id: brandId },
      (json) => json.status === "completed",
    );

    const map = await call<Windowed<Schemas["TopicalMap"]>>(client, "get_topical_map", {
      brand_id: brandId,
      limit: 3,
      keywords_per_cluster: 1,
    });
    expect(map.json).toMatchObject({
      brand_name: "Bean There",
      _mcp_window: { total: map.json.cluster_count, offset: 0, returned: 3, next_offset: 3 },
    });
    expect(map.json.clusters.every((cluster) => cluster.keywords.length === 1)).toBe(true);
    expect(map.json._mcp_window.shortened).toBe(map.json.clusters.filter((cluster) => cluster.keyword_count > 1).length);

    const hierarchy = await call<Windowed<Schemas["AuthorityHierarchy"]>>(client, "get_authority_hierarchy", {
      brand_id: brandId,
      limit: 10,
    });
    expect(hierarchy.json.hierarchy).toHaveLength(10);
    expect(hierarchy.json._mcp_window).toMatchObject({ total: hierarchy.json.node_count, returned: 10, next_offset: 10 });
    expect(hierarchy.json.hierarchy[0]).toMatchObject({ type: "PILLAR" });
  });

  it("generates a brief and an article and reads them", async () => {
    const map = await call<Windowed<Schemas["TopicalMap"]>>(client, "get_topical_map", { brand_id: brandId, limit: 1 });
    const keyword = map.json.clusters[0]!.centroid;
    const started = await call<Schemas["BriefGenerationStarted"]>(client, "generate_brief", { query_text: keyword, brand_id: brandId });
    expect(started.json).toMatchObject({ status: "PENDING", credits_charged: 5 });
    briefId = started.json.id;
    await pollUntil<Schemas["BriefStatus"]>(client, "get_brief_status", { id: briefId }, (json) => json.status === "COMPLETE");
    const brief = await call<Schemas["Brief"]>(client, "get_brief", { id: briefId });
    expect(listIn(brief.json.result_json, "header_sections").length).toBeGreaterThan(0);

    const article = await call<Schemas["ArticleDraftingStarted"]>(client, "generate_article", {
      brief_id: briefId,
      ai_model_id: "offline",
    });
    expect(article.json).toMatchObject({ status: "generating" });
    const done = await pollUntil<Schemas["ArticleProgress"]>(client, "get_article_status", { id: article.json.id }, (json) =>
      ["draft_done", "incomplete"].includes(json.machine_state),
    );
    expect(done.sections_total).toBeGreaterThan(0);
    const markdown = await call(client, "get_article", { id: article.json.id, format: "markdown" });
    expect(markdown.isError).toBe(false);
    expect(markdown.text).toMatch(/^# /);
  });

  it("answers the API's refusals as tool errors with their status", async () => {
    const missing = await call<ToolError>(client, "get_brand", { id: randomUUID() });
    expect(missing.isError).toBe(true);
    expect(missing.json).toEqual({ status: 404, error: { detail: match.any(String) } });

    const invalid = await call<ToolError>(client, "generate_brief", { brand_id: brandId });
    expect(invalid).toMatchObject({ isError: true, json: { status: 400, error: { query_text: [expect.any(String)] } } });

    const unknown = await call<ToolError>(client, "list_brands", { colour: "blue", limit: 0 });
    expect(unknown.json).toEqual({ status: null, error: { colour: ["Unknown argument."] } });
    const range = await call<ToolError>(client, "list_brands", { limit: 0 });
    expect(range.json).toEqual({ status: null, error: { limit: ["Must be a whole number from 1 to 200."] } });

    const narrow = await connect(narrowKey);
    expect((await call(narrow, "list_brands")).isError).toBe(false);
    const forbidden = await call<ToolError>(narrow, "get_research_tree", { brand_id: brandId });
    expect(forbidden.isError).toBe(true);
    expect(forbidden.json).toMatchObject({ status: 403, error: { detail: match.stringContaining("research:read") } });
  });
});

describe("canopy mcp start-up", () => {
  it("is in the usage, and refuses a missing key, a malformed address or an option with exit 2", async () => {
    expect((await runCli(["--help"], {})).stdout).toMatch(/\n {2}mcp +MCP server on stdio/);
    const noKey = await runCli(["mcp"], {});
    expect(noKey).toMatchObject({ code: 2, stdout: "", stderr: match.stringContaining("CANOPY_API_KEY: is required") });
    const badUrl = await runCli(["mcp"], { CANOPY_API_KEY: "k", CANOPY_URL: "ftp://x" });
    expect(badUrl).toMatchObject({ code: 2, stderr: match.stringContaining("CANOPY_URL: must use http: or https:") });
    expect(await runCli(["mcp", "--port", "1"], { CANOPY_API_KEY: "k" })).toMatchObject({
      code: 2,
      stderr: "canopy: mcp: unknown option --port\n",
    });
  });
});
