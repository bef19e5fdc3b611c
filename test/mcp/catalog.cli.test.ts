// The MCP tools come from the route registry: every tool of the table names a route that exists,
// its arguments are the route's own schemas, and the build's dist/mcp-tools.json is that derivation.
import { readFileSync } from "node:fs";
import path from "node:path";
import Type from "typebox";
import { describe, expect, it } from "vitest";
import { deriveTools, toJsonSchema } from "../../src/mcp/catalog";
import { TOOL_TABLE, type ToolChoice } from "../../src/mcp/tool-table";
import { keyedRoute, type RouteDef } from "../../src/platform/http/route";
import { apiRoutes } from "../../src/app/modules";
import { REPO_ROOT } from "../helpers/repo-root";
import { parseJson } from "../helpers/json";

const tools = deriveTools(apiRoutes, TOOL_TABLE);
const tool = (name: string) => tools.find((t) => t.name === name)!;

describe("the MCP tools", () => {
  it("are every tool of the table, each from its route", () => {
    expect(tools.map((t) => t.name)).toEqual(TOOL_TABLE.map((choice) => choice.name));
    for (const choice of TOOL_TABLE) {
      const route = apiRoutes.find((r) => r.method === choice.method && r.path === choice.path)!;
      expect(tool(choice.name)).toMatchObject({ title: route.summary, request: { method: route.method, path: route.path } });
      if (route.description) expect(tool(choice.name).description).toContain(route.description);
    }
  });

  it("fails, naming the tool, when a listed route is missing from the registry", () => {
    const withoutMaps = apiRoutes.filter((r) => r.path !== "/api/v1/maps/:brand_id/");
    expect(() => deriveTools(withoutMaps, TOOL_TABLE)).toThrow(
      "MCP tool get_topical_map: no route GET /api/v1/maps/:brand_id/ in the registry",
    );
  });

  it("merge the path, query and body schemas into one input schema", () => {
    const brief = tool("generate_authority_brief");
    const route = apiRoutes.find((r) => r.path === "/api/v1/authority/:brand_id/briefs/generate/" && r.method === "POST")!;
    const body = route.schemas.body as { properties: Record<string, unknown> };
    expect(brief.request).toMatchObject({ pathParams: ["brand_id"], query: [], idempotent: true });
    expect(brief.request.body).toEqual(Object.keys(body.properties));
    expect(brief.inputSchema.properties.node_id).toEqual(toJsonSchema(body.properties.node_id));
    expect(brief.inputSchema.required).toEqual(expect.arrayContaining(["brand_id", "node_id"]));
    expect(brief.inputSchema.properties.idempotency_key).toMatchObject({ type: "string", maxLength: 255 });
    expect(brief.inputSchema.additionalProperties).toBe(false);
  });

  it("leave out what the table omits and add the window's arguments", () => {
    const map = tool("get_topical_map");
    expect(Object.keys(map.inputSchema.properties)).toEqual(["brand_id", "limit", "offset", "keywords_per_cluster"]);
    expect(map.request.query).toEqual([]);
    expect(map.description).toContain("leaves out `format`");
    expect(tool("get_article").request.query).toEqual(["format"]);
  });

  it("refuse an argument name taken twice, and an omission the route does not take", () => {
    const body = Type.Object({ brand_id: Type.String(), limit: Type.Integer() });
    const route: RouteDef = keyedRoute({
      method: "POST",
      path: "/api/v1/x/:brand_id/",
      tag: "x",
      summary: "X",
      scope: null,
      workspaced: false,
      status: 200,
      resources: { brand_id: "brand" },
      schemas: { params: Type.Object({ brand_id: Type.String() }), body, response: null },
      handler: async () => null,
    });
    const choice: ToolChoice = { name: "x", method: "POST", path: "/api/v1/x/:brand_id/" };
    expect(() => deriveTools([route], [choice])).toThrow('argument "brand_id" of its body is already taken');
    expect(() => deriveTools([route], [{ ...choice, omit: ["brand_id", "nope"] }])).toThrow('omits "nope"');
    expect(() => deriveTools([route], [{ ...choice, omit: ["brand_id"], window: { list: null, entries: "x", defaultLimit: 1 } }])).toThrow(
      'argument "limit" of its window',
    );
  });

  it("are what the build wrote to dist/mcp-tools.json", () => {
    const built = JSON.parse(readFileSync(path.join(REPO_ROOT, "dist", "mcp-tools.json"), "utf8")) as { tools: unknown };
    expect(built.tools).toEqual(parseJson(JSON.stringify(tools)));
  });
});

describe("toJsonSchema", () => {
  it("turns OpenAPI's nullable into a null type, deep", () => {
    expect(toJsonSchema({ type: "object", properties: { a: { type: "string", nullable: true, maxLength: 3 } } })).toEqual({
      type: "object",
      properties: { a: { type: ["string", "null"], maxLength: 3 } },
    });
    expect(toJsonSchema({ type: "string", enum: ["x"], nullable: true })).toEqual({ type: ["string", "null"], enum: ["x", null] });
    expect(toJsonSchema({ type: "array", items: { anyOf: [{ type: "string" }], nullable: true } })).toEqual({
      type: "array",
      items: { anyOf: [{ anyOf: [{ type: "string" }] }, { type: "null" }] },
    });
  });
});
