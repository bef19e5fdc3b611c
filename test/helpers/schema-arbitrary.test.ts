// The fuzz generators (test/helpers/schema-arbitrary.ts) judged by the service's own reading of a
// JSON body: the validator Fastify compiles for a route's body, after the text check that runs
// before it. Valid values must pass both, invalid ones must fail one; for every request body of
// the route registry (as the OpenAPI document shows it) and for schemas using the keywords no
// route uses yet.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toOpenApi30 } from "../../src/platform/openapi/openapi30";
import { textErrors } from "../../src/platform/http/text";
import { requestValidatorFactory } from "../../src/platform/http/validation";
import { allRoutes } from "../../src/app/modules";
import { encodeText } from "./openapi-requests";
import { invalidValue, mutatedValue, nested, validValue, type SchemaObject } from "./schema-arbitrary";

type Validate = (data: unknown) => boolean;
type Compile = (route: { schema: unknown; method: string; url: string; httpPart: string }) => Validate;
const compile = (requestValidatorFactory() as unknown as (external: unknown, options: unknown) => Compile)({}, {});

const validators = new Map<unknown, Validate>();

/** Whether canopy takes `value` as a JSON body for `schema` (a JSON Schema, as Fastify gets it). */
function accepts(schema: unknown, value: unknown): boolean {
  let validate = validators.get(schema);
  if (!validate) {
    validate = compile({ schema, method: "POST", url: "/", httpPart: "body" });
    validators.set(schema, validate);
  }
  // What the wire carries: JSON text, parsed again (the validator also changes what it reads).
  const body: unknown = JSON.parse(JSON.stringify(value));
  return Object.keys(textErrors(body)).length === 0 && validate(body);
}

const RUNS = { numRuns: 150, seed: 7 };

function agrees(openApi: SchemaObject, jsonSchema: unknown = openApi): void {
  fc.assert(
    fc.property(validValue(openApi), (value) => accepts(jsonSchema, value)),
    RUNS,
  );
  fc.assert(
    fc.property(invalidValue(openApi), (value) => !accepts(jsonSchema, value)),
    RUNS,
  );
}

describe("schema arbitraries", () => {
  const bodies = allRoutes.filter((def) => def.schemas.body !== undefined);

  it("agree with the validator on every request body of the route registry", () => {
    expect(bodies.length).toBeGreaterThan(10);
    for (const def of bodies) {
      const documented = toOpenApi30(def.schemas.body) as SchemaObject;
      try {
        agrees(documented, def.schemas.body);
      } catch (err) {
        throw new Error(`${def.method} ${def.path}: ${(err as Error).message}`, { cause: err });
      }
    }
  });

  it("agree with the validator on formats, unions, bounds, nullables and typed extra fields", () => {
    agrees({
      type: "object",
      required: ["id", "tags", "code"],
      properties: {
        id: { type: "string", format: "uuid" },
        when: { type: "string", format: "date-time", maxLength: 64 },
        site: { type: "string", format: "uri", maxLength: 2048, nullable: true },
        contact: { type: "string", format: "email" },
        code: { type: "string", pattern: "^[a-z]{2}$", minLength: 2, maxLength: 2 },
        name: { type: "string", minLength: 3, maxLength: 8 },
        tags: { type: "array", minItems: 1, maxItems: 3, items: { type: "string", enum: ["a", "b"] } },
        ratio: { type: "number", minimum: 0, maximum: 1, nullable: true },
        count: { type: "integer", minimum: 1, maximum: 10 },
        flag: { type: "boolean" },
        scalar: { anyOf: [{ type: "boolean" }, { type: "number", minimum: 5 }] },
        shape: {
          oneOf: [
            { type: "object", required: ["a"], properties: { a: { type: "integer" } } },
            { type: "array", items: {} },
          ],
        },
        labels: { type: "object", additionalProperties: { type: "string", maxLength: 10 } },
        anything: {},
      },
    });
  });

  it("keep exclusive bounds exclusive", () => {
    // In a body field, as every number of a request is (3.0 writes the bounds' exclusiveness as booleans).
    const field = (ratio: object) => ({ type: "object", required: ["ratio"], properties: { ratio } });
    const openApi = field({ type: "number", minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true });
    agrees(openApi as SchemaObject, field({ type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 }));
  });

  it("mix values the service takes with values it refuses in the mutated ones", () => {
    for (const def of bodies) {
      const documented = toOpenApi30(def.schemas.body) as SchemaObject;
      const verdicts = fc.sample(mutatedValue(documented), { numRuns: 200, seed: 11 }).map((v) => accepts(def.schemas.body, v));
      expect(verdicts, `${def.method} ${def.path}`).toContain(true);
      expect(verdicts, `${def.method} ${def.path}`).toContain(false);
    }
  });

  it("refuse to guess at keywords and formats they do not know", () => {
    expect(() => validValue({ type: "array", items: { type: "string" }, uniqueItems: true } as SchemaObject)).toThrow(/uniqueItems/);
    expect(() => validValue({ type: "string", format: "ipv4" })).toThrow(/ipv4/);
  });

  it("nest junk as deep as asked, lists and objects in turn", () => {
    expect(nested(3)).toEqual([{ junk: ["junk"] }]);
  });
});

describe("request text", () => {
  it("percent-encodes text as UTF-8, and a lone surrogate as the bytes it would have", () => {
    expect(encodeText("a b/é😀")).toBe("a%20b%2F%C3%A9%F0%9F%98%80");
    expect(encodeText("x\uD800y\uDFFF")).toBe("x%ED%A0%80y%ED%BF%BF");
    expect(encodeText("\0")).toBe("%00");
  });
});
