// One tool call: its arguments become a request to the HTTP API of a running canopy, with the
// user's key, so keys, scopes, rate limits, workspaces and the audit log apply exactly as to any
// other client; the answer becomes the tool's result. The arguments are not checked against the
// input schema here: the API checks its own and answers field errors, which reach the assistant as
// they are. Only what the API never sees is checked here (unknown names, path parameters,
// the window's numbers).
import { IDEMPOTENCY_ARGUMENT, type McpTool } from "./catalog";
import { applyWindow, windowArguments } from "./window";

export interface ApiTarget {
  /** The API's base address, without a trailing slash. */
  url: string;
  apiKey: string;
  teamId: string | null;
  timeoutMs: number;
  userAgent: string;
}

export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  isError?: boolean;
}

const text = (value: string, isError = false): ToolResult => ({
  content: [{ type: "text", text: value }],
  ...(isError ? { isError } : {}),
});

/** An error the way the API words one, with a status: `{"status": 400, "error": {"field": ["..."]}}`. */
function errorResult(status: number | null, error: unknown): ToolResult {
  return text(JSON.stringify({ status, error }), true);
}

/** The request for `args`, or the field errors that stop it before it is sent. */
export function buildRequest(
  tool: McpTool,
  args: Record<string, unknown>,
  target: ApiTarget,
): { url: string; init: RequestInit } | { errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  for (const name of Object.keys(args)) {
    if (!(name in tool.inputSchema.properties)) errors[name] = ["Unknown argument."];
  }
  let path = tool.request.path;
  for (const name of tool.request.pathParams) {
    const value = args[name];
    if ((typeof value !== "string" && typeof value !== "number") || String(value) === "") errors[name] = ["This field is required."];
    // encodeURIComponent leaves dots: a dot segment would be resolved away, reaching another route.
    else if (/^\.{1,2}$/.test(String(value))) errors[name] = ["Not a valid identifier."];
    else path = path.replace(new RegExp(`:${name}(?=/|$)`), encodeURIComponent(String(value)));
  }
  if (Object.keys(errors).length > 0) return { errors };

  const query = new URLSearchParams();
  for (const name of tool.request.query) {
    const value = args[name];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) query.append(name, typeof item === "object" ? JSON.stringify(item) : String(item));
    }
  }
  const headers: Record<string, string> = { "x-api-key": target.apiKey, accept: "application/json", "user-agent": target.userAgent };
  if (target.teamId) headers["x-team-id"] = target.teamId;
  const idempotencyKey = args[IDEMPOTENCY_ARGUMENT];
  if (tool.request.idempotent && typeof idempotencyKey === "string") headers["idempotency-key"] = idempotencyKey;
  const init: RequestInit = { method: tool.request.method, headers };
  if (tool.request.body !== null) {
    const body = Object.fromEntries(tool.request.body.filter((name) => args[name] !== undefined).map((name) => [name, args[name]]));
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const search = query.toString();
  return { url: `${target.url}${path}${search ? `?${search}` : ""}`, init };
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** Calls the API for `tool` and turns its answer into the tool's result. */
export async function callTool(
  tool: McpTool,
  args: Record<string, unknown>,
  target: ApiTarget,
  fetcher: typeof fetch = fetch,
): Promise<ToolResult> {
  // The window's own arguments are among the tool's properties, and no part of the request.
  const window = tool.window;
  const limits = window ? windowArguments(window, args) : null;
  const request = buildRequest(tool, args, target);
  if ("errors" in request) return errorResult(null, request.errors);
  if (limits && "errors" in limits) return errorResult(null, limits.errors);

  let response: Response;
  let body: string;
  try {
    response = await fetcher(request.url, { ...request.init, signal: AbortSignal.timeout(target.timeoutMs) });
    body = await response.text();
  } catch (err) {
    const cause = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    return errorResult(null, {
      detail: `canopy at ${target.url} did not answer (${cause}); is \`canopy serve\` running there (CANOPY_URL)?`,
    });
  }
  const isJson = /^application\/([\w.+-]+\+)?json\b/i.test(response.headers.get("content-type") ?? "");
  const value = isJson ? parseJson(body) : undefined;
  if (!response.ok) {
    const retryAfter = response.headers.get("retry-after");
    const result = errorResult(response.status, value ?? { detail: body.slice(0, 2000) });
    if (retryAfter) result.content.push({ type: "text", text: `Retry after ${retryAfter} s.` });
    return result;
  }
  if (value === undefined) return text(body === "" ? JSON.stringify({ status: response.status }) : body);
  return text(JSON.stringify(window && limits ? applyWindow(value, window, limits) : value));
}
