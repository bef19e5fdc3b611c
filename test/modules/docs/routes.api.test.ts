// The live documentation: the OpenAPI document matches the router both ways and passes a real
// linter with no warning, the viewers load nothing from another host, and the llms texts cover
// every route. The document's named schemas, shared parts and tags: docs-components.test.ts.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { lintFromString, loadConfig } from "@redocly/openapi-core";
import Fastify from "fastify";
import Type from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { docsRoutes } from "../../../src/modules/docs/routes";
import { CreateKeyBody } from "../../../src/modules/keys";
import { registerDocs } from "../../../src/platform/openapi/docs";
import { errorStatuses } from "../../../src/platform/openapi/error-statuses";
import { isDocumented, openApiPath } from "../../../src/platform/openapi/operation-doc";
import { REDOC_LOGO_URL, UI_ASSET_FILES, withoutRemoteLogo } from "../../../src/platform/openapi/docs-ui";
import { llmsFullText } from "../../../src/platform/openapi/llms";
import { registerRoutes } from "../../../src/platform/http/register";
import { keyedRoute, Uuid, withMeta, type RouteDef } from "../../../src/platform/http/route";
import { allRoutes, apiRoutes } from "../../../src/app/modules";
import { createHarness, type Harness, type Schemas } from "../../helpers/harness";
import { dereference } from "../../helpers/openapi-document";

interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

const documented = allRoutes.filter(isDocumented);
const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/**
 * The lint of CI (`npm run lint:openapi`): Redocly's recommended ruleset as redocly.yaml sets it
 * (less `no-path-trailing-slash`: every path ends with a slash), warnings and errors alike.
 */
