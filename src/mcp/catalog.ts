// The MCP tools, derived from the route registry: a tool is a route of TOOL_TABLE with its path,
// query and body schemas merged into one input schema and its summary and description as the
// tool's. Run at build time (scripts/build.mjs, through catalog-build.ts) into dist/mcp-tools.json,
// because importing the registry imports every module's services and with them the database
// layer and the providers (0.45 s and 120 MB more at start-up, measured): `canopy mcp` reads the
// JSON and loads none of it. Only types are imported here, so the server's chunk stays light.
import type { KeyedRoute, Method, RouteDef } from "../platform/http/route";
import type { ToolChoice, WindowChoice } from "./tool-table";
import { present } from "../platform/present";

type JsonObject = Record<string, unknown>;

export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, JsonObject>; required?: string[]; additionalProperties: false };
  readOnly: boolean;
  /** How the arguments become the request: which go into the path, the query and the body. */
  request: { method: Method; path: string; pathParams: string[]; query: string[]; body: string[] | null; idempotent: boolean };
  window: WindowChoice | null;
}

/** The most entries a windowed tool returns at once, and about how many characters. */
export const MAX_WINDOW = 200;
export const WINDOW_CHARS = 40_000;
export const IDEMPOTENCY_ARGUMENT = "idempotency_key";

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Array.isArray, without its `any[]`: the items of a schema are unknown until looked at. */
function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

/**
 * The route schemas use OpenAPI 3.0's `nullable: true` (what Ajv and the OpenAPI document take);
 * MCP input schemas are plain JSON Schema, where null is a type. Pure; returns a copy.
 */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "nullable") continue;
    if (key === "properties" || key === "patternProperties") {
      out[key] = isObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSchema(v)])) : value;
    } else {
      out[key] = isObject(value) || Array.isArray(value) ? toJsonSchema(value) : value;
    }
  }
  if (schema.nullable !== true) return out;
  if (typeof out.type === "string") {
    out.type = [out.type, "null"];
    const values = out.enum;
    if (isArray(values)) out.enum = [...values, null];
    return out;
  }
  return { anyOf: [out, { type: "null" }] };
}

/** The properties and required names of one part of a route's input; it must be an object schema. */
function partOf(route: RouteDef, part: "params" | "querystring" | "body"): { properties: JsonObject; required: string[] } | null {
  const schema: unknown = route.schemas[part];
  if (schema === undefined) return null;
  if (!isObject(schema) || schema.type !== "object" || !isObject(schema.properties ?? {})) {
    throw new Error(
      `${route.method} ${route.path}: its ${part} schema is not an object with properties, so it cannot be a tool's arguments`,
    );
  }
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === "string") : [];
  return { properties: (schema.properties as JsonObject | undefined) ?? {}, required };
}

function windowArguments(window: WindowChoice): Record<string, JsonObject> {
  const args: Record<string, JsonObject> = {
    limit: {
      type: "integer",
      minimum: 1,
      maximum: MAX_WINDOW,
      default: window.defaultLimit,
      description: `How many ${window.entries} to return`,
    },
    offset: {
      type: "integer",
      minimum: 0,
      default: 0,
      description: `How many ${window.entries} to skip (next_offset of the previous call)`,
    },
  };
  if (window.inner) {
    args[window.inner.argument] = {
      type: "integer",
      minimum: 0,
      maximum: MAX_WINDOW,
      default: window.inner.defaultLimit,
      description: `At most this many ${window.inner.key} in each entry`,
    };
  }
  return args;
}

function windowNote(window: WindowChoice): string {
  const inner = window.inner
    ? ` Each entry keeps its first \`${window.inner.argument}\` ${window.inner.key} (default ${window.inner.defaultLimit}); ` +
      `\`_mcp_window.shortened\` counts the entries cut.`
    : "";
  return (
    `Windowed by this tool (the API answers the whole list): \`limit\` ${window.entries} from \`offset\` (default ` +
    `${window.defaultLimit}, at most ${MAX_WINDOW}; fewer past about ${WINDOW_CHARS.toLocaleString("en-US")} characters but at least one), ` +
    `with \`_mcp_window\` {total, offset, returned, next_offset}; call again with \`offset: next_offset\` until it is null.${inner}`
  );
}

