// `canopy mcp`: an MCP server on standard input and output for AI assistants, whose tools are
// routes of the API (tool-table.ts, catalog.ts). It is a client of a running canopy (CANOPY_URL)
// with the user's key (CANOPY_API_KEY) rather than a second way into the database: every call
// meets the same key checks, scopes, rate limits, workspaces (CANOPY_TEAM_ID) and audit log as
// any client, and the assistant can do nothing the key could not. It loads the MCP SDK and
// dist/mcp-tools.json (written by the build), none of the service: no HTTP framework, database
// or provider. Nothing but the protocol may reach stdout; diagnostics go to stderr.
import { readFileSync } from "node:fs";
import path from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { McpConfig } from "../platform/config";
import { PACKAGE_ROOT } from "../platform/package-root";
import { callTool, type ApiTarget } from "./call";
import type { McpTool } from "./catalog";

const INSTRUCTIONS =
  "canopy is a content strategy service: brands, their topical research tree, SERP keyword clustering into a topical map, the " +
  "topical-authority view, content briefs and articles. Generation and clustering run in the background: the start tool answers " +
  "at once (and charges credits; get_credits shows the balance), then poll its status tool every few seconds until it is done " +
  "before reading the result. Large answers (maps, hierarchies, trees, lists) come in windows: follow `_mcp_window.next_offset`.";

export function readCatalog(file = path.join(PACKAGE_ROOT, "dist", "mcp-tools.json")): McpTool[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new Error(`the MCP tool list ${file} is missing; run \`npm run build\` (npm ci does it)`);
  }
  return (JSON.parse(text) as { tools: McpTool[] }).tools;
}

/** A tool as MCP lists it: the name, schema and texts derived from its route. */
function listedTool(tool: McpTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: {
      title: tool.title,
      readOnlyHint: tool.readOnly,
      // Nothing offered deletes; a start charges credits but adds, and a read is safe to repeat.
      destructiveHint: false,
      idempotentHint: tool.readOnly,
      openWorldHint: false,
    },
  };
}

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, "package.json"), "utf8")) as { version?: unknown };
  return typeof manifest.version === "string" ? manifest.version : "0.0.0";
}

/** Serves the tools on stdio until the client closes standard input. */
export async function serveMcp(config: McpConfig): Promise<void> {
  const tools = readCatalog();
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const version = packageVersion();
  const target: ApiTarget = {
    url: config.canopyUrl,
    apiKey: config.apiKey,
    teamId: config.teamId,
    timeoutMs: config.timeoutMs,
    userAgent: `canopy-mcp/${version}`,
  };
  const mcpServer = new McpServer({ name: "canopy", version }, { instructions: INSTRUCTIONS });
  // The tools carry JSON Schemas derived from the routes, which McpServer's registerTool (Zod
  // schemas) cannot take: they are served by request handlers on the protocol-level server. The
  // capability is declared there too, since declaring it to McpServer would install its own tool
  // handlers and advertise `listChanged`, which this fixed list never sends.
  const server = mcpServer.server;
  server.registerCapabilities({ tools: {} });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(listedTool) }));
  const calls = new Set<Promise<unknown>>();
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) return { content: [{ type: "text", text: `Unknown tool "${request.params.name}".` }], isError: true };
    const call = callTool(tool, request.params.arguments ?? {}, target);
    calls.add(call);
    return call.finally(() => calls.delete(call));
  });
  server.onerror = (err) => process.stderr.write(`canopy mcp: ${err.message}\n`);
  // The SDK's transport does not end with its input. At the end of input the client is done
  // sending: the calls under way answer (a piped script reads them), then the process ends.
  process.stdin.once("end", () => {
    void Promise.allSettled([...calls])
      // A macrotask later, the SDK has written the answers (its sends follow in microtasks).
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => mcpServer.close())
      .finally(() => process.exit(0));
  });
  await mcpServer.connect(new StdioServerTransport());
}