async function lintProblems(yamlText: string): Promise<string[]> {
  const config = await loadConfig({ configPath: "redocly.yaml" });
  const problems = await lintFromString({ source: yamlText, absoluteRef: "/openapi.yaml", config });
  return problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? "?"}`);
}

function section(text: string, heading: string): string {
  const start = text.indexOf(`${heading}\n`);
  if (start < 0) return "";
  const next = text.indexOf("\n### ", start + heading.length);
  const nextGroup = text.indexOf("\n## ", start + heading.length);
  const ends = [next, nextGroup].filter((i) => i >= 0);
  return text.slice(start, ends.length > 0 ? Math.min(...ends) : undefined);
}

const packageRequire = createRequire(import.meta.url);
function packageFile(pkg: string, file: string): Buffer {
  return readFileSync(join(dirname(packageRequire.resolve(`${pkg}/package.json`)), file));
}

describe("live documentation", () => {
  let h: Harness;
  let yamlText: string;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    h = await createHarness({ workers: false });
    const res = await h.request("GET", "/api/v1/schema/");
    yamlText = res.body;
    doc = parse(yamlText) as OpenApiDocument;
  });
  afterAll(async () => h.close());

  it("serves the OpenAPI 3.0.3 document as YAML, and the same document as JSON", async () => {
    const res = await h.request("GET", "/api/v1/schema/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/yaml; charset=utf-8");
    expect(doc.openapi).toBe("3.0.3");
    const json = await h.request("GET", "/api/v1/schema/", { query: { format: "json" } });
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(json.json()).toEqual(doc);
    expect((await h.request("GET", "/api/v1/schema/", { query: { format: "xml" } })).statusCode).toBe(400);
  });

  it("passes the Redocly recommended ruleset with no error and no warning", async () => {
    expect(await lintProblems(yamlText)).toEqual([]);
  });

  it("writes schemas in the OpenAPI 3.0 dialect", () => {
    const resolved = dereference(doc);
    const keyFields = resolved.paths["/api/v1/keys/{id}/revoke/"]!.post!.responses["200"]!.content!["application/json"]!.schema;
    const properties = keyFields.properties as Record<string, Record<string, unknown>>;
    expect(properties.expires_at).toEqual({ type: "string", format: "date-time", nullable: true });
    expect(properties.status).toEqual({ type: "string", enum: ["Active", "Revoked"] });
    const health = resolved.paths["/healthz"]!.get!.responses["200"]!.content!["application/json"]!.schema;
    expect((health.properties as Record<string, unknown>).status).toEqual({ type: "string", enum: ["ok"] });
    expect(yamlText).not.toMatch(/^\s*const:/m);
    expect(yamlText).not.toMatch(/type: "?null"?\s*$/m);
  });

  it("documents every registry route, and only those", () => {
    const inDocument = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) inDocument.add(routeKey(method, path));
    }
    const inRegistry = new Set(documented.map((def) => routeKey(def.method, openApiPath(def.path))));
    expect(
      [...inRegistry].filter((k) => !inDocument.has(k)),
      "registry routes missing from the document",
    ).toEqual([]);
    expect(
      [...inDocument].filter((k) => !inRegistry.has(k)),
      "document operations with no registry route",
    ).toEqual([]);
    for (const def of documented) {
      const op = doc.paths[openApiPath(def.path)]![def.method.toLowerCase()]!;
      expect(Object.keys(op.responses), routeKey(def.method, def.path)).toEqual([def.status, ...errorStatuses(def)].map(String).sort());
      expect(op.security, routeKey(def.method, def.path)).toEqual(def.auth === "key" ? [{ ApiKey: [] }] : []);
      const pathParams = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      expect(pathParams.sort()).toEqual([...openApiPath(def.path).matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort());
    }
  });

  it("lists the 400 of text in any path or query string, and the 413 of any body, that every route answers", async () => {
    // Routes that declare no query string or path parameter check the text all the same.
    const key = (await h.userWithKey()).key;
    const profile = await h.request("GET", "/api/v1/me/profile/?x=%00", { key });
    expect(profile.statusCode).toBe(400);
    expect(profile.json<Schemas["FieldErrors"]>()).toEqual({ x: ["Null characters are not allowed."] });
    expect((await h.request("GET", "/healthz?x=%ED%A0%80")).statusCode).toBe(400);
    const brand = await h.request("GET", "/api/v1/brands/%00/", { key });
    expect(brand.json<Schemas["FieldErrors"]>()).toEqual({ id: ["Null characters are not allowed."] });
    // A body over the limit is refused before any route reads it, on any route that takes one.
    const patch = await h.request("PATCH", "/api/v1/brands/00000000-0000-4000-8000-000000000000/", {
      key,
      body: { tagline: "x".repeat(3 * 1024 * 1024) },
    });
    expect(patch.statusCode).toBe(413);
    expect(patch.json<Schemas["Error"]>()).toEqual({ detail: "Request body is too large: at most 3 MB." });
    for (const def of documented) {
      const statuses = Object.keys(doc.paths[openApiPath(def.path)]![def.method.toLowerCase()]!.responses);
      expect(statuses, routeKey(def.method, def.path)).toContain("400");
      if (["POST", "PUT", "PATCH"].includes(def.method)) expect(statuses, routeKey(def.method, def.path)).toContain("413");
    }
  });

  it("serves no route that is not in the registry, and every registry route", () => {
    const app = h.canopy.app;
    const served = app.apiDocs.servedRoutes.filter((r) => r.method !== "HEAD" && r.method !== "OPTIONS" && !r.methodNotAllowed);
    const strays = served.filter(
      (r) => !r.routeDef || !allRoutes.includes(r.routeDef) || r.routeDef.method !== r.method || r.routeDef.path !== r.url,
    );
    expect(strays.map((r) => routeKey(r.method, r.url))).toEqual([]);
    const servedDefs = new Set(served.map((r) => r.routeDef));
    expect(allRoutes.filter((def) => !servedDefs.has(def)).map((def) => routeKey(def.method, def.path))).toEqual([]);
    expect(served).toHaveLength(allRoutes.length);
  });

  describe.each([
    ["/api/v1/docs/", ["swagger-ui-bundle.js", "swagger-init.js", "swagger-ui.css"]],
    ["/api/v1/redoc/", ["redoc.standalone.js", "redoc-init.js"]],
  ])("the viewer at %s", (path, expectedAssets) => {
    it("is HTML that loads only this origin's assets, under a CSP that allows nothing else", async () => {
      const res = await h.request("GET", path);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body).not.toMatch(/(?:https?:)?\/\/[\w.-]/i);

      const csp = res.headers["content-security-policy"] ?? "";
      const directives = new Map(
        csp.split(";").map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name!, values] as const;
        }),
      );
      expect(directives.get("default-src")).toEqual(["'none'"]);
      expect(directives.get("script-src")).toEqual(["'self'"]);
      for (const [name, values] of directives) {
        for (const value of values) expect(value, name).toMatch(/^(?:'self'|'none'|'unsafe-inline'|data:|blob:)$/);
      }

      const refs = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!).filter((ref) => !ref.startsWith("data:"));
      for (const name of expectedAssets) expect(refs).toContain(`${path}${name}`);
      for (const ref of refs) {
        const asset = await h.request("GET", ref);
        expect(asset.statusCode, ref).toBe(200);
        expect(asset.headers["content-type"], ref).toMatch(/^(?:application\/javascript|text\/css)/);
      }
    });
  });

  it("documents the CSV alternatives: the `format` parameter, text/csv responses, and the map upload's text/csv body", () => {
    for (const path of ["/api/v1/maps/{brand_id}/", "/api/v1/clustering/{id}/", "/api/v1/authority/{brand_id}/"]) {
      const op = doc.paths[path]!.get!;
      const format = op.parameters!.find((p) => p.in === "query" && p.name === "format");
      expect(format?.schema, path).toEqual({ type: "string", enum: ["json", "csv"] });
      expect(Object.keys(op.responses["200"]!.content!), path).toEqual(["application/json", "text/csv"]);
      expect(op.responses["200"]!.content!["text/csv"]!.schema.description, path).toContain("apostrophe");
    }
    const upload = doc.paths["/api/v1/maps/{brand_id}/"]!.put!;
    expect(Object.keys(upload.requestBody!.content)).toEqual(["application/json", "text/csv"]);
    expect(upload.requestBody!.content["text/csv"]!.schema.description).toContain("Row 3, column search_volume");
    expect(upload.responses["415"]!.description).toBe("Content-Type must be application/json or text/csv");
    // Elsewhere JSON stays the only body.
    expect(Object.keys(doc.paths["/api/v1/research/{brand_id}/"]!.put!.requestBody!.content)).toEqual(["application/json"]);
  });

  it("serves the viewers' bundles from the installed packages, gzipped on request", async () => {
    const bundles: Array<[string, Buffer]> = [
      ["/api/v1/docs/swagger-ui-bundle.js", packageFile("@fastify/swagger-ui", "static/swagger-ui-bundle.js")],
      ["/api/v1/docs/swagger-ui.css", packageFile("@fastify/swagger-ui", "static/swagger-ui.css")],
      // Patched as it is read: its CDN logo left out (the next test).
      [
        "/api/v1/redoc/redoc.standalone.js",
        Buffer.from(withoutRemoteLogo(packageFile("redoc", "bundles/redoc.standalone.js").toString("utf8")), "utf8"),
      ],
    ];
    for (const [url, file] of bundles) {
      const plain = await h.request("GET", url);
      expect(plain.rawPayload.equals(file), url).toBe(true);
      const zipped = await h.request("GET", url, { headers: { "accept-encoding": "gzip, deflate" } });
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(zipped.rawPayload).equals(file), url).toBe(true);
    }
    const swaggerInit = await h.request("GET", "/api/v1/docs/swagger-init.js");
    expect(swaggerInit.body).toContain('url: "/api/v1/schema/?format=json"');
    expect(swaggerInit.body).toContain("validatorUrl: null");
    const redocInit = await h.request("GET", "/api/v1/redoc/redoc-init.js");
    expect(redocInit.body).toContain('Redoc.init("/api/v1/schema/?format=json"');
  });

  it("serves nothing that makes a browser load from another origin: no remote src, url(), @import or stylesheet", async () => {
    // What a page, a script or a stylesheet would fetch by itself, as opposed to a link someone
    // follows or a namespace URI. Swagger UI's validator badge is turned off in swagger-init.js.
    const loads =
      /\bsrc\s*[:=]\s*["'`]https?:\/\/|url\(\s*["']?https?:\/\/|@import\s+["']?https?:\/\/|<link[^>]+href=["']https?:\/\/|(?:fetch|importScripts)\(\s*["'`]https?:\/\//;
    const served = ["/api/v1/docs/", "/api/v1/redoc/", ...UI_ASSET_FILES.map((a) => a.path)];
    for (const url of served) {
      const res = await h.request("GET", url);
      expect(res.statusCode, url).toBe(200);
      expect(loads.exec(res.body)?.[0] ?? null, url).toBeNull();
    }
    // The check finds what it looks for: the package's own bundle loads ReDoc's logo from its CDN.
    const original = packageFile("redoc", "bundles/redoc.standalone.js").toString("utf8");
    expect(loads.exec(original)?.[0]).toContain("https://");
    expect(original).toContain(REDOC_LOGO_URL);
    expect((await h.request("GET", "/api/v1/redoc/redoc.standalone.js")).body).not.toContain(REDOC_LOGO_URL);
  });

  it("answers every docs route without a key, and never counts one against a key's limit", async () => {
    const { key } = await h.userWithKey(["user:read"]);
    for (const def of docsRoutes) {
      const anonymous = await h.request("GET", def.path);
      expect(anonymous.statusCode, def.path).toBe(200);
      const keyed = await h.request("GET", def.path, { key });
      expect(keyed.statusCode, def.path).toBe(200);
      expect(keyed.headers["x-ratelimit-limit"], def.path).toBeUndefined();
    }
    const profile = await h.request("GET", "/api/v1/me/profile/", { key });
    expect(profile.headers["x-ratelimit-remaining"]).toBe(String(Number(profile.headers["x-ratelimit-limit"]) - 1));
  });

  it("lists every route in /llms.txt with its method, path, summary and scope", async () => {
    const res = await h.request("GET", "/llms.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.body).toContain("X-API-Key");
    const lines = res.body.split("\n");
    for (const def of apiRoutes) {
      const line = lines.find((l) => l.startsWith(`- ${def.method} ${openApiPath(def.path)}: `));
      expect(line, routeKey(def.method, def.path)).toBeDefined();
      expect(line).toContain(def.summary);
      if (def.auth === "key" && def.scope) expect(line).toContain(`\`${def.scope}\``);
    }
  });

  it("documents in /llms-full.txt the conventions, every route, and its fields and errors", async () => {
    const res = await h.request("GET", "/llms-full.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const text = res.body;
    for (const term of [
      "X-API-Key",
      "X-Team-ID",
      "X-RateLimit-Remaining",
      "Retry-After",
      "`_meta`",
      "page_size",
      "Idempotency-Key",
      '{"detail"',
    ]) {
      expect(text).toContain(term);
    }
    for (const def of documented) {
      const body = section(text, `### ${def.method} ${openApiPath(def.path)}`);
      expect(body, routeKey(def.method, def.path)).not.toBe("");
      expect(body).toContain(`Success: ${def.status}`);
      for (const status of errorStatuses(def)) expect(body, `${routeKey(def.method, def.path)} ${status}`).toContain(`- ${status}: `);
      if (def.auth === "key" && def.scope) expect(body).toContain(`scope \`${def.scope}\``);
    }

    const createKey = section(text, "### POST /api/v1/keys/");
    const required = new Set<string>(CreateKeyBody.required);
    const fields = Object.keys(CreateKeyBody.properties);
    expect(fields.length).toBeGreaterThan(0);
    for (const name of fields) {
      const line = createKey.split("\n").find((l) => l.startsWith(`- \`${name}\` (`));
      expect(line, name).toBeDefined();
      expect(line).toContain(required.has(name) ? "; required" : "; optional");
    }
    expect(createKey).toContain("- `name` (string; required; min length 1; max length 255)");
    expect(createKey).toContain('- `type` (one of "Integration", "Developer", "Admin"; required)');
    expect(createKey).toMatch(/- `allowed_ips` \(array of string; optional; at most 100 items; each max length 64\): IPv4/);
    expect(createKey).toContain("- `key` (string; required): The plaintext key.");
  });
});

describe("documentation of schemas no route uses yet", () => {
  // A route with every schema shape TypeBox emits that OpenAPI 3.0 lacks, documented on a bare app.
  const thing: RouteDef = keyedRoute({
    method: "PATCH",
    path: "/api/v1/things/:thing_id/",
    tag: "Things",
    summary: "Update a thing",
    scope: "brands:write",
    workspaced: true,
    idempotent: true,
    status: 200,
    schemas: {
      params: Type.Object({ thing_id: Uuid }),
      querystring: Type.Object({ mode: Type.Optional(Type.Union([Type.Literal("fast"), Type.Literal("slow")])) }),
      body: Type.Object({
        label: Type.Union([Type.String({ maxLength: 20 }), Type.Null()]),
        weight: Type.Number({ exclusiveMinimum: 0, maximum: 1 }),
        kind: Type.Literal("thing"),
        point: Type.Tuple([Type.Number(), Type.Number()]),
        counts: Type.Record(Type.String(), Type.Integer()),
        parts: Type.Array(Type.Object({ name: Type.String(), size: Type.Optional(Type.Integer({ minimum: 1 })) })),
        shape: Type.Union([Type.Object({ radius: Type.Number() }), Type.Object({ side: Type.Number(), sides: Type.Integer() })]),
        note: Type.Optional(Type.Union([Type.Object({ text: Type.String() }), Type.Null()])),
      }),
      response: withMeta({ thing: Type.Object({ id: Uuid, grid: Type.Array(Type.Array(Type.Object({ lit: Type.Boolean() }))) }) }),
    },
    handler: async () => ({}),
  });

  it("turns them into a valid OpenAPI 3.0 document", async () => {
    const app = Fastify({ logger: false });
    await registerDocs(app, [thing]);
    registerRoutes(app, [thing]);
    await app.ready();
    const yamlText = app.swagger({ yaml: true });
    await app.close();
    // Its one tag has no description (TAGS, tags.ts, does not know it): the only problem.
    expect(await lintProblems(yamlText)).toEqual([
      "warn tag-description: Tag object should contain `description` field. at #/tags/0/description",
    ]);

    const op = dereference(parse(yamlText) as OpenApiDocument).paths["/api/v1/things/{thing_id}/"]!.patch!;
    const body = op.requestBody!.content["application/json"]!.schema.properties as Record<string, unknown>;
    expect(body.label).toEqual({ type: "string", maxLength: 20, nullable: true });
    expect(body.weight).toEqual({ type: "number", minimum: 0, exclusiveMinimum: true, maximum: 1 });
    expect(body.kind).toEqual({ type: "string", enum: ["thing"] });
    expect(body.counts).toEqual({ type: "object", additionalProperties: { type: "integer" } });
    expect(body.note).toMatchObject({ type: "object", nullable: true });
    const params = Object.fromEntries((op.parameters ?? []).map((p) => [`${p.in} ${p.name}`, p]));
    expect(Object.keys(params).sort()).toEqual(["header Idempotency-Key", "header X-Team-ID", "path thing_id", "query mode"]);
    expect(params["query mode"]!.schema).toEqual({ type: "string", enum: ["fast", "slow"] });
  });

  it("lists their nested fields in llms-full.txt", () => {
    const text = llmsFullText([thing], "http://127.0.0.1:8000");
    expect(text).toContain("### PATCH /api/v1/things/{thing_id}/");
    expect(text).toContain("Workspace: selected by X-Team-ID.");
    expect(text).toContain("Accepts an Idempotency-Key header.");
    for (const line of [
      "- `thing_id` (string (uuid); required)",
      '- `mode` (one of "fast", "slow"; optional)',
      "- `label` (string or null; required; max length 20)",
      "- `weight` (number; required; greater than 0; maximum 1)",
      '- `kind` ("thing" (constant); required)',
      "- `counts` (object of integer by key; required)",
      "- `parts[].size` (integer; optional; minimum 1)",
      "- `shape.radius` (number; required; in variant 1 of shape)",
      "- `shape.sides` (integer; required; in variant 2 of shape)",
      "- `note.text` (string; required)",
      "- `thing.grid[][].lit` (boolean; required)",
    ]) {
      expect(text).toContain(line);
    }
  });
});