function describe(route: KeyedRoute, choice: ToolChoice): string {
  const path = route.path.replace(/:(\w+)/g, "{$1}");
  const scope = route.scope ? `needs the key scope \`${route.scope}\`` : "any valid key may call it";
  const parts = [route.summary.endsWith(".") ? route.summary : `${route.summary}.`];
  if (route.description) parts.push(route.description);
  if (choice.omit?.length) parts.push(`This tool leaves out ${choice.omit.map((name) => `\`${name}\``).join(", ")} and answers JSON.`);
  if (choice.window) parts.push(windowNote(choice.window));
  if (route.idempotent) parts.push(`\`${IDEMPOTENCY_ARGUMENT}\` is sent as the Idempotency-Key header.`);
  parts.push(`(canopy API: ${route.method} ${path}; ${scope}.)`);
  return parts.join("\n\n");
}

function deriveTool(route: KeyedRoute, choice: ToolChoice): McpTool {
  const omit = new Set(choice.omit ?? []);
  const properties: Record<string, JsonObject> = {};
  const required: string[] = [];
  const names = { params: [] as string[], querystring: [] as string[], body: [] as string[] };
  const add = (name: string, schema: unknown, from: string) => {
    if (name in properties) throw new Error(`MCP tool ${choice.name}: argument "${name}" of its ${from} is already taken`);
    properties[name] = toJsonSchema(schema) as JsonObject;
  };
  for (const part of ["params", "querystring", "body"] as const) {
    const schema = partOf(route, part);
    if (!schema) continue;
    for (const [name, property] of Object.entries(schema.properties)) {
      if (part !== "params" && omit.has(name)) continue;
      add(name, property, part);
      names[part].push(name);
      if (schema.required.includes(name)) required.push(name);
    }
  }
  const inPath = [...route.path.matchAll(/:(\w+)/g)].map((m) => present(m[1], "a path parameter's name")).sort();
  if (inPath.join() !== [...names.params].sort().join() || inPath.some((name) => !required.includes(name))) {
    throw new Error(`MCP tool ${choice.name}: the path parameters of ${route.path} and its params schema differ`);
  }
  if (choice.window) for (const [name, schema] of Object.entries(windowArguments(choice.window))) add(name, schema, "window");
  if (route.idempotent) {
    add(
      IDEMPOTENCY_ARGUMENT,
      {
        type: "string",
        minLength: 1,
        maxLength: 255,
        description: "Retrying with the same key and arguments within 24 hours answers the first result again, charging nothing more",
      },
      "Idempotency-Key",
    );
  }
  return {
    name: choice.name,
    title: route.summary,
    description: describe(route, choice),
    inputSchema: { type: "object", properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false },
    readOnly: route.method === "GET",
    request: {
      method: route.method,
      path: route.path,
      pathParams: names.params,
      query: names.querystring,
      body: route.schemas.body === undefined ? null : names.body,
      idempotent: route.idempotent === true,
    },
    window: choice.window ?? null,
  };
}

/** The tools of `table` from `routes`; throws, naming the tool, for a route that is not there. */
export function deriveTools(routes: readonly RouteDef[], table: readonly ToolChoice[]): McpTool[] {
  const seen = new Set<string>();
  return table.map((choice) => {
    if (seen.has(choice.name)) throw new Error(`MCP tool ${choice.name} is listed twice`);
    seen.add(choice.name);
    const route = routes.find((r) => r.method === choice.method && r.path === choice.path);
    if (!route) throw new Error(`MCP tool ${choice.name}: no route ${choice.method} ${choice.path} in the registry`);
    if (route.auth !== "key") throw new Error(`MCP tool ${choice.name}: ${choice.method} ${choice.path} is not a keyed API route`);
    for (const name of choice.omit ?? []) {
      const known = [route.schemas.querystring, route.schemas.body].some(
        (s) => isObject(s) && isObject(s.properties) && name in s.properties,
      );
      if (!known) throw new Error(`MCP tool ${choice.name}: omits "${name}", which the route does not take`);
    }
    return deriveTool(route, choice);
  });
}
