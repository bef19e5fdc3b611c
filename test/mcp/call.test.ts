// A tool call's request and result, with a stand-in for fetch, and the windowing of large answers.
import { describe, expect, it } from "vitest";
import { buildRequest, callTool, type ApiTarget } from "../../src/mcp/call";
import { deriveTools, WINDOW_CHARS } from "../../src/mcp/catalog";
import { TOOL_TABLE } from "../../src/mcp/tool-table";
import { applyWindow } from "../../src/mcp/window";
import { apiRoutes } from "../../src/app/modules";
import { parseJson } from "../helpers/json";

const tools = deriveTools(apiRoutes, TOOL_TABLE);
const tool = (name: string) => tools.find((t) => t.name === name)!;
const target: ApiTarget = {
  url: "http://canopy.test/base",
  apiKey: "cnpy_live_k",
  teamId: "team-1",
  timeoutMs: 5000,
  userAgent: "canopy-mcp/test",
};
const BRAND = "7b0c6a56-3f5e-4c6e-9a55-0d5b1f1f1f1f";

function answering(status: number, body: string, headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" }) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(status === 204 ? null : body, { status, headers });
  }) as unknown as typeof fetch;
  return { fetcher, seen };
}

describe("buildRequest", () => {
  it("puts each argument where its route takes it, with the key, the team and the idempotency key", () => {
    const request = buildRequest(
      tool("generate_authority_brief"),
      { brand_id: BRAND, node_id: "n1", interactive: true, idempotency_key: "once" },
      target,
    );
    if ("errors" in request) throw new Error("refused");
    expect(request.url).toBe(`http://canopy.test/base/api/v1/authority/${BRAND}/briefs/generate/`);
    expect(request.init.method).toBe("POST");
    expect(JSON.parse(request.init.body as string)).toEqual({ node_id: "n1", interactive: true });
    expect(request.init.headers).toMatchObject({
      "x-api-key": "cnpy_live_k",
      "x-team-id": "team-1",
      "idempotency-key": "once",
      "content-type": "application/json",
    });

    const list = buildRequest(tool("list_briefs"), { status: "COMPLETE", search: "a b", limit: 5 }, { ...target, teamId: null });
    if ("errors" in list) throw new Error("refused");
    expect(list.url).toBe("http://canopy.test/base/api/v1/briefs/?status=COMPLETE&search=a+b");
    expect(list.init.body).toBeUndefined();
    expect(list.init.headers).not.toHaveProperty("x-team-id");
  });

  it("refuses unknown arguments and missing path parameters before any request", () => {
    expect(buildRequest(tool("get_brief"), { ids: "x" }, target)).toEqual({
      errors: { ids: ["Unknown argument."], id: ["This field is required."] },
    });
    expect(buildRequest(tool("get_brief"), { id: "../keys" }, target)).toMatchObject({
      url: "http://canopy.test/base/api/v1/briefs/..%2Fkeys/",
    });
    // Never another route: a dot segment would be resolved away.
    for (const id of ["..", "."])
      expect(buildRequest(tool("get_brief"), { id }, target)).toEqual({ errors: { id: ["Not a valid identifier."] } });
  });
});

describe("callTool", () => {
  it("returns the API's JSON as text, windowed for a windowed tool", async () => {
    const brands = Array.from({ length: 3 }, (_, i) => ({ id: String(i) }));
    const { fetcher } = answering(200, JSON.stringify(brands));
    const result = await callTool(tool("list_brands"), { limit: 2 }, target, fetcher);
    expect(result.isError).toBeUndefined();
    expect(parseJson(result.content[0]!.text)).toEqual({
      _mcp_window: { total: 3, offset: 0, returned: 2, next_offset: 2 },
      results: brands.slice(0, 2),
    });
  });

  it("answers an API error as a tool error with its status and body, and Retry-After", async () => {
    const { fetcher } = answering(429, '{"detail":"Request was throttled."}', { "content-type": "application/json", "retry-after": "7" });
    const result = await callTool(tool("get_credits"), {}, target, fetcher);
    expect(result.isError).toBe(true);
    expect(parseJson(result.content[0]!.text)).toEqual({ status: 429, error: { detail: "Request was throttled." } });
    expect(result.content[1]!.text).toBe("Retry after 7 s.");
  });

  it("passes text answers through and names an API that does not answer", async () => {
    const { fetcher } = answering(200, "# Title\n", { "content-type": "text/markdown; charset=utf-8" });
    expect((await callTool(tool("get_article"), { id: BRAND, format: "markdown" }, target, fetcher)).content[0]!.text).toBe("# Title\n");
    const down = (async () => {
      throw new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") });
    }) as unknown as typeof fetch;
    const result = await callTool(tool("get_credits"), {}, target, down);
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toContain("did not answer (connect ECONNREFUSED)");
  });

  it("refuses window arguments out of range without calling the API", async () => {
    const { fetcher, seen } = answering(200, "[]");
    const result = await callTool(tool("get_topical_map"), { brand_id: BRAND, limit: 201, keywords_per_cluster: -1 }, target, fetcher);
    expect(parseJson(result.content[0]!.text)).toEqual({
      status: null,
      error: { limit: ["Must be a whole number from 1 to 200."], keywords_per_cluster: ["Must be a whole number from 0 to 200."] },
    });
    expect(seen).toEqual([]);
  });
});

describe("applyWindow", () => {
  const map = tool("get_topical_map").window!;

  it("cuts each entry's inner list and counts the entries cut", () => {
    const answer = {
      brand_name: "B",
      clusters: [
        { id: "c1", keywords: [1, 2, 3] },
        { id: "c2", keywords: [1] },
        { id: "c3", keywords: [1, 2] },
      ],
    };
    expect(applyWindow(answer, map, { limit: 2, offset: 1, inner: 1 })).toEqual({
      _mcp_window: { total: 3, offset: 1, returned: 2, next_offset: null, shortened: 1 },
      brand_name: "B",
      clusters: [
        { id: "c2", keywords: [1] },
        { id: "c3", keywords: [1] },
      ],
    });
  });

  it("stops at the character budget but returns at least one entry", () => {
    const big = "x".repeat(WINDOW_CHARS);
    const answer = {
      clusters: [
        { id: big, keywords: [] },
        { id: "small", keywords: [] },
      ],
    };
    expect(applyWindow(answer, map, { limit: 10, offset: 0, inner: 5 })).toMatchObject({ _mcp_window: { returned: 1, next_offset: 1 } });
    const small = { clusters: Array.from({ length: 100 }, (_, i) => ({ id: String(i), text: "y".repeat(1000), keywords: [] })) };
    const window = applyWindow(small, map, { limit: 100, offset: 0, inner: 5 }) as { _mcp_window: { returned: number } };
    expect(window._mcp_window.returned).toBeLessThan(WINDOW_CHARS / 1000);
    expect(window._mcp_window.returned).toBeGreaterThan(WINDOW_CHARS / 1100);
  });

  it("leaves an answer without the list as it is", () => {
    expect(applyWindow({ detail: "x" }, map, { limit: 1, offset: 0, inner: 1 })).toEqual({ detail: "x" });
  });
});
