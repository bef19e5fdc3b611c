// The OpenAPI document's examples are real (issue 16): every request body and required query
// parameter has an example, and every JSON success response one (its own or its schema's), each
// valid against its schema; and, played in order against a server (the story in
// openapi-examples-story.ts, which makes the brand, research, clustering, map, briefs and
// articles the examples name), every example request is answered with the operation's success
// status and a body the document's schema for it describes exactly. So the samples ReDoc and
// Swagger UI show are requests the API accepts, and the answers look like the ones shown.
// OPENAPI_EXAMPLES_DUMP=<file> writes the real answers there, to refresh the examples from.
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_IDS } from "../../src/platform/openapi/examples";
import { createHarness, type Harness } from "../helpers/harness";
import { dereference, schemaValidator } from "../helpers/openapi-document";
import { fullActor } from "./bola-fixtures";
import { STORY, type Body, type ExampleId, type World } from "./openapi-examples-story";

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: unknown;
  example?: unknown;
}
interface Media {
  schema?: Record<string, unknown>;
  example?: unknown;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}

let h: Harness;
let world: World;
let operations: Map<string, Operation>;
const validator = schemaValidator();

beforeAll(async () => {
  h = await createHarness({ workers: false });
  const owner = await fullActor(h);
  await h.grant(owner.user, 100_000);
  world = { h, owner, ids: {} };
  const document = dereference(
    (await h.request("GET", "/api/v1/schema/?format=json")).json<{ paths: Record<string, Record<string, Operation>> }>(),
  );
  operations = new Map(
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const),
    ),
  );
});
afterAll(async () => h.close());

function success(op: Operation): [number, Record<string, Media>] {
  const statuses = Object.keys(op.responses).filter((s) => Number(s) < 300);
  expect(statuses).toHaveLength(1);
  return [Number(statuses[0]), op.responses[statuses[0]!]!.content ?? {}];
}

/** The example a viewer shows for a response: the media type's, its schema's, or a list of its items'. */
function responseExample(media: Media): unknown {
  if (media.example !== undefined) return media.example;
  const schema = media.schema ?? {};
  if (schema.example !== undefined) return schema.example;
  const items = schema.items as { example?: unknown } | undefined;
  return schema.type === "array" && items?.example !== undefined ? [items.example] : undefined;
}

/** `value` with every example id replaced by the id it stands for in this run. */
function substitute(value: unknown, ids: World["ids"]): unknown {
  if (typeof value === "string") {
    const entry = Object.entries(EXAMPLE_IDS).find(([, id]) => id === value);
    if (!entry) return value;
    const real = ids[entry[0] as ExampleId];
    if (real === undefined) throw new Error(`the story made nothing for the example's ${entry[0]} yet`);
    return real;
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, ids));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, ids)]));
  return value;
}

describe("the OpenAPI document's examples", () => {
  it("are told in the story, every operation once", () => {
    const told = STORY.map((step) => step.op);
    expect(new Set(told).size).toBe(told.length);
    expect([...told].sort()).toEqual([...operations.keys()].sort());
  });

  it("are checked by a validator that refuses what the document does not describe", () => {
    const json = success(operations.get("GET /api/v1/brands/{id}/")!)[1]["application/json"]!;
    const brand = responseExample(json) as Record<string, unknown>;
    expect(validator.problems(json.schema, brand)).toEqual([]);
    const { brand_name: _, ...unnamed } = brand;
    for (const wrong of [{ ...brand, extra: 1 }, { ...brand, stage: 1 }, unnamed, { ...brand, id: "not-a-uuid" }]) {
      expect(validator.problems(json.schema, wrong), JSON.stringify(wrong).slice(0, 80)).not.toEqual([]);
    }
  });

  it("cover every request body and required query parameter, and validate against their schemas", () => {
    const problems: string[] = [];
    for (const [name, op] of operations) {
      for (const p of op.parameters ?? []) {
        if (p.in === "header") continue;
        if (p.example === undefined) {
          if (p.required) problems.push(`${name}: no example for ${p.in} parameter ${p.name}`);
          continue;
        }
        for (const problem of validator.problems(p.schema, p.example)) problems.push(`${name} ${p.in} ${p.name}: ${problem}`);
      }
      const json = op.requestBody?.content["application/json"];
      if (!json) continue;
      if (json.example === undefined) problems.push(`${name}: no request body example`);
      else for (const problem of validator.problems(json.schema, json.example)) problems.push(`${name} request body: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it("cover every JSON success response, and validate against its schema", () => {
    const problems: string[] = [];
    for (const [name, op] of operations) {
      const json = success(op)[1]["application/json"];
      // A free-form document (the OpenAPI document as JSON) has no fields to show.
      if (!json || (json.schema?.type === "object" && !json.schema.properties)) continue;
      const example = responseExample(json);
      if (example === undefined) problems.push(`${name}: no response example`);
      else for (const problem of validator.problems(json.schema, example)) problems.push(`${name} response: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it("are requests the API accepts, answered as the document says", { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    const answers: Record<string, unknown> = {};
    for (const step of STORY) {
      const op = operations.get(step.op);
      if (!op) throw new Error(`${step.op} is not in the document`);
      const [method, path] = step.op.split(" ") as [string, string];
      const ids = { ...world.ids, ...(await step.before?.(world)) };
      const params = op.parameters ?? [];
      const url = params
        .filter((p) => p.in === "path")
        .reduce((u, p) => u.replace(`{${p.name}}`, encodeURIComponent(String(substitute(p.example, ids)))), path);
      const query = Object.fromEntries(
        params.filter((p) => p.in === "query" && p.example !== undefined).map((p) => [p.name, String(substitute(p.example, ids))]),
      );
      const body = substitute(op.requestBody?.content["application/json"]?.example, ids);
      const res = await h.request(method, url, { key: world.owner.key, query, body });
      const [status, content] = success(op);
      const type = String(res.headers["content-type"] ?? "").split(";")[0]!;
      const problems: string[] = [];
      if (res.statusCode !== status) problems.push(`answered ${res.statusCode}, not ${status}: ${res.payload.slice(0, 500)}`);
      else if (status !== 204 && !(type in content)) problems.push(`answered ${type}, which the document does not list`);
      else if (type === "application/json") {
        answers[step.op] = res.json();
        problems.push(...validator.problems(content[type]!.schema, res.json()));
      }
      if (problems.length > 0) failures.push(`${step.op}: ${problems.join("; ")}`);
      else await step.after?.(world, type === "application/json" ? res.json<Body>() : {});
    }
    if (process.env.OPENAPI_EXAMPLES_DUMP)
      writeFileSync(process.env.OPENAPI_EXAMPLES_DUMP, JSON.stringify({ ids: world.ids, answers }, null, 2));
    expect(failures).toEqual([]);
  });
});
