// The OpenAPI document as a product (issue 16): every request and response body is a named
// schema of `components.schemas`, referenced wherever it is used; shared error responses,
// headers and parameters are components too; tags come in the order a user works, each
// described; and the document the lint and the client generator build without a server is the
// one the server serves.
import Type from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addComponents } from "../../../src/platform/openapi/components";
import { buildOpenApiDocument } from "../../../src/platform/openapi/document";
import { keyedRoute, named, withMeta, type RouteDef } from "../../../src/platform/http/route";
import { TAGS } from "../../../src/platform/openapi/tags";
import { allRoutes } from "../../../src/app/modules";
import { createHarness, type Harness } from "../../helpers/harness";
import { parseJson } from "../../helpers/json";

type JsonObject = Record<string, unknown>;
interface Media {
  schema: JsonObject;
}
interface Operation {
  tags: string[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { $ref?: string; content?: Record<string, Media> }>;
}
interface Document {
  tags: Array<{ name: string; description?: string }>;
  "x-tagGroups": Array<{ name: string; tags: string[] }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonObject>; responses: Record<string, JsonObject>; parameters: Record<string, JsonObject> };
}

let h: Harness;
let doc: Document;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const),
  );

beforeAll(async () => {
  h = await createHarness({ workers: false });
  doc = (await h.request("GET", "/api/v1/schema/?format=json")).json<Document>();
});
afterAll(async () => h.close());

/** Every schema object under `value` (properties, items, unions), the value itself included. */
function* schemasIn(value: unknown): Generator<JsonObject> {
  if (typeof value !== "object" || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) yield* schemasIn(item);
    return;
  }
  const schema = value as JsonObject;
  yield schema;
  for (const [key, child] of Object.entries(schema)) if (key !== "example") yield* schemasIn(child);
}

describe("the document's components", () => {
  it("names every JSON request and response body, and refers to it", () => {
    const inline: string[] = [];
    for (const [name, op] of operations()) {
      const bodies = [
        op.requestBody?.content["application/json"],
        ...Object.values(op.responses).map((r) => r.content?.["application/json"]),
      ];
      for (const media of bodies) {
        if (!media) continue;
        const schema = media.schema;
        // A free-form document (the OpenAPI document itself as JSON) has nothing to name.
        if (schema.type === "object" && !schema.properties && schema.additionalProperties === true) continue;
        const refs = schema.$ref ? [schema] : ((schema.anyOf as JsonObject[] | undefined) ?? []).filter((m) => m.$ref);
        if (refs.length === 0 || refs.length !== ((schema.anyOf as unknown[] | undefined)?.length ?? 1)) inline.push(name);
      }
    }
    expect(inline).toEqual([]);
    for (const name of [
      "Error",
      "FieldErrors",
      "Meta",
      "Brand",
      "ResearchTree",
      "ClusteringReport",
      "TopicalMap",
      "AuthorityNode",
      "Brief",
      "Article",
      "ArticleSection",
    ]) {
      expect(doc.components.schemas, name).toHaveProperty(name);
    }
  });

  it("leaves no named schema inline but the nullable ones, and every component is used", () => {
    const text = JSON.stringify(doc.paths) + JSON.stringify(doc.components.responses);
    const inline = [...schemasIn(doc.paths)].filter((s) => typeof s.title === "string" && s.nullable !== true);
    expect(inline.map((s) => s.title)).toEqual([]);
    const used = (name: string) =>
      text.includes(`"#/components/schemas/${name}"`) || JSON.stringify(doc.components.schemas).includes(`"#/components/schemas/${name}"`);
    expect(Object.keys(doc.components.schemas).filter((name) => !used(name))).toEqual([]);
  });

  it("shares the common error responses and request headers", () => {
    expect(Object.keys(doc.components.responses)).toEqual(
      expect.arrayContaining(["BadRequest", "Unauthorized", "Forbidden", "NotFound", "TooManyRequests"]),
    );
    expect(Object.keys(doc.components.parameters).sort()).toEqual(["IdempotencyKey", "TeamId"]);
    const brand = doc.paths["/api/v1/brands/{id}/"]!.get!;
    expect(brand.responses["404"]).toEqual({ $ref: "#/components/responses/NotFound" });
    // A failure report of its own stays with its operation.
    const bulk = doc.paths["/api/v1/research/{brand_id}/nodes/bulk/"]!.post!;
    expect(bulk.responses["409"]!.$ref).toBeUndefined();
  });

  it("lists the tags in the order a user works, each described and grouped", () => {
    const used = new Set(operations().flatMap(([, op]) => op.tags));
    expect(doc.tags.map((t) => t.name)).toEqual(TAGS.map((t) => t.name).filter((name) => used.has(name)));
    expect(doc.tags.filter((t) => !t.description).map((t) => t.name)).toEqual([]);
    expect(doc["x-tagGroups"].flatMap((g) => g.tags)).toEqual(doc.tags.map((t) => t.name));
    expect(doc.tags.slice(0, 3).map((t) => t.name)).toEqual(["Brands", "Topical research", "Brand clustering"]);
  });

  it("is the document the lint and the client generator build without a server", async () => {
    const built = await buildOpenApiDocument(allRoutes);
    expect(parseJson(built.json)).toEqual(doc);
    expect(built.yaml).toBe((await h.request("GET", "/api/v1/schema/")).body);
  });
});

describe("naming schemas", () => {
  const route = (path: string, response: ReturnType<typeof withMeta>): RouteDef =>
    keyedRoute({
      method: "GET",
      path,
      tag: "Brands",
      summary: "A thing",
      scope: "brands:read",
      workspaced: false,
      status: 200,
      schemas: { response },
      handler: async () => ({}),
    });

  it("refuses two different schemas under one name", async () => {
    const a = route("/api/v1/a/", named("Thing", withMeta({ a: Type.String() })));
    const b = route("/api/v1/b/", named("Thing", withMeta({ b: Type.Integer() })));
    await expect(buildOpenApiDocument([a, b])).rejects.toThrow(/Two different schemas are named "Thing"/);
  });

  it("refers to a named schema that describes itself otherwise through allOf, and keeps a nullable use inline", () => {
    const part = { type: "object", title: "Part", properties: { n: { type: "integer" } }, required: ["n"] };
    const document = {
      paths: {
        "/x/": {
          get: {
            responses: {
              "200": {
                content: {
                  "application/json": {
                    schema: {
                      type: "object",
                      properties: { a: part, b: { ...part, description: "The other part" }, c: { ...part, nullable: true } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const out = addComponents(document) as typeof document & { components: Document["components"] };
    const properties = out.paths["/x/"].get.responses["200"].content["application/json"].schema.properties as Record<string, JsonObject>;
    expect(properties.a).toEqual({ $ref: "#/components/schemas/Part" });
    expect(properties.b).toEqual({ allOf: [{ $ref: "#/components/schemas/Part" }], description: "The other part" });
    expect(properties.c).toEqual({ ...part, nullable: true });
    expect(out.components.schemas.Part).toEqual(part);
  });
});
